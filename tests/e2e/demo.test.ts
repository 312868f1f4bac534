/**
 * The demo store as a shopper meets it: the pages the server renders with the template engine
 * (demo/templates/), the built SDK (dist/) and a fresh in-memory database, in Chromium. No test
 * pages folder: every page here is the store's own.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../demo/server/app.js';
import { COOKIES, CSRF_HEADER } from '../../src/contract.js';
import {
  assertPrerequisites,
  CHROMIUM_PATH,
  DIST_DIR,
  PROJECT_ROOT,
  serverCart,
  WAIT,
  widgetsMounted,
} from './harness.js';

const AXE_SOURCE = readFileSync(resolve(PROJECT_ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** Every page the demo store renders, 404 and the instalment range's edges included. */
const PAGES = [
  '/',
  '/products/prod-tee',
  '/products/prod-field-guide',
  '/products/prod-workshop',
  '/products/prod-gift-card',
  '/products/prod-coffee-club',
  '/products/prod-engraved-mug',
  '/products/prod-poster',
  '/products/prod-linen-apron',
  '/products/prod-sencha',
  '/cart',
  '/checkout',
  '/checkout/subscription',
  '/checkout/gift-card',
  '/contact',
  '/newsletter',
  '/feedback',
  '/admin/restock',
  '/account',
  '/editor',
  '/editor/header-footer',
  '/no-such-page',
];

let server: FastifyInstance;
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  assertPrerequisites();
  server = await createServer({
    dbPath: ':memory:',
    distDir: DIST_DIR,
    rateLimit: {
      addToCart: { max: 10_000, timeWindowMs: 60_000 },
      formSubmission: { max: 10_000, timeWindowMs: 60_000 },
      beacons: { max: 10_000, timeWindowMs: 60_000 },
    },
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not report a port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
});

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await server?.close();
});

interface Watched {
  page: Page;
  /** CSP violations and console errors, as text. */
  problems: string[];
}

async function open(
  path: string,
  viewport = { width: 1024, height: 800 },
  signedIn = false,
): Promise<Watched> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  if (signedIn) await signInAsOwner(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 404/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.exposeFunction('__reportCsp', (text: string) => problems.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void (window as unknown as { __reportCsp(t: string): void }).__reportCsp(
        `${e.violatedDirective} ${e.blockedURI}`,
      );
    });
  });
  await page.goto(path);
  // Every widget in place before the test acts or looks, however long the chunks took: the
  // fallbacks' controls stay disabled until their widget mounts over them, and a scan must see
  // the page the shopper ends up with.
  await widgetsMounted(page);
  return { page, problems };
}

/** Signs `context` in as the store owner through the documented session endpoint. */
async function signInAsOwner(context: BrowserContext): Promise<void> {
  await context.request.get('/api/commerce/shopping-cart');
  const crumb = (await context.cookies(baseUrl)).find((c) => c.name === COOKIES.crumb)?.value ?? '';
  const login = await context.request.post('/api/site-users/account/session', {
    headers: { [CSRF_HEADER]: crumb },
    data: { email: 'owner@example.com', password: 'owner-password' },
  });
  expect(login.status()).toBe(200);
}

