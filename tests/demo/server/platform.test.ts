// @vitest-environment node
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIES } from '../../../src/contract';
import { add, CART, startServer, Visitor } from './visitor';

let app: FastifyInstance;
let visitor: Visitor;
beforeEach(async () => {
  app = await startServer();
  visitor = await new Visitor(app).arrive();
});
afterEach(async () => {
  await app.close();
});

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const TEXT = { 'content-type': 'text/plain;charset=UTF-8' };
const count = (table: string): number =>
  (app.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
const hits = () =>
  app.db.prepare('SELECT kind, target, payload_json FROM census_hits ORDER BY id').all() as {
    kind: string;
    target: string | null;
    payload_json: string;
  }[];

describe('census calls', () => {
  it('stores a form-encoded RecordHit with its data parsed', async () => {
    const data = { page: '/', website: 'demo-website', locale: 'en-US', viewport: '1280x720' };
    const body = new URLSearchParams({
      event: 'pageview',
      data: JSON.stringify(data),
      ss_cvr: 'v1',
    }).toString();
    const res = await visitor.post('/api/census/RecordHit', undefined, { body, headers: FORM, crumb: false });
    expect(res.statusCode).toBe(204);
    const [hit] = hits();
    expect(hit?.kind).toBe('RecordHit');
    expect(JSON.parse(hit?.payload_json ?? '')).toEqual({ event: 'pageview', data, ss_cvr: 'v1' });
  });

  it.each([
    ['no event', { data: '{}' }],
    ['data that is not JSON', { event: 'pageview', data: '{oops' }],
  ])('answers 400 for a RecordHit with %s', async (_name, fields) => {
    const res = await visitor.post('/api/census/RecordHit', undefined, {
      body: new URLSearchParams(fields).toString(),
      headers: FORM,
    });
    expect(res.statusCode).toBe(400);
    expect(count('census_hits')).toBe(0);
  });

  it.each([
    [
      '/api/census/button-click',
      { visitorCookie: 'v1', pagePath: '/products/prod-tee' },
      'button-click',
      null,
    ],
    ['/api/census/button-render', { visitorCookie: 'v1', pagePath: '/' }, 'button-render', null],
    [
      '/api/census/form-render',
      { formId: 'form-contact', visitorCookie: 'v1' },
      'form-render',
      'form-contact',
    ],
    ['/api/census/overlay', { visitorCookie: 'v1' }, 'overlay', null],
    ['/api/census/RecordQuickView/prod-tee', {}, 'RecordQuickView', 'prod-tee'],
  ])('stores %s as a %s hit', async (url, body, kind, target) => {
    const res = await visitor.post(url, body, { crumb: false });
    expect(res.statusCode).toBe(204);
    expect(hits()).toEqual([{ kind, target, payload_json: JSON.stringify(body) }]);
  });

  it('reads a text/plain beacon body as JSON', async () => {
    const res = await visitor.post('/api/census/overlay', undefined, {
      body: '{"visitorCookie":"v2"}',
      headers: TEXT,
    });
    expect(res.statusCode).toBe(204);
    expect(hits()[0]?.payload_json).toBe('{"visitorCookie":"v2"}');
  });

  it('stores a batch of button renders, one hit each', async () => {
    const batch = ['tee', 'mug', 'cap'].map((itemId) => ({ visitorCookie: 'v1', button: 'add', itemId }));
    const res = await visitor.post('/api/census/button-render', undefined, {
      body: JSON.stringify(batch),
      headers: TEXT,
    });
    expect(res.statusCode).toBe(204);
    expect(hits()).toEqual(
      batch.map((hit) => ({ kind: 'button-render', target: null, payload_json: JSON.stringify(hit) })),
    );
  });

  it.each([
    ['an empty list', '/api/census/button-render', []],
    ['101 objects', '/api/census/button-render', Array.from({ length: 101 }, () => ({ visitorCookie: 'v' }))],
    ['a list holding a string', '/api/census/overlay', [{ visitorCookie: 'v' }, 'x']],
    [
      'one form render without a formId',
      '/api/census/form-render',
      [{ formId: 'f' }, { visitorCookie: 'v' }],
    ],
  ])('answers 400 to %s and stores none of it', async (_name, url, body) => {
    const res = await visitor.post(url, body, { crumb: false });
    expect(res.statusCode).toBe(400);
    expect(count('census_hits')).toBe(0);
  });

  it('answers 400 for form-render without a formId', async () => {
    const res = await visitor.post('/api/census/form-render', { visitorCookie: 'v1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ formId: 'formId is required.' });
  });
});

describe('events and error reports', () => {
  it('stores a RecordEvent whose crumb form field matches the cookie', async () => {
    const data = { eventName: 'AddToCart', itemId: 'prod-tee' };
    const body = new URLSearchParams({
      crumb: visitor.crumb ?? '',
      event: 'CommerceEvent',
      data: JSON.stringify(data),
      extra: 'x',
    }).toString();
    const res = await visitor.post('/api/events/RecordEvent', undefined, {
      body,
      headers: FORM,
      crumb: false,
    });
    expect(res.statusCode).toBe(204);
    const row = app.db.prepare('SELECT source, name, payload_json FROM events').get() as {
      source: string;
      name: string;
      payload_json: string;
    };
    expect(row).toMatchObject({ source: 'RecordEvent', name: 'AddToCart' });
    expect(JSON.parse(row.payload_json)).toEqual({ event: 'CommerceEvent', extra: 'x', data });
  });

  it('refuses a RecordEvent with a stale crumb field with crumbFail', async () => {
    const body = new URLSearchParams({ crumb: 'stale', event: 'x', data: '{}' }).toString();
    const res = await visitor.post('/api/events/RecordEvent', undefined, { body, headers: FORM });
    expect(res.statusCode).toBe(401);
    expect(res.json().crumbFail).toBe(true);
  });

  it.each([
    [[{ eventName: 'VisitPDP' }, { eventName: 'AddToCart' }], 2],
    [{ eventName: 'ViewCart' }, 1],
  ])('answers 202 to clanker events and stores them', async (body, stored) => {
    const res = await visitor.post('/api/v1/clanker/events', body, { crumb: false });
    expect(res.statusCode).toBe(202);
    expect(count('events')).toBe(stored);
  });

  it('stores JavaScript error reports with the stack cut at 5000 characters', async () => {
    const res = await visitor.post('/api/events/RecordJavascriptErrors', [
      { message: 'boom', stack: 's'.repeat(6000), url: '/cart' },
    ]);
    expect(res.statusCode).toBe(204);
    const row = app.db.prepare('SELECT message, payload_json FROM error_reports').get() as {
      message: string;
      payload_json: string;
    };
    expect(row.message).toBe('boom');
    expect(JSON.parse(row.payload_json).stack).toHaveLength(5000);
  });

  it.each([
    ['an object', { message: 'x' }],
    ['an empty list', []],
    ['more than 10 events', Array.from({ length: 11 }, () => ({ message: 'x' }))],
    ['an event without a message', [{ stack: 'x' }]],
  ])('answers 400 to error reports given %s', async (_name, body) => {
    const res = await visitor.post('/api/events/RecordJavascriptErrors', body);
    expect(res.statusCode).toBe(400);
    expect(count('error_reports')).toBe(0);
  });
});

describe('performance', () => {
  it('hands out a pageLoadId and stores text/plain records for it', async () => {
    const settings = await visitor.get('/api/1/performance/settings');
    const { pageLoadId } = settings.json();
    expect(pageLoadId).toMatch(/^[0-9a-f-]{36}$/);
    const records = [
      {
        pageLoadId,
        appName: 'storefront',
        eventType: 'page_speed',
        timestamp: 1,
        data: { firstContentfulPaint: 120 },
      },
      { pageLoadId, appName: 'storefront', eventType: 'image', timestamp: 2, data: { visibleOnLoad: true } },
    ];
    const res = await visitor.post('/api/1/performance/records', undefined, {
      body: JSON.stringify(records),
      headers: TEXT,
      crumb: false,
    });
    expect(res.statusCode).toBe(204);
    expect(
      app.db.prepare('SELECT page_load_id, event_type FROM performance_records ORDER BY id').all(),
    ).toEqual([
      { page_load_id: pageLoadId, event_type: 'page_speed' },
      { page_load_id: pageLoadId, event_type: 'image' },
    ]);
  });

  it.each([
    ['[]', 'Data is empty'],
    ['{"a":1}', 'The body must be a JSON array of records.'],
    [
      '[{"pageLoadId":"p","eventType":"other","timestamp":1,"data":{}}]',
      'Each record needs pageLoadId, eventType (page_speed, user or image), timestamp and data.',
    ],
  ])('answers 400 to the records %s', async (body, message) => {
    const res = await visitor.post('/api/1/performance/records', undefined, { body, headers: TEXT });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });
});

describe('site-user session', () => {
  const SESSION = '/api/site-users/account/session';

  it('logs in, rotates the crumb to the returned xsrfToken and sets an HttpOnly session cookie', async () => {
    const before = visitor.crumb;
    const res = await visitor.post(SESSION, {
      email: 'shopper@example.com',
      password: 'shopper-password',
      rememberMe: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      xsrfToken: visitor.crumb,
      siteUser: { id: 'user-2', email: 'shopper@example.com', roles: ['viewer'] },
    });
    expect(visitor.crumb).not.toBe(before);
    expect(String(res.headers['set-cookie'])).toMatch(
      /SiteUserSession=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/,
    );
    // The old crumb is revoked: a page captured before login cannot act.
    expect((await add(visitor, 'prod-workshop', null, 1)).statusCode).toBe(200);
    expect(
      (await visitor.post('/api/form/FormSubmissionKey', undefined, { crumb: before ?? '' })).statusCode,
    ).toBe(401);
  });

  it.each([
    [{ email: 'shopper@example.com', password: 'wrong' }, 401, 'Invalid email or password.'],
    [{ email: 'nobody@example.com', password: 'x' }, 401, 'Invalid email or password.'],
    [{ email: 'shopper@example.com' }, 400, 'password is required.'],
    [
      { email: 'shopper@example.com', password: 'x', rememberMe: 'yes' },
      400,
      'rememberMe must be true or false.',
    ],
  ])('refuses the login %j', async (body, status, message) => {
    const res = await visitor.post(SESSION, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it('gives a signed-in user back their cart on another device', async () => {
    await visitor.post(SESSION, { email: 'shopper@example.com', password: 'shopper-password' });
    const cartId = (await add(visitor, 'prod-workshop', null, 1)).json().shoppingCart.id;
    const phone = await new Visitor(app).arrive();
    await phone.post(SESSION, { email: 'shopper@example.com', password: 'shopper-password' });
    expect(phone.cookies.get(COOKIES.cart)).toBe(cartId);
  });

  it('logs out with cloneCart=true into a copy of the cart', async () => {
    await visitor.post(SESSION, { email: 'shopper@example.com', password: 'shopper-password' });
    const original = (await add(visitor, 'prod-tee', 'TEE-S-BLK', 2)).json().shoppingCart;
    const res = await visitor.delete(`${SESSION}?cloneCart=true`);
    expect(res.statusCode).toBe(200);
    const { cartId } = res.json();
    expect(cartId).not.toBe(original.id);
    const copy = (await visitor.get(CART)).json();
    expect(copy.id).toBe(cartId);
    expect(copy.entries.map((e: { quantity: number; itemId: string }) => [e.itemId, e.quantity])).toEqual([
      ['prod-tee', 2],
    ]);
    expect(visitor.cookies.has('SiteUserSession')).toBe(false);
  });

  it('logs out with cloneCart=false and forgets the cart', async () => {
    await add(visitor, 'prod-tee', 'TEE-S-BLK', 1);
    const res = await visitor.delete(`${SESSION}?cloneCart=false`);
    expect(res.json()).toEqual({ loggedOut: true, cartId: null });
    expect(visitor.cookies.has(COOKIES.cart)).toBe(false);
    expect(visitor.cookies.has(COOKIES.hasCart)).toBe(false);
  });

  it('answers crumbFail to a logout with a stale crumb, and the single repeat succeeds', async () => {
    visitor.cookies.set(COOKIES.crumb, 'stale');
    const first = await visitor.delete(`${SESSION}?cloneCart=false`);
    expect(first.json().crumbFail).toBe(true);
    const repeat = await visitor.delete(`${SESSION}?cloneCart=false`);
    expect(repeat.statusCode).toBe(200);
  });

  it('answers 400 to a malformed cloneCart', async () => {
    expect((await visitor.delete(`${SESSION}?cloneCart=1`)).statusCode).toBe(400);
  });

  // docs/security.md: the account-wide ceiling holds a new browser for as long as a stranger
  // renews it, not for one window; a browser the account signed in on is never held.
  it('holds the account’s new browsers as long as strangers renew the ceiling, never its own', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const windowMs = 15 * 60_000;
    const shop = await startServer({
      rateLimit: { loginFailuresPerAccount: { max: 10, timeWindowMs: windowMs } },
    });
    try {
      const SHOPPER = { email: 'shopper@example.com', password: 'shopper-password' };
      const own = await new Visitor(shop, '203.0.113.7').arrive();
      await own.signIn(SHOPPER);
      let address = 0;
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 10; i++) {
          const stranger = await new Visitor(shop, `198.51.100.${++address}`).arrive();
          expect((await stranger.post(SESSION, { ...SHOPPER, password: 'guess' })).statusCode).toBe(401);
        }
        const newBrowser = await new Visitor(shop, '203.0.113.7').arrive();
        const held = await newBrowser.post(SESSION, SHOPPER);
        expect(held.statusCode).toBe(429);
        expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
        expect((await own.post(SESSION, SHOPPER)).statusCode).toBe(200);
        vi.setSystemTime(Date.now() + windowMs);
      }
    } finally {
      await shop.close();
      vi.useRealTimers();
    }
  });
});

describe('site settings', () => {
  it.each([
    [
      '/api/multilingual/settings',
      {
        enabled: false,
        defaultLanguage: 'en-US',
        languages: [{ code: 'en-US', name: 'English', isDefault: true }],
      },
    ],
    ['/api/multilingual/status', { enabled: false, status: 'DISABLED' }],
  ])('GET %s', async (url, body) => {
    const res = await visitor.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(body);
  });

  it('GET /api/site-header-footer answers header and footer data', async () => {
    const res = await visitor.get('/api/site-header-footer');
    expect(res.json()).toMatchObject({
      header: {
        siteTitle: expect.any(String),
        navigation: expect.arrayContaining([{ title: 'Cart', url: '/cart' }]),
      },
      footer: { text: expect.any(String) },
    });
  });
});
