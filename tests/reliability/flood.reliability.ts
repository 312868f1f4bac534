/**
 * Floods by anonymous clients: the database file stays bounded. Sizes are the database file plus
 * its write-ahead log, read from disk.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, load, send, startServerProcess, type ServerProcess } from './harness';

const dir = mkdtempSync(join(tmpdir(), 'sf-flood-'));
const dbPath = join(dir, 'store.sqlite');
const MAX_ROWS = 50;
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({
    dbPath,
    maxAnalyticsRows: MAX_ROWS,
    rateLimit: { beacons: { max: 1_000_000, timeWindowMs: 60_000 } },
  });
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

const size = (): number =>
  [dbPath, `${dbPath}-wal`].reduce((sum, f) => sum + (existsSync(f) ? statSync(f).size : 0), 0);
const MB = 1024 * 1024;

describe('floods keep the database bounded', () => {
  it('stores nothing for 1,500 cookieless reads (crumbs are signed, not stored)', async () => {
    await send(`${server.base}/api/commerce/shopping-cart`);
    const before = size();
    const result = await load({
      connections: 16,
      durationMs: 20_000,
      maxRequests: 1500,
      next: () => send(`${server.base}/api/commerce/shopping-cart`),
    });
    expect(result.statuses).toEqual({ 200: 1500 });
    expect(size()).toBe(before);
  });

  it(`keeps ${MAX_ROWS} census rows however many 15 KB beacons arrive`, async () => {
    const padding = 'x'.repeat(15 * 1024);
    const before = size();
    const result = await load({
      connections: 16,
      durationMs: 40_000,
      maxRequests: 600,
      next: (i) =>
        send(`${server.base}/api/census/overlay`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ visitorCookie: `v${i}`, padding }),
        }),
    });
    expect(result.statuses).toEqual({ 204: 600 });
    // 9 MB offered; kept: 50 rows of 15 KB (0.75 MB) and a log of at most about 4 MB.
    expect(size() - before).toBeLessThan(5.5 * MB);
  });

  it('refuses beacons above 16 KB without storing them', async () => {
    const before = size();
    const reply = await send(`${server.base}/api/census/overlay`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ padding: 'x'.repeat(256 * 1024) }),
    });
    expect(reply.status).toBe(413);
    expect(size()).toBe(before);
  });

  it('answers a login flood from one address with 429 after ten attempts', async () => {
    const visitor = new Client(server.base);
    await visitor.call('GET', '/');
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        visitor
          .call('POST', '/api/site-users/account/session', { email: `u${i}@example.com`, password: 'x' })
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  });
});
