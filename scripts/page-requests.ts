/**
 * What the demo's pages fetch in a real browser: the built SDK (dist/) in the system Chromium
 * against the reference server, as a visitor gets it. `npm run size` prints these figures beside
 * the static ones and holds them to their budgets (scripts/size.mjs); the browser tests read the
 * request depth from here too (tests/e2e/request-depth.test.ts).
 *
 *   npx tsx scripts/page-requests.ts          a table of every measured page
 *   npx tsx scripts/page-requests.ts --json   the same as JSON
 *
 * Figures per page:
 * - scripts: every `.js` file the page fetched within 10 s of navigating (or until the network
 *   has been quiet for two and a half seconds, whichever comes first), with its gzip -9 size: the
 *   measure of the static rows, so the two tables add up.
 * - depth: the longest chain of requests before a widget's first data call, the document being
 *   level 1. A request's level is one more than the deepest request it waits for: its importer, or
 *   any script on the call stack (async frames included) that sent it, read from the DevTools
 *   protocol's initiator. The platform layer's beacons (page views, events, performance settings)
 *   are not data calls: they wait for the widgets on purpose.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createServer } from '../demo/server/app.js';
import { OWNER_EMAIL, SEED_USERS } from '../demo/server/db.js';
import { COOKIES, CSRF_HEADER } from '../src/contract.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * The pages the size gate measures, and how a visitor arrives at each: every page of the demo
 * (demo/server/pages.ts), the owner's behind the owner's sign-in.
 */
export const MEASURED_PAGES: readonly MeasuredPage[] = [
  { name: 'product', path: '/products/prod-tee' },
  { name: 'cart', path: '/cart', withCart: true },
  { name: 'shop', path: '/' },
  { name: 'contact', path: '/contact' },
  { name: 'sold-out', path: '/products/prod-poster' },
  { name: 'newsletter', path: '/newsletter' },
  { name: 'feedback', path: '/feedback' },
  { name: 'account', path: '/account' },
  { name: 'checkout', path: '/checkout', withCart: true },
  { name: 'thanks', path: '/thanks' },
  { name: 'subscription', path: '/checkout/subscription' },
  { name: 'gift card', path: '/checkout/gift-card' },
  { name: 'restock admin', path: '/admin/restock', signedIn: true },
  { name: 'editor', path: '/editor', signedIn: true },
  { name: 'header-footer', path: '/editor/header-footer', signedIn: true },
];

export interface MeasuredPage {
  /** The row's name in `npm run size`. */
  readonly name: string;
  readonly path: string;
  /** Arrive with one item in the cart (a cart cookie). @default false */
  readonly withCart?: boolean;
  /** Arrive signed in as the store's owner (the demo's password). @default false */
  readonly signedIn?: boolean;
  /**
   * Serve the page without its `<link rel="modulepreload">` hints, as a page whose server does not
   * write them (a theme's own page with the script tag): what the loader fetches on its own.
   * @default false
   */
  readonly withoutHints?: boolean;
}

export interface ScriptLoad {
  /** The path as the page asked for it. */
  readonly path: string;
  /** gzip -9 of the file served, in bytes. */
  readonly gzip: number;
}

export interface PageLoad {
  readonly path: string;
  readonly scripts: readonly ScriptLoad[];
  /** Sum of the scripts' gzip sizes. */
  readonly jsBytes: number;
  /** Widget data calls, each with its level and the chain of requests behind it. */
  readonly dataCalls: readonly { path: string; depth: number; chain: readonly string[] }[];
  /**
   * Every request the page sent, with its level (the document is 1) and the priority Chromium
   * gave it (`VeryHigh`, `High`, `Medium`, `Low`, `VeryLow`).
   */
  readonly requests: readonly { path: string; depth: number; priority: string }[];
  /** How many requests of any kind the page sent, the favicon left out (as `bench:anchor` counts). */
  readonly requestCount: number;
}

