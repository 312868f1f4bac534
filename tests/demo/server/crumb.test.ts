// @vitest-environment node
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COOKIES } from '../../../src/contract';
import { add, CART, ENTRIES, startServer, Visitor } from './visitor';

let app: FastifyInstance;
beforeEach(async () => {
  app = await startServer();
});
afterEach(async () => {
  await app.close();
});

const CRUMB_FAIL = {
  crumbFail: true,
  message: 'Your session has expired. Please reload the page and try again.',
};

describe('the crumb cookie', () => {
  it.each(['/', CART, '/api/multilingual/status', '/products/prod-tee'])(
    'is set by a GET of %s when absent',
    async (url) => {
      const visitor = new Visitor(app);
      await visitor.get(url);
      expect(visitor.crumb).toMatch(/^[\w-]{43}$/);
    },
  );

  // A shared cache may keep a file with its Set-Cookie and hand both to the next visitor.
  it.each(['/site-theme.css', '/instalments/en-US.json'])('is not set on the file %s', async (url) => {
    const visitor = new Visitor(app);
    const res = await visitor.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('is kept while it is valid and readable by scripts', async () => {
    const visitor = await new Visitor(app).arrive();
    const first = visitor.crumb;
    const res = await visitor.get(CART);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(visitor.crumb).toBe(first);
    const again = await new Visitor(app).get('/');
    expect(String(again.headers['set-cookie'])).not.toContain('HttpOnly');
  });

  it('is replaced on a GET when the server does not know it', async () => {
    const visitor = new Visitor(app);
    visitor.cookies.set(COOKIES.crumb, 'forged');
    await visitor.get('/');
    expect(visitor.crumb).not.toBe('forged');
  });
});

describe('state-changing calls', () => {
  it.each([
    ['missing', false as const],
    ['different from the cookie', 'some-other-value'],
  ])('fail with 401 crumbFail when the header is %s', async (_name, crumb) => {
    const visitor = await new Visitor(app).arrive();
    const res = await visitor.post(ENTRIES, { itemId: 'prod-workshop', sku: null, quantity: 1 }, { crumb });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(CRUMB_FAIL);
  });

  it('fail with 401 crumbFail when the crumb is stale (the database was re-seeded)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-crumb-'));
    try {
      const dbPath = join(dir, 'store.sqlite');
      const before = await startServer({ dbPath });
      const visitor = await new Visitor(before).arrive();
      await before.close();
      const after = await startServer({ dbPath, reset: true });
      const returning = new Visitor(after);
      for (const [k, v] of visitor.cookies) returning.cookies.set(k, v);
      const res = await add(returning, 'prod-workshop', null);
      await after.close();
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(CRUMB_FAIL);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fail with 401 crumbFail for a crumb another server signed', async () => {
    const other = await startServer();
    const stranger = await new Visitor(other).arrive();
    await other.close();
    const visitor = new Visitor(app);
    visitor.cookies.set(COOKIES.crumb, stranger.crumb ?? '');
    const res = await add(visitor, 'prod-workshop', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(CRUMB_FAIL);
  });

  it('succeed on one retry with the fresh crumb the failure set', async () => {
    const visitor = new Visitor(app);
    const stale = 'A'.repeat(43);
    visitor.cookies.set(COOKIES.crumb, stale);
    expect((await add(visitor, 'prod-workshop', null)).statusCode).toBe(401);
    expect(visitor.crumb).not.toBe(stale);
    expect((await add(visitor, 'prod-workshop', null)).statusCode).toBe(200);
  });

  it('store nothing per crumb handed out', async () => {
    const rows = (): number[] =>
      app.db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((row) => (row as { name: string }).name)
        .map((name) => (app.db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n);
    await new Visitor(app).get(CART);
    const before = rows();
    for (let i = 0; i < 50; i++) await new Visitor(app).get(CART);
    expect(rows()).toEqual(before);
  });

  it.each([
    ['PUT', `${ENTRIES}/x/quantity`],
    ['DELETE', `${ENTRIES}/x`],
    ['POST', '/api/form/FormSubmissionKey'],
    ['POST', '/api/rest/forms/validate/form-contact'],
    ['POST', '/api/site-users/account/notifications/restock'],
    ['POST', '/api/events/RecordJavascriptErrors'],
    ['DELETE', '/api/site-users/account/session'],
  ] as const)('%s %s needs the crumb', async (method, url) => {
    const visitor = await new Visitor(app).arrive();
    const res = await visitor.request(method, url, method === 'DELETE' ? undefined : {}, { crumb: false });
    expect(res.statusCode).toBe(401);
    expect(res.json().crumbFail).toBe(true);
  });

  it.each(['/api/census/overlay', '/api/v1/clanker/events'])('%s (a beacon) needs no crumb', async (url) => {
    const visitor = new Visitor(app);
    const res = await visitor.post(url, { visitorCookie: 'v1' }, { crumb: false });
    expect(res.statusCode).toBeLessThan(300);
  });
});
