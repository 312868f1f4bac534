// @vitest-environment node
/**
 * The shop flows in real Chromium: the built loader and widget chunks (dist/) on the pages of
 * tests/e2e/pages/shop/, served by the reference server seeded with
 * tests/e2e/fixtures/shop-catalog.json. One browser and one server for the file; every test gets
 * a fresh browser context, so its cookies (and so its cart) are its own.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CART_PAGE_ROOT_ID, PATHS } from '../../src/contract.js';
import { cspViolations, holdRequest, serverCart, startE2E, WAIT, type E2E, type PageLog } from './harness.js';

const here = dirname(fileURLToPath(import.meta.url));
const PAGES_DIR = resolve(here, 'pages/shop');
const CATALOG = JSON.parse(readFileSync(resolve(here, 'fixtures/shop-catalog.json'), 'utf8')) as Array<{
  id: string;
}>;

const ENTRIES_PATH = '/api/commerce/shopping-cart/entries';

let e2e: E2E;

beforeAll(async () => {
  assertPagesMatchCatalog();
  e2e = await startE2E({ catalog: CATALOG });
});

afterAll(async () => {
  await e2e?.close();
});

const contexts: BrowserContext[] = [];
const opened: { page: Page; log: PageLog }[] = [];
afterEach(async () => {
  // Whatever a flow did, nothing escaped into the host page and nothing broke its CSP.
  const pages = opened.splice(0);
  const violations = await Promise.all(pages.map(({ page }) => cspViolations(page).catch(() => [])));
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  await fetch(`${e2e.baseUrl}/__faults`, { method: 'DELETE' });
  expect(pages.flatMap(({ log }) => log.pageErrors)).toEqual([]);
  expect(violations.flat()).toEqual([]);
});

/** A fresh visitor: new cookies, new storage, nothing shared with other tests. */
async function visitor(): Promise<BrowserContext> {
  const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl });
  contexts.push(context);
  return context;
}

async function openPage(context: BrowserContext, path: string): Promise<Page> {
  const { page, log } = await e2e.newPage(context);
  opened.push({ page, log });
  await page.goto(path);
  return page;
}

/** Opens one of the shop pages and waits for its product form to be mounted. */
async function openProduct(context: BrowserContext, file: string, button = 'Add To Cart'): Promise<Page> {
  const page = await openPage(context, `/shop/${file}`);
  await addButton(page, button).waitFor(WAIT);
  return page;
}

/** The product form's add button (outside any dialog). */
const addButton = (page: Page, name: string | RegExp = 'Add To Cart'): Locator =>
  page.locator('main').getByRole('button', { name, exact: typeof name === 'string' });

const pill = (page: Page): Locator => page.getByRole('link', { name: / in cart, / });

/** What the pill shows on screen (its name also carries a part only a screen reader hears). */
const shownText = (pill: Locator): Promise<string> =>
  pill.evaluate((el) =>
    [...el.children]
      .filter((c) => getComputedStyle(c).position !== 'absolute')
      .map((c) => c.textContent)
      .join(' '),
  );

const textOf = async (locator: Locator): Promise<string> =>
  (await locator.innerText()).replace(/\s+/g, ' ').trim();

/**
 * The pages carry their products inline (as a published page would); they must be the very
 * products the server was seeded with, or the tests would be comparing two different shops.
 */
