// @vitest-environment node
/**
 * The product form and cart page widgets in real Chromium, beyond the shop flows of shop.test.ts:
 * lazy chunks, quick view, reviews, scarcity and the restock slot on tests/e2e/pages/product-form/,
 * and the cart page's additional-fields edit and failure texts against the reference server
 * (seeded with tests/e2e/fixtures/shop-catalog.json, fault mode on).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CART_PAGE_ROOT_ID, PATHS } from '../../src/contract.js';
import { cspViolations, holdRequest, serverCart, startE2E, WAIT, type E2E } from './harness.js';

const here = dirname(fileURLToPath(import.meta.url));
const CATALOG = JSON.parse(readFileSync(resolve(here, 'fixtures/shop-catalog.json'), 'utf8')) as unknown[];
const ENTRIES_PATH = '/api/commerce/shopping-cart/entries';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E({ catalog: CATALOG });
});

afterAll(async () => {
  await e2e?.close();
});

const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  await fetch(`${e2e.baseUrl}/__faults`, { method: 'DELETE' });
});

async function visitor(): Promise<BrowserContext> {
  const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl });
  contexts.push(context);
  return context;
}

/** Opens a page and records every script it fetches. */
async function open(context: BrowserContext, path: string): Promise<{ page: Page; scripts: string[] }> {
  const { page } = await e2e.newPage(context);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(path);
  return { page, scripts };
}

const textOf = async (locator: Locator): Promise<string> =>
  (await locator.innerText()).replace(/\s+/g, ' ').trim();

const addButton = (scope: Page | Locator, name = 'Add To Cart'): Locator =>
  ('locator' in scope && 'goto' in scope ? scope.locator('main') : scope).getByRole('button', {
    name,
    exact: true,
  });

describe('product form chunks', () => {
  it('loads the lightbox and form code only when the form first opens', async () => {
    const context = await visitor();
    const { page, scripts } = await open(context, '/shop/bottle.html');
    await addButton(page).waitFor(WAIT);
    const lazy = (s: string) => /\/(lightbox|form-dialog)-[^/]+\.js$/.test(s);
    expect(scripts.some((s) => s.endsWith('/product-form.js'))).toBe(true);
    expect(scripts.filter(lazy)).toEqual([]);

    await addButton(page).click();
    await page.getByRole('dialog', { name: 'Engraving details' }).waitFor(WAIT);
    expect(scripts.filter(lazy)).toHaveLength(2);
    expect(await cspViolations(page)).toEqual([]);
  });
});

describe('product form page features', () => {
  it('loads reviews on opening the reviews section and shows both kinds as text', async () => {
    const context = await visitor();
    const { page, scripts } = await open(context, '/product-form/tee.html');
    const toggle = page.getByRole('button', { name: 'Reviews (2)' });
    await toggle.waitFor(WAIT);
    // The list's chunk (reviews-<hash>.js), not the toggle's (reviews-gate-<hash>.js).
    const list = /\/reviews-[\w-]{8}\.js$/;
    expect(scripts.some((s) => list.test(s))).toBe(false);
    await toggle.click();
    await page.getByText('Soft and warm.').waitFor(WAIT);
    await page.getByText('Runs small.').waitFor(WAIT);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('img', { name: '5 out of 5 stars' }).waitFor(WAIT);
    expect(scripts.some((s) => list.test(s))).toBe(true);
  });

  it('shows scarcity for the matching variant, then the custom sold-out text and a mounted restock slot', async () => {
    const context = await visitor();
    const { page } = await open(context, '/product-form/tee.html');
    await addButton(page).waitFor(WAIT);
    await page.getByLabel('Size').selectOption('M');
    await page.getByLabel('Colour').selectOption('Black');
    await page.getByText('Only 2 left in black!', { exact: true }).waitFor(WAIT);

    await page.getByLabel('Colour').selectOption('White');
    // The custom sold-out text marks the choice and sits on the disabled add button.
    await page.locator('main .sf-mark--sold-out').getByText('Back soon', { exact: true }).waitFor(WAIT);
    expect(await page.locator('main').getByRole('button', { name: 'Back soon' }).isDisabled()).toBe(true);
    expect(await page.getByText('Only 2 left in black!').count()).toBe(0);
    const slot = page.locator('main [data-sf-widget="restock-form"]');
    await slot.waitFor({ state: 'attached', ...WAIT });
    expect(JSON.parse((await slot.getAttribute('data-sf-props')) ?? '')).toEqual({
      productId: 'e2e-tee',
      variantId: 'var-e2e-tee-m-white',
    });
  });
});

