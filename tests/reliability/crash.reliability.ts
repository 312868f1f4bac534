/**
 * Crash safety: writes acknowledged before a SIGKILL are all there after a restart. Three rounds
 * of mixed writes (adds to cart by several visitors, restock sign-ups) killed mid-flight.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_RESTOCK_SIGNUPS_PER_PRODUCT } from '../../demo/server/limits';
import { Client, startServerProcess } from './harness';

const dir = mkdtempSync(join(tmpdir(), 'sf-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ROUNDS = 3;
const VISITORS = 6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * Sign-ups each visitor makes in a round: all of them fit in the product's sign-ups together, as
 * past MAX_RESTOCK_SIGNUPS_PER_PRODUCT the server makes room by dropping rows on purpose
 * (restock.reliability.ts), which is no lost write. On a quiet machine a round makes more.
 */
const SIGN_UPS_PER_ROUND = Math.floor(MAX_RESTOCK_SIGNUPS_PER_PRODUCT / (ROUNDS * VISITORS));

describe('kill -9 during mixed writes', () => {
  it(`loses no acknowledged write over ${ROUNDS} rounds`, async () => {
    const dbPath = join(dir, 'store.sqlite');
    const options = {
      dbPath,
      rateLimit: {
        addToCart: { max: 1_000_000, timeWindowMs: 60_000 },
        restockSignUp: { max: 1_000_000, timeWindowMs: 60_000 },
      },
    };
    const acknowledgedAdds = new Map<Client, number>();
    const acknowledgedSignUps: string[] = [];
    let visitors: Client[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      const server = await startServerProcess(options);
      if (round === 0) {
        visitors = Array.from({ length: VISITORS }, () => new Client(server.base));
        for (const v of visitors) await v.call('GET', '/');
      }
      // The same browsers come back to the restarted server (a new port, the same cookies).
      for (const v of visitors) Object.assign(v, { base: server.base });
      let running = true;
      const writer = async (v: Client, index: number): Promise<void> => {
        for (let n = 0; running; n++) {
          try {
            const add = await v.call('POST', '/api/commerce/shopping-cart/entries', {
              itemId: 'prod-field-guide',
              sku: null,
              quantity: 1,
            });
            if (add.status === 200) acknowledgedAdds.set(v, (acknowledgedAdds.get(v) ?? 0) + 1);
            if (n >= SIGN_UPS_PER_ROUND) continue;
            const email = `r${round}-v${index}-${n}@example.com`;
            const signUp = await v.call('POST', '/api/site-users/account/notifications/restock', {
              productId: 'prod-poster',
              variantId: null,
              siteVisitorEmail: email,
              isJoinMailingList: false,
            });
            if (signUp.status === 200) acknowledgedSignUps.push(email);
          } catch {
            return; // the server is gone
          }
        }
      };
      const writers = visitors.map((v, i) => writer(v, i));
      await sleep(700 + round * 200);
      await server.kill9();
      running = false;
      await Promise.all(writers);
      // The process that served is gone: nothing answers at its address any more.
      await expect(fetch(`${server.base}/api/commerce/shopping-cart`)).rejects.toThrow();
    }

    // A last start recovers the log; then the database is read directly.
    const server = await startServerProcess(options);
    for (const v of visitors) Object.assign(v, { base: server.base });
    const quantities: number[] = [];
    for (const v of visitors)
      quantities.push(
        (JSON.parse((await v.call('GET', '/api/commerce/shopping-cart')).body) as { totalQuantity: number })
          .totalQuantity,
      );
    await server.stop();
    const db = new Database(dbPath, { readonly: true });
    const stored = new Set(
      (db.prepare('SELECT email FROM restock_signups').all() as { email: string }[]).map((r) => r.email),
    );
    db.close();

    const acked = visitors.map((v) => acknowledgedAdds.get(v) ?? 0);
    expect(acked.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(acknowledgedSignUps.length).toBeGreaterThan(0);
    // Every acknowledged add is there; at most the one in flight at each kill may be there too.
    visitors.forEach((_v, i) => {
      expect(quantities[i]).toBeGreaterThanOrEqual(acked[i]!);
      expect(quantities[i]).toBeLessThanOrEqual(acked[i]! + ROUNDS);
    });
    expect(acknowledgedSignUps.filter((e) => !stored.has(e))).toEqual([]);
    console.log(
      `crash safety: ${ROUNDS} SIGKILL rounds, ${acked.reduce((a, b) => a + b, 0)} acknowledged adds and ${acknowledgedSignUps.length} sign-ups, 0 lost`,
    );
  });
});