function assertPagesMatchCatalog(): void {
  const entities: Record<string, string> = {
    '&#39;': "'",
    '&quot;': '"',
    '&lt;': '<',
    '&gt;': '>',
    '&amp;': '&',
  };
  for (const file of readdirSync(PAGES_DIR).filter((f) => f.endsWith('.html'))) {
    const html = readFileSync(resolve(PAGES_DIR, file), 'utf8');
    const blocks = [
      ...html.matchAll(/data-sf-widget="product-form"\s+data-sf-props=(?:'([^']*)'|"([^"]*)")/g),
    ];
    if (blocks.length !== 1)
      throw new Error(`${file}: expected one product-form block, found ${blocks.length}`);
    const raw = blocks[0]?.[1] ?? blocks[0]?.[2] ?? '';
    const json = raw.replace(/&(#39|quot|lt|gt|amp);/g, (e) => entities[e] ?? e);
    const item = (JSON.parse(json) as { item: { id: string } }).item;
    const seeded = CATALOG.find((p) => p.id === item.id);
    if (JSON.stringify(seeded) !== JSON.stringify(item)) {
      throw new Error(`${file}: the product in data-sf-props differs from shop-catalog.json (${item.id})`);
    }
  }
}

describe('product page', () => {
  it('shows the price and the image of the variant chosen by label', async () => {
    const page = await openProduct(await visitor(), 'tee.html');
    const image = page.locator('main img[data-sf-variant-image]');
    const shows = (src: string) => expect.poll(() => image.getAttribute('src'), WAIT).toBe(src);
    await shows('/demo-assets/tee-olive.svg');
    await page.getByText('$19.50 – $27.00').waitFor(WAIT);

    await page.getByLabel('Size').selectOption('M');
    await page.getByLabel('Colour').selectOption('Black');
    await page.getByText('$27.00', { exact: true }).waitFor(WAIT);
    await page.getByRole('img', { name: 'Trail Tee in black' }).waitFor(WAIT);
    await shows('/demo-assets/tee-black.svg');

    // On sale: the struck-through price and the sale price, and the white image.
    await page.getByLabel('Size').selectOption('S');
    await page.getByLabel('Colour').selectOption('White');
    await page.getByRole('img', { name: 'Trail Tee in white' }).waitFor(WAIT);
    await shows('/demo-assets/tee-white.svg');
    expect(await textOf(page.locator('main del'))).toBe('Original price $25.00');
    expect(await textOf(page.locator('main ins'))).toBe('Price $19.50');
    await page.locator('main').getByText('sale', { exact: true }).waitFor(WAIT);

    // Sold out: the mark shows, and the add button says so and cannot be pressed.
    await page.getByLabel('Size').selectOption('M');
    await page.locator('main .sf-mark--sold-out').getByText('sold out', { exact: true }).waitFor(WAIT);
    expect(await image.getAttribute('src')).toBe('/demo-assets/tee-white.svg');
    expect(await page.locator('main').getByRole('button', { name: 'sold out' }).isDisabled()).toBe(true);
  });

  it('fills the additional-fields lightbox by keyboard alone and adds the item with its answers', async () => {
    const context = await visitor();
    const page = await openProduct(context, 'bottle.html');
    const add = addButton(page);
    const dialog = page.getByRole('dialog', { name: 'Engraving details' });
    const engraving = dialog.getByLabel('Engraving text');
    const email = dialog.getByLabel('Email for a proof');
    const focusedName = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el) return '';
        const inDialog = el.closest('[role="dialog"]') !== null;
        const label =
          el.getAttribute('aria-label') ??
          ((el as HTMLInputElement).labels?.[0]?.textContent || el.textContent || '').trim();
        return `${inDialog ? 'dialog' : 'page'}: ${label}`;
      });
    const addIsFocused = () => add.evaluate((el) => el === document.activeElement);
    // The focus trap hands focus on within an animation frame; a person never types faster.
    const press = async (key: string) => {
      await page.keyboard.press(key);
      await page.evaluate(
        () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
      );
    };

    await add.focus();
    await press('Enter');
    await dialog.waitFor(WAIT);
    // Focus moves into the dialog; Tab walks the fields and wraps around inside it.
    await expect.poll(focusedName, WAIT).toBe('dialog: Close');
    // Each Tab is followed by a wait for focus to settle on the next stop (the trap may hand it on
    // a frame later), so the order asserted is the order a person meets.
    for (const next of [
      'dialog: Engraving text',
      'dialog: Email for a proof',
      'dialog: Add To Cart',
      'dialog: Close',
      'dialog: Engraving text',
    ]) {
      await press('Tab');
      await expect.poll(focusedName, WAIT).toBe(next);
    }
    await press('Shift+Tab');
    await expect.poll(focusedName, WAIT).toBe('dialog: Close');
    await press('Shift+Tab');
    await expect.poll(focusedName, WAIT).toBe('dialog: Add To Cart');

    await press('Escape');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(addIsFocused, WAIT).toBe(true);

    // Reopen and submit with the required field empty.
    await press('Enter');
    await dialog.waitFor(WAIT);
    await expect.poll(focusedName, WAIT).toBe('dialog: Close');
    await press('Tab');
    await expect.poll(focusedName, WAIT).toBe('dialog: Engraving text');
    await press('Tab');
    await expect.poll(focusedName, WAIT).toBe('dialog: Email for a proof');
    await page.keyboard.type('not-an-email');
    await press('Tab');
    await expect.poll(focusedName, WAIT).toBe('dialog: Add To Cart');
    await press('Enter');
    await dialog.getByText('Required', { exact: true }).waitFor(WAIT);
    await expect.poll(focusedName, WAIT).toBe('dialog: Engraving text');
    expect(await engraving.getAttribute('aria-invalid')).toBe('true');

    // Filled in: the server refuses the email, above the field, and nothing typed is lost.
    await page.keyboard.type('Happy birthday');
    await press('Enter');
    const serverError = dialog.getByText(
      'Email is not valid. Email addresses should follow the format user@domain.com.',
      { exact: true },
    );
    await serverError.waitFor(WAIT);
    expect(await dialog.getByText('Required', { exact: true }).count()).toBe(0);
    expect(await engraving.inputValue()).toBe('Happy birthday');
    expect(await email.inputValue()).toBe('not-an-email');
    const errorIsAboveField = await serverError.evaluate((error) => {
      const input = error.closest('[data-field-id]')?.querySelector('input');
      return input ? (error.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 : false;
    });
    expect(errorIsAboveField).toBe(true);
    await expect.poll(focusedName, WAIT).toBe('dialog: Email for a proof');

    // Fixed: the dialog closes and the item goes into the cart with its answers.
    await press('Control+A');
    await page.keyboard.type('ada@example.com');
    await press('Enter');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await addButton(page, 'Added!').waitFor(WAIT);
    const cart = await serverCart(context);
    expect(cart.entries).toHaveLength(1);
    expect(cart.entries[0]).toMatchObject({
      itemId: 'e2e-bottle',
      quantity: 1,
      chosenVariant: { sku: 'E2E-BOTTLE' },
      additionalFields: { engraving: 'Happy birthday', notify: 'ada@example.com' },
    });
  });
});

