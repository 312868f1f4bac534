// @vitest-environment node
/**
 * Round trips before a widget's first data call, on every page the demo store renders: the
 * document, then the loader with the chunks the page names in its modulepreload hints, then the
 * call. At most 3 levels of requests come before any data call (docs/performance.md "Chunks and
 * round trips"); the levels are read from Chromium's own record of who started each request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMeasurer, type MeasuredPage, type Measurer } from '../../scripts/page-requests.js';
import { WAIT, assertPrerequisites, widgetsMounted } from './harness.js';

/**
 * The request of the data call each page makes first, if it makes one; a call it must not make
 * (the site form's schema is in its block).
 */
const PAGES: readonly (MeasuredPage & { readonly call?: RegExp; readonly never?: RegExp })[] = [
  { name: 'shop', path: '/' },
  { name: 'product', path: '/products/prod-tee' },
  { name: 'product, with a cart', path: '/products/prod-tee', withCart: true, call: /shopping-cart/ },
  { name: 'sold-out product', path: '/products/prod-poster' },
  { name: 'cart', path: '/cart', withCart: true, call: /shopping-cart/ },
  { name: 'empty cart', path: '/cart', call: /shopping-cart/ },
  { name: 'checkout', path: '/checkout', withCart: true, call: /shopping-cart/ },
  { name: 'contact', path: '/contact', never: /GetTemplateSchema/ },
  { name: 'newsletter', path: '/newsletter', never: /GetTemplateSchema/ },
  { name: 'feedback', path: '/feedback', never: /GetTemplateSchema/ },
  { name: 'account', path: '/account' },
  { name: 'restock admin', path: '/admin/restock' },
  { name: 'thanks', path: '/thanks' },
  // A page whose server writes no hints: the loader fetches the cart code beside the runtime.
  {
    name: 'product, with a cart, without hints',
    path: '/products/prod-tee',
    withCart: true,
    withoutHints: true,
    call: /shopping-cart/,
  },
  { name: 'cart, without hints', path: '/cart', withCart: true, withoutHints: true, call: /shopping-cart/ },
];

let measurer: Measurer;

beforeAll(async () => {
  assertPrerequisites();
  measurer = await startMeasurer();
});

afterAll(async () => {
  await measurer?.close();
});

describe('requests before the first data call', () => {
  it.each(PAGES)(
    '$name ($path): at most 3 levels before any data call, the loader at high priority',
    async (target) => {
      const load = await measurer.measure(target, async (page) => {
        const call = target.call;
        await Promise.all([
          call ? page.waitForResponse((r) => call.test(r.url()), WAIT) : null,
          page.waitForLoadState('load').then(() => widgetsMounted(page)),
        ]);
      });
      if (target.call) {
        // One read of what the page shows: a widget mounting after the loader's read at start
        // shows that cart rather than asking for it again.
        const call = target.call;
        expect(load.dataCalls.map((c) => c.path).filter((p) => call.test(p))).toHaveLength(1);
      }
      if (target.never)
        expect(load.requests.map((r) => r.path)).not.toContainEqual(expect.stringMatching(target.never));
      for (const call of load.dataCalls) {
        expect({ call: call.path, chain: call.chain, level: call.depth }).toEqual({
          call: call.path,
          chain: call.chain,
          level: expect.toBeOneOf([2, 3, 4]),
        });
      }
      // A `defer` script is low priority in Chromium, and over HTTP/1.1 low-priority requests wait
      // for a free connection behind the stylesheets, hints and images: without its
      // `fetchpriority="high"` the loader came a whole round trip after the chunks it imports
      // (docs/page-contract.md). A page without hints is a theme developer's own page.
      if (!target.withoutHints) {
        const loader = load.requests.find((r) => r.path === '/dist/loader.js');
        expect(loader).toMatchObject({ depth: 2, priority: 'High' });
      }
    },
  );
});

