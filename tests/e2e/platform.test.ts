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
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_POLICY } from '../../src/page/constants.js';
import { COOKIES, CSRF_HEADER } from '../../src/contract.js';
import { cspViolations, startE2E, type E2E, type PageLog } from './harness.js';

const here = dirname(fileURLToPath(import.meta.url));
const CATALOG = JSON.parse(readFileSync(resolve(here, 'fixtures/shop-catalog.json'), 'utf8')) as unknown[];
const WAIT = { timeout: 15_000 };
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

const hitsSince = (since: number) =>
  rows("SELECT * FROM census_hits WHERE kind = 'RecordHit' AND created >= ? ORDER BY id", since);

describe('census and events', () => {
  it('a page view and an add to cart produce the stored census hit and events', async () => {
    const since = Date.now();
    const context = await visitor();
    const page = await open(context, '/platform/notebook.html');
    const add = page.locator('main').getByRole('button', { name: 'Add To Cart', exact: true });
    await add.waitFor(WAIT);

    const [hit] = await until(() => hitsSince(since), 'the page view');
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

    await add.click();
    await page.locator('main').getByRole('button', { name: 'Added!' }).waitFor(WAIT);

    const events = await until(
      () =>
        rows("SELECT * FROM events WHERE source = 'clanker' AND created >= ? ORDER BY id", since).filter(
          (e) => e['name'] === 'AddToCart',
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
    const names = rows("SELECT * FROM events WHERE source = 'clanker' AND created >= ?", since).map(
      (e) => e['name'],
    );
    expect(names).toContain('VisitPDP');
  });

  it('a restrictive-cookie page keeps and sends none of the removed cookies', async () => {
    const since = Date.now();
    const context = await visitor();
    await context.addCookies(
      COOKIE_POLICY.restrictedCookies.map((name) => ({ name, value: `old-${name}`, url: e2e.baseUrl })),
    );
    const sent: Promise<string>[] = [];
    const page = await open(context, 'about:blank');
    // Every request the page makes after the policy applies: the census hit and what follows.
    page.on('request', (request) => {
      if (request.url().includes('/api/census/'))
        sent.push(request.allHeaders().then((h) => h['cookie'] ?? ''));
    });
    await page.goto('/platform/restrictive.html');

    const [hit] = await until(() => hitsSince(since), 'the page view');
    const body = hit!['payload'] as { data: Record<string, unknown>; ss_cvr?: string };
    expect(body.ss_cvr).toBeUndefined();
    expect(body.data['visitorCookieMode']).toBe('restricted');
    const names = (await context.cookies()).map((c) => c.name);
    for (const name of COOKIE_POLICY.restrictedCookies) expect(names).not.toContain(name);
    const sentCookies = await Promise.all(sent);
    expect(sentCookies.length).toBeGreaterThan(0);
    for (const header of sentCookies) expect(header).not.toMatch(/\bss_c(id|pvisit|visit|vr|vt)=/);
  });
});

describe('error reports', () => {
  const reportsSince = (since: number) =>
    rows('SELECT * FROM error_reports WHERE created >= ? ORDER BY id', since);

  it('an error thrown inside a widget arrives as a stored report', async () => {
    const since = Date.now();
    const page = await open(await visitor(), '/platform/broken-one.html');
    // The boundary put the server-rendered fallback back.
    await page.getByText('Enable JavaScript to add this product to your cart.').waitFor(WAIT);
    const [report] = await until(() => reportsSince(since), 'the error report');
    expect(report!['message']).toBe('number formatting is broken on this page');
    expect(report!['payload']).toMatchObject({
      context: { widget: 'product-form', code: 'RENDER_FAILED' },
      url: `${e2e.baseUrl}/platform/broken-one.html`,
    });
  });

  it('a burst of 50 errors sends no more than the caps allow', async () => {
    const since = Date.now();
    const context = await visitor();
    const { page, log } = await e2e.newPage(context);
    opened.push({ page, log });
    const batches: number[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/events/RecordJavascriptErrors')) {
        batches.push((JSON.parse(request.postData() ?? '[]') as unknown[]).length);
      }
    });
    await page.goto('/platform/broken-many.html');
    await until(() => reportsSince(since), 'the error reports');
    // Well past the one-second debounce: anything else the page would send has been sent.
    await page.waitForTimeout(2500);
    expect(batches.length).toBeGreaterThan(0);
    expect(batches.length).toBeLessThanOrEqual(20);
    for (const size of batches) expect(size).toBeLessThanOrEqual(10);
    // All 50 fail within the same second: one send, of the 10 the queue holds.
    expect(reportsSince(since)).toHaveLength(10);
  });
});

describe('performance records', () => {
  it('a performance record arrives when the page is hidden', async () => {
    const since = Date.now();
    const page = await open(await visitor(), '/platform/notebook.html');
    await until(() => hitsSince(since), 'the platform to start');
    await page.evaluate(() => {
      performance.mark('rum-start');
      performance.measure('rum-e2e-measure', 'rum-start');
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const records = await until(
      () => rows('SELECT * FROM performance_records WHERE created >= ? ORDER BY id', since),
      'the performance records',
    );
    const types = records.map((r) => r['event_type']);
    expect(types).toContain('page_speed');
    expect(types).toContain('user');
    const pageLoads = e2e.server.db
      .prepare('SELECT page_load_id FROM performance_page_loads WHERE created >= ?')
      .all(since) as { page_load_id: string }[];
    expect(pageLoads.map((p) => p.page_load_id)).toContain(records[0]!['page_load_id']);
    expect(records.find((r) => r['event_type'] === 'user')!['payload']).toMatchObject({
      appName: 'storefront-widgets',
      data: { name: 'rum-e2e-measure' },
    });
  });
});

describe('sessions', () => {
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
