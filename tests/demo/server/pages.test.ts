/**
 * The demo store's pages as the server renders them with the template engine: what a shopper
 * reads without JavaScript, the blocks the loader mounts, and untrusted catalogue text escaped.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTEXT_SCRIPT_ID, PROPS_ATTR, WIDGET_ATTR } from '../../../src/contract';
import { add, startServer, Visitor } from './visitor';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The page's body, parsed (the head's stylesheet and scripts are not fetched by the test DOM). */
const parseBody = (html: string): Document =>
  new DOMParser().parseFromString(html.slice(html.indexOf('<body')), 'text/html');

/** The text of `html` as a no-JavaScript reader sees it. */
function textOf(html: string): string {
  const document = parseBody(html);
  return (document.querySelector('main')?.textContent ?? '').replace(/\s+/g, ' ');
}

function blocks(html: string): Record<string, unknown>[] {
  const document = parseBody(html);
  return [...document.querySelectorAll(`[${WIDGET_ATTR}]`)].map((el) => ({
    widget: el.getAttribute(WIDGET_ATTR),
    props: JSON.parse(el.getAttribute(PROPS_ATTR) ?? 'null') as unknown,
  }));
}

describe('demo pages rendered by the template engine', () => {
  it('shows a product with its description, price, options as text and the blocks to mount', async () => {
    app = await startServer({});
    const res = await app.inject('/products/prod-tee');
    expect(res.statusCode).toBe(200);
    const text = textOf(res.body);
    expect(text).toContain('Organic Cotton Tee');
    expect(text).toContain('A heavyweight tee in organic cotton.');
    expect(text).toContain('L / Black: $25.00 (sold out)');
    expect(text).toContain('S / White: $19.50');
    expect(blocks(res.body).map((b) => b.widget)).toEqual(['cart-pill', 'product-form', 'instalment-pill']);
  });

  it.each([
    ['prod-tee', 'Available for orders over $20.00'],
    ['prod-engraved-mug', 'Available for orders up to $28.00'],
  ])(
    "server-renders %s's instalment pill and links the widget stylesheets before the first paint",
    async (id, pill) => {
      app = await startServer({});
      const res = await app.inject(`/products/${id}`);
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      // The instalment pill's rules come in its home's stylesheet (see the build's case below).
      expect(head).toContain('<link rel="stylesheet" href="/dist/widgets/product-form.css">');
      const block = parseBody(res.body).querySelector(`[${WIDGET_ATTR}="instalment-pill"]`);
      expect(block?.querySelector('.sf-instalment-pill__text')?.textContent).toBe(pill);
      expect(block?.querySelector('a')?.getAttribute('href')).toBe('/instalments/en-US.html');
    },
  );

  it('places the restock form on a sold-out product and reviews with express checkout on the workshop', async () => {
    app = await startServer({});
    const poster = await app.inject('/products/prod-poster');
    expect(textOf(poster.body)).toContain('Sold out');
    expect(blocks(poster.body)).toContainEqual({
      widget: 'restock-form',
      props: { productId: 'prod-poster', variantId: 'var-poster' },
    });
    const workshop = blocks((await app.inject('/products/prod-workshop')).body).find(
      (b) => b.widget === 'product-form',
    );
    expect(workshop?.props).toMatchObject({ expressCheckout: true, reviews: { native: expect.any(Array) } });
  });

  it('gives every shop card a quick view of its product', async () => {
    app = await startServer({});
    const res = await app.inject('/');
    const document = parseBody(res.body);
    const cards = [...document.querySelectorAll('.demo-card')];
    expect(cards.length).toBeGreaterThan(1);
    for (const card of cards) {
      // A card is a quick-view block: the product form loads only when a shopper reaches for it.
      expect(card.querySelector(`[${WIDGET_ATTR}="product-form"]`)).toBeNull();
      const block = card.querySelector(`[${WIDGET_ATTR}="quick-view"]`);
      const props = JSON.parse(block?.getAttribute(PROPS_ATTR) ?? 'null') as Record<string, unknown>;
      expect(props).toMatchObject({ quickView: true, item: { id: expect.any(String) } });
      expect(card.querySelector('a')?.getAttribute('href')).toBe(
        `/products/${(props['item'] as { id: string }).id}`,
      );
    }
  });

  it.each([
    ['/products/prod-sencha', 'Uji Sencha Green Tea (100 g)', '¥1,500'],
    ['/products/prod-linen-apron', 'Linen Apron', '€39.50'],
  ])('prints %s in its own currency, on its page and its shop card', async (path, title, price) => {
    app = await startServer({});
    const page = parseBody((await app.inject(path)).body);
    // One price per page: the product form's (its fallback before it mounts), none of the template's.
    expect(page.querySelector('.demo-product__price')).toBeNull();
    expect(page.querySelector('.sf-product-form__current')?.textContent?.trim()).toBe(price);
    const shop = parseBody((await app.inject('/')).body);
    const card = [...shop.querySelectorAll('.demo-card')].find((c) => c.textContent?.includes(title));
    expect(card?.querySelector('.demo-card__price')?.textContent).toBe(price);
  });

  it('says only that no gift card was chosen when the address names none', async () => {
    app = await startServer({});
    const text = textOf((await app.inject('/checkout/gift-card')).body);
    expect(text).toContain('No gift card was chosen.');
    expect(text).not.toContain('Your gift card is ready to check out.');
    const chosen = textOf((await app.inject('/checkout/gift-card?itemId=prod-gift-card&sku=GIFT-25')).body);
    expect(chosen).toContain('Your gift card is ready to check out.');
    expect(chosen).not.toContain('No gift card was chosen.');
  });

  it("thanks the shopper on the feedback form's success address", async () => {
    app = await startServer({});
    const res = await app.inject('/thanks');
    expect(res.statusCode).toBe(200);
    expect(textOf(res.body)).toContain('Your feedback has reached us.');
  });

  it('shows every product in its own picture, the poster in a poster', async () => {
    app = await startServer({});
    const shop = parseBody((await app.inject('/')).body);
    const images = [...shop.querySelectorAll('.demo-card img')].map((img) => img.getAttribute('src'));
    expect(images.length).toBeGreaterThan(5);
    expect(new Set(images).size).toBe(images.length);
    const poster = parseBody((await app.inject('/products/prod-poster')).body);
    expect(poster.querySelector('img[data-sf-variant-image]')?.getAttribute('src')).toBe(
      '/demo-assets/poster.svg',
    );
  });

  it('gives a product priced outside the instalment range currency an unavailable instalment context', async () => {
    app = await startServer({});
    const pill = async (path: string) =>
      blocks((await app!.inject(path)).body).find((b) => b.widget === 'instalment-pill')?.props as {
        instalments: { afterPayAvailable: boolean; afterPayMin: { currency: string } };
      };
    expect((await pill('/products/prod-tee')).instalments).toMatchObject({
      afterPayAvailable: true,
      afterPayMin: { currency: 'USD' },
    });
    for (const path of ['/products/prod-sencha', '/products/prod-linen-apron']) {
      expect((await pill(path)).instalments.afterPayAvailable).toBe(false);
    }
  });

  it('lists a cart of yen in yen, with no decimals', async () => {
    app = await startServer({});
    const shopper = await new Visitor(app).arrive();
    expect((await add(shopper, 'prod-sencha', null, 3)).statusCode).toBe(200);
    const html = (await shopper.get('/cart')).body;
    const row = [...parseBody(html).querySelectorAll('tbody td')].map((td) => td.textContent);
    expect(row).toEqual(['Uji Sencha Green Tea (100 g)', '3', '¥4,500']);
    expect(textOf(html)).toContain('Subtotal: ¥4,500');
  });

  it('lists the cart without JavaScript and never a loading text', async () => {
    app = await startServer({});
    const res = await app.inject('/cart');
    expect(textOf(res.body)).toContain('You have nothing in your shopping cart.');
    expect(res.body).not.toContain('Loading');
  });

  it('escapes catalogue text and answers unknown pages with the 404 page', async () => {
    app = await startServer({
      catalog: [
        {
          id: 'bad',
          title: '<img src=x onerror=alert(1)>',
          excerpt: '"><script>alert(1)</script>',
          structuredContent: {
            productType: 1,
            variants: [{ id: 'v', sku: 'V', priceMoney: { value: '5.00', currency: 'USD' }, qtyInStock: 1 }],
          },
        },
      ],
    });
    const product = await app.inject('/products/bad');
    expect(product.body).not.toContain('<img src=x');
    expect(product.body).not.toContain('<script>alert');
    expect(textOf(product.body)).toContain('<img src=x onerror=alert(1)>');
    const missing = await app.inject('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(textOf(missing.body)).toContain('Page not found');
  });
});

describe('a demo page in another locale (?locale=)', () => {
  const contextOf = (html: string): Record<string, unknown> => {
    const json = new DOMParser()
      .parseFromString(html, 'text/html')
      .getElementById(CONTEXT_SCRIPT_ID)?.textContent;
    return JSON.parse(json ?? 'null') as Record<string, unknown>;
  };

  it.each([
    [
      'de-DE',
      'L / Black: 25,00 $ (sold out)',
      '19,50 $ – 27,00 $',
      'In den Warenkorb',
      'Verfügbar für Bestellungen über 20,00 $',
    ],
    [
      'ja-JP',
      'L / Black: $25.00 (sold out)',
      '$19.50 – $27.00',
      'カートに追加',
      '$20.00を超えるご注文でご利用いただけます',
    ],
    [
      'fr-CA',
      'L / Black: 25,00 $ US (sold out)',
      '19,50 $ US – 27,00 $ US',
      'Ajouter au panier',
      'Offert pour les commandes de plus de 20,00 $ US',
    ],
  ])(
    'renders a product page in %s: its context, its language and its prices',
    async (locale, line, range, add, instalments) => {
      app = await startServer({});
      const res = await app.inject(`/products/prod-tee?locale=${locale}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<html lang="${locale}">`);
      expect(contextOf(res.body)['locale']).toBe(locale);
      const text = textOf(res.body);
      expect(text).toContain(line);
      // The product form's fallback, as the widget will read once mounted.
      expect(text).toContain(range);
      expect(parseBody(res.body).querySelector('.sf-product-form button')?.textContent).toBe(add);
      // The instalment line, which the pill mounts over only when the page is idle.
      const pill = parseBody(res.body).querySelector('.sf-instalment-pill__text')?.textContent;
      // Money's spaces are the locale's no-break ones.
      expect(pill?.replace(/\s/g, ' ')).toBe(instalments);
    },
  );

  it('names a product page as the content-item page (type 50), where product page views count', async () => {
    app = await startServer({});
    const product = await app.inject('/products/prod-tee');
    const shop = await app.inject('/');
    expect(contextOf(product.body)['pageType']).toBe(50);
    expect(contextOf(shop.body)['pageType']).toBeUndefined();
  });

  it('keeps the site locale for a locale the demo does not have, and caches each locale apart', async () => {
    app = await startServer({});
    const odd = await app.inject('/products/prod-tee?locale=xx-<b>');
    expect(odd.body).toContain('<html lang="en-US">');
    expect(contextOf(odd.body)['locale']).toBe('en-US');
    const german = await app.inject('/?locale=de-DE');
    const english = await app.inject('/');
    expect(contextOf(german.body)['locale']).toBe('de-DE');
    expect(contextOf(english.body)['locale']).toBe('en-US');
  });
});

describe('what a page asks the browser to fetch early', () => {
  /** A build of which only the manifest, the homes and one stylesheet exist: the hints read nothing else. */
  function fakeBuild(): string {
    const dir = mkdtempSync(join(tmpdir(), 'sf-pages-dist-'));
    const entry = (file: string, imports: string[] = ['src/page/runtime.ts']) => ({
      file,
      isEntry: true,
      imports,
    });
    writeFileSync(
      join(dir, 'widgets-manifest.json'),
      JSON.stringify({
        'src/page/runtime.ts': { file: 'runtime.js', isEntry: true },
        'widgets/cart-pill/index.ts': entry('cart-pill.js'),
        'widgets/product-form/index.ts': entry('product-form.js'),
        'widgets/quick-view/index.ts': entry('quick-view.js'),
        'widgets/instalment-pill/index.ts': entry('instalment-pill.js', ['widgets/product-form/index.ts']),
        'widgets/cart-page/index.ts': entry('cart-page.js'),
        'widgets/site-form/index.ts': entry('site-form.js'),
        // The cart read, and the client it sends with: a group chunk, found by its name.
        'src/api/cart-read.ts': { file: 'chunks/cart-read-1.js', isDynamicEntry: true },
        '_client-1.js': { file: 'chunks/client-1.js', name: 'client' },
        // The writes, which no page asks for early.
        'src/api/cart.ts': {
          file: 'chunks/cart-1.js',
          isDynamicEntry: true,
          imports: ['_client-1.js', 'src/api/cart-read.ts'],
        },
        'src/api/forms.ts': { file: 'chunks/forms-1.js', isDynamicEntry: true, imports: ['_client-1.js'] },
      }),
    );
    writeFileSync(
      join(dir, 'widget-homes.json'),
      JSON.stringify({ 'cart-pill': 'runtime', 'instalment-pill': 'product-form' }),
    );
    // The product form's stylesheet, which holds the instalment pill's rules too.
    mkdirSync(join(dir, 'widgets'));
    writeFileSync(join(dir, 'widgets', 'product-form.css'), ':where(.sf-product-form) {}\n');
    return dir;
  }
  const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
  const preloads = (html: string) =>
    [...headOf(html).matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
  /** The preload hints of the page at `url`, as the running server renders it. */
  const hintsOf = async (url: string) => {
    if (!app) throw new Error('start the server first');
    return preloads((await app.inject(url)).body);
  };
  const stylesheets = (html: string) =>
    [...headOf(html).matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);

  it.each([
    // The instalment pill travels in the product form's file, and its rules in that file's
    // stylesheet: the product page links one stylesheet for its two blocks.
    ['/products/prod-tee', ['/demo-assets/demo.css', '/dist/widgets/product-form.css']],
    ['/', ['/demo-assets/demo.css', '/dist/widgets/quick-view.css']],
    ['/cart', ['/demo-assets/demo.css']],
    ['/contact', ['/demo-assets/demo.css']],
  ])('%s links the stylesheets of the widgets it places, no others', async (path, expected) => {
    app = await startServer({ distDir: fakeBuild() });
    expect(stylesheets((await app.inject(path)).body)).toEqual(expected);
  });

  it('preloads the chunks of the widgets a product page places, and no cart code without a cart', async () => {
    app = await startServer({ distDir: fakeBuild() });
    // The cart pill and the instalment pill come with the chunks that hold them, as the loader
    // fetches them: their own entry files are never asked for.
    expect(await hintsOf('/products/prod-tee')).toEqual([
      '/dist/widgets/runtime.js',
      '/dist/widgets/product-form.js',
    ]);
  });

  it('preloads the Quick View buttons of the shop, and not the product form they open', async () => {
    app = await startServer({ distDir: fakeBuild() });
    expect(await hintsOf('/')).toEqual(['/dist/widgets/runtime.js', '/dist/widgets/quick-view.js']);
  });

  it('preloads the cart code on any page for a visitor with a cart cookie', async () => {
    app = await startServer({ distDir: fakeBuild() });
    const res = await app.inject({ url: '/products/prod-tee', cookies: { hasCart: 'true' } });
    expect(preloads(res.body)).toEqual(
      expect.arrayContaining(['/dist/widgets/chunks/cart-read-1.js', '/dist/widgets/chunks/client-1.js']),
    );
    expect(preloads(res.body)).not.toContain('/dist/widgets/chunks/cart-1.js');
    // The page cache keeps the two apart.
    expect(await hintsOf('/products/prod-tee')).not.toContain('/dist/widgets/chunks/cart-read-1.js');
  });

  it("preloads what /cart needs for its first data call right after the runtime, before the widget's files", async () => {
    app = await startServer({ distDir: fakeBuild() });
    expect(await hintsOf('/cart')).toEqual([
      '/dist/widgets/runtime.js',
      '/dist/widgets/chunks/cart-read-1.js',
      '/dist/widgets/chunks/client-1.js',
      '/dist/widgets/cart-page.js',
    ]);
  });

  /** The catalogue a page carries in #sf-messages (src/page/page-language.ts), or null. */
  const carriedMessages = (html: string): unknown => {
    const json = /<script type="application\/json" id="sf-messages">([^<]*)<\/script>/.exec(
      headOf(html),
    )?.[1];
    return json === undefined ? null : JSON.parse(json);
  };

  it("carries a page's catalogue in its language as data: a product page's first part, every other page's whole", async () => {
    app = await startServer({ distDir: fakeBuild() });
    const product = await app.inject('/products/prod-tee?locale=de-DE');
    expect(carriedMessages(product.body)).toMatchObject({
      language: 'de',
      complete: false,
      texts: { 'Add To Cart': 'In den Warenkorb' },
    });
    expect(carriedMessages(product.body)).not.toHaveProperty(['texts', 'Unable to remove item']);
    // No language costs the page code: its hints are the English page's.
    expect(preloads(product.body)).toEqual(['/dist/widgets/runtime.js', '/dist/widgets/product-form.js']);
    // Portuguese of Portugal reads the Brazilian catalogue, as the page's own code chooses.
    expect(carriedMessages((await app.inject('/cart?locale=pt-PT')).body)).toMatchObject({
      language: 'pt-BR',
      complete: true,
      texts: { 'Unable to remove item': expect.any(String) },
    });
    // English is built in: an English page carries none.
    expect(carriedMessages((await app.inject('/cart?locale=en-GB')).body)).toBeNull();
  });

  it('preloads the forms api only for a site form whose schema the page could not embed', async () => {
    // With its schema in the block, the form's first call is the visitor's send: the forms api
    // and the platform chunk it imports would only queue before the form's own files.
    app = await startServer({ distDir: fakeBuild() });
    expect(await hintsOf('/contact')).toEqual(['/dist/widgets/runtime.js', '/dist/widgets/site-form.js']);
    await app.close();
    app = await startServer({ distDir: fakeBuild(), forms: [] });
    expect(await hintsOf('/contact')).toEqual([
      '/dist/widgets/runtime.js',
      '/dist/widgets/chunks/forms-1.js',
      '/dist/widgets/chunks/client-1.js',
      '/dist/widgets/site-form.js',
    ]);
  });
});

describe('the site form pages', () => {
  it.each(['contact', 'newsletter', 'feedback'])(
    '/%s embeds the form the GetTemplateSchema endpoint answers with, so the widget need not ask',
    async (slug) => {
      app = await startServer({});
      const block = blocks((await app.inject(`/${slug}`)).body).find((b) => b.widget === 'site-form');
      const formId = (block?.props as { formId: string }).formId;
      const served = await app.inject(`/api/template/GetTemplateSchema?type=form&formId=${formId}`);
      expect(served.statusCode).toBe(200);
      expect((block?.props as { form: unknown }).form).toEqual(served.json());
    },
  );
});
