/**
 * Browser tests run the built SDK (dist/) in the system Chromium against the reference server:
 * `startE2E()` starts the server on a free port with an in-memory database and fault injection,
 * and launches Chromium. A missing Chromium or a missing build fails the suite; it never skips.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
  type Route,
} from 'playwright-core';
import { createServer } from '../../demo/server/app.js';
import { COOKIES, CSRF_HEADER } from '../../src/contract.js';

const here = dirname(fileURLToPath(import.meta.url));
export const PROJECT_ROOT = resolve(here, '../..');
export const DIST_DIR = resolve(PROJECT_ROOT, 'dist');
export const PAGES_DIR = resolve(here, 'pages');
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * How long a browser test waits for a condition before it gives up. A passing test never waits
 * this long: every wait ends as soon as its condition holds. It is generous because a shared,
 * loaded 2-core machine (`npm run test:e2e:stress`) runs the browser several times slower.
 */
export const WAIT = { timeout: 30_000 } as const;

/**
 * Lighthouse's mobile default network (slow 4G), applied the way its DevTools throttling applies
 * it (`Network.emulateNetworkConditions`): the bench's throttled figures and the slow-network
 * journeys use it alike.
 */
export const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
} as const;

/** The cart as the reference server answers `GET /api/commerce/shopping-cart`, the parts tests read. */
export interface ServerCart {
  currency: string;
  totalQuantity: number;
  subtotalCents: number;
  entries: Array<{
    id: string;
    itemId: string;
    quantity: number;
    chosenVariant: { sku: string } | null;
    additionalFields: Record<string, unknown> | null;
  }>;
}

/** The cart as the server holds it for `context`'s cookies (the context has the demo's baseURL). */
export async function serverCart(context: BrowserContext): Promise<ServerCart> {
  const r = await context.request.get('/api/commerce/shopping-cart');
  if (r.status() !== 200) throw new Error(`reading the cart failed: ${r.status()} ${await r.text()}`);
  return (await r.json()) as ServerCart;
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Fails (never skips) when a browser test cannot run as intended. */
export function assertPrerequisites(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\``,
    );
  }
  if (!existsSync(resolve(DIST_DIR, 'loader.js'))) {
    throw new Error('dist/loader.js not found: run `npm run build` before the browser tests');
  }
}

/**
 * Waits until the loader is done with the page: it has marked the page ready and every block
 * on it (those mounted later by other blocks included) carries `data-sf-mounted`. What a test
 * then reads no longer changes because a chunk arrived late. A block mounts as it comes near the
 * viewport, so each block still waiting is scrolled to in turn, and the page scrolled back to where
 * it was.
 */
export async function widgetsMounted(page: Page): Promise<void> {
  // The scroll position is kept on the page itself, read on the first check: a test may call this
  // before its page has navigated, and a check that finds the old document gone runs again.
  await page.waitForFunction(
    () => {
      const kept = window as unknown as { sfTestScroll?: [number, number] };
      kept.sfTestScroll ??= [scrollX, scrollY];
      const waiting = document.querySelector('[data-sf-widget]:not([data-sf-mounted])');
      waiting?.scrollIntoView({ block: 'center' });
      return document.documentElement.hasAttribute('data-sf-ready') && waiting === null;
    },
    undefined,
    WAIT,
  );
  await page.evaluate(() => {
    const [left, top] = (window as unknown as { sfTestScroll?: [number, number] }).sfTestScroll ?? [0, 0];
    scrollTo(left, top);
  });
}

/** A request stopped in the browser until the test lets it go on to the server. */
export interface HeldRequest {
  /** Resolves once the page has sent the request (it is held from then on). */
  readonly sent: Promise<Request>;
  /** Lets the request go on to the server. */
  release(): Promise<void>;
}

/**
 * Holds the page's next request for which `matches` holds, until `release()`. What the page shows
 * while a request is out is then asserted while it is certainly out, however slow the machine.
 */
export async function holdRequest(page: Page, matches: (request: Request) => boolean): Promise<HeldRequest> {
  let held: (route: Route) => void = () => undefined;
  const route = new Promise<Route>((resolve) => {
    held = resolve;
  });
  let taken = false;
  await page.route('**/*', async (r) => {
    if (taken || !matches(r.request())) return r.fallback();
    taken = true;
    held(r);
  });
  return {
    sent: route.then((r) => r.request()),
    release: async () => {
      await (await route).continue();
    },
  };
}

/** What a page did that a test may want to assert on. */
export interface PageLog {
  readonly console: { type: string; text: string }[];
  readonly pageErrors: string[];
  readonly failedRequests: string[];
}

