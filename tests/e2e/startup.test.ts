/**
 * Page start in Chromium: the cart read that holds `data-sf-ready` fails or stalls (server fault
 * injection), and a page whose `window.Storefront` is already taken.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { holdRequest, startE2E, WAIT, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterEach(async () => {
  // A fault a test did not use up must not reach the next test.
  await fetch(`${e2e.baseUrl}/__faults`, { method: 'DELETE' });
});
afterAll(async () => {
  await e2e?.close();
});

const CART_READ = '/api/commerce/shopping-cart';
const workshop = { itemId: 'prod-workshop', sku: 'WORKSHOP-2H', quantity: 1 };

interface Logged {
  readonly pageErrors: string[];
  readonly sfErrors: { message: string; code?: string }[];
}
const logged = (page: Page): Promise<Logged> =>
  page.evaluate(() => {
    const w = window as unknown as { __pageErrors: string[]; __sfErrors: Logged['sfErrors'] };
    return { pageErrors: w.__pageErrors, sfErrors: w.__sfErrors };
  });

/** A visitor with a cart (so the cart is read at start) whose start-up read meets `fault`. */
async function visitWithFault(fault: Record<string, unknown>) {
  const { page, context } = await e2e.newPage();
  await e2e.addToCart(context, workshop);
  await e2e.fault({ path: CART_READ, method: 'GET', ...fault });
  const reads: number[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === CART_READ) reads.push(Date.now());
  });
  await page.goto('/startup/pill.html');
  return { page, reads };
}

describe('a cart read that fails at page start (spec 000 §4)', () => {
  it.each([
    { why: 'an error status', fault: { status: 500, times: 1 }, message: 'Injected fault' },
    // Every attempt is dropped (the browser and the api each repeat a GET whose connection
    // failed) until the fault is cleared after the test.
    {
      why: 'a dropped connection',
      fault: { drop: true },
      message: 'Please check your internet connection',
    },
    {
      why: 'an answer that is not a cart',
      fault: { malformed: true, times: 1 },
      message: 'Please try again',
    },
  ])('$why is reported as CART_LOAD_FAILED and the add buttons still show', async ({ fault, message }) => {
    const { page } = await visitWithFault(fault);
    await page.locator('html[data-sf-ready]').waitFor({ state: 'attached' });
    await page.waitForFunction(() => (window as unknown as { __sfErrors: unknown[] }).__sfErrors.length > 0);
    const { pageErrors, sfErrors } = await logged(page);
    expect(sfErrors).toEqual([{ message, code: 'CART_LOAD_FAILED' }]);
    expect(pageErrors).toEqual([]);
  });

  it('gives up on a read the server never answers after 5 s, reports it, and shows the add buttons', async () => {
    // The server holds the answer for 30 s, far past the start-up limit.
    const { page, reads } = await visitWithFault({ delayMs: 30_000, times: 1 });
    await page.locator('html[data-sf-ready]').waitFor({ state: 'attached', timeout: 20_000 });
    const readyAfter = Date.now() - (reads[0] ?? Number.NaN);
    expect(reads).toHaveLength(1);
    // Not before the limit (the read was really stalled), and well before the api's 10 s limit.
    expect(readyAfter).toBeGreaterThanOrEqual(4_500);
    expect(readyAfter).toBeLessThan(8_000);
    await page.waitForFunction(() => (window as unknown as { __sfErrors: unknown[] }).__sfErrors.length > 0);
    const { pageErrors, sfErrors } = await logged(page);
    expect(sfErrors).toEqual([
      { message: 'Please check your internet connection', code: 'CART_LOAD_FAILED' },
    ]);
    expect(pageErrors).toEqual([]);
  });
});

describe('add buttons while the cart read of page start runs (spec 000 §4)', () => {
  it('are disabled and unseen until the read has settled, then shown and enabled', async () => {
    const { page, context } = await e2e.newPage();
    await e2e.addToCart(context, workshop);
    const read = await holdRequest(page, (r) => new URL(r.url()).pathname === CART_READ);
    await page.goto('/startup/product.html');
    await read.sent;
    const button = page.locator('.sf-add-button');
    await button.waitFor({ state: 'attached', ...WAIT });
    // The form is mounted and drawn; the read is still held.
    expect(await page.locator('html[data-sf-ready]').count()).toBe(0);
    expect(await button.isDisabled()).toBe(true);
    expect(await button.getAttribute('aria-busy')).toBe('true');
    expect(await button.evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
    expect(await page.getByRole('button', { name: 'Add To Cart' }).count()).toBe(0);

    await read.release();
    const shown = page.getByRole('button', { name: 'Add To Cart' });
    await shown.waitFor(WAIT);
    expect(await shown.isEnabled()).toBe(true);
    expect(await shown.evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
    await page.locator('html[data-sf-ready]').waitFor({ state: 'attached' });
  });
});

describe('a page whose window.Storefront is already defined', () => {
  const MESSAGE =
    'window.Storefront is already defined (by another script, or by this loader included twice): the storefront loader leaves it as it is and mounts nothing';

  it("keeps the theme's value, mounts nothing, and says so in the console and as sf:error", async () => {
    const { page, log } = await e2e.newPage();
    await page.goto('/startup/taken.html');
    await page.waitForFunction(() => (window as unknown as { __sfErrors: unknown[] }).__sfErrors.length > 0);
    const { pageErrors, sfErrors } = await logged(page);
    expect(sfErrors).toEqual([{ message: MESSAGE, code: 'GLOBAL_TAKEN' }]);
    expect(log.console).toContainEqual({ type: 'warning', text: `[storefront] ${MESSAGE}` });
    expect(await page.evaluate(() => (window as unknown as { Storefront: unknown }).Storefront)).toEqual({
      owner: 'theme',
    });
    // The block keeps its server-rendered fallback.
    expect(await page.locator('#pill[data-sf-mounted]').count()).toBe(0);
    await page.getByRole('link', { name: 'Cart' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  // `window.Storefront` reaches an element whose id is the name (named access): that is the
  // theme's markup, not a global, and the loader works on.
  it('works on a page with an element whose id is Storefront', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/startup/named.html');
    await page.locator('#pill[data-sf-mounted]').waitFor({ state: 'attached' });
    const { pageErrors, sfErrors } = await logged(page);
    expect(sfErrors).toEqual([]);
    expect(
      await page.evaluate(
        () => typeof (window as unknown as { Storefront: { mount: unknown } }).Storefront.mount,
      ),
    ).toBe('function');
    expect(pageErrors).toEqual([]);
  });

  it('says the same when the loader is included twice; the first copy works on', async () => {
    const { page, context } = await e2e.newPage();
    await e2e.addToCart(context, workshop);
    await page.goto('/startup/twice.html');
    await page.getByRole('link', { name: 'One item in cart' }).waitFor();
    await page.waitForFunction(() => (window as unknown as { __sfErrors: unknown[] }).__sfErrors.length > 0);
    const { pageErrors, sfErrors } = await logged(page);
    expect(sfErrors).toEqual([{ message: MESSAGE, code: 'GLOBAL_TAKEN' }]);
    expect(
      await page.evaluate(
        () => typeof (window as unknown as { Storefront: { mount: unknown } }).Storefront.mount,
      ),
    ).toBe('function');
    expect(pageErrors).toEqual([]);
  });
});
