// @vitest-environment node
/**
 * A long-lived page (the editor keeps one open for hours) must not keep what it has removed:
 * 200 add/remove cycles on the demo's cart page leave the document's nodes, the event listeners
 * and the JavaScript heap where they were. Chromium's own counters (`Performance.getMetrics`,
 * read after a forced garbage collection) say so, not the page's scripts.
 */
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, WAIT, widgetsMounted, type E2E } from './harness.js';

const CYCLES = 200;
/**
 * What the heap may grow by over all cycles: compiled code and the browser's capped timeline
 * buffers (resource timings, layout shifts) grow at first. One kept cart row with its buttons,
 * field, listeners and component state is several KB, so 200 of them would pass this.
 */
const HEAP_SLACK_BYTES = 1_500_000;

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ testPages: false });
});
afterAll(async () => {
  await e2e?.close();
});

interface Counters {
  readonly nodes: number;
  readonly listeners: number;
  readonly heapBytes: number;
}

async function counters(cdp: CDPSession): Promise<Counters> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const read = (name: string): number => {
    const metric = metrics.find((m) => m.name === name);
    if (metric === undefined) throw new Error(`Chromium reported no ${name}`);
    return metric.value;
  };
  return { nodes: read('Nodes'), listeners: read('JSEventListeners'), heapBytes: read('JSHeapUsedSize') };
}

/** Adds the gift card through the page's cart store, then removes its row with the Remove button. */
async function addAndRemove(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const storefront = (window as unknown as { Storefront: { cart: { store(): Promise<unknown> } } })
      .Storefront;
    const store = (await storefront.cart.store()) as {
      getState(): { addEntry(input: Record<string, unknown>): Promise<{ ok: boolean }> };
    };
    const added = await store
      .getState()
      .addEntry({ itemId: 'prod-gift-card', sku: 'GIFT-25', quantity: 1, additionalFields: null });
    if (!added.ok) throw new Error('add to cart failed');
  });
  const remove = page.getByRole('button', { name: 'Remove Gift Card' });
  await remove.click(WAIT);
  await remove.waitFor({ state: 'detached', ...WAIT });
}

describe('the cart page over many adds and removals', () => {
  it(`keeps nodes, listeners and heap flat over ${CYCLES} add/remove cycles`, async () => {
    const { page, context, log } = await e2e.newPage();
    await e2e.addToCart(context, { itemId: 'prod-field-guide', sku: null, quantity: 1 });
    await page.goto('/cart');
    await widgetsMounted(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');

    // The first cycles load the chunks and compile the code every later cycle runs.
    for (let i = 0; i < 5; i++) await addAndRemove(page);
    const before = await counters(cdp);
    for (let i = 0; i < CYCLES; i++) await addAndRemove(page);
    const after = await counters(cdp);

    expect(await page.locator('li.sf-cart-entry').count()).toBe(1);
    // One kept row is about 33 nodes and 6 listeners: the bounds are less than one row.
    expect(after.nodes - before.nodes).toBeLessThan(10);
    expect(after.listeners - before.listeners).toBeLessThan(3);
    expect(after.heapBytes - before.heapBytes).toBeLessThan(HEAP_SLACK_BYTES);
    expect(log.pageErrors).toEqual([]);
  });
});
