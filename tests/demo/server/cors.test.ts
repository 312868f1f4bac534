// @vitest-environment node
/**
 * `cors`: a page on one other origin (a dev server on another port) may call the API with the
 * shopper's cookies; no other origin may read an answer, and the crumb rules are unchanged.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../../src/contract';
import { add, CART, ENTRIES, startServer, Visitor } from './visitor';

const DEV = 'http://localhost:5173';
const OTHER = 'http://evil.example';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const preflight = (origin: string, method = 'POST', headers = `content-type, ${CSRF_HEADER.toLowerCase()}`) =>
  app!.inject({
    method: 'OPTIONS',
    url: ENTRIES,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

describe('with cors set to one origin', () => {
  it('answers a preflight from that origin with its methods, its headers and credentials', async () => {
    app = await startServer({ cors: DEV });
    const res = await preflight(DEV);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(DEV);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-methods']).split(', ')).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']),
    );
    expect(String(res.headers['access-control-allow-headers']).toLowerCase().split(', ')).toEqual(
      expect.arrayContaining(['content-type', 'x-csrf-token', 'accept']),
    );
    expect(res.headers['vary']).toContain('Origin');
  });

  it('allows no other origin, in a preflight or an answer', async () => {
    app = await startServer({ cors: DEV });
    const pre = await preflight(OTHER);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    const res = await app.inject({ url: CART, headers: { origin: OTHER } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['vary']).toContain('Origin');
  });

  it('echoes the origin with credentials on answers and errors of the API', async () => {
    app = await startServer({ cors: DEV });
    const visitor = await new Visitor(app).arrive();
    const read = await visitor.request('GET', CART, undefined, { headers: { origin: DEV } });
    expect(read.headers['access-control-allow-origin']).toBe(DEV);
    expect(read.headers['access-control-allow-credentials']).toBe('true');
    const missing = await app.inject({ url: '/api/nothing-here', headers: { origin: DEV } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe(DEV);
  });

  it('keeps the crumb rules: an add from that origin without the crumb header is refused', async () => {
    app = await startServer({ cors: DEV });
    const visitor = await new Visitor(app).arrive();
    const refused = await visitor.post(
      ENTRIES,
      { itemId: 'prod-tee', sku: 'TEE-M-BLK', quantity: 1, additionalFields: null },
      { crumb: false, headers: { origin: DEV } },
    );
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ crumbFail: true });
    expect(refused.headers['access-control-allow-origin']).toBe(DEV);
    const added = await visitor.post(
      ENTRIES,
      { itemId: 'prod-tee', sku: 'TEE-M-BLK', quantity: 1, additionalFields: null },
      { headers: { origin: DEV } },
    );
    expect(added.statusCode).toBe(200);
    expect(added.headers['access-control-allow-origin']).toBe(DEV);
  });

  it('leaves pages alone', async () => {
    app = await startServer({ cors: DEV });
    const res = await app.inject({ url: '/', headers: { origin: DEV } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each(['*', 'localhost:5173', 'http://localhost:5173/shop', 'ftp://localhost'])(
    'refuses to start with the origin %s',
    async (origin) => {
      await expect(startServer({ cors: origin })).rejects.toThrow(`Invalid CORS origin: ${origin}`);
    },
  );
});

describe('without cors', () => {
  it('sends no CORS header and answers no preflight', async () => {
    app = await startServer();
    const pre = await preflight(DEV);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const visitor = await new Visitor(app).arrive();
    const res = await add(visitor, 'prod-tee', 'TEE-M-BLK');
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