describe('cart pill', () => {
  it('counts an added item, with Adding… then Added! on the button', async () => {
    const context = await visitor();
    const page = await openProduct(context, 'tee.html');
    expect(await pill(page).count()).toBe(0);

    await page.getByLabel('Size').selectOption('S');
    await page.getByLabel('Colour').selectOption('Black');
    // The add is held in the browser until Adding… has been seen, however slow the machine.
    const add = await holdRequest(
      page,
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === ENTRIES_PATH,
    );
    await addButton(page).click();
    await add.sent;
    await addButton(page, 'Adding…').waitFor(WAIT);
    await add.release();

    // While it reads Added! (for two seconds), the button ignores clicks. The click is made in the
    // page the moment Added! shows (through the DOM: the button is aria-disabled, which
    // Playwright would wait out), so a slow test cannot arrive after Added! is gone.
    // What the form's status region says then is what a screen reader speaks.
    const spoken = await page.waitForFunction(
      () => {
        const button = document.querySelector<HTMLButtonElement>('main .sf-add-button');
        if (button?.textContent?.trim() !== 'Added!') return false;
        button.click();
        return { status: button.closest('.sf-product-form')?.querySelector('[role="status"]')?.textContent };
      },
      undefined,
      WAIT,
    );
    expect(await spoken.jsonValue()).toEqual({ status: 'Added!' });
    const one = page.getByRole('link', { name: 'One item in cart' });
    await one.waitFor(WAIT);
    expect(await shownText(one)).toBe('1 item $25');
    expect(await one.getAttribute('href')).toBe(PATHS.cart);
    await addButton(page).waitFor(WAIT);
    expect((await serverCart(context)).totalQuantity).toBe(1);

    // Two more of a dearer variant.
    await page.getByLabel('Size').selectOption('M');
    await page.getByLabel('Quantity').fill('2');
    await addButton(page).click();
    const three = page.getByRole('link', { name: '3 items in cart' });
    await three.waitFor(WAIT);
    expect(await shownText(three)).toBe('3 items $79');
    expect((await serverCart(context)).totalQuantity).toBe(3);
  });

  it('still shows the cart after a reload', async () => {
    const context = await visitor();
    const page = await openProduct(context, 'tee.html');
    await e2e.addToCart(context, { itemId: 'e2e-tee', sku: 'E2E-TEE-S-WHITE', quantity: 2 });

    await page.reload();
    const two = page.getByRole('link', { name: '2 items in cart' });
    await two.waitFor(WAIT);
    expect(await shownText(two)).toBe('2 items $39');
  });

  it('updates in a second tab without a reload', async () => {
    const context = await visitor();
    const tabA = await openProduct(context, 'tee.html');
    const tabB = await openProduct(context, 'notebook.html', 'Purchase');
    await tabB.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    expect(await pill(tabB).count()).toBe(0);

    await tabA.getByLabel('Size').selectOption('S');
    await tabA.getByLabel('Colour').selectOption('Black');
    await addButton(tabA).click();

    const one = tabB.getByRole('link', { name: 'One item in cart' });
    await one.waitFor(WAIT);
    expect(await shownText(one)).toBe('1 item $25');
    expect(await tabB.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
  });
});

describe('cart page', () => {
  it('updates the subtotal on a quantity change and removes an entry only once the server confirms', async () => {
    const context = await visitor();
    await e2e.addToCart(context, { itemId: 'e2e-tee', sku: 'E2E-TEE-S-BLACK', quantity: 1 });
    await e2e.addToCart(context, { itemId: 'e2e-notebook', sku: 'E2E-NOTEBOOK', quantity: 1 });
    // The pill leads to the cart page, and stays away from it.
    const page = await openProduct(context, 'tee.html');
    await page.getByRole('link', { name: '2 items in cart' }).click();
    await page.waitForURL((url) => url.pathname === PATHS.cart, WAIT);
    const root = page.locator(`#${CART_PAGE_ROOT_ID}`);
    const subtotal = root.getByRole('status', { name: 'Subtotal', exact: true });
    await subtotal.waitFor(WAIT);
    expect(await textOf(subtotal)).toBe('$39.00');
    expect(await pill(page).count()).toBe(0);

    await root.getByRole('button', { name: 'Increase quantity of Trail Tee' }).click();
    await expect.poll(() => textOf(subtotal), WAIT).toBe('$64.00');
    expect(await root.getByLabel('Quantity of Trail Tee', { exact: true }).inputValue()).toBe('2');

    const quantity = root.getByLabel('Quantity of Dot Grid Notebook', { exact: true });
    await quantity.fill('3');
    await quantity.press('Enter');
    await expect.poll(() => textOf(subtotal), WAIT).toBe('$92.00');
    expect((await serverCart(context)).subtotalCents).toBe(9200);

    const tee = root.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Trail Tee' }) });
    // The server refuses the removal: the entry stays, and the failure is told.
    await e2e.fault({ path: `${ENTRIES_PATH}/:entryId`, method: 'DELETE', status: 500, times: 1 });
    await root.getByRole('button', { name: 'Remove Trail Tee' }).click();
    const failed = root.getByRole('alert', { name: 'Unable to remove item' });
    await failed.waitFor(WAIT);
    expect(await tee.count()).toBe(1);
    expect(await textOf(subtotal)).toBe('$92.00');

    // The server has not confirmed the removal yet (the request is held in the browser until the
    // test lets it go): the entry stays until it does.
    const removal = await holdRequest(page, (r) => r.method() === 'DELETE' && r.url().includes(ENTRIES_PATH));
    await root.getByRole('button', { name: 'Remove Trail Tee' }).click();
    await removal.sent;
    // Two frames later, whatever the click changed on screen has been drawn.
    await page.evaluate(
      () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
    );
    expect(await tee.count()).toBe(1);
    expect(await textOf(subtotal)).toBe('$92.00');
    await removal.release();
    await tee.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => textOf(subtotal), WAIT).toBe('$42.00');
    const cart = await serverCart(context);
    expect(cart.entries.map((e) => e.itemId)).toEqual(['e2e-notebook']);
  });
});