describe('quick view', () => {
  it('opens the product form of a card in a dialog, records the view and adds from there', async () => {
    const context = await visitor();
    const { page } = await open(context, '/product-form/cards.html');
    // The page behind a modal dialog is hidden from the accessibility tree, so the card is found by CSS.
    const card = page.locator('article').nth(0);
    const quickView = card.getByRole('button', { name: 'Quick View' });
    await quickView.waitFor(WAIT);
    const recorded = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().includes('/api/census/RecordQuickView/e2e-tee'),
    );
    await quickView.click();
    await recorded;
    const dialog = page.getByRole('dialog', { name: 'Trail Tee' });
    await dialog.waitFor(WAIT);
    await dialog.getByLabel('Size').selectOption('S');
    await dialog.getByLabel('Colour').selectOption('Black');
    await expect
      .poll(() => card.locator('img[data-sf-variant-image]').getAttribute('src'), WAIT)
      .toBe('/demo-assets/tee-black.svg');
    await dialog.getByRole('button', { name: 'Add To Cart', exact: true }).click();
    await dialog.getByRole('button', { name: 'Added!', exact: true }).waitFor(WAIT);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => quickView.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
    // The page behind was hidden from assistive technology while the dialog was open; now the
    // pill shows the added item.
    await page.getByRole('link', { name: 'One item in cart' }).waitFor(WAIT);
  });

  it('opens the additional-fields form from inside the quick view; Escape closes the form first', async () => {
    const context = await visitor();
    const { page } = await open(context, '/product-form/cards.html');
    const card = page.locator('article').nth(1);
    await card.getByRole('button', { name: 'Quick View' }).click();
    const quick = page.getByRole('dialog', { name: 'Engraved Bottle' });
    await quick.getByRole('button', { name: 'Add To Cart', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Engraving details' });
    await form.waitFor(WAIT);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached', ...WAIT });
    expect(await quick.isVisible()).toBe(true);
  });
});

describe('cart page', () => {
  /** The cart page with the engraved bottle added; `beforeCart` runs just before it is opened. */
  async function cartWithBottle(context: BrowserContext, beforeCart?: () => Promise<void>): Promise<Page> {
    const { page } = await open(context, '/shop/bottle.html');
    await addButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Engraving details' });
    await dialog.getByLabel('Engraving text').fill('For Ada');
    await dialog.getByRole('button', { name: 'Add To Cart', exact: true }).click();
    await addButton(page, 'Added!').waitFor(WAIT);
    await beforeCart?.();
    await page.goto(PATHS.cart);
    await page
      .locator(`#${CART_PAGE_ROOT_ID}`)
      .getByRole('heading', { name: 'Engraved Bottle' })
      .waitFor(WAIT);
    return page;
  }

  it('edits an entry’s answers in the lightbox, showing the server’s field error first', async () => {
    const context = await visitor();
    const page = await cartWithBottle(context);
    const root = page.locator(`#${CART_PAGE_ROOT_ID}`);
    await root.getByRole('button', { name: 'Edit details of Engraved Bottle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Engraving details' });
    await dialog.waitFor(WAIT);
    const words = dialog.getByLabel('Engraving text');
    expect(await words.inputValue()).toBe('For Ada');

    await dialog.getByLabel('Email for a proof').fill('nope');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog
      .getByText('Email is not valid. Email addresses should follow the format user@domain.com.')
      .waitFor(WAIT);

    // The save is held in the browser until both in-between states have been seen.
    const save = await holdRequest(
      page,
      (r) => r.method() === 'PUT' && r.url().endsWith('/additionalFields'),
    );
    await dialog.getByLabel('Email for a proof').fill('ada@example.com');
    await words.fill('For Grace');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await save.sent;
    await dialog.getByRole('button', { name: 'Saving…' }).waitFor(WAIT);
    await root.getByText('Updating cart…').waitFor(WAIT);
    await save.release();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await root.getByText('Updating cart…').waitFor({ state: 'detached', ...WAIT });

    const cart = await serverCart(context);
    expect(cart.entries[0]?.additionalFields).toEqual({ engraving: 'For Grace', notify: 'ada@example.com' });
  });

  it.each([
    {
      what: 'a quantity change refused with 429',
      fault: { path: `${ENTRIES_PATH}/:entryId/quantity`, method: 'PUT', status: 429, times: 1 },
      offline: false,
      press: 'Increase quantity of Dot Grid Notebook',
      title: 'Unable to update quantity',
      message: 'Please try again in a few seconds.',
    },
    {
      what: 'a removal while offline',
      fault: null,
      offline: true,
      press: 'Remove Dot Grid Notebook',
      title: 'Unable to remove item',
      message: 'Please check your internet connection',
    },
    {
      what: 'opening the form when the connection drops',
      fault: { path: '/api/template/GetTemplateSchema', method: 'GET', drop: true },
      // From before the cart page opens: the page reads the form to title the line's answers and
      // opens the dialog with that read, so only a form it could not read is read on the press.
      faultBeforeCart: true,
      offline: false,
      press: 'Edit details of Engraved Bottle',
      title: 'Unable to open form',
      message: 'Please check your internet connection',
    },
  ])('shows "$title" after $what and keeps the entry', async (failure) => {
    const { fault, offline, press, title, message } = failure;
    const faultBeforeCart = 'faultBeforeCart' in failure && failure.faultBeforeCart;
    const context = await visitor();
    await e2e.addToCart(context, { itemId: 'e2e-notebook', sku: 'E2E-NOTEBOOK', quantity: 1 });
    const inject = async () => {
      if (fault) await e2e.fault(fault);
    };
    const page = await cartWithBottle(context, faultBeforeCart ? inject : undefined);
    const root = page.locator(`#${CART_PAGE_ROOT_ID}`);
    if (!faultBeforeCart) await inject();
    if (offline) await context.setOffline(true);
    await root.getByRole('button', { name: press }).click();
    const alert = root.getByRole('alert', { name: title });
    await alert.waitFor(WAIT);
    expect(await textOf(alert)).toBe(`${title} ${message}`);
    await context.setOffline(false);
    expect(await root.getByRole('heading', { name: 'Dot Grid Notebook' }).count()).toBe(1);
    expect(await root.getByLabel('Quantity of Dot Grid Notebook', { exact: true }).inputValue()).toBe('1');
  });
});
