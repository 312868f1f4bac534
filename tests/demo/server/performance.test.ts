// @vitest-environment node
/**
 * What makes the reference server fast without changing what it answers: precompressed static
 * files, the rendered-page cache (never one visitor's page for another, fresh after a stock
 * change) and group commit (concurrent writes share an fsync, none is lost).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../demo/server/app';
import { CART, add, startServer, Visitor } from './visitor';

let app: FastifyInstance | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await app?.close();
  app = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sf-perf-'));
  dirs.push(dir);
  return dir;
}

/** The body as the browser reads it, whatever the encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.body;
}

describe('precompressed static files', () => {
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;

  async function serverWithDist(): Promise<FastifyInstance> {
    const dist = scratch();
    mkdirSync(join(dist, 'widgets'));
    const file = join(dist, 'widgets/greeting.js');
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, brotliCompressSync(script));
    writeFileSync(`${file}.gz`, gzipSync(script));
    return startServer({ distDir: dist });
  }

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=0.5, br;q=1', 'br'],
  ])('answers Accept-Encoding %s with the %s file and Vary: Accept-Encoding', async (accept, encoding) => {
    app = await serverWithDist();
    const res = await app.inject({
      url: '/dist/widgets/greeting.js',
      headers: { 'accept-encoding': accept },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers['vary']).toLowerCase()).toContain('accept-encoding');
    expect(decoded(res)).toBe(script);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    app = await serverWithDist();
    const res = await app.inject({
      url: '/dist/widgets/greeting.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(String(res.headers['vary']).toLowerCase()).toContain('accept-encoding');
    expect(res.body).toBe(script);
  });
});

describe("the demo's own assets", () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ])('answers Accept-Encoding %s with the stylesheet as %s', async (accept, encoding) => {
    app = await startServer();
    const res = await app.inject({ url: '/demo-assets/demo.css', headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(String(res.headers['vary']).toLowerCase()).toContain('accept-encoding');
    expect(decoded(res)).toBe(readFileSync(resolve(PROJECT_ROOT, 'demo/assets/demo.css'), 'utf8'));
  });
});

describe('rendered-page cache', () => {
  it('serves a product page compressed and shows a stock change on the next request', async () => {
    app = await startServer();
    const headers = { 'accept-encoding': 'br' };
    const first = await app.inject({ url: '/products/prod-tee', headers });
    expect(first.headers['content-encoding']).toBe('br');
    expect(String(first.headers['vary'])).toBe('Cookie, Accept-Encoding');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(decoded(first)).toContain('S / White: $19.50</');
    const again = await app.inject({ url: '/products/prod-tee', headers });
    expect(decoded(again)).toBe(decoded(first));

    app.db.prepare("UPDATE variants SET qty_in_stock = 0 WHERE item_id = 'prod-tee'").run();
    const after = await app.inject({ url: '/products/prod-tee', headers: { 'accept-encoding': 'gzip' } });
    expect(after.headers['content-encoding']).toBe('gzip');
    expect(decoded(after)).toContain('S / White: $19.50 (sold out)');
  });

  it("never gives a signed-in visitor's page to anyone else", async () => {
    app = await startServer();
    const headers = { 'accept-encoding': 'gzip' };
    const owner = await new Visitor(app).arrive().then((v) => v.signIn());
    const ownerPage = await owner.request('GET', '/products/prod-tee', undefined, { headers });
    expect(ownerPage.headers['content-encoding']).toBe('gzip');
    expect(decoded(ownerPage)).toContain('"authenticatedAccountId":"user-1"');

    const stranger = await new Visitor(app).arrive();
    const strangerPage = await stranger.request('GET', '/products/prod-tee', undefined, { headers });
    expect(strangerPage.headers['content-encoding']).toBe('gzip');
    expect(decoded(strangerPage)).toContain('"authenticatedAccountId":null');
    expect(decoded(strangerPage)).not.toContain('user-1');

    // The cart page shows the visitor's cart: rendered for each of them.
    expect((await add(owner, 'prod-field-guide', null)).statusCode).toBe(200);
    const ownerCart = await owner.request('GET', '/cart', undefined, { headers });
    expect(ownerCart.headers['content-encoding']).toBe('gzip');
    expect(String(ownerCart.headers['vary'])).toBe('Cookie, Accept-Encoding');
    expect(decoded(ownerCart)).toContain('Field Guide');
    expect(decoded(await stranger.request('GET', '/cart', undefined, { headers }))).not.toContain(
      'Field Guide',
    );
  });
});

describe('group commit', () => {
  it('stores every acknowledged add of a burst with fewer fsyncs than adds', async () => {
    app = await startServer({
      dbPath: join(scratch(), 'store.sqlite'),
      rateLimit: { addToCart: { max: 1000, timeWindowMs: 60_000 } },
    });
    expect(app.db.pragma('synchronous', { simple: true })).toBe(1);
    const shopper = await new Visitor(app).arrive();
    expect((await add(shopper, 'prod-field-guide', null)).statusCode).toBe(200);
    const syncsBefore = app.groupCommit?.syncs ?? 0;
    const burst = await Promise.all(Array.from({ length: 40 }, () => add(shopper, 'prod-field-guide', null)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array.from({ length: 40 }, () => 200));
    const syncs = (app.groupCommit?.syncs ?? 0) - syncsBefore;
    expect(syncs).toBeGreaterThan(0);
    expect(syncs).toBeLessThan(40);
    const cart = await shopper.get(CART);
    expect((cart.json() as { totalQuantity: number }).totalQuantity).toBe(41);
  });
});