/** Paths of the platform layer's beacons: not widget data calls. */
const BEACONS = /^\/api\/(census\/|v1\/clanker\/|1\/performance\/)/;
/** The page's icon, which a browser asks for on its own. */
const FAVICON = /\/favicon\.\w+$/;
const QUIET_MS = 2500;
const WINDOW_MS = 10_000;

interface Initiator {
  type: string;
  url?: string;
  stack?: StackTrace;
}
interface StackTrace {
  callFrames: { url: string }[];
  parent?: StackTrace;
}

const stackUrls = (stack: StackTrace | undefined): string[] => {
  const urls: string[] = [];
  for (let s = stack; s; s = s.parent) for (const f of s.callFrames) if (f.url) urls.push(f.url);
  return urls;
};

export interface Measurer {
  readonly baseUrl: string;
  readonly browser: Browser;
  /**
   * Loads `page` in a fresh context and records what it fetched until `settled` resolves.
   * @default the first 10 s, ending early once nothing new has been asked for in 2.5 s
   */
  measure(page: MeasuredPage, settled?: (page: Page) => Promise<unknown>): Promise<PageLoad>;
  close(): Promise<void>;
}

/** Starts the reference server over `distDir` and Chromium. */
export async function startMeasurer(distDir = resolve(ROOT, 'dist')): Promise<Measurer> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}`);
  if (!existsSync(resolve(distDir, 'loader.js')))
    throw new Error(`${distDir}/loader.js not found: run \`npm run build\` first`);
  const server: FastifyInstance = await createServer({ dbPath: ':memory:', distDir });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not report a port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const gzipOf = new Map<string, number>();
  const gzip = (path: string): number => {
    const file = resolve(distDir, path.replace(/^\/dist\//, '').split('?')[0] ?? '');
    if (!gzipOf.has(file))
      gzipOf.set(file, existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0);
    return gzipOf.get(file) ?? 0;
  };

  /** The crumb the API sets on a first call, for the writes below. */
  const crumbOf = async (context: BrowserContext): Promise<string> => {
    await context.request.get(`${baseUrl}/api/commerce/shopping-cart`);
    return (await context.cookies(baseUrl)).find((c) => c.name === COOKIES.crumb)?.value ?? '';
  };

  const addToCart = async (context: BrowserContext): Promise<void> => {
    const response = await context.request.post(`${baseUrl}/api/commerce/shopping-cart/entries`, {
      headers: { [CSRF_HEADER]: await crumbOf(context) },
      data: { itemId: 'prod-tee', sku: 'TEE-M-BLK', quantity: 1, additionalFields: null },
    });
    if (!response.ok()) throw new Error(`add to cart failed: ${response.status()}`);
  };

  const signIn = async (context: BrowserContext): Promise<void> => {
    const owner = SEED_USERS.find((u) => u.email === OWNER_EMAIL);
    const response = await context.request.post(`${baseUrl}/api/site-users/account/session`, {
      headers: { [CSRF_HEADER]: await crumbOf(context) },
      data: { email: OWNER_EMAIL, password: owner?.password ?? '' },
    });
    if (!response.ok()) throw new Error(`the owner's sign-in failed: ${response.status()}`);
  };

  const measure = async (
    target: MeasuredPage,
    settled?: (page: Page) => Promise<unknown>,
  ): Promise<PageLoad> => {
    const context = await browser.newContext({ baseURL: baseUrl });
    try {
      if (target.withCart) await addToCart(context);
      if (target.signedIn) await signIn(context);
      const page = await context.newPage();
      if (target.withoutHints) {
        await page.route(
          (url) => url.pathname === new URL(target.path, baseUrl).pathname,
          async (route) => {
            const response = await route.fetch();
            const body = (await response.text()).replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
            await route.fulfill({ response, body });
          },
        );
      }
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Debugger.enable');
      await cdp.send('Debugger.setAsyncCallStackDepth', { maxDepth: 32 });
      const sent: { url: string; type: string; priority: string; initiator: Initiator }[] = [];
      let last = Date.now();
      cdp.on(
        'Network.requestWillBeSent',
        (e: { request: { url: string; initialPriority: string }; type?: string; initiator: Initiator }) => {
          last = Date.now();
          sent.push({
            url: e.request.url,
            type: e.type ?? '',
            priority: e.request.initialPriority,
            initiator: e.initiator,
          });
        },
      );
      const start = Date.now();
      const done = settled?.(page);
      await page.goto(target.path, { waitUntil: 'load' });
      if (done) await done;
      else {
        // What a page fetches in its first 10 s, ending early once nothing new has been asked for.
        while (Date.now() - start < WINDOW_MS && Date.now() - last < QUIET_MS) {
          await page.waitForTimeout(100);
        }
      }
      const depth = new Map<string, number>();
      const why = new Map<string, string | null>();
      const requests: { path: string; depth: number; priority: string }[] = [];
      const dataCalls: { path: string; depth: number; chain: string[] }[] = [];
      const rel = (url: string) => (url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url);
      for (const r of sent) {
        const parents = [r.initiator.url, ...stackUrls(r.initiator.stack)].filter(
          (u): u is string => typeof u === 'string' && depth.has(u),
        );
        const parent = parents.reduce<string | null>(
          (deepest, u) => (deepest === null || (depth.get(u) ?? 0) > (depth.get(deepest) ?? 0) ? u : deepest),
          null,
        );
        const level = parent === null ? 1 : (depth.get(parent) ?? 0) + 1;
        if (!depth.has(r.url)) {
          depth.set(r.url, level);
          why.set(r.url, parent);
        }
        requests.push({ path: rel(r.url), depth: level, priority: r.priority });
        const path = rel(r.url);
        if ((r.type === 'Fetch' || r.type === 'XHR') && path.startsWith('/api/') && !BEACONS.test(path)) {
          const chain: string[] = [];
          for (let u: string | null | undefined = parent; u; u = why.get(u)) chain.unshift(rel(u));
          dataCalls.push({ path, depth: level, chain });
        }
      }
      const scripts = [...new Set(sent.filter((r) => r.type === 'Script').map((r) => rel(r.url)))]
        .filter((p) => p.startsWith('/dist/'))
        .map((p) => ({ path: p, gzip: gzip(p) }));
      return {
        path: target.path,
        scripts,
        jsBytes: scripts.reduce((n, s) => n + s.gzip, 0),
        dataCalls,
        requests,
        requestCount: requests.filter((r) => !FAVICON.test(r.path)).length,
      };
    } finally {
      await context.close();
    }
  };

  return {
    baseUrl,
    browser,
    measure,
    close: async () => {
      await browser.close().catch(() => undefined);
      await server.close();
    },
  };
}

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const measurer = await startMeasurer(process.env['SF_DIST'] ? resolve(process.env['SF_DIST']) : undefined);
  try {
    const pages: Record<string, PageLoad> = {};
    for (const page of MEASURED_PAGES) pages[page.name] = await measurer.measure(page);
    if (json) {
      process.stdout.write(`${JSON.stringify({ chromium: measurer.browser.version(), pages }, null, 2)}\n`);
      return;
    }
    for (const [name, load] of Object.entries(pages)) {
      const first = load.dataCalls[0];
      process.stdout.write(
        `${name} ${load.path}: ${load.jsBytes} B in ${load.scripts.length} scripts, ${load.requestCount} requests; ` +
          `first data call ${first ? `${first.path} at level ${first.depth} (${first.chain.join(' -> ')})` : 'none'}\n`,
      );
      for (const s of load.scripts) process.stdout.write(`    ${s.path} ${s.gzip}\n`);
    }
  } finally {
    await measurer.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
