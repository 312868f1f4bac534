// @vitest-environment node
/**
 * A returning shopper (a cart cookie holding a cart) in real Chromium on the demo store: the page
 * reads the cart at start and `data-sf-ready` waits for that read. What the read needs is the cart
 * code (the cart endpoints and the api client), never the platform layer's chunk, which loads
 * only once the widgets are interactive.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoForThisFile } from './demo-suite.js';
import { holdRequest, WAIT, widgetsMounted } from './harness.js';

const demo = demoForThisFile();

const PLATFORM_CHUNK = /\/dist\/widgets\/chunks\/platform-[\w-]+\.js$/;
const CART_READ = /\/api\/commerce\/shopping-cart(\?|$)/;

/** A shopper who put a tee in the cart on an earlier visit: the cart cookie is set. */
async function returningShopper(): Promise<BrowserContext> {
  const context = await demo.browser.newContext({ baseURL: demo.baseUrl });
  await demo.addToCart(context, { itemId: 'prod-tee', sku: 'TEE-M-BLK', quantity: 1 });
  return context;
}

/**
 * Opens `path` with the cart read at start held, recording the page's scripts in the order it
 * asked for them and, among them, the moment `data-sf-ready` was set.
 */
async function openHeld(context: BrowserContext, path: string) {
  const { page, log } = await demo.newPage(context);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') asked.push(new URL(r.url()).pathname);
  });
  // The page's own clock: when data-sf-ready appeared, beside each script's resource timing.
  await page.addInitScript(() => {
    const w = window as unknown as { __readyAt?: number };
    new MutationObserver(() => {
      if (w.__readyAt === undefined && document.documentElement.hasAttribute('data-sf-ready'))
        w.__readyAt = performance.now();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-sf-ready'] });
  });
  const read = await holdRequest(page, (r) => r.method() === 'GET' && CART_READ.test(r.url()));
  await page.goto(path);
  await read.sent;
  return { page, log, asked, read };
}

/** Scripts the page asked for before `data-sf-ready`, by its resource timings. */
const scriptsBeforeReady = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const readyAt = (window as unknown as { __readyAt?: number }).__readyAt ?? Infinity;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= readyAt && new URL(e.name).pathname.endsWith('.js'))
      .map((e) => new URL(e.name).pathname);
  });

describe('a returning shopper', () => {
  it('gets a usable product form without the platform chunk before data-sf-ready', async () => {
    const context = await returningShopper();
    const { page, log, asked, read } = await openHeld(context, '/products/prod-tee');
    // The read is out: the form has mounted, its add button waits for the read.
    await page
      .locator('[data-sf-widget="product-form"][data-sf-mounted]')
      .waitFor({ ...WAIT, state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-sf-ready'))).toBe(false);
    expect(asked.filter((p) => PLATFORM_CHUNK.test(p))).toEqual([]);
    expect(asked).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/chunks\/cart-[\w-]+\.js$/),
        expect.stringMatching(/\/chunks\/client-[\w-]+\.js$/),
      ]),
    );

    await read.release();
    await widgetsMounted(page);
    // Usable: the shopper's choice goes into the cart that was read, beside the tee already there.
    await page.getByRole('combobox', { name: 'Size' }).selectOption('M');
    await page.getByRole('combobox', { name: 'Color' }).selectOption('Black');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.getByRole('link', { name: /2 items in cart/ }).waitFor(WAIT);

    // The platform layer comes after the start, once the page is interactive.
    await expect.poll(() => asked.some((p) => PLATFORM_CHUNK.test(p)), WAIT).toBe(true);
    const before = await scriptsBeforeReady(page);
    expect(before.filter((p) => PLATFORM_CHUNK.test(p))).toEqual([]);
    expect(log.pageErrors).toEqual([]);
  });

  it("reads the cart page's entries without any platform code at its start", async () => {
    const context = await returningShopper();
    const { page, log, asked, read } = await openHeld(context, '/cart');
    await page
      .locator('[data-sf-widget="cart-page"][data-sf-mounted]')
      .waitFor({ ...WAIT, state: 'attached' });
    expect(asked.filter((p) => PLATFORM_CHUNK.test(p))).toEqual([]);

    await read.release();
    await page.getByText('Organic Cotton Tee').first().waitFor(WAIT);
    await expect.poll(() => asked.some((p) => PLATFORM_CHUNK.test(p)), WAIT).toBe(true);
    const before = await scriptsBeforeReady(page);
    expect(before.filter((p) => PLATFORM_CHUNK.test(p))).toEqual([]);
    expect(log.pageErrors).toEqual([]);
  });
});