/** axe-core's violations on the page, injected as a script source (the CSP forbids inline). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> };
      }
    ).axe;
    const run = await axe.run();
    return run.violations.map((v) => `${v.id} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
  return result;
}

describe('the demo store', () => {
  it('shows the shop as a grid of product cards that link to product pages', async () => {
    const { page, problems } = await open('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' }).isVisible()).resolves.toBe(true);
    const cards = page.locator('.demo-card');
    await expect(cards.count()).resolves.toBe(9);
    await expect(page.locator('.demo-card', { hasText: 'Risograph Poster' }).innerText()).resolves.toContain(
      'Sold out',
    );
    await expect(
      page.locator('.demo-card', { hasText: 'Organic Cotton Tee' }).innerText(),
    ).resolves.toContain('Sale');
    await page.getByRole('link', { name: 'Organic Cotton Tee' }).click();
    await page.waitForURL('**/products/prod-tee');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Organic Cotton Tee');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens a card in a Quick View dialog from the shop and adds from there', async () => {
    const { page, problems } = await open('/');
    // The page behind a modal dialog is hidden from the accessibility tree, so the card is found by CSS.
    const card = page.locator('.demo-card', { hasText: 'Field Guide' });
    const quickView = card.getByRole('button', { name: 'Quick View' });
    await quickView.waitFor();
    // The cards' buttons are in and the page has settled: the form they open is not fetched yet,
    // and starts to load when a pointer reaches a button.
    await page.waitForLoadState('networkidle');
    const fetched = (): Promise<string[]> =>
      page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
    expect(await fetched()).toContain('/dist/widgets/quick-view.js');
    expect(await fetched()).not.toContain('/dist/widgets/product-form.js');
    await quickView.hover();
    await expect.poll(fetched).toContain('/dist/widgets/product-form.js');
    await quickView.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Add To Cart', exact: true }).click();
    await dialog.getByRole('button', { name: 'Added!', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('chooses variants, adds to the cart and shows the pill and the instalment line', async () => {
    const { page, problems } = await open('/products/prod-tee');
    await page.getByRole('combobox', { name: 'Size' }).selectOption('M');
    await page.getByRole('combobox', { name: 'Color' }).selectOption('Black');
    await page.getByText(/or 4 interest-free payments of \$6\.25/).waitFor(WAIT);
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.getByRole('link', { name: /1 item in cart|One item in cart/ }).waitFor(WAIT);
    await page.goto('/cart');
    await page.getByText('Organic Cotton Tee').first().waitFor(WAIT);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows the cart contents as text without JavaScript', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/products/prod-engraved-mug');
    await expect(page.locator('main').innerText()).resolves.toContain('$30.00');
    await page.goto('/cart');
    await expect(page.locator('main').innerText()).resolves.toContain(
      'You have nothing in your shopping cart.',
    );
    await expect(page.locator('main').innerText()).resolves.not.toContain('Loading');
    await context.close();
  });

  it('moves the design frame when a page inside it follows a link', async () => {
    const { page, problems } = await open('/editor?url=/products/prod-tee');
    const frame = page.frameLocator('#demo-design-frame');
    await frame.getByRole('combobox', { name: 'Size' }).selectOption('S');
    await frame.getByRole('combobox', { name: 'Color' }).selectOption('Black');
    await frame.getByRole('button', { name: 'Add To Cart' }).click();
    const pill = frame.getByRole('link', { name: /in cart/ });
    await pill.waitFor(WAIT);
    await pill.focus();
    await pill.press('Enter');
    await expect.poll(() => page.locator('#demo-frame-url').innerText(), WAIT).toBe('/cart');
    await expect.poll(() => page.locator('#demo-design-frame').getAttribute('src'), WAIT).toBe('/cart');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('buys the workshop with express checkout and lands on the checkout summary', async () => {
    const { page, problems } = await open('/products/prod-workshop');
    await page.getByRole('button', { name: 'Purchase' }).click();
    await page.waitForURL('**/checkout', WAIT);
    await expect(page.locator('main').innerText()).resolves.toContain('Pottery Workshop (2 hours)');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('subscribes to the coffee club and shows the subscription summary', async () => {
    const { page, problems } = await open('/products/prod-coffee-club');
    await page.getByRole('combobox', { name: 'Roast' }).selectOption('Dark');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL('**/checkout/subscription?cartToken=*', WAIT);
    await expect(page.locator('main').innerText()).resolves.toContain('Coffee Club Monthly Beans');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('buys a gift card and shows the chosen value', async () => {
    const { page, problems } = await open('/products/prod-gift-card');
    await page.getByRole('combobox', { name: 'Value' }).selectOption('$50');
    await page.getByRole('button', { name: /Add To Cart|Purchase/ }).click();
    await page.waitForURL('**/checkout/gift-card?*', WAIT);
    await expect(page.locator('main').innerText()).resolves.toContain('$50.00');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("fetches the code that reads an entry's answers only for a cart with answers", async () => {
    const { page, problems } = await open('/products/prod-engraved-mug');
    const context = page.context();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    const add = async (data: Record<string, unknown>) => {
      const crumb = (await context.cookies(baseUrl)).find((c) => c.name === COOKIES.crumb)?.value ?? '';
      const added = await context.request.post('/api/commerce/shopping-cart/entries', {
        headers: { [CSRF_HEADER]: crumb },
        data,
      });
      expect(added.status()).toBe(200);
    };
    await context.request.get('/api/commerce/shopping-cart');
    await add({ itemId: 'prod-tee', sku: 'TEE-S-BLK', quantity: 1, additionalFields: null });
    await page.goto('/cart');
    await page.getByText('Organic Cotton Tee').first().waitFor(WAIT);
    // The platform layer loads once the widgets have mounted: the page's start is over by then.
    await expect.poll(() => scripts.some((url) => url.includes('/chunks/platform-')), WAIT).toBe(true);
    expect(scripts.filter((url) => url.includes('/chunks/form-fields-'))).toEqual([]);

    await add({
      itemId: 'prod-engraved-mug',
      sku: 'MUG-ENGRAVED',
      quantity: 1,
      additionalFields: { 'engraving-text': 'For Ada', font: 'Serif' },
    });
    await page.reload();
    await page.getByRole('listitem').filter({ hasText: 'For Ada' }).first().waitFor(WAIT);
    expect(scripts.filter((url) => url.includes('/chunks/form-fields-'))).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps the cart across a reload and in a second tab', async () => {
    const { page, problems } = await open('/products/prod-engraved-mug');
    const context = page.context();
    await context.request.get('/api/commerce/shopping-cart');
    const crumb = (await context.cookies(baseUrl)).find((c) => c.name === COOKIES.crumb)?.value ?? '';
    const added = await context.request.post('/api/commerce/shopping-cart/entries', {
      headers: { [CSRF_HEADER]: crumb },
      data: { itemId: 'prod-tee', sku: 'TEE-S-BLK', quantity: 2, additionalFields: null },
    });
    expect(added.status()).toBe(200);
    await page.reload();
    await page.getByRole('link', { name: /2 items in cart/ }).waitFor(WAIT);
    const second = await context.newPage();
    await second.goto('/cart');
    await second.getByText('Organic Cotton Tee').first().waitFor(WAIT);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('subscribes to the newsletter', async () => {
    const { page, problems } = await open('/newsletter');
    await page.getByRole('textbox', { name: /Email address/ }).fill('reader@example.com');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('You are subscribed.').waitFor(WAIT);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('sends feedback through the form with the captcha and goes to its success address', async () => {
    const { page, problems } = await open('/feedback');
    await page.getByRole('textbox', { name: /Comments/ }).fill('Lovely shop.');
    await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    // The feedback form's success address thanks the shopper.
    await page.waitForURL(`${baseUrl}/thanks`, WAIT);
    await page.getByRole('heading', { level: 1, name: 'Thank you' }).waitFor(WAIT);
    await page.getByText('Your feedback has reached us.').waitFor(WAIT);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('adds the engraved mug from the keyboard (focus and Enter), its additional fields filled in', async () => {
    const { page, problems } = await open('/products/prod-engraved-mug');
    // The server-rendered fallback has an Add To Cart button too: act on the widget's.
    await page.locator('[data-sf-widget="product-form"][data-sf-mounted]').waitFor(WAIT);
    const add = page.getByRole('button', { name: 'Add To Cart' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor(WAIT);
    await dialog.getByRole('textbox', { name: /Engraving text/ }).focus();
    await page.keyboard.type('For Ada');
    await dialog.getByRole('combobox', { name: /Font/ }).focus();
    await dialog.getByRole('combobox', { name: /Font/ }).selectOption('Serif');
    await dialog.getByRole('button', { name: /Save|Add To Cart|Submit/ }).focus();
    await page.keyboard.press('Enter');
    // The mug's form has a submission message: once the add lands the dialog shows it, focused,
    // in place of the fields, until the shopper closes it; focus then returns to the add button.
    const message = dialog.getByRole('status').getByText('Saved.', { exact: true });
    await message.waitFor(WAIT);
    await expect.poll(() => message.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    const addIsFocused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el?.tagName === 'BUTTON' && el.closest('[data-sf-widget="product-form"]') !== null;
      });
    await expect.poll(addIsFocused, WAIT).toBe(true);
    await page.getByRole('link', { name: /1 item in cart|One item in cart/ }).waitFor(WAIT);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('signs up for a sold-out poster, confirms it from the mail; the owner sends it and the outbox lists it', async () => {
    const { page, problems } = await open('/products/prod-poster');
    await page.getByRole('textbox', { name: /email/i }).fill('reader@example.com');
    await page.getByRole('button', { name: /notify|sign up|submit/i }).click();
    await page.getByText('Signed up!').waitFor(WAIT);
    // The demo's mail is the owner's outbox: the reader follows the link her mail holds.
    const owner = await open('/admin/restock', undefined, true);
    const link = await owner.page.getByRole('link', { name: 'Confirm the sign-up' }).getAttribute('href');
    expect(link).toMatch(/^\/restock\/confirm\?token=/);
    await page.goto(link ?? '');
    await page.getByRole('heading', { name: 'Your sign-up is confirmed' }).waitFor(WAIT);
    await page.getByText('We will email you when Risograph Poster is back in stock.').waitFor(WAIT);
    await owner.page.reload();
    await owner.page.getByRole('cell', { name: 'Risograph Poster' }).first().waitFor(WAIT);
    await owner.page.getByRole('button', { name: 'Send all' }).click();
    await owner.page.getByText(/Sent 1 restock email/).waitFor(WAIT);
    await owner.page.reload();
    await owner.page
      .getByRole('row')
      .filter({ hasText: 'Back in stock' })
      .getByRole('cell', { name: 'reader@example.com' })
      .waitFor(WAIT);
    expect(problems).toEqual([]);
    expect(owner.problems).toEqual([]);
    await page.context().close();
    await owner.page.context().close();
  });

  it('shows yen without decimals and refuses them in a cart of dollars, which keeps its item', async () => {
    const { page, problems } = await open('/products/prod-sencha');
    const context = page.context();
    const crumb = (await context.cookies(baseUrl)).find((c) => c.name === COOKIES.crumb)?.value ?? '';
    const added = await context.request.post('/api/commerce/shopping-cart/entries', {
      headers: { [CSRF_HEADER]: crumb },
      data: { itemId: 'prod-tee', sku: 'TEE-S-BLK', quantity: 1, additionalFields: null },
    });
    expect(added.status()).toBe(200);
    await page.reload();
    const form = page.locator('[data-sf-widget="product-form"][data-sf-mounted]');
    await form.getByText('¥1,500', { exact: true }).waitFor(WAIT);
    await expect(page.locator('main').innerText()).resolves.not.toMatch(/¥[\d,]*\./);
    // The instalment provider's range is in dollars: no instalment line for a yen price.
    await expect(page.getByText(/interest-free/).count()).resolves.toBe(0);
    const pill = page.getByRole('link', { name: /1 item in cart|One item in cart/ });
    await pill.waitFor(WAIT);
    await form.getByRole('button', { name: 'Add To Cart' }).click();
    const alert = page.getByRole('alert', { name: 'Unable to Add Item' });
    await alert.waitFor(WAIT);
    await expect(alert.innerText()).resolves.toContain(
      'Sorry, this item is priced in JPY but your cart is in USD. Check out or empty your cart to add it.',
    );
    await expect(pill.isVisible()).resolves.toBe(true);
    const cart = await serverCart(context);
    expect(cart.currency).toBe('USD');
    expect(cart.entries.map((e) => e.itemId)).toEqual(['prod-tee']);
    // The refused add is a 409 the browser logs; nothing else may go wrong.
    expect(problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
    await context.close();
  });

  it.each(PAGES)('%s has no axe violations and no CSP violations', async (path) => {
    // The owner's page is scanned as the owner sees it, with the sign-up table.
    // Scanned once the widgets are in place (open() waits for them), however long they took.
    const { page, problems } = await open(path, undefined, path === '/admin/restock');
    await expect(axeViolations(page)).resolves.toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.each(['/', '/products/prod-tee', '/cart', '/contact'])(
    '%s fits a 320 px wide screen without scrolling sideways',
    async (path) => {
      const { page } = await open(path, { width: 320, height: 640 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.context().close();
    },
  );
});