describe('add to cart failures', () => {
  it.each([
    {
      what: 'a 429 from the server',
      message: 'Please try again in a few seconds.',
      cause: async () => e2e.fault({ path: ENTRIES_PATH, method: 'POST', status: 429, times: 1 }),
    },
    {
      what: 'a dropped connection',
      message: 'Please check your internet connection',
      // Every attempt is dropped: a browser may resend a request whose reused connection died.
      cause: async () => e2e.fault({ path: ENTRIES_PATH, method: 'POST', drop: true }),
    },
    {
      what: 'going offline',
      message: 'Please check your internet connection',
      cause: async (context: BrowserContext) => context.setOffline(true),
    },
  ])('shows "Unable to Add Item" with $message after $what', async ({ message, cause }) => {
    const context = await visitor();
    const page = await openProduct(context, 'tee.html');
    await page.getByLabel('Size').selectOption('S');
    await page.getByLabel('Colour').selectOption('Black');
    await cause(context);
    await addButton(page).click();

    const alert = page.getByRole('alert', { name: 'Unable to Add Item' });
    await alert.waitFor(WAIT);
    expect(await textOf(alert)).toBe(`Unable to Add Item ${message}`);
    // The button is usable again a second later; nothing reached the cart.
    await addButton(page).waitFor(WAIT);
    await context.setOffline(false);
    expect(await pill(page).count()).toBe(0);
    expect((await serverCart(context)).totalQuantity).toBe(0);
  });
});

