// @vitest-environment node
/**
 * The attacks of docs/security.md, each as a request an attacker could send: every one is refused.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { add, CART, ENTRIES, startServer, Visitor } from './visitor';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const contactForm = (successRedirect: unknown) => ({
  id: 'form-contact',
  name: 'Contact',
  fields: [{ id: 'email', type: 'email', title: 'Email', required: true }],
  successRedirect,
});

describe('form success redirects', () => {
  it.each([
    ['a script address', ['javascript', 'alert(document.cookie)'].join(':')],
    ['another scheme', 'ftp://files.example/'],
    ['a protocol-relative address', '//evil.example/'],
    ['a tab a browser drops', '/\t/evil.example'],
    ['a backslash a browser reads as a slash', '/\\evil.example'],
  ])('refuses to seed a form redirecting to %s', async (_name, target) => {
    await expect(startServer({ forms: [contactForm(target)] })).rejects.toThrow(
      'form form-contact: successRedirect must be a same-origin path such as /thanks or an http(s) address',
    );
  });

  it('keeps an https address the owner chose', async () => {
    app = await startServer({ forms: [contactForm('https://shop.example.org/thanks')] });
    const res = await app.inject('/api/template/GetTemplateSchema?type=form&formId=form-contact');
    expect(res.json().successRedirect).toBe('https://shop.example.org/thanks');
  });

  it('keeps a same-origin path', async () => {
    app = await startServer({ forms: [contactForm('/thanks')] });
    const res = await app.inject('/api/template/GetTemplateSchema?type=form&formId=form-contact');
    expect(res.json().successRedirect).toBe('/thanks');
  });
});

const SPELLED = '/%61pi';
const CRUMB_FAIL = {
  crumbFail: true,
  message: 'Your session has expired. Please reload the page and try again.',
};
const FORM = 'application/x-www-form-urlencoded';

const rowCount = (table: string): number =>
  (app!.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('checks run on the route the router matched, however the path is spelled', () => {
  it('refuses a cross-site form post to a percent-encoded add-to-cart path, and stores nothing', async () => {
    app = await startServer();
    const res = await app.inject({
      method: 'POST',
      url: `${SPELLED}/commerce/shopping-cart/entries`,
      payload: 'itemId=prod-workshop&sku=WORKSHOP-2H&quantity=1',
      headers: { 'content-type': FORM },
    });
    expect(res.statusCode).toBe(415);
    expect(rowCount('carts')).toBe(0);
  });

  it('refuses a spelled JSON add without the crumb with the crumb failure', async () => {
    app = await startServer();
    const visitor = await new Visitor(app).arrive();
    const res = await visitor.post(
      `${SPELLED}/commerce/shopping-cart/entries`,
      { itemId: 'prod-workshop', sku: null, quantity: 1 },
      { crumb: false },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(CRUMB_FAIL);
    expect(rowCount('carts')).toBe(0);
  });

  it.each([`${SPELLED}/site-users/account/session`, '/api/site-users/%61ccount/session'])(
    'refuses a login at %s without the crumb, so no page can sign a visitor in',
    async (url) => {
      app = await startServer();
      const res = await app.inject({
        method: 'POST',
        url,
        payload: 'email=owner%40example.com&password=owner-password',
        headers: { 'content-type': FORM },
      });
      expect(res.statusCode).toBe(415);
      const json = await new Visitor(app).post(
        url,
        { email: 'owner@example.com', password: 'owner-password' },
        {
          crumb: false,
        },
      );
      expect(json.statusCode).toBe(401);
      expect(json.json()).toEqual(CRUMB_FAIL);
      expect(rowCount('sessions')).toBe(0);
    },
  );

  it('marks a spelled API read no-store', async () => {
    app = await startServer();
    const res = await app.inject(`${SPELLED}/commerce/shopping-cart`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('counts spelled adds against the same rate limit', async () => {
    app = await startServer({ rateLimit: { addToCart: { max: 2, timeWindowMs: 60_000 } } });
    const visitor = await new Visitor(app).arrive();
    const statuses = [];
    for (const url of [
      ENTRIES,
      `${SPELLED}/commerce/shopping-cart/entries`,
      '/api/commerce/shopping-cart/%65ntries',
    ]) {
      statuses.push(
        (await visitor.post(url, { itemId: 'prod-workshop', sku: null, quantity: 1 })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('body types', () => {
  it.each([
    ['form-encoded', FORM, 'itemId=prod-workshop&quantity=1'],
    ['text', 'text/plain', '{"itemId":"prod-workshop","quantity":1}'],
  ])('a JSON endpoint refuses a %s body with 415 even with the crumb', async (_name, type, payload) => {
    app = await startServer();
    const visitor = await new Visitor(app).arrive();
    const res = await visitor.post(ENTRIES, undefined, { body: payload, headers: { 'content-type': type } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Unsupported content type.' });
    expect(rowCount('carts')).toBe(0);
  });

  it('takes a form-encoded body where docs/http-api.md allows one (census, RecordEvent)', async () => {
    app = await startServer();
    const visitor = await new Visitor(app).arrive();
    const hit = await visitor.post('/api/census/RecordHit', undefined, {
      body: 'event=view&data=%7B%7D',
      headers: { 'content-type': FORM },
      crumb: false,
    });
    expect(hit.statusCode).toBe(204);
    const event = await visitor.post('/api/events/RecordEvent', undefined, {
      body: `crumb=${visitor.crumb}&event=e&data=%7B%7D`,
      headers: { 'content-type': FORM },
      crumb: false,
    });
    expect(event.statusCode).toBe(204);
  });
});

const SESSION = '/api/site-users/account/session';
const login = (v: Visitor, email: string, password: string) => v.post(SESSION, { email, password });

// Each login checks a password with scrypt, which is slow on purpose and runs in libuv's four
// threads: the tests here that make dozens of attempts take a second on a quiet machine and more
// than 20 s on a busy one (a CI run beside the browser suite under its CPU hog), so they get a
// minute.
describe('login', { timeout: 60_000 }, () => {
  it('refuses even the right password with 429 and Retry-After after five wrong ones', async () => {
    app = await startServer();
    const visitor = await new Visitor(app).arrive();
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await login(visitor, 'owner@example.com', `guess-${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const right = await login(visitor, 'OWNER@example.com', 'owner-password');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
    });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(rowCount('sessions')).toBe(0);
  });

  it('lets the owner in from her own address while a stranger hammers the account from another', async () => {
    app = await startServer();
    const stranger = await new Visitor(app, '198.51.100.7').arrive();
    const spellings = [
      'owner@example.com',
      ' OWNER@example.com',
      'Owner@Example.COM\t',
      'owner@example.com ',
    ];
    const statuses = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await login(stranger, spellings[i % spellings.length] ?? '', `guess-${i}`)).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    const owner = await new Visitor(app, '203.0.113.5').arrive();
    const right = await login(owner, 'owner@example.com', 'owner-password');
    expect(right.statusCode).toBe(200);
    expect(right.json().siteUser.email).toBe('owner@example.com');
  });

  it('marks the browser of a sign-in with a device cookie only the sign-in call receives', async () => {
    app = await startServer();
    const owner = await new Visitor(app).arrive();
    const res = await login(owner, 'owner@example.com', 'owner-password');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(
      /SiteUserDevice=[\w-]{43}; Max-Age=31536000; Path=\/api\/site-users\/account\/session; HttpOnly; SameSite=Strict/,
    );
  });

  describe('across addresses', () => {
    const STRANGERS = 12;
    /** One wrong password on `email` from each of `count` addresses: their statuses. */
    async function spreadGuesses(email: string, count: number): Promise<number[]> {
      const statuses = [];
      for (let i = 0; i < count; i++) {
        const stranger = await new Visitor(app!, `198.51.100.${i + 1}`).arrive();
        statuses.push((await login(stranger, email, `guess-${i}`)).statusCode);
      }
      return statuses;
    }

    it("holds the account to 10 failures from browsers it never signed in on, the owner's own excepted", async () => {
      app = await startServer();
      const owner = await new Visitor(app, '203.0.113.5').arrive();
      expect((await login(owner, 'owner@example.com', 'owner-password')).statusCode).toBe(200);
      await owner.request('DELETE', SESSION);

      const statuses = await spreadGuesses('owner@example.com', STRANGERS);
      expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
      const refused = await login(await new Visitor(app, '192.0.2.1').arrive(), 'owner@example.com', 'x');
      expect(refused.json().message).toBe(
        `Too many requests. Please try again in ${refused.headers['retry-after']} seconds.`,
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Her own browser, under any spelling of the email, and from a new address too.
      expect((await login(owner, ' Owner@Example.com', 'owner-password')).statusCode).toBe(200);
      const onTheTrain = owner.tab();
      expect((await login(onTheTrain, 'owner@example.com', 'owner-password')).statusCode).toBe(200);
      // A new browser waits, even with the right password.
      const fresh = await new Visitor(app, '203.0.113.5').arrive();
      expect((await login(fresh, 'owner@example.com', 'owner-password')).statusCode).toBe(429);
    });

    it('takes no device cookie of another account, nor a forged one', async () => {
      app = await startServer();
      const shopper = await new Visitor(app, '203.0.113.9').arrive();
      expect((await login(shopper, 'shopper@example.com', 'shopper-password')).statusCode).toBe(200);
      await spreadGuesses('owner@example.com', STRANGERS);
      expect((await login(shopper, 'owner@example.com', 'owner-password')).statusCode).toBe(429);
      const forger = await new Visitor(app, '203.0.113.10').arrive();
      forger.cookies.set('SiteUserDevice', 'A'.repeat(43));
      expect((await login(forger, 'owner@example.com', 'owner-password')).statusCode).toBe(429);
    });

    it('does not count a right password from a new browser', async () => {
      app = await startServer();
      for (let i = 0; i < STRANGERS; i++) {
        const browser = await new Visitor(app, `198.51.100.${i + 1}`).arrive();
        expect((await login(browser, 'shopper@example.com', 'shopper-password')).statusCode).toBe(200);
      }
    });
  });

  it('delays an account at one address progressively: 30 s, then twice as long per failure', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 0, 1) });
    try {
      app = await startServer({ rateLimit: { login: { max: 1000, timeWindowMs: 60_000 } } });
      const visitor = await new Visitor(app).arrive();
      for (let i = 0; i < 5; i++) await login(visitor, 'owner@example.com', `guess-${i}`);
      const waits = [];
      for (let round = 0; round < 3; round++) {
        const refused = await login(visitor, 'owner@example.com', 'owner-password');
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toBe(
          `Too many requests. Please try again in ${refused.headers['retry-after']} seconds.`,
        );
        const wait = Number(refused.headers['retry-after']);
        waits.push(wait);
        vi.advanceTimersByTime(wait * 1000);
        expect((await login(visitor, 'owner@example.com', 'wrong')).statusCode).toBe(401);
      }
      expect(waits).toEqual([30, 60, 120]);
      vi.advanceTimersByTime(240_000);
      expect((await login(visitor, 'owner@example.com', 'owner-password')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never waits longer than 15 minutes, however many failures', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 0, 1) });
    try {
      app = await startServer({ rateLimit: { login: { max: 1000, timeWindowMs: 60_000 } } });
      const visitor = await new Visitor(app).arrive();
      const waits: number[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await login(visitor, 'owner@example.com', `guess-${i}`);
        if (res.statusCode === 429) {
          waits.push(Number(res.headers['retry-after']));
          vi.advanceTimersByTime((waits.at(-1) ?? 0) * 1000);
        }
      }
      expect(waits.slice(0, 6)).toEqual([30, 60, 120, 240, 480, 900]);
      expect(new Set(waits.slice(5))).toEqual(new Set([900]));
    } finally {
      vi.useRealTimers();
    }
  });

  it('limits attempts per address across accounts', async () => {
    app = await startServer({ rateLimit: { login: { max: 3, timeWindowMs: 60_000 } } });
    const visitor = await new Visitor(app).arrive();
    const statuses = [];
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com', 'shopper@example.com']) {
      statuses.push((await login(visitor, email, 'shopper-password')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('treats an unknown email like a wrong password, failures counted the same', async () => {
    app = await startServer({ rateLimit: { loginFailures: { max: 2, timeWindowMs: 60_000 } } });
    const visitor = await new Visitor(app).arrive();
    const unknown = await login(visitor, 'nobody@example.com', 'x');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'Invalid email or password.' });
    await login(visitor, 'nobody@example.com', 'y');
    expect((await login(visitor, 'nobody@example.com', 'z')).statusCode).toBe(429);
  });

  it('clears the failures after a successful login', async () => {
    app = await startServer({ rateLimit: { loginFailures: { max: 2, timeWindowMs: 60_000 } } });
    const visitor = await new Visitor(app).arrive();
    await login(visitor, 'shopper@example.com', 'wrong');
    expect((await login(visitor, 'shopper@example.com', 'shopper-password')).statusCode).toBe(200);
    await login(visitor, 'shopper@example.com', 'wrong');
    expect((await login(visitor, 'shopper@example.com', 'shopper-password')).statusCode).toBe(200);
  });

  it('checks passwords off the event loop: other work goes on while a login hashes', async () => {
    app = await startServer();
    const visitor = await new Visitor(app).arrive();
    // Turns of the event loop while logins run. scrypt on the main thread blocks it for the whole
    // hash, leaving only the few turns the request itself takes; on the thread pool the loop
    // keeps turning throughout.
    let turns = 0;
    let spinning = true;
    const spin = (): void => {
      turns += 1;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    for (let i = 0; i < 3; i++) await login(visitor, `user${i}@example.com`, 'wrong');
    spinning = false;
    expect(turns / 3).toBeGreaterThan(100);
  });
});

describe('static files', () => {
  let dir = '';
  afterEach(() => {
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
    dir = '';
  });

  it.each([
    ['a symlinked file', '/linked.txt'],
    ['a file in a symlinked folder', '/linked-dir/secret.txt'],
    ['a symlink to the live database', '/store-link'],
    ['the live database itself', '/store.sqlite'],
    ['its write-ahead log', '/store.sqlite-wal'],
    ['a page symlinked from outside', '/linked-page.html'],
  ])('never serves %s', async (_name, url) => {
    dir = mkdtempSync(join(tmpdir(), 'sf-static-'));
    const pages = join(dir, 'pages');
    mkdirSync(pages);
    mkdirSync(join(dir, 'private'));
    writeFileSync(join(dir, 'private', 'secret.txt'), 'SECRET outside the root');
    writeFileSync(join(dir, 'private', 'page.html'), '<!doctype html><title>SECRET page</title>');
    symlinkSync(join(dir, 'private', 'secret.txt'), join(pages, 'linked.txt'));
    symlinkSync(join(dir, 'private'), join(pages, 'linked-dir'));
    symlinkSync(join(dir, 'private', 'page.html'), join(pages, 'linked-page.html'));
    writeFileSync(join(pages, 'ok.txt'), 'served');
    // The database lives inside the pages folder: the worst case of a careless --db.
    const dbPath = join(pages, 'store.sqlite');
    symlinkSync(dbPath, join(pages, 'store-link'));
    app = await startServer({ dbPath, pagesDir: pages });
    await new Visitor(app).arrive();
    expect((await app.inject('/ok.txt')).body).toBe('served');
    const res = await app.inject(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/SECRET|SQLite format/);
  });

  it('renders its own cart page when the cart page file is a symlink out of the folder', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sf-static-'));
    const pages = join(dir, 'pages');
    mkdirSync(pages);
    writeFileSync(join(dir, 'page.html'), '<!doctype html><title>SECRET page</title>');
    symlinkSync(join(dir, 'page.html'), join(pages, 'cart.html'));
    app = await startServer({ pagesDir: pages });
    const res = await app.inject('/cart');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('SECRET');
    expect(res.body).toContain('data-sf-widget="cart-page"');
  });
});

describe('anonymous storage stays bounded', () => {
  it('answers 413 to a census body above 16 KB and stores nothing', async () => {
    app = await startServer();
    const res = await new Visitor(app).post(
      '/api/census/overlay',
      { visitorCookie: 'v', padding: 'x'.repeat(17 * 1024) },
      { crumb: false },
    );
    expect(res.statusCode).toBe(413);
    expect(rowCount('census_hits')).toBe(0);
  });

  it('limits beacons per address with 429 and Retry-After', async () => {
    app = await startServer({ rateLimit: { beacons: { max: 3, timeWindowMs: 60_000 } } });
    const visitor = new Visitor(app);
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await visitor.post('/api/census/overlay', { visitorCookie: 'v' }, { crumb: false })).statusCode,
      );
    }
    expect(statuses).toEqual([204, 204, 204, 429]);
  });

  it('keeps only the newest rows of each analytics table under a flood', async () => {
    app = await startServer({
      maxAnalyticsRows: 20,
      rateLimit: { beacons: { max: 10_000, timeWindowMs: 60_000 } },
    });
    const visitor = await new Visitor(app).arrive();
    for (let i = 0; i < 60; i++) {
      await visitor.post('/api/census/overlay', { visitorCookie: `v${i}` }, { crumb: false });
      await visitor.post('/api/v1/clanker/events', [{ name: `e${i}` }, { name: `f${i}` }], { crumb: false });
      await visitor.get('/api/1/performance/settings');
      await visitor.post('/api/events/RecordJavascriptErrors', [{ message: `m${i}` }]);
    }
    for (const table of ['census_hits', 'events', 'performance_page_loads', 'error_reports']) {
      expect(rowCount(table)).toBe(20);
    }
    const newest = app.db.prepare('SELECT payload_json FROM census_hits ORDER BY id DESC LIMIT 1').get() as {
      payload_json: string;
    };
    expect(JSON.parse(newest.payload_json)).toEqual({ visitorCookie: 'v59' });
  });
});

