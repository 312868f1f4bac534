/**
 * Back and forward in Chromium with its back/forward cache on: a demo page comes back from the
 * cache (not from the network) and shows the cart as another page left it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverCart, startDemo, WAIT, widgetsMounted, type Demo } from './harness.js';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo({ backForwardCache: true });
});
afterAll(async () => {
  await demo?.close();
});

/** Marks the page's JavaScript heap: a page restored from the back/forward cache still has it. */
const mark = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const w = window as unknown as { __sfMark: string; __sfShows: boolean[] };
    w.__sfMark = 'before';
    w.__sfShows = [];
    addEventListener('pageshow', (event) => w.__sfShows.push(event.persisted));
  });
const restored = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __sfMark?: string; __sfShows?: boolean[] };
    return {
      mark: w.__sfMark ?? null,
      shows: w.__sfShows ?? null,
      navigation: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type,
    };
  });

describe('back and forward', () => {
  it('restores the product page from the back/forward cache with the cart another page changed', async () => {
    const { page, context } = await demo.newPage(
      await demo.browser.newContext({ baseURL: demo.baseUrl, viewport: { width: 1024, height: 800 } }),
    );
    // Page A: the product page, where the shopper adds the tee.
    await page.goto('/products/prod-tee');
    await widgetsMounted(page);
    await page.getByRole('combobox', { name: 'Size' }).selectOption('M');
    await page.getByRole('combobox', { name: 'Color' }).selectOption('Black');
    await page.getByRole('button', { name: 'Add To Cart' }).click(WAIT);
    await page.getByRole('link', { name: 'One item in cart' }).waitFor(WAIT);
    await mark(page);

    // Page B: the cart page, where the shopper makes it three.
    await page.goto('/cart');
    await widgetsMounted(page);
    const increase = page.getByRole('button', { name: /^Increase quantity of / });
    for (const expected of [2, 3]) {
      await increase.click(WAIT);
      await expect.poll(async () => (await serverCart(context)).totalQuantity, WAIT).toBe(expected);
    }

    // A page restored from the cache fires no load event: wait for the navigation to commit.
    await page.goBack({ ...WAIT, waitUntil: 'commit' });
    await page.getByRole('link', { name: '3 items in cart' }).waitFor(WAIT);
    expect(await restored(page)).toEqual({ mark: 'before', shows: [true], navigation: 'navigate' });
    expect(new URL(page.url()).pathname).toBe('/products/prod-tee');
    await context.close();
  });
});
