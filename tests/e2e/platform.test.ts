// @vitest-environment node
/**
 * The platform layer in real Chromium against the reference server: what the built SDK stores on
 * the server (census hits, events, error reports, performance records) after a page view, an add
 * to cart, a restrictive cookie policy, widgets that throw, a hidden page, and a login and logout
 * through `Storefront.account`. Pages: tests/e2e/pages/platform/.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_POLICY, PAGE_LIMITS } from '../../src/page/constants.js';
import { COOKIES, CSRF_HEADER } from '../../src/contract.js';
import { cspViolations, startE2E, WAIT, type E2E, type PageLog } from './harness.js';

const here = dirname(fileURLToPath(import.meta.url));
const CATALOG = JSON.parse(readFileSync(resolve(here, 'fixtures/shop-catalog.json'), 'utf8')) as unknown[];
const SHOPPER = { email: 'shopper@example.com', password: 'shopper-password' };

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E({ catalog: CATALOG });
});

afterAll(async () => {
  await e2e?.close();
});

const contexts: BrowserContext[] = [];
const opened: { page: Page; log: PageLog }[] = [];
afterEach(async () => {
  const pages = opened.splice(0);
  const violations = await Promise.all(pages.map(({ page }) => cspViolations(page).catch(() => [])));
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  expect(pages.flatMap(({ log }) => log.pageErrors)).toEqual([]);
  expect(violations.flat()).toEqual([]);
});

async function visitor(): Promise<BrowserContext> {
  const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl });
  contexts.push(context);
  return context;
}

async function open(context: BrowserContext, path: string): Promise<Page> {
  const { page, log } = await e2e.newPage(context);
  opened.push({ page, log });
  await page.goto(path);
  return page;
}

const answerTo = (page: Page, pathname: string): Promise<Response> =>
  page.waitForResponse((r) => new URL(r.url()).pathname === pathname, WAIT);

/**
 * Opens `path` and resolves once the server has answered the page's own page view. The platform
 * layer sends it when it starts, after every block's mount and with its observers in place; a
 * page of an earlier test may still have beacons on the way, so this page's are told apart by
 * their own request, not by the time they arrive.
 */
async function openStarted(context: BrowserContext, path: string, before?: (page: Page) => Promise<void>) {
  const { page, log } = await e2e.newPage(context);
  opened.push({ page, log });
  await before?.(page);
  const started = answerTo(page, '/api/census/RecordHit');
  const settings = answerTo(page, '/api/1/performance/settings');
  // Both are awaited below or by the caller; a page that never sends one fails there, not here.
  settings.catch(() => undefined);
  await page.goto(path);
  await started;
  return { page, settings };
}

type Row = { payload_json: string };
const rows = (sql: string, ...params: unknown[]): Record<string, unknown>[] =>
  e2e.server.db
    .prepare(sql)
    .all(...params)
    .map((r) => ({ ...(r as Row), payload: JSON.parse((r as Row).payload_json) as Record<string, unknown> }));

/** Waits until `read` gives a non-empty list, then returns it. */
async function until<T>(read: () => T[], what: string): Promise<T[]> {
  let found: T[] = [];
  await expect
    .poll(
      () => {
        found = read();
        return found.length;
      },
      { ...WAIT, message: `waiting for ${what}` },
    )
    .toBeGreaterThan(0);
  return found;
}

/** The stored page views of `path` (each test opens a page no other test of this file opens). */
const pageViewsOf = (path: string) =>
  rows("SELECT * FROM census_hits WHERE kind = 'RecordHit' ORDER BY id").filter(
    (h) => (h['payload'] as { data?: { page?: unknown } }).data?.page === `${e2e.baseUrl}${path}`,
  );