describe('deeply nested JSON', () => {
  // 10 KB: within the 16 KB beacon limit, so the depth is what is refused.
  const deepArray = '['.repeat(5000) + ']'.repeat(5000);
  const deepObject = `{"a":${deepArray}}`;

  it.each([
    ['/api/census/overlay', 'application/json', deepObject],
    ['/api/census/overlay', 'text/plain', deepObject],
    ['/api/v1/clanker/events', 'application/json', deepObject],
    ['/api/v1/clanker/events', 'text/plain', `[${deepObject}]`],
    ['/api/events/RecordJavascriptErrors', 'application/json', `[{"message":"m","x":${deepArray}}]`],
    ['/api/1/performance/records', 'text/plain', deepArray],
    ['/api/commerce/shopping-cart/entries', 'application/json', deepArray],
  ])('%s answers 400 to 5,000 levels as %s', async (url, type, body) => {
    app = await startServer({ rateLimit: { beacons: { max: 1000, timeWindowMs: 60_000 } } });
    const visitor = await new Visitor(app).arrive();
    const res = await visitor.post(url, undefined, { body, headers: { 'content-type': type } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('answers 400 to a deep JSON string inside a form field', async () => {
    app = await startServer();
    const res = await new Visitor(app).post('/api/census/RecordHit', undefined, {
      // Percent-encoding triples the brackets: 2,000 levels stay within the beacon limit.
      body: `event=view&data=${encodeURIComponent(`{"a":${'['.repeat(2000)}${']'.repeat(2000)}}`)}`,
      headers: { 'content-type': FORM },
      crumb: false,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('cart quantities', () => {
  it('holds an entry at 9999 however many adds it takes', async () => {
    app = await startServer();
    const visitor = await new Visitor(app).arrive();
    expect((await add(visitor, 'prod-field-guide', null, 9999)).statusCode).toBe(200);
    const over = await add(visitor, 'prod-field-guide', null, 1);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      message: 'Quantity must be between 1 and 9999.',
      errors: { quantity: 'Quantity must be between 1 and 9999.' },
    });
    const cart = (await visitor.get(CART)).json();
    expect(cart.entries.map((e: { quantity: number }) => e.quantity)).toEqual([9999]);
  });

  it.each(['0x10', '0b101', '0o7', '1e1', 'Infinity', '1_0', ''])(
    'refuses the quantity %j: decimal digits only',
    async (quantity) => {
      app = await startServer();
      const visitor = await new Visitor(app).arrive();
      const res = await add(visitor, 'prod-field-guide', null, quantity);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ quantity: 'Quantity must be a number.' });
    },
  );

  it.each([
    ['3', 3],
    [' 12 ', 12],
  ])('takes the decimal text %j as %d', async (quantity, expected) => {
    app = await startServer();
    const visitor = await new Visitor(app).arrive();
    const res = await add(visitor, 'prod-field-guide', null, quantity);
    expect(res.statusCode).toBe(200);
    expect(res.json().newlyAdded.quantity).toBe(expected);
  });

  it('makes one cart of ten simultaneous first adds by one visitor', async () => {
    app = await startServer();
    const visitor = await new Visitor(app).arrive();
    // Ten tabs of one browser, none with a cart cookie yet.
    const tabs = Array.from({ length: 10 }, () => visitor.tab());
    const responses = await Promise.all(tabs.map((tab) => add(tab, 'prod-field-guide', null, 1)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((r) => r.json().shoppingCart.id)).size).toBe(1);
    expect(rowCount('carts')).toBe(1);
    const cart = (await tabs[9]!.get(CART)).json();
    expect(cart.totalQuantity).toBe(10);
  });

  it('gives two visitors two carts', async () => {
    app = await startServer();
    const [a, b] = [await new Visitor(app).arrive(), await new Visitor(app).arrive()];
    await Promise.all([add(a, 'prod-field-guide', null), add(b, 'prod-field-guide', null)]);
    expect(rowCount('carts')).toBe(2);
  });
});

describe('answers before routing carry the security headers', () => {
  const HEADERS = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'SAMEORIGIN',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };

  it.each(['/%zz', '/api/commerce/%E0%A4%A'])(
    'answers 400 with them to the malformed URL %s',
    async (url) => {
      app = await startServer();
      const res = await app.inject(url);
      expect(res.statusCode).toBe(400);
      expect(res.headers).toMatchObject(HEADERS);
      expect(res.json()).toEqual({ message: 'The address is not valid.' });
    },
  );

  it('answers 431 with them to headers too large', async () => {
    app = await startServer();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    const [head = '', body] = raw.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    const headers = Object.fromEntries(
      head
        .split('\r\n')
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 2)]),
    );
    expect(headers).toMatchObject(HEADERS);
    expect(JSON.parse(body ?? '')).toEqual({ message: 'The request headers are too large.' });
  });
});

describe('restock sign-ups', () => {
  const signUpAs = (v: Visitor, i: number) =>
    v.post('/api/site-users/account/notifications/restock', {
      productId: 'prod-poster',
      variantId: null,
      siteVisitorEmail: `fan${i}@example.com`,
      isJoinMailingList: true,
    });

  it('are limited to 10 a minute per address, with 429 and Retry-After', async () => {
    app = await startServer();
    const visitor = await new Visitor(app).arrive();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await signUpAs(visitor, i)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    const refused = await signUpAs(visitor, 99);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(rowCount('restock_signups')).toBe(10);
    // Another address has its own allowance.
    const other = await new Visitor(app, '198.51.100.7').arrive();
    expect((await signUpAs(other, 100)).statusCode).toBe(200);
  });

  it('follow their own limit, not the add-to-cart one', async () => {
    app = await startServer({ rateLimit: { restockSignUp: { max: 2, timeWindowMs: 60_000 } } });
    const visitor = await new Visitor(app).arrive();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await signUpAs(visitor, i)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
