// @vitest-environment node
import type { FastifyInstance } from 'fastify';
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
    const visitor = await new Visitor(app).arrive();
    app.db.prepare('DELETE FROM crumbs').run();
    const res = await add(visitor, 'prod-workshop', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(CRUMB_FAIL);
  });

  it('succeed on one retry with the fresh crumb the failure set', async () => {
    const visitor = await new Visitor(app).arrive();
    app.db.prepare('DELETE FROM crumbs').run();
    const stale = visitor.crumb;
    expect((await add(visitor, 'prod-workshop', null)).statusCode).toBe(401);
    expect(visitor.crumb).not.toBe(stale);
    expect((await add(visitor, 'prod-workshop', null)).statusCode).toBe(200);
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