export interface E2E {
  readonly baseUrl: string;
  readonly server: FastifyInstance;
  readonly browser: Browser;
  /** A fresh browser context (own cookies) and a page in it, with its log. */
  newPage(context?: BrowserContext): Promise<{ page: Page; context: BrowserContext; log: PageLog }>;
  /**
   * Adds an item to the cart of `context` through the documented endpoint (crumb included), with
   * its additional fields' answers if given.
   */
  addToCart(
    context: BrowserContext,
    item: {
      itemId: string;
      sku: string | null;
      quantity: number;
      additionalFields?: Readonly<Record<string, unknown>> | undefined;
    },
  ): Promise<void>;
  /** Injects a server fault (see demo/server/faults.ts). */
  fault(body: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Catalogue to seed. @default the demo seed catalogue */
  readonly catalog?: readonly unknown[] | undefined;
  /** Site forms to seed (the GetTemplateSchema shape). @default the demo seed forms */
  readonly forms?: readonly unknown[] | undefined;
  /**
   * Serve the test pages of tests/e2e/pages/ before the demo's own. Off, every page is the one
   * the demo store renders (`/editor`, `/cart`, `/contact`, ...). @default true
   */
  readonly testPages?: boolean | undefined;
  /** The one origin the API lets call it with the shopper's cookies (`--cors`). @default none */
  readonly cors?: string | undefined;
  /**
   * Let Chromium keep pages in its back/forward cache, which Playwright turns off by default
   * (`--disable-back-forward-cache`). @default false
   */
  readonly backForwardCache?: boolean | undefined;
}

export async function startE2E(options: StartOptions = {}): Promise<E2E> {
  assertPrerequisites();
  const server = await createServer({
    dbPath: ':memory:',
    ...(options.testPages === false ? {} : { pagesDir: PAGES_DIR }),
    faults: true,
    distDir: DIST_DIR,
    ...(options.catalog ? { catalog: options.catalog } : {}),
    ...(options.forms ? { forms: options.forms } : {}),
    ...(options.cors ? { cors: options.cors } : {}),
    // Browser tests add to cart and submit forms often; the limits themselves have their own tests.
    rateLimit: {
      addToCart: { max: 10_000, timeWindowMs: 60_000 },
      formSubmission: { max: 10_000, timeWindowMs: 60_000 },
      beacons: { max: 10_000, timeWindowMs: 60_000 },
      restockSignUp: { max: 10_000, timeWindowMs: 60_000 },
      formKey: { max: 10_000, timeWindowMs: 60_000 },
      // Sign-ins and sign-outs share one count per address, and every browser here is 127.0.0.1.
      login: { max: 10_000, timeWindowMs: 60_000 },
    },
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not report a port');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      ...(options.backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
    });
  } catch (error) {
    await server.close();
    throw error;
  }

  const contexts: BrowserContext[] = [];

