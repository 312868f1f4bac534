/**
 * Reference server throughput over real sockets on 127.0.0.1: the server runs in a child process
 * (tests/reliability/serve.ts) on a fresh SQLite file, the load comes from this process over
 * keep-alive connections. Each scenario is bounded in time and in requests.
 *
 *   npm run bench:server               prints the table; exits 1 when the cookieless cart read
 *                                      falls below 1/1.5 of the cart read with cookies
 *   BENCH_SECONDS=5 npm run bench:server   longer runs (default 3 s per scenario)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describeMachine, judge } from './machine';
import { join } from 'node:path';
import { Client, load, send, startServerProcess, type LoadResult } from '../tests/reliability/harness';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 3);
const CONNECTIONS = 16;
const MAX_REQUESTS = 200_000;
/** The cookieless read may be at most this much slower than the read with cookies (docs/security.md). */
const COOKIELESS_FACTOR = 1.5;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sf-bench-'));
  const server = await startServerProcess({
    dbPath: join(dir, 'store.sqlite'),
    rateLimit: {
      addToCart: { max: 10_000_000, timeWindowMs: 60_000 },
      // The flood below must reach the password check, not the per-address limit.
      login: { max: 10_000_000, timeWindowMs: 60_000 },
      loginFailures: { max: 10_000_000, timeWindowMs: 60_000 },
      loginFailuresPerAccount: { max: 10_000_000, timeWindowMs: 60_000 },
    },
  });
  try {
    // One visitor per connection, each with a cart of two entries.
    const visitors: Client[] = [];
    for (let c = 0; c < CONNECTIONS; c++) {
      const v = new Client(server.base);
      await v.call('GET', '/');
      await v.call('POST', '/api/commerce/shopping-cart/entries', {
        itemId: 'prod-field-guide',
        sku: null,
        quantity: 1,
      });
      await v.call('POST', '/api/commerce/shopping-cart/entries', {
        itemId: 'prod-gift-card',
        sku: 'GIFT-25',
        quantity: 1,
      });
      visitors.push(v);
    }
    const run = (next: (i: number, c: number) => ReturnType<typeof send>): Promise<LoadResult> =>
      load({ connections: CONNECTIONS, durationMs: SECONDS * 1000, maxRequests: MAX_REQUESTS, next });
    const cart = `${server.base}/api/commerce/shopping-cart`;
    // Warm-up: JIT and SQLite page cache.
    await run((_i, c) => send(cart, { headers: { cookie: visitors[c]!.cookie } }));

    const rows: [string, LoadResult][] = [];
    rows.push([
      'GET cart, with cookies',
      await run((_i, c) => send(cart, { headers: { cookie: visitors[c]!.cookie } })),
    ]);
    rows.push(['GET cart, no cookies', await run(() => send(cart))]);
    rows.push(['GET product page', await run(() => send(`${server.base}/products/prod-tee`))]);
    rows.push([
      'POST add to cart',
      await run((_i, c) => {
        const v = visitors[c]!;
        return send(`${server.base}/api/commerce/shopping-cart/entries`, {
          method: 'POST',
          headers: {
            cookie: v.cookie,
            'content-type': 'application/json',
            'x-csrf-token': v.jar.get('crumb') ?? '',
          },
          body: JSON.stringify({ itemId: 'prod-field-guide', sku: null, quantity: 1 }),
        });
      }),
    ]);

    // Page reads on half the connections while the other half adds to cart: what a write costs
    // the readers of the same process.
    const half = CONNECTIONS / 2;
    const alongside = (next: (i: number, c: number) => ReturnType<typeof send>): Promise<LoadResult> =>
      load({ connections: half, durationMs: SECONDS * 1000, maxRequests: MAX_REQUESTS, next });
    const [pagesBesideAdds] = await Promise.all([
      alongside(() => send(`${server.base}/products/prod-tee`)),
      alongside((_i, c) => {
        const v = visitors[c]!;
        return send(`${server.base}/api/commerce/shopping-cart/entries`, {
          method: 'POST',
          headers: {
            cookie: v.cookie,
            'content-type': 'application/json',
            'x-csrf-token': v.jar.get('crumb') ?? '',
          },
          body: JSON.stringify({ itemId: 'prod-field-guide', sku: null, quantity: 1 }),
        });
      }),
    ]);
    rows.push(['GET product page, adds too', pagesBesideAdds]);

    // 20 wrong logins a second (the flood of docs/server.md) while the cart is read with cookies.
    const flooder = new Client(server.base);
    await flooder.call('GET', '/');
    let flooding = true;
    const flood = (async () => {
      while (flooding) {
        void flooder
          .call('POST', '/api/site-users/account/session', { email: 'owner@example.com', password: 'wrong' })
          .catch(() => undefined);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    rows.push([
      'GET cart, 20 logins/s',
      await run((_i, c) => send(cart, { headers: { cookie: visitors[c]!.cookie } })),
    ]);
    flooding = false;
    await flood;

    console.log(
      `server bench: ${SECONDS} s per scenario, ${CONNECTIONS} keep-alive connections, 127.0.0.1, ${describeMachine()}`,
    );
    console.log(
      `${'scenario'.padEnd(26)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  statuses`,
    );
    for (const [name, r] of rows) {
      const statuses = Object.entries(r.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      console.log(
        `${name.padEnd(26)} ${r.perSecond.toFixed(0).padStart(9)} ${r.p50Ms.toFixed(2).padStart(8)} ${r.p99Ms.toFixed(2).padStart(8)}  ${statuses}${r.failures > 0 ? ` failed×${r.failures}` : ''}`,
      );
    }
    // Bytes on the wire for what every product page fetches (content-length of each answer).
    const wireBytes = async (path: string, accept: string): Promise<string> => {
      const reply = await send(`${server.base}${path}`, { headers: { 'accept-encoding': accept } });
      const length = reply.headers['content-length'];
      return `${reply.headers['content-encoding'] ?? 'identity'} ${length ?? Buffer.byteLength(reply.body)} B`;
    };
    for (const path of ['/dist/loader.js', '/dist/widgets/runtime.js', '/products/prod-tee']) {
      const sizes = await Promise.all(['identity', 'gzip', 'br'].map((a) => wireBytes(path, a)));
      console.log(`${path.padEnd(26)} ${sizes.join(', ')}`);
    }
    const withCookies = rows[0]![1].perSecond;
    const cookieless = rows[1]![1].perSecond;
    const ratio = withCookies / cookieless;
    const ok = ratio <= COOKIELESS_FACTOR;
    console.log(
      `cookieless cart read: ${(cookieless / withCookies).toFixed(2)}x the read with cookies (must be at least ${(1 / COOKIELESS_FACTOR).toFixed(2)}x): ${ok ? 'ok' : 'FAIL'}`,
    );
    judge(ok ? 0 : 1, 'the cookieless cart read');
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
