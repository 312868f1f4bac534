// @vitest-environment node
/**
 * The demo store's product page in German and Japanese (`?locale=`), in real Chromium: the widgets
 * speak the page's language from their first render, money is written the local way, the info
 * popup shows the provider's texts in that language, and a page fetches its own catalogue only.
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

/** Opens `path`, waits for every widget, and returns the page with the scripts it requested. */
async function open(path: string): Promise<{ page: Page; scripts: string[]; errors: string[] }> {
  const { page, log } = await e2e.newPage();
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(path);
  await widgetsMounted(page);
  return { page, scripts, errors: log.pageErrors };
}

/** The catalogue chunks a page requested, by language (`de`, `de-more`, ...). */
const catalogueChunks = (scripts: string[]): string[] =>
  scripts
    .map((s) => /\/chunks\/((?:fr|de|es|it|nl|pt-BR|ja)(?:-more)?)-[\w-]{8}\.js$/.exec(s)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();

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
    const { page, scripts, errors } = await open(`${TEE}?locale=${locale}`);
    expect(await page.locator('html').getAttribute('lang')).toBe(locale);
    await expect.poll(() => page.getByRole('button', { name: add }).count(), WAIT).toBe(1);
    expect(await page.getByRole('combobox', { name: size }).count()).toBe(1);
    expect(await pillText(page).textContent()).toBe(pill);
    // Its own catalogue only: the product page's part first, the rest right after.
    await expect.poll(() => catalogueChunks(scripts), WAIT).toEqual([language, `${language}-more`]);
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
    const { page, scripts } = await open('/cart?locale=nl-NL');
    expect(await page.getByRole('heading', { level: 1, name: 'Winkelwagen' }).count()).toBe(1);
    await expect.poll(() => page.getByText('Je winkelwagen is leeg.').count(), WAIT).toBe(1);
    expect(catalogueChunks(scripts)).toEqual(['nl', 'nl-more']);
  });
});

describe('an English product page', () => {
  it('fetches no catalogue and no language chunk', async () => {
    const { page, scripts } = await open(TEE);
    expect(await page.getByRole('button', { name: 'Add To Cart' }).count()).toBe(1);
    expect(await pillText(page).textContent()).toBe('Available for orders over $20.00');
    expect(catalogueChunks(scripts)).toEqual([]);
    expect(scripts.filter((s) => s.includes('/chunks/page-language-'))).toEqual([]);
  });
});