  const newPage: E2E['newPage'] = async (existing) => {
    const context = existing ?? (await browser.newContext({ baseURL: baseUrl }));
    if (!existing) contexts.push(context);
    const page = await context.newPage();
    const log: PageLog = { console: [], pageErrors: [], failedRequests: [] };
    page.on('console', (m) => log.console.push({ type: m.type(), text: m.text() }));
    page.on('pageerror', (e) => log.pageErrors.push(e.message));
    page.on('requestfailed', (r) => log.failedRequests.push(r.url()));
    // Records Content-Security-Policy violations where the test can read them.
    await page.addInitScript(() => {
      const w = window as unknown as { __cspViolations: string[] };
      w.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    return { page, context, log };
  };

  const addToCart: E2E['addToCart'] = async (context, item) => {
    let crumb = (await context.cookies(baseUrl)).find((c) => c.name === COOKIES.crumb)?.value;
    if (!crumb) {
      await context.request.get(`${baseUrl}/api/commerce/shopping-cart`);
      crumb = (await context.cookies(baseUrl)).find((c) => c.name === COOKIES.crumb)?.value;
    }
    const response = await context.request.post(`${baseUrl}/api/commerce/shopping-cart/entries`, {
      headers: { [CSRF_HEADER]: crumb ?? '' },
      data: { ...item, additionalFields: item.additionalFields ?? null },
    });
    if (!response.ok()) throw new Error(`add to cart failed: ${response.status()} ${await response.text()}`);
  };

  const fault: E2E['fault'] = async (body) => {
    const response = await fetch(`${baseUrl}/__faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 201)
      throw new Error(`fault not accepted: ${response.status} ${await response.text()}`);
  };

  const close = async () => {
    await Promise.allSettled(contexts.map((c) => c.close()));
    await browser.close().catch(() => undefined);
    await server.close();
  };

  return { baseUrl, server, browser, newPage, addToCart, fault, close };
}

/** CSP violations the page recorded (see `newPage`). */
export const cspViolations = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

/**
 * Waits for an element by role and name; on timeout the error carries the page's body and log,
 * so a failure in CI says what the page showed instead.
 */
export async function waitForRole(
  page: Page,
  role: Parameters<Page['getByRole']>[0],
  name: string,
  log?: PageLog,
): Promise<void> {
  try {
    await page.getByRole(role, { name }).waitFor(WAIT);
  } catch (error) {
    const body = await page
      .locator('body')
      .innerHTML()
      .catch(() => '(no body)');
    throw new Error(
      `${role} "${name}" did not appear on ${page.url()}\n--- body ---\n${body}\n--- log ---\n${JSON.stringify(log ?? {}, null, 1)}`,
      { cause: error },
    );
  }
}

/** A page opened by {@link Demo.open}, with what went wrong on it so far. */
export interface WatchedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /**
   * CSP violations (in the page and its frames), uncaught errors and console errors, as text, as
   * they happen. The browser's own "Failed to load resource" line for an error status is left
   * out: fault journeys cause those on purpose, and the test asserts what the page shows instead.
   */
  readonly problems: string[];
  /**
   * Resolves once none of the page's requests has been in flight for half a second (counted from
   * before its first request): what an action started loading has arrived. Playwright's own
   * `networkidle` is a load state, reached once per page, so it cannot tell this after an action.
   */
  quiet(): Promise<void>;
}

export interface Demo extends E2E {
  /**
   * Opens `path` in a fresh browser context (own cookies), or in `options.context`, watching it
   * for problems from before its first script runs; resolves once its widgets have mounted.
   */
  open(
    path: string,
    options?: {
      /** @default 1024 x 800 */
      readonly viewport?: { width: number; height: number } | undefined;
      /** An existing context (e.g. one with a cart). @default a new context */
      readonly context?: BrowserContext | undefined;
      /** Network conditions from the first request on (e.g. {@link SLOW_4G}). @default none */
      readonly network?: typeof SLOW_4G | undefined;
    },
  ): Promise<WatchedPage>;
  /** Clears every injected fault (`DELETE /__faults`). */
  clearFaults(): Promise<void>;
  /** Closes the contexts `open()` made and clears the faults: an `afterEach` for journeys. */
  reset(): Promise<void>;
}

/** How long a page's network stays idle before {@link WatchedPage.quiet} calls it quiet. */
const QUIET_MS = 500;

const RESOURCE_STATUS = /^Failed to load resource: (the server responded with a status of \d+|net::ERR_)/;

/**
 * The demo store as a shopper meets it: {@link startE2E} with the demo's own pages (no test
 * pages), fault mode on, and `open()` that records CSP violations and errors.
 */
export async function startDemo(options: Omit<StartOptions, 'testPages'> = {}): Promise<Demo> {
  const e2e = await startE2E({ ...options, testPages: false });
  const contexts: BrowserContext[] = [];

  const open: Demo['open'] = async (path, openOptions = {}) => {
    let context = openOptions.context;
    if (!context) {
      context = await e2e.browser.newContext({
        baseURL: e2e.baseUrl,
        viewport: openOptions.viewport ?? { width: 1024, height: 800 },
      });
      contexts.push(context);
    }
    const { page } = await e2e.newPage(context);
    if (openOptions.network) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', openOptions.network);
    }
    const problems: string[] = [];
    const inFlight = new Set<Request>();
    let lastChange = Date.now();
    page.on('request', (r) => {
      inFlight.add(r);
      lastChange = Date.now();
    });
    const settle = (r: Request) => {
      inFlight.delete(r);
      lastChange = Date.now();
    };
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    const quiet = async (): Promise<void> => {
      const deadline = Date.now() + WAIT.timeout;
      while (inFlight.size > 0 || Date.now() - lastChange < QUIET_MS) {
        if (Date.now() > deadline)
          throw new Error(
            `still loading after ${WAIT.timeout} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    page.on('console', (m) => {
      if (m.type() === 'error' && !RESOURCE_STATUS.test(m.text())) problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    // A binding, not a window array: it outlives navigations and reaches every frame.
    await page.exposeFunction('__sfReportCsp', (text: string) => problems.push(`csp: ${text}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        void (window as unknown as { __sfReportCsp(t: string): Promise<void> }).__sfReportCsp(
          `${e.violatedDirective} ${e.blockedURI} on ${location.pathname}`,
        );
      });
    });
    await page.goto(path);
    // Every widget in place before the test acts or looks, however long the chunks took: the
    // fallbacks' controls stay disabled until their widget mounts over them.
    await widgetsMounted(page);
    return { page, context, problems, quiet };
  };

  const clearFaults: Demo['clearFaults'] = async () => {
    const response = await fetch(`${e2e.baseUrl}/__faults`, { method: 'DELETE' });
    if (response.status !== 204) throw new Error(`faults not cleared: ${response.status}`);
  };

  const reset: Demo['reset'] = async () => {
    await Promise.allSettled(contexts.splice(0).map((c) => c.close()));
    await clearFaults();
  };

  const close: Demo['close'] = async () => {
    await Promise.allSettled(contexts.splice(0).map((c) => c.close()));
    await e2e.close();
  };

  return { ...e2e, open, clearFaults, reset, close };
}

let axeSource: string | undefined;

/** axe-core's violations on the page (or within `include`, a CSS selector), as `id [targets]`. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // Injected as a script source: the demo's CSP forbids inline scripts.
  axeSource ??= readFileSync(resolve(PROJECT_ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  return page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: {
          run(context?: unknown): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    const run = await (selector === null ? axe.run() : axe.run({ include: [selector] }));
    return run.violations.map((v) => `${v.id} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  }, include ?? null);
}
