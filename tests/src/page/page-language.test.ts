import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES_SCRIPT_ID } from '../../../src/contract.js';
import { loadTranslations } from '../../../src/messages/catalogues.js';
import { withWholeCatalogue } from '../../../src/messages/format.js';
import {
  CATALOGUE_TIMEOUT_MS,
  firstPartOnly,
  loadPageLanguage,
  productPageOnly,
} from '../../../src/page/page-language.js';
import { cartPageMessages } from '../../../widgets/cart-page/messages.js';
import { productFormMessages } from '../../../widgets/product-form/messages.js';

const BASE = 'https://cdn.example/sf/loader.js';
const LANGUAGES = resolve(__dirname, '../../../src/messages/languages');
const catalogueFile = (name: string): Record<string, string> =>
  JSON.parse(readFileSync(resolve(LANGUAGES, name), 'utf8')) as Record<string, string>;

afterEach(async () => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  await loadTranslations('en-US');
});

const blocks = (...widgets: string[]) => {
  document.body.innerHTML += widgets.map((w) => `<div data-sf-widget="${w}"></div>`).join('');
};

/** Puts `value` in the page as its catalogue script (a string as it is, anything else as JSON). */
const carry = (value: unknown) => {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = MESSAGES_SCRIPT_ID;
  script.textContent = typeof value === 'string' ? value : JSON.stringify(value);
  document.body.append(script);
};

/** A fetch that serves the build's catalogue files from the source folder; records each URL. */
function serveCatalogues(status = 200) {
  const asked: string[] = [];
  const fetch = vi.fn(async (url: URL | string) => {
    const href = String(url);
    asked.push(href);
    const name = /\/widgets\/messages\/([\w-]+\.json)$/.exec(href)?.[1];
    if (!name || status !== 200) return new Response('{}', { status: status === 200 ? 404 : status });
    return new Response(JSON.stringify(catalogueFile(name)), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return asked;
}

describe('which part of a catalogue a page waits for', () => {
  it.each([
    [['product-form', 'instalment-pill', 'cart-pill'], true],
    [['cart-pill'], true],
    [['product-form', 'restock-form', 'cart-pill'], false],
    [['cart-page', 'cart-pill'], false],
    [['site-form'], false],
  ])('blocks %j: product page only is %s', (widgets, only) => {
    blocks(...widgets);
    expect(productPageOnly()).toBe(only);
    // A server choosing what the page carries asks the same of the names it placed.
    expect(firstPartOnly(widgets)).toBe(only);
  });
});

describe('a page that carries its catalogue (#sf-messages)', () => {
  it('mounts a product page on the first part it carries, then fetches the rest as data', async () => {
    const asked = serveCatalogues();
    blocks('product-form', 'cart-pill');
    carry({ language: 'de', texts: catalogueFile('de.json'), complete: false });
    await loadPageLanguage('de-DE', BASE);
    expect(productFormMessages().t('addToCart')).toBe('In den Warenkorb');
    await withWholeCatalogue(Promise.resolve());
    expect(asked).toEqual(['https://cdn.example/sf/widgets/messages/de-more.json']);
    expect(cartPageMessages().t('title')).toBe('Warenkorb');
  });

  it('fetches nothing when it carries the whole catalogue', async () => {
    const asked = serveCatalogues();
    blocks('cart-page', 'cart-pill');
    carry({
      language: 'it',
      texts: { ...catalogueFile('it.json'), ...catalogueFile('it-more.json') },
      complete: true,
    });
    await loadPageLanguage('it-IT', BASE);
    expect(cartPageMessages().t('empty')).toBe('Il carrello è vuoto.');
    expect(asked).toEqual([]);
  });

  it.each([
    ['a catalogue of another language', { language: 'fr', texts: { 'Add To Cart': 'Ajouter' } }],
    ['JSON that does not parse', '{"language": "de", "texts": {'],
    ['texts that are not an object', { language: 'de', texts: ['In den Warenkorb'] }],
  ])('fetches its language instead of reading %s', async (_, value) => {
    const asked = serveCatalogues();
    blocks('product-form');
    carry(value);
    await loadPageLanguage('de-AT', BASE);
    expect(productFormMessages().t('addToCart')).toBe('In den Warenkorb');
    expect(asked[0]).toBe('https://cdn.example/sf/widgets/messages/de.json');
  });

  it('leaves out what is not text, keeping the rest', async () => {
    serveCatalogues();
    blocks('product-form');
    carry({ language: 'nl', texts: { 'Add To Cart': 'In winkelwagen', Quantity: 7, Price: null } });
    await loadPageLanguage('nl-NL', BASE);
    expect(productFormMessages().t('addToCart')).toBe('In winkelwagen');
    expect(productFormMessages().t('quantity')).toBe('Quantity');
  });
});

describe('a page that carries no catalogue', () => {
  it('fetches both parts before a cart page mounts', async () => {
    const asked = serveCatalogues();
    blocks('cart-page', 'cart-pill');
    await loadPageLanguage('it-IT', BASE);
    expect(cartPageMessages().t('empty')).toBe('Il carrello è vuoto.');
    expect(asked).toEqual([
      'https://cdn.example/sf/widgets/messages/it.json',
      'https://cdn.example/sf/widgets/messages/it-more.json',
    ]);
  });

  it('reads pt-BR for a Portuguese page and nothing for an English or unknown one', async () => {
    const asked = serveCatalogues();
    blocks('product-form');
    await loadPageLanguage('en-GB', BASE);
    await loadPageLanguage('sv-SE', BASE);
    expect(asked).toEqual([]);
    await loadPageLanguage('pt-PT', BASE);
    expect(asked[0]).toBe('https://cdn.example/sf/widgets/messages/pt-BR.json');
    expect(productFormMessages().t('addToCart')).toBe('Adicionar ao carrinho');
  });

  it.each([404, 500])('stays in English when the files answer %s, and still settles', async (status) => {
    serveCatalogues(status);
    blocks('cart-page');
    await expect(loadPageLanguage('ja-JP', BASE)).resolves.toBeUndefined();
    expect(cartPageMessages().t('title')).toBe('Shopping Cart');
  });

  it('stays in English when a file never finishes coming, once its time is up', async () => {
    vi.useFakeTimers();
    try {
      // Headers at once, then a body that stalls: the abort is what ends it, as in a browser.
      vi.stubGlobal(
        'fetch',
        vi.fn(
          async (_url: URL | string, init?: RequestInit) =>
            new Response(
              new ReadableStream<Uint8Array>({
                start(controller) {
                  controller.enqueue(new TextEncoder().encode('{"addToCart":'));
                  init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
                },
              }),
              { status: 200 },
            ),
        ),
      );
      blocks('cart-page');
      let settled = false;
      const loading = loadPageLanguage('ja-JP', BASE).then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(CATALOGUE_TIMEOUT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await loading;
      expect(cartPageMessages().t('title')).toBe('Shopping Cart');
    } finally {
      vi.useRealTimers();
    }
  });

  it('stays in English offline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    blocks('product-form');
    await expect(loadPageLanguage('fr-FR', BASE)).resolves.toBeUndefined();
    expect(productFormMessages().t('addToCart')).toBe('Add To Cart');
  });
});