describe('census and events', () => {
  it('a page view and an add to cart produce the stored census hit and events', async () => {
    const since = Date.now();
    const context = await visitor();
    const { page } = await openStarted(context, '/platform/notebook.html');
    const add = page.locator('main').getByRole('button', { name: 'Add To Cart', exact: true });
    await add.waitFor(WAIT);

    const [hit] = await until(() => pageViewsOf('/platform/notebook.html'), 'the page view');
    const body = hit!['payload'] as { event: string; data: Record<string, unknown>; ss_cvr?: string };
    expect(body.event).toBe('view');
    expect(body.data).toMatchObject({
      page: `${e2e.baseUrl}/platform/notebook.html`,
      website: 'e2e-website',
      template: 'e2e-template',
      locale: 'en-US',
      visitorCookieMode: 'standard',
    });
    expect(typeof body.data['userAgent']).toBe('string');
    expect(body.data['viewport']).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
    const visitorCookie = (await context.cookies()).find((c) => c.name === 'ss_cvr');
    expect(body.ss_cvr).toBe(visitorCookie?.value);

    // The stored event below shows the add went through; Added! is shown for two seconds only.
    await add.click();

    const events = await until(
      () =>
        rows("SELECT * FROM events WHERE source = 'clanker' AND created >= ? ORDER BY id", since).filter(
          // The AddToCart pixel is recorded under the same name, in its own schema.
          (e) =>
            e['name'] === 'AddToCart' &&
            (e['payload'] as { customSchemaName?: unknown }).customSchemaName === 'commerce_shopping_event',
        ),
      'the AddToCart event',
    );
    expect(events[0]!['payload']).toMatchObject({
      eventName: 'AddToCart',
      eventSource: 'WEB',
      websiteId: 'e2e-website',
      pagePath: '/platform/notebook.html',
      objectIdentifier: 'e2e-notebook',
      customSchemaName: 'commerce_shopping_event',
      resolvedLocale: 'en-US',
      payload: { itemId: 'e2e-notebook', sku: 'E2E-NOTEBOOK', quantity: 1 },
    });
    // The product page view goes out on its own schedule, not necessarily before the add.
    await until(
      () =>
        rows("SELECT * FROM events WHERE source = 'clanker' AND created >= ?", since).filter(
          (e) => e['name'] === 'VisitPDP',
        ),
      'the VisitPDP event',
    );
  });

  it('a restrictive-cookie page keeps and sends none of the removed cookies', async () => {
    const context = await visitor();
    await context.addCookies(
      COOKIE_POLICY.restrictedCookies.map((name) => ({ name, value: `old-${name}`, url: e2e.baseUrl })),
    );
    const sent: Promise<string>[] = [];
    await openStarted(context, '/platform/restrictive.html', async (page) => {
      // Every request the page makes after the policy applies: the census hit and what follows.
      page.on('request', (request) => {
        if (request.url().includes('/api/census/'))
          sent.push(request.allHeaders().then((h) => h['cookie'] ?? ''));
      });
    });

    const [hit] = await until(() => pageViewsOf('/platform/restrictive.html'), 'the page view');
    const body = hit!['payload'] as { data: Record<string, unknown>; ss_cvr?: string };
    expect(body.ss_cvr).toBeUndefined();
    expect(body.data['visitorCookieMode']).toBe('restricted');
    const names = (await context.cookies()).map((c) => c.name);
    for (const name of COOKIE_POLICY.restrictedCookies) expect(names).not.toContain(name);
    const sentCookies = await Promise.all(sent);
    expect(sentCookies.length).toBeGreaterThan(0);
    for (const header of sentCookies) expect(header).not.toMatch(/\bss_c(id|pvisit|visit|vr|vt)=/);
  });
  it('a restrictive-cookie page stores no identifier and still sends its events without one', async () => {
    const since = Date.now();
    const context = await visitor();
    // Ids an earlier visit under another policy left behind.
    await context.addCookies(
      ['sf_aid', 'sf_sid'].map((name) => ({ name, value: `old-${name}`, url: e2e.baseUrl })),
    );
    const { page } = await openStarted(context, '/platform/restrictive.html', async (p) => {
      await p.addInitScript(() => {
        localStorage.setItem('sf-analytics-id', JSON.stringify({ value: 'old', expires: 4e12 }));
        localStorage.setItem('sf-has-landed', 'true');
      });
    });
    const add = page.getByRole('button', { name: 'Add To Cart', exact: true });
    await add.waitFor(WAIT);
    await add.click();
    const [event] = await until(
      () =>
        rows(
          "SELECT * FROM events WHERE source = 'clanker' AND name = 'AddToCart' AND created >= ?",
          since,
        ).filter((e) => {
          const record = e['payload'] as { pagePath?: unknown; customSchemaName?: unknown };
          return (
            record.pagePath === '/platform/restrictive.html' &&
            record.customSchemaName === 'commerce_shopping_event'
          );
        }),
      'the AddToCart event',
    );
    expect(event!['payload']).toMatchObject({
      analyticsId: null,
      sessionId: null,
      payload: { sessionId: null },
    });

    const stored = await page.evaluate(() => ({
      cookies: document.cookie.split(';').map((c) => c.split('=')[0]!.trim()),
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage),
    }));
    for (const name of ['sf_aid', 'sf_sid', ...COOKIE_POLICY.restrictedCookies])
      expect(stored.cookies).not.toContain(name);
    expect(stored.local).toEqual([]);
    expect(stored.session).toEqual([]);
  });
});

