// @vitest-environment node
/**
 * The demo store's product page in German and Japanese (`?locale=`), in real Chromium: the widgets
 * speak the page's language from their first render, money is written the local way, the info
 * popup shows the provider's texts in that language, and a page reads its own catalogue only, as
 * data: no language costs the page code (src/page/page-language.ts).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, WAIT, widgetsMounted, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ testPages: false });
});
afterAll(async () => {
  await e2e?.close();
});

/** The organic tee: $19.50 at its lowest, under the demo's $20.00 to $28.00 instalment range. */
const TEE = '/products/prod-tee';

const usd = (locale: string, amount: number): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(amount);

/**
 * Opens `path`, waits for every widget, and returns the page with the scripts it requested and
 * the catalogue files it fetched (`de`, `de-more`, ...). `uncarried` strips the catalogue the
 * server put in the page, as a server that knows nothing of languages would send it.
 */
async function open(
  path: string,
  { uncarried = false } = {},
): Promise<{ page: Page; scripts: string[]; catalogues: string[]; errors: string[] }> {
  const { page, log } = await e2e.newPage();
  const scripts: string[] = [];
  const catalogues: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (r.resourceType() === 'script') scripts.push(pathname);
    const part = /\/dist\/widgets\/messages\/([\w-]+)\.json$/.exec(pathname)?.[1];
    if (part) catalogues.push(part);
  });
  if (uncarried) {
    await page.route(
      (url) => url.pathname === path.split('?')[0],
      async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(
          /<script type="application\/json" id="sf-messages">[^<]*<\/script>/,
          '',
        );
        await route.fulfill({ response, body });
      },
    );
  }
  await page.goto(path);
  await widgetsMounted(page);
  return { page, scripts, catalogues, errors: log.pageErrors };
}

/** Scripts that would be a language's code: none is, in any language. */
const languageCode = (scripts: string[]): string[] =>
  scripts.filter((s) => /\/chunks\/(page-language|(fr|de|es|it|nl|pt-BR|ja)(-more)?)-[\w-]{8}\.js$/.test(s));

const pillText = (page: Page) => page.locator('.sf-instalment-pill__text').first();

describe.each([
  {
    locale: 'de-DE',
    language: 'de',
    add: 'In den Warenkorb',
    size: 'Größe',
    pill: `Verfügbar für Bestellungen über ${usd('de-DE', 20)}`,
    info: 'Über Afterpay',
    popupTitle: 'In 4 zinsfreien Raten bezahlen',
    missing: 'Bitte wählen Sie die Optionen Größe und Farbe aus.',
  },
  {
    locale: 'ja-JP',
    language: 'ja',
    add: 'カートに追加',
    size: 'サイズ',
    pill: `${usd('ja-JP', 20)}を超えるご注文でご利用いただけます`,
    info: 'Afterpayについて',
    popupTitle: '4回の無利息分割払い',
    missing: 'サイズとカラーを選択してください。',
  },
])('a $locale product page', ({ locale, language, add, size, pill, info, popupTitle, missing }) => {
  it('speaks its language from the first render, with money written the local way', async () => {
    const { page, scripts, catalogues, errors } = await open(`${TEE}?locale=${locale}`);
    expect(await page.locator('html').getAttribute('lang')).toBe(locale);
    await expect.poll(() => page.getByRole('button', { name: add }).count(), WAIT).toBe(1);
    expect(await page.getByRole('combobox', { name: size }).count()).toBe(1);
    expect(await pillText(page).textContent()).toBe(pill);
    // The page carries the product page's part; the rest is fetched as data right after.
    await expect.poll(() => catalogues, WAIT).toEqual([`${language}-more`]);
    expect(languageCode(scripts)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('fetches both parts as data when the page carries none, and still speaks its language', async () => {
    const { page, scripts, catalogues, errors } = await open(`${TEE}?locale=${locale}`, { uncarried: true });
    await expect.poll(() => page.getByRole('button', { name: add }).count(), WAIT).toBe(1);
    expect(await page.getByRole('combobox', { name: size }).count()).toBe(1);
    await expect.poll(() => catalogues, WAIT).toEqual([language, `${language}-more`]);
    expect(languageCode(scripts)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('names the options it misses and opens the provider texts in its language', async () => {
    const { page } = await open(`${TEE}?locale=${locale}`);
    await page.getByRole('button', { name: add }).click();
    await expect.poll(() => page.getByText(missing).count(), WAIT).toBe(1);
    await page.getByRole('button', { name: info }).click();
    const dialog = page.getByRole('dialog', { name: info });
    await expect.poll(() => dialog.getByRole('heading', { name: popupTitle }).count(), WAIT).toBe(1);
  });
});

describe('a page with other widgets', () => {
  it('mounts them with the whole catalogue: the Dutch cart page', async () => {
    const { page, scripts, catalogues } = await open('/cart?locale=nl-NL');
    expect(await page.getByRole('heading', { level: 1, name: 'Winkelwagen' }).count()).toBe(1);
    await expect.poll(() => page.getByText('Je winkelwagen is leeg.').count(), WAIT).toBe(1);
    // The page carries its whole catalogue: nothing to fetch.
    expect(catalogues).toEqual([]);
    expect(languageCode(scripts)).toEqual([]);
  });
});

describe('an English product page', () => {
  it('fetches no catalogue and no language chunk', async () => {
    const { page, scripts, catalogues } = await open(TEE);
    expect(await page.getByRole('button', { name: 'Add To Cart' }).count()).toBe(1);
    expect(await pillText(page).textContent()).toBe('Available for orders over $20.00');
    expect(catalogues).toEqual([]);
    expect(languageCode(scripts)).toEqual([]);
    expect(await page.locator('#sf-messages').count()).toBe(0);
  });
});
