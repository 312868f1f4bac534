// @vitest-environment node
/**
 * The shop as a shopper on a phone meets it: the built cart page (dist/) on
 * tests/e2e/pages/shop-ux/, served by the reference server with its demo catalogue, in Chromium
 * windows from 320 px up. Every test gets a fresh browser context, so its cart is its own.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CART_PAGE_ROOT_ID } from '../../src/contract.js';
import { cspViolations, startE2E, WAIT, widgetsMounted, type E2E, type PageLog } from './harness.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TEE = { itemId: 'prod-tee', sku: 'TEE-M-BLK', quantity: 1 };
const WORKSHOP = { itemId: 'prod-workshop', sku: 'WORKSHOP-2H', quantity: 1 };

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const opened: { page: Page; context: BrowserContext; log: PageLog }[] = [];
afterEach(async () => {
  const pages = opened.splice(0);
  const violations = await Promise.all(pages.map(({ page }) => cspViolations(page).catch(() => [])));
  await Promise.all(pages.map(({ context }) => context.close()));
  await fetch(`${e2e.baseUrl}/__faults`, { method: 'DELETE' });
  expect(pages.flatMap(({ log }) => log.pageErrors)).toEqual([]);
  expect(violations.flat()).toEqual([]);
});

/** A fresh visitor with `items` in the cart, on the cart page at `width` × 640. */
async function cartPage(width: number, items = [TEE, WORKSHOP]): Promise<Page> {
  const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, viewport: { width, height: 640 } });
  for (const item of items) await e2e.addToCart(context, item);
  const { page, log } = await e2e.newPage(context);
  opened.push({ page, context, log });
  await page.goto('/shop-ux/cart.html');
  await page.locator(`#${CART_PAGE_ROOT_ID}`).getByRole('link', { name: 'Checkout' }).waitFor(WAIT);
  // Every block in place: a widget arriving later cannot change what the test measured.
  await widgetsMounted(page);
  return page;
}

describe('cart page on a phone', () => {
  it.each([320, 375])('keeps every control inside a %i px window', async (width) => {
    const page = await cartPage(width);
    const overflow = await page.evaluate(() => {
      const w = window.innerWidth;
      const outside = [
        ...document.querySelectorAll(
          '#sf-cart-page button, #sf-cart-page input, #sf-cart-page a, .sf-cart-entry__total, .sf-cart-page__subtotal',
        ),
      ]
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.left < 0 || box.right > w)
        .map(({ el, box }) => `${el.getAttribute('aria-label') ?? el.textContent} ${box.left}..${box.right}`);
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth: w, outside };
    });
    expect(overflow.outside).toEqual([]);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.innerWidth);
    // Every control can still be reached and used.
    const root = page.locator(`#${CART_PAGE_ROOT_ID}`);
    await root.getByRole('button', { name: 'Increase quantity of Pottery Workshop (2 hours)' }).click();
    await expect
      .poll(
        () => root.getByLabel('Quantity of Pottery Workshop (2 hours)', { exact: true }).inputValue(),
        WAIT,
      )
      .toBe('2');
  });
});

describe('cart page quantities and removal', () => {
  it('shows the quantity the server holds after it refuses one, and removes on 0', async () => {
    const page = await cartPage(375);
    const root = page.locator(`#${CART_PAGE_ROOT_ID}`);
    const tee = root.getByLabel('Quantity of Organic Cotton Tee', { exact: true });
    // Three in stock: five is refused, and the field goes back to what the cart holds.
    await tee.fill('5');
    await tee.press('Enter');
    await root.getByRole('alert', { name: 'Unable to update quantity' }).waitFor(WAIT);
    await expect.poll(() => tee.inputValue(), WAIT).toBe('1');

    await tee.fill('0');
    await tee.press('Enter');
    await root.getByRole('heading', { name: 'Organic Cotton Tee' }).waitFor({ state: 'detached', ...WAIT });
    // Focus moves to the entry that took its place rather than falling to the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), WAIT)
      .toBe('Quantity of Pottery Workshop (2 hours)');
  });

  it('moves focus to the heading once the last entry is removed', async () => {
    const page = await cartPage(375, [WORKSHOP]);
    const root = page.locator(`#${CART_PAGE_ROOT_ID}`);
    await root.getByRole('button', { name: 'Remove Pottery Workshop (2 hours)' }).click();
    await root.getByText('You have nothing in your shopping cart.').waitFor(WAIT);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent), WAIT)
      .toBe('Shopping Cart');
  });
});