describe('flags', () => {
  it('an address override turns visitor metrics on for the SDK and Storefront.flags alike', async () => {
    const since = Date.now();
    const { page } = await openStarted(
      await visitor(),
      '/platform/notebook.html?sf-flag-visitor_metrics=true',
    );
    const [metric] = await until(
      () =>
        rows(
          "SELECT * FROM events WHERE source = 'RecordEvent' AND name = 'view_product_page' AND created >= ?",
          since,
        ),
      'the visitor metric',
    );
    expect(metric!['payload']).toMatchObject({
      event: 'visitor_metrics',
      data: { eventName: 'view_product_page', itemId: 'e2e-notebook' },
    });
    const flag = await page.evaluate(() =>
      (
        window as unknown as { Storefront: { flags: { toggle(n: string): Promise<{ value: boolean }> } } }
      ).Storefront.flags.toggle('visitor_metrics'),
    );
    expect(flag).toEqual({ value: true });
  });
});

describe('error reports', () => {
  /** The stored reports from `path` (each test opens a page no other test of this file opens). */
  const reportsFrom = (path: string) =>
    rows('SELECT * FROM error_reports ORDER BY id').filter(
      (r) => (r['payload'] as { url?: unknown }).url === `${e2e.baseUrl}${path}`,
    );

  it('an error thrown inside a widget arrives as a stored report', async () => {
    const page = await open(await visitor(), '/platform/broken-one.html');
    // The boundary put the server-rendered fallback back.
    await page.getByText('Enable JavaScript to add this product to your cart.').waitFor(WAIT);
    const [report] = await until(() => reportsFrom('/platform/broken-one.html'), 'the error report');
    expect(report!['message']).toBe('number formatting is broken on this page');
    expect(report!['payload']).toMatchObject({
      context: { widget: 'product-form', code: 'RENDER_FAILED' },
      url: `${e2e.baseUrl}/platform/broken-one.html`,
    });
  });

  it('a burst of 50 errors sends no more than the caps allow', async () => {
    const batches: number[] = [];
    const answers: Promise<unknown>[] = [];
    const { page } = await openStarted(await visitor(), '/platform/broken-many.html', async (page) => {
      // The page's timers are the browser's own until the test moves them on (below).
      await page.clock.install();
      page.on('request', (request) => {
        if (request.url().endsWith('/api/events/RecordJavascriptErrors')) {
          batches.push((JSON.parse(request.postData() ?? '[]') as unknown[]).length);
          answers.push(request.response());
        }
      });
    });
    // The platform started after every block's mount: all 50 have failed and been reported. What
    // the reporter still holds goes out when its quiet time ends; that time is run out now
    // rather than waited for, and then every send the page made is answered.
    await page.clock.runFor(PAGE_LIMITS.errorReporterDebounceMs);
    // One more round trip: a send the timers started has reached the network by its end.
    await page.evaluate(() => undefined);
    await expect.poll(() => answers.length, { ...WAIT, message: 'waiting for a send' }).toBeGreaterThan(0);
    await Promise.all(answers);

    expect(batches.length).toBeLessThanOrEqual(PAGE_LIMITS.errorReporterSends);
    for (const size of batches) expect(size).toBeLessThanOrEqual(PAGE_LIMITS.errorReporterQueue);
    const sent = batches.reduce((a, b) => a + b, 0);
    // Whatever did not fit the queue between two sends was dropped, not sent later.
    expect(sent).toBeLessThan(50);
    expect(reportsFrom('/platform/broken-many.html')).toHaveLength(sent);
  });
});