describe('the code a page loads after its start', () => {
  // A chunk loaded with import() names, beside itself, the chunks it imports in turn (the build's
  // `parallelImports`): the add flow and the instalment pill's code came with the texts and rules
  // they share a level later, a round trip after themselves.
  it.each([
    { name: 'product', path: '/products/prod-tee' },
    { name: 'product, with a cart', path: '/products/prod-tee', withCart: true },
    { name: 'sold-out product', path: '/products/prod-poster' },
    { name: 'product (de-DE)', path: '/products/prod-tee?locale=de-DE' },
    { name: 'cart', path: '/cart', withCart: true },
    { name: 'shop', path: '/' },
    { name: 'contact', path: '/contact' },
  ])('$name ($path): every script within 10 s at level 3 at most', async (target) => {
    const load = await measurer.measure(target);
    const scripts = load.requests.filter((r) => r.path.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(2);
    expect(scripts.filter((r) => r.depth > 3)).toEqual([]);
  });

  it('asks for the additional-fields dialog with every file it needs at once, on the first add', async () => {
    const load = await measurer.measure(
      { name: 'engraved mug', path: '/products/prod-engraved-mug' },
      async (page) => {
        await page.waitForLoadState('load');
        await widgetsMounted(page);
        await page.getByRole('button', { name: 'Add To Cart' }).click();
        await page.getByRole('dialog').getByRole('textbox').first().waitFor(WAIT);
      },
    );
    const levelOf = (pattern: RegExp) => load.requests.find((r) => pattern.test(r.path))?.depth;
    const dialog = levelOf(/\/chunks\/form-dialog-[\w-]{8}\.js$/);
    expect(dialog).toBeGreaterThan(2);
    for (const pattern of [/\/chunks\/lightbox-[\w-]{8}\.js$/, /\/chunks\/form-fields-[\w-]{8}\.js$/])
      expect({ file: pattern.source, level: levelOf(pattern) }).toEqual({
        file: pattern.source,
        level: dialog,
      });
  });

  it("asks for the instalment pill's popup with its lightbox at once, when a pointer reaches the pill", async () => {
    const load = await measurer.measure({ name: 'product', path: '/products/prod-tee' }, async (page) => {
      await page.waitForLoadState('load');
      await widgetsMounted(page);
      const info = page.getByRole('button', { name: /^About / });
      await info.hover();
      await info.click();
      await page.getByRole('dialog').waitFor(WAIT);
    });
    const levelOf = (pattern: RegExp) => load.requests.find((r) => pattern.test(r.path))?.depth;
    const popup = levelOf(/\/chunks\/info-popup-[\w-]{8}\.js$/);
    expect(popup).toBeGreaterThan(2);
    expect(levelOf(/\/chunks\/lightbox-[\w-]{8}\.js$/)).toBe(popup);
  });
});

describe('a page in another language than English', () => {
  // Its texts are data (src/page/page-language.ts): the server carries the catalogue in the page,
  // so the widgets mount on the English page's requests; a product page carries the first part
  // and fetches the rest as JSON once the runtime runs, a page with other widgets carries it whole.
  const languageFiles = /\/chunks\/(page-language|de|fr)(-more)?-[\w-]{8}\.js$/;
  it.each([
    {
      name: 'product (de-DE)',
      path: '/products/prod-tee?locale=de-DE',
      fetched: [/\/dist\/widgets\/messages\/de-more\.json$/],
      text: 'In den Warenkorb',
    },
    { name: 'cart (fr-FR)', path: '/cart?locale=fr-FR', withCart: true, fetched: [], text: 'Panier' },
  ])('$name: mounts in its language with no code for it', async (target) => {
    const load = await measurer.measure(target, async (page) => {
      await page.waitForLoadState('load');
      await widgetsMounted(page);
      await page.getByText(target.text, { exact: true }).first().waitFor(WAIT);
    });
    expect(load.requests.filter((r) => languageFiles.test(r.path))).toEqual([]);
    const messages = load.requests.filter((r) => r.path.includes('/widgets/messages/')).map((r) => r.path);
    expect(messages).toEqual(target.fetched.map((pattern) => expect.stringMatching(pattern)));
  });
});

describe("the shop's Quick View", () => {
  it('asks for every file its lightbox needs at once, when a pointer reaches the button', async () => {
    const load = await measurer.measure({ name: 'shop', path: '/' }, async (page) => {
      await page.waitForLoadState('load');
      await widgetsMounted(page);
      const button = page.getByRole('button', { name: 'Quick View' }).first();
      await button.hover();
      await button.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Add To Cart' }).waitFor(WAIT);
    });
    const levelOf = (pattern: RegExp) => load.requests.find((r) => pattern.test(r.path))?.depth;
    const button = levelOf(/^\/dist\/widgets\/quick-view\.js$/);
    expect(button).toBe(2);
    // The code that opens the card, the product form, the quick view's panel and the lightbox:
    // each was a round trip after the one before it.
    for (const pattern of [
      /\/chunks\/open-[\w-]{8}\.js$/,
      /^\/dist\/widgets\/product-form\.js$/,
      /\/chunks\/quick-view-[\w-]{8}\.js$/,
      /\/chunks\/lightbox-[\w-]{8}\.js$/,
    ])
      expect({ file: pattern.source, level: levelOf(pattern) }).toEqual({ file: pattern.source, level: 3 });
  });
});