describe('cart pill name', () => {
  it('holds the subtotal it shows (axe label-content-name-mismatch)', async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl });
    await e2e.addToCart(context, { ...WORKSHOP, quantity: 2 });
    const { page, log } = await e2e.newPage(context);
    opened.push({ page, context, log });
    await page.goto('/pill.html');
    const pill = page.getByRole('link', { name: '2 items in cart, $90', exact: true });
    await pill.waitFor(WAIT);
    // Evaluated through the debugging protocol, so the page's CSP is not loosened for it.
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run(o: unknown): Promise<{ violations: { id: string }[] }> } }
      ).axe;
      const r = await axe.run({ runOnly: ['label-content-name-mismatch', 'link-name'] });
      return r.violations.map((v) => v.id);
    });
    expect(violations).toEqual([]);
  });
});

describe('French', () => {
  it('shows a fr-CA page in French, page strings still winning, and English pages never fetch it', async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl });
    await e2e.addToCart(context, WORKSHOP);
    const { page, log } = await e2e.newPage(context);
    opened.push({ page, context, log });
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));

    await page.goto('/shop-ux/cart.html');
    const root = page.locator(`#${CART_PAGE_ROOT_ID}`);
    await root.getByRole('link', { name: 'Checkout' }).waitFor(WAIT);
    const english = [...requested];

    await page.goto('/shop-ux/cart-fr.html');
    await root.getByRole('link', { name: 'Passer à la caisse' }).waitFor(WAIT);
    expect(await root.getByRole('heading', { level: 2 }).innerText()).toBe('Mon sac');
    expect(await root.getByRole('button', { name: 'Retirer Pottery Workshop (2 hours)' }).innerText()).toBe(
      'Retirer',
    );
    expect(await root.getByText('Sous-total', { exact: true }).count()).toBe(1);
    // A test page carries no catalogue: the French one is fetched as data, its two parts (the
    // product page's and the rest), by the French page only, and no language costs a script.
    const catalogues = (paths: string[]) =>
      paths.flatMap((p) => /\/widgets\/messages\/(fr(?:-more)?)\.json$/.exec(p)?.[1] ?? []).sort();
    expect(catalogues(requested.slice(english.length))).toEqual(['fr', 'fr-more']);
    expect(catalogues(english)).toEqual([]);
    expect(requested.filter((p) => /\/chunks\/(page-language|fr(-more)?)-/.test(p))).toEqual([]);
  });
});

describe('reviews', () => {
  it('has a styled toggle in an h2 and dates in the site locale', async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl });
    const { page, log } = await e2e.newPage(context);
    opened.push({ page, context, log });
    await page.goto('/shop-ux/reviews-fr.html');
    const heading = page.getByRole('heading', { level: 2, name: 'Avis (1)' });
    await heading.waitFor(WAIT);
    const toggle = heading.getByRole('button', { name: 'Avis (1)' });
    const look = await toggle.evaluate((el) => {
      const css = getComputedStyle(el);
      return { border: css.borderTopStyle, width: el.getBoundingClientRect().width, cursor: css.cursor };
    });
    expect(look.border).toBe('solid');
    expect(look.cursor).toBe('pointer');
    expect(look.width).toBeGreaterThan(200);
    await toggle.click();
    await page.getByRole('heading', { level: 3, name: 'Lovely paper' }).waitFor(WAIT);
    expect(await page.locator('time[datetime="2026-10-01"]').innerText()).toBe('1 octobre 2026');
  });
});