describe('checkout flows', () => {
  it('goes to the checkout page after an express purchase', async () => {
    const context = await visitor();
    const page = await openProduct(context, 'notebook.html', 'Purchase');
    await addButton(page, 'Purchase').click();
    await page.waitForURL((url) => url.pathname === PATHS.checkout, WAIT);
    const cart = await serverCart(context);
    expect(cart.entries.map((e) => [e.itemId, e.quantity])).toEqual([['e2e-notebook', 1]]);
  });

  it("goes where the site context's paths.checkout says after an express purchase", async () => {
    const context = await visitor();
    const page = await openProduct(context, 'notebook-paths.html', 'Purchase');
    await addButton(page, 'Purchase').click();
    await page.waitForURL((url) => url.pathname === '/shop/pay', WAIT);
    expect(new URL(page.url()).search).toBe('?step=express');
    const cart = await serverCart(context);
    expect(cart.entries.map((e) => [e.itemId, e.quantity])).toEqual([['e2e-notebook', 1]]);
  });

  it('goes to the subscription page with the cart token the server issued', async () => {
    const context = await visitor();
    const page = await openProduct(context, 'coffee.html', 'Subscribe');
    await addButton(page, 'Subscribe').click();
    await page.waitForURL((url) => url.pathname === PATHS.subscription, WAIT);
    const cartToken = new URL(page.url()).searchParams.get('cartToken') ?? '';
    const stored = e2e.server.db
      .prepare('SELECT item_id AS itemId, sku, qty FROM subscription_carts WHERE token = ?')
      .get(cartToken);
    expect(stored).toEqual({ itemId: 'e2e-coffee', sku: 'E2E-COFFEE', qty: 1 });
    // A subscription is not a cart entry.
    expect((await serverCart(context)).totalQuantity).toBe(0);
  });

  it('asks for a denomination, then goes to the gift card page with the item and sku', async () => {
    const context = await visitor();
    const page = await openProduct(context, 'gift-card.html');
    await addButton(page).click();
    const alert = page.getByRole('alert', { name: 'Unable to purchase Gift Card' });
    await alert.waitFor(WAIT);
    expect(await textOf(alert)).toBe('Unable to purchase Gift Card Select a denomination for the Gift Card.');
    expect(page.url()).toBe(`${e2e.baseUrl}/shop/gift-card.html`);

    await page.getByLabel('Value').selectOption('$50');
    await addButton(page).click();
    await page.waitForURL((url) => url.pathname === PATHS.giftCard, WAIT);
    const query = new URL(page.url()).searchParams;
    expect(query.get('itemId')).toBe('e2e-gift-card');
    expect(query.get('sku')).toBe('E2E-GIFT-50');
  });
});
