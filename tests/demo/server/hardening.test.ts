// @vitest-environment node
/**
 * Smaller holes, each as the request that found it: prototype keys in form answers, free form
 * keys, script image URLs from the catalogue, cookies over HTTPS, and caching of personalised pages.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_FORM_KEYS, MAX_FORM_KEYS_PER_ADDRESS } from '../../../demo/server/limits';
import { add, startServer, Visitor } from './visitor';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const KEY = '/api/form/FormSubmissionKey';
const SAVE = '/api/form/SaveFormSubmission';
const CONTACT = {
  name: { first: 'Ada', last: 'Lovelace' },
  email: 'ada@example.com',
  message: 'Hello',
};
const submissions = (): number =>
  (app!.db.prepare('SELECT COUNT(*) AS n FROM form_submissions').get() as { n: number }).n;

async function formKey(v: Visitor): Promise<string> {
  const res = await v.post(KEY);
  expect(res.statusCode).toBe(200);
  return res.json().key as string;
}

describe('form answers sent as a JSON string', () => {
  it.each(['__proto__', 'constructor', 'prototype'])(
    'refuses a %s key as an unknown field and stores nothing',
    async (name) => {
      app = await startServer();
      const visitor = await new Visitor(app).arrive();
      const form = `{${JSON.stringify(CONTACT).slice(1, -1)},"${name}":{"isAdmin":true}}`;
      const res = await visitor.post(SAVE, { key: await formKey(visitor), formId: 'form-contact', form });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ [name]: 'Unknown field.' });
      expect(Object.keys(res.json().errors)).toEqual([name]);
      expect(submissions()).toBe(0);
    },
  );
});

describe('form submission keys', () => {
  it('are limited to 30 a minute per address, with 429 and Retry-After', async () => {
    app = await startServer();
    const visitor = await new Visitor(app).arrive();
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await visitor.post(KEY)).statusCode);
    expect(statuses).toEqual([...Array<number>(30).fill(200), 429]);
    const refused = await visitor.post(KEY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const other = await new Visitor(app, '198.51.100.7').arrive();
    expect((await other.post(KEY)).statusCode).toBe(200);
  });

  it(`keep at most ${MAX_FORM_KEYS_PER_ADDRESS} per address, so one address cannot evict other visitors' keys`, async () => {
    app = await startServer({ rateLimit: { formKey: { max: 1_000_000, timeWindowMs: 60_000 } } });
    const visitor = await new Visitor(app, '203.0.113.5').arrive();
    const key = await formKey(visitor);
    const flooder = await new Visitor(app, '198.51.100.7').arrive();
    for (let i = 0; i <= MAX_FORM_KEYS; i++) await flooder.post(KEY);
    const held = app.db.prepare('SELECT COUNT(*) AS n FROM form_keys').get() as { n: number };
    expect(held.n).toBe(MAX_FORM_KEYS_PER_ADDRESS + 1);
    // The flooder's newest keys are the ones kept, so its own forms still work.
    const res = await visitor.post(SAVE, { key, formId: 'form-contact', form: JSON.stringify(CONTACT) });
    expect(res.statusCode).toBe(200);
    expect(submissions()).toBe(1);
  }, 60_000);

  it('past the overall cap, evicts from the address holding the most keys', async () => {
    app = await startServer({ rateLimit: { formKey: { max: 1_000_000, timeWindowMs: 60_000 } } });
    const visitor = await new Visitor(app, '203.0.113.5').arrive();
    const key = await formKey(visitor);
    // Fill the table as many addresses would, straight into the database.
    const insert = app.db.prepare('INSERT INTO form_keys (key, created, address) VALUES (?, ?, ?)');
    app.db.transaction(() => {
      for (let i = 0; i < MAX_FORM_KEYS - 1; i++) {
        insert.run(`filler-${i}`, Date.now(), `10.0.${Math.floor(i / MAX_FORM_KEYS_PER_ADDRESS)}.1`);
      }
    })();
    const newcomer = await new Visitor(app, '198.51.100.7').arrive();
    await formKey(newcomer);
    const res = await visitor.post(SAVE, { key, formId: 'form-contact', form: JSON.stringify(CONTACT) });
    expect(res.statusCode).toBe(200);
    const held = app.db.prepare('SELECT COUNT(*) AS n FROM form_keys').get() as { n: number };
    expect(held.n).toBe(MAX_FORM_KEYS);
  });
});

const imageProduct = (id: string, url: string) => ({
  id,
  title: `Print ${id}`,
  mainImage: { assetUrl: url },
  structuredContent: {
    productType: 1,
    variants: [
      {
        id: `var-${id}`,
        sku: `SKU-${id}`,
        attributes: {},
        priceMoney: { value: '10.00', currency: 'USD' },
        qtyInStock: 3,
        mainImage: { assetUrl: url },
      },
    ],
  },
});

describe('catalogue image addresses', () => {
  const HOSTILE = [
    ['javascript', ['javascript', 'alert(1)'].join(':')],
    ['javascript spelled with case and spaces', ` JaVaScRiPt:${'alert(1)'}`],
    ['vbscript', ['vbscript', 'msgbox(1)'].join(':')],
    ['data', 'data:image/svg+xml,<svg onload=alert(1)>'],
  ];

  it.each(HOSTILE)('never puts a %s address into an img src', async (_name, url) => {
    app = await startServer({
      catalog: [imageProduct('p1', url ?? ''), imageProduct('p2', '/demo-assets/mug.svg')],
    });
    for (const path of ['/', '/products/p1']) {
      const html = (await app.inject(path)).body;
      const sources = [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1]);
      expect(sources.filter((s) => !/^(\/[^/]|https?:\/\/)/i.test(s ?? ''))).toEqual([]);
    }
    // A safe address still shows.
    expect((await app.inject('/')).body).toContain('src="/demo-assets/mug.svg"');
  });
});

describe('HTTPS', () => {
  const cookieLines = (res: { headers: Record<string, unknown> }): string[] => {
    const raw = res.headers['set-cookie'];
    return Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  };

  it('marks every cookie Secure with secureCookies, the session and cart included', async () => {
    app = await startServer({ secureCookies: true });
    const visitor = new Visitor(app);
    const page = await visitor.get('/');
    const login = await visitor.post('/api/site-users/account/session', {
      email: 'owner@example.com',
      password: 'owner-password',
    });
    const added = await visitor.post('/api/commerce/shopping-cart/entries', {
      itemId: 'prod-workshop',
      sku: null,
      quantity: 1,
      additionalFields: null,
    });
    const lines = [page, login, added].flatMap(cookieLines);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(lines.filter((l) => !/;\s*Secure(;|$)/i.test(l))).toEqual([]);
  });

  it('leaves cookies without Secure over plain HTTP by default', async () => {
    app = await startServer();
    const lines = cookieLines(await new Visitor(app).get('/'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((l) => /;\s*Secure/i.test(l))).toEqual([]);
  });

  it('sends Strict-Transport-Security on pages and API answers with hsts, and never without', async () => {
    app = await startServer({ hsts: true });
    for (const path of ['/', '/api/commerce/shopping-cart', '/no-such-page']) {
      expect((await app.inject(path)).headers['strict-transport-security']).toBe('max-age=31536000');
    }
    await app.close();
    app = await startServer();
    expect((await app.inject('/')).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('personalised pages', () => {
  it.each([
    '/',
    '/products/prod-tee',
    '/cart',
    '/checkout',
    '/checkout/subscription',
    '/checkout/gift-card',
    '/contact',
    '/admin/restock',
    '/editor',
    '/editor/header-footer',
  ])('%s is private, revalidated on each use, with a validator, and varies by cookie', async (path) => {
    app = await startServer();
    const res = await new Visitor(app).get(path);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(String(res.headers['etag'])).toMatch(/^W\/"[\w-]+"$/);
    expect(String(res.headers['vary'])).toMatch(/(^|,\s*)Cookie(,|$)/i);
  });

  it('keeps the restock confirmation, which spends a token, out of every cache', async () => {
    app = await startServer();
    const res = await new Visitor(app).get('/restock/confirm?token=x');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['etag']).toBeUndefined();
  });

  /** The visitor's page at `path`, and again with the validator it was given (`etag` to send another). */
  async function revalidate(visitor: Visitor, path: string, etag?: string) {
    const first = await visitor.get(path);
    const tag = etag ?? String(first.headers['etag']);
    const again = await visitor.request('GET', path, undefined, { headers: { 'if-none-match': tag } });
    return { first, again };
  }

  it.each(['/', '/products/prod-tee', '/cart', '/contact'])(
    'answers the same visitor’s revalidation of %s with 304 and no body',
    async (path) => {
      app = await startServer();
      const { first, again } = await revalidate(await new Visitor(app).arrive(), path);
      expect(first.statusCode).toBe(200);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['etag']).toBe(first.headers['etag']);
      expect(again.headers['cache-control']).toBe('private, no-cache');
    },
  );

  it('never answers 304 with another visitor’s page: signed in, or with a cart', async () => {
    app = await startServer();
    const anonymous = await new Visitor(app).arrive();
    const shop = await anonymous.get('/');
    const cart = await anonymous.get('/cart');

    const shopper = await new Visitor(app).arrive();
    const login = await shopper.post('/api/site-users/account/session', {
      email: 'shopper@example.com',
      password: 'shopper-password',
    });
    expect(login.statusCode).toBe(200);
    const signedIn = await revalidate(shopper, '/', String(shop.headers['etag']));
    expect(signedIn.again.statusCode).toBe(200);
    expect(signedIn.again.headers['etag']).not.toBe(shop.headers['etag']);
    expect(signedIn.again.body).not.toBe(shop.body);

    const buyer = await new Visitor(app).arrive();
    expect((await add(buyer, 'prod-tee', 'TEE-M-BLK', 2)).statusCode).toBeLessThan(300);
    const withCart = await revalidate(buyer, '/cart', String(cart.headers['etag']));
    expect(withCart.again.statusCode).toBe(200);
    expect(withCart.again.headers['etag']).not.toBe(cart.headers['etag']);
    // And the anonymous visitor's own validator still names only the anonymous page.
    const stillEmpty = await revalidate(anonymous, '/cart', String(withCart.again.headers['etag']));
    expect(stillEmpty.again.statusCode).toBe(200);
    expect(stillEmpty.again.body).toBe(cart.body);
  });
});

