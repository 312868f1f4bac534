/**
 * Stock under concurrency over real sockets: many tabs of one visitor add and raise quantities of
 * a variant with little stock at once; the cart never holds more than the stock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, send, startServerProcess, type ServerProcess } from './harness';

const dir = mkdtempSync(join(tmpdir(), 'sf-stock-'));
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({
    dbPath: join(dir, 'store.sqlite'),
    faults: true,
    rateLimit: { addToCart: { max: 1_000_000, timeWindowMs: 60_000 } },
  });
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

const ENTRIES = '/api/commerce/shopping-cart/entries';

async function setStock(sku: string, qtyInStock: number): Promise<void> {
  const res = await send(`${server.base}/__stock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ itemId: 'prod-tee', sku, qtyInStock }),
  });
  expect(res.status).toBe(200);
}

const tabsOf = (v: Client, n: number): Client[] =>
  Array.from({ length: n }, () => {
    const tab = new Client(server.base);
    for (const [k, val] of v.jar) tab.jar.set(k, val);
    return tab;
  });

describe('concurrent adds against low stock', () => {
  it.each([1, 3, 7])('never puts more than %d in stock into the cart', async (stock) => {
    const sku = 'TEE-S-BLK';
    await setStock(sku, stock);
    const visitor = new Client(server.base);
    await visitor.call('GET', '/');
    // A first add of something else creates the cart, so every tab shares it.
    expect(
      (await visitor.call('POST', ENTRIES, { itemId: 'prod-field-guide', sku: null, quantity: 1 })).status,
    ).toBe(200);
    const tabs = tabsOf(visitor, 40);
    const replies = await Promise.all(
      tabs.map((tab, i) =>
        tab.call('POST', ENTRIES, { itemId: 'prod-tee', sku, quantity: i % 3 === 0 ? 2 : 1 }),
      ),
    );
    const cart = JSON.parse((await visitor.call('GET', '/api/commerce/shopping-cart')).body) as {
      entries: { id: string; quantity: number; chosenVariant: { sku: string } | null }[];
    };
    const tee = cart.entries.filter((e) => e.chosenVariant?.sku === sku);
    const held = tee.reduce((n, e) => n + e.quantity, 0);
    expect(held).toBeLessThanOrEqual(stock);
    expect(replies.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    // Each add either fits or is refused for stock: nothing else (no 500, no lost request).
    expect(new Set(replies.map((r) => r.status))).toEqual(new Set([200, 409]));

    // Raising the entry from every tab at once cannot pass the stock either.
    const entry = tee[0];
    if (entry) {
      await Promise.all(
        tabsOf(visitor, 20).map((tab, i) =>
          tab.call('PUT', `${ENTRIES}/${entry.id}/quantity`, { quantity: 1 + (i % (stock + 3)) }),
        ),
      );
      const after = JSON.parse(
        (await visitor.call('GET', '/api/commerce/shopping-cart')).body,
      ) as typeof cart;
      const total = after.entries
        .filter((e) => e.chosenVariant?.sku === sku)
        .reduce((n, e) => n + e.quantity, 0);
      expect(total).toBeLessThanOrEqual(stock);
    }
  });
});