describe('performance records', () => {
  it('a performance record arrives when the page is hidden', async () => {
    // Started: the performance observers and the hidden-page listener are in place.
    const { page, settings } = await openStarted(await visitor(), '/platform/notebook.html');
    // Pages of earlier tests send their own records when they close, so this page's are told
    // apart by the page-load id the server gave it.
    const { pageLoadId } = (await (await settings).json()) as { pageLoadId: string };
    await page.evaluate(() => {
      performance.mark('rum-start');
      performance.measure('rum-e2e-measure', 'rum-start');
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const records = await until(() => {
      const stored = rows('SELECT * FROM performance_records WHERE page_load_id = ? ORDER BY id', pageLoadId);
      return stored.some((r) => r['event_type'] === 'user') ? stored : [];
    }, 'the user-timing record');
    const types = records.map((r) => r['event_type']);
    expect(types).toContain('page_speed');
    expect(types).toContain('user');
    const pageLoad = e2e.server.db
      .prepare('SELECT page_load_id FROM performance_page_loads WHERE page_load_id = ?')
      .get(pageLoadId);
    expect(pageLoad).toEqual({ page_load_id: pageLoadId });
    expect(records.find((r) => r['event_type'] === 'user')!['payload']).toMatchObject({
      appName: 'storefront-widgets',
      data: { name: 'rum-e2e-measure' },
    });
  });
});

describe('sessions', () => {
  it('fetches the session calls only when Storefront.account is first used', async () => {
    const context = await visitor();
    const scripts: string[] = [];
    const { page } = await openStarted(context, '/platform/notebook.html', async (p) => {
      p.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
    });
    const isSession = (path: string) => /\/chunks\/session-[\w-]+\.js$/.test(path);
    expect(scripts.some((s) => s.includes('/chunks/platform-'))).toBe(true);
    expect(scripts.filter(isSession)).toEqual([]);

    const answer = await page.evaluate(() =>
      (
        window as unknown as { Storefront: { account: { logout(i: unknown): Promise<{ ok: boolean }> } } }
      ).Storefront.account.logout({ cloneCart: false }),
    );
    expect(answer).toMatchObject({ ok: expect.any(Boolean) });
    expect(scripts.filter(isSession)).toHaveLength(1);
  });

  it('login then logout through Storefront.account changes the cart the pill shows', async () => {
    // The shopper's account holds a cart with one notebook, made in another browser.
    const other = await visitor();
    await other.request.get(`${e2e.baseUrl}/api/commerce/shopping-cart`);
    const crumb = (await other.cookies()).find((c) => c.name === COOKIES.crumb)?.value ?? '';
    const loggedIn = await other.request.post(`${e2e.baseUrl}/api/site-users/account/session`, {
      headers: { [CSRF_HEADER]: crumb },
      data: SHOPPER,
    });
    expect(loggedIn.status()).toBe(200);
    await e2e.addToCart(other, { itemId: 'e2e-notebook', sku: 'E2E-NOTEBOOK', quantity: 1 });

    const page = await open(await visitor(), '/pill.html');
    await page.locator('html[data-sf-ready]').waitFor({ state: 'attached', ...WAIT });
    const pill = page.getByRole('link', { name: / in cart, / });
    expect(await pill.count()).toBe(0);

    const login = await page.evaluate(
      (credentials) =>
        (
          window as unknown as {
            Storefront: {
              account: { login(i: unknown): Promise<{ ok: boolean; data?: { xsrfToken: string } }> };
            };
          }
        ).Storefront.account.login(credentials),
      SHOPPER,
    );
    expect(login.ok).toBe(true);
    await page.getByRole('link', { name: 'One item in cart' }).waitFor(WAIT);

    const logout = await page.evaluate(() =>
      (
        window as unknown as { Storefront: { account: { logout(i: unknown): Promise<{ ok: boolean }> } } }
      ).Storefront.account.logout({ cloneCart: false }),
    );
    expect(logout.ok).toBe(true);
    await expect.poll(() => pill.count(), WAIT).toBe(0);
  });
});