describe('client addresses', () => {
  const LOGIN = '/api/site-users/account/session';
  const guess = (visitor: Visitor, headers: Record<string, string> = {}) =>
    visitor.post(LOGIN, { email: 'nobody@example.com', password: 'wrong' }, { headers });
  const twoPerMinute = { max: 2, timeWindowMs: 60_000 };

  it('counts two IPv6 addresses of one /64 as one client, and the next /64 apart', async () => {
    app = await startServer({ rateLimit: { login: twoPerMinute, formKey: twoPerMinute } });
    const first = await new Visitor(app, '2001:db8:1:2::a').arrive();
    const neighbour = await new Visitor(app, '2001:db8:1:2:ffff::b').arrive();
    const elsewhere = await new Visitor(app, '2001:db8:1:3::a').arrive();
    expect([(await guess(first)).statusCode, (await guess(first)).statusCode]).toEqual([401, 401]);
    expect((await guess(neighbour)).statusCode).toBe(429);
    expect((await guess(elsewhere)).statusCode).toBe(401);
    // The route rate limits count the same way.
    expect([(await first.post(KEY)).statusCode, (await first.post(KEY)).statusCode]).toEqual([200, 200]);
    expect((await neighbour.post(KEY)).statusCode).toBe(429);
    expect((await elsewhere.post(KEY)).statusCode).toBe(200);
  });

  // A sign-out copies the visitor's cart (cloneCart) and revokes a crumb: a stranger repeating it
  // must not fill the database.
  it('counts sign-outs with sign-ins, so cart copies stop at the limit', async () => {
    app = await startServer({ rateLimit: { login: twoPerMinute } });
    const stranger = await new Visitor(app).arrive();
    expect((await add(stranger, 'prod-tee', 'TEE-M-BLK')).statusCode).toBe(200);
    const carts = () => (app!.db.prepare('SELECT COUNT(*) AS n FROM carts').get() as { n: number }).n;
    const before = carts();
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await stranger.delete('/api/site-users/account/session?cloneCart=true')).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
    // Each sign-out let through copies the cart it names, once: two copies, no more.
    expect(carts()).toBe(before + 2);
  });

  it('ignores X-Forwarded-For without a trusted proxy: a forged header buys no new count', async () => {
    app = await startServer({ rateLimit: { login: twoPerMinute } });
    const stranger = await new Visitor(app).arrive();
    const statuses = [];
    for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      statuses.push((await guess(stranger, { 'x-forwarded-for': forged })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('believes X-Forwarded-For from a trusted proxy only', async () => {
    app = await startServer({ trustProxy: '127.0.0.1', rateLimit: { login: twoPerMinute } });
    const proxy = await new Visitor(app, '127.0.0.1').arrive();
    const statuses = [];
    for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      statuses.push((await guess(proxy, { 'x-forwarded-for': client })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401]);
    const other = await new Visitor(app, '127.0.0.2').arrive();
    const forged = [];
    for (const client of ['198.51.100.4', '198.51.100.5', '198.51.100.6']) {
      forged.push((await guess(other, { 'x-forwarded-for': client })).statusCode);
    }
    expect(forged).toEqual([401, 401, 429]);
  });

  it('refuses a trusted proxy list it cannot read', async () => {
    await expect(startServer({ trustProxy: 'localhost' })).rejects.toThrow(/Invalid trusted proxy/);
  });
});
