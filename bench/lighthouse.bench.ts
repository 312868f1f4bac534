/**
 * Lighthouse (mobile defaults: simulated slow 4G, 4x CPU slowdown, Moto G Power screen) on the
 * built demo as the reference server serves it: the product, cart, shop and contact pages. Prints
 * each category's score and every audit under 0.9 (what Lighthouse counts as not passed). Not a
 * test: the scores depend on the machine. Exits 1 when a page scores under 100 for performance or
 * fails the back/forward cache audit, unless the machine was too busy to measure (./machine.ts):
 * each page's line says Lighthouse's CPU benchmark index and the load average beside the scores.
 *
 *   npm run build && npm run bench:lighthouse
 *   BENCH_PAGES=/,/cart npm run bench:lighthouse   other pages
 *
 * Lighthouse is pinned at 12.2.3: later versions need Node 22.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createServer } from '../demo/server/app';
import { COOKIES, CSRF_HEADER } from '../src/contract';
import { CHROMIUM_PATH, DIST_DIR } from '../tests/e2e/harness';
import { describeMachine, judge } from './machine';

const PAGES = (process.env['BENCH_PAGES'] ?? '/products/prod-tee,/cart,/,/contact').split(',');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The performance score's metrics, printed for every page. */
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'speed-index',
  'cumulative-layout-shift',
];
/**
 * Lighthouse's CPU benchmark index under which its simulated 4x slowdown no longer models a
 * mid-range phone (Lighthouse's own docs flag an index under about 1,000 as a slow host).
 */
const SLOW_HOST_INDEX = 1000;
/** Lighthouse's own line between a passed audit and one to look at. */
const PASS = 0.9;

/** A cart with one entry, so the cart page shows a line: the cookies a returning shopper sends. */
async function cartCookies(base: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${base}/api/commerce/shopping-cart`));
  const added = await fetch(`${base}/api/commerce/shopping-cart/entries`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookie(),
      [CSRF_HEADER]: jar.get(COOKIES.crumb) ?? '',
    },
    body: JSON.stringify({ itemId: 'prod-field-guide', sku: null, quantity: 1, additionalFields: null }),
  });
  if (!added.ok) throw new Error(`add to cart failed: ${added.status}`);
  keep(added);
  return cookie();
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}`);
  if (!existsSync(resolve(DIST_DIR, 'loader.js')))
    throw new Error('dist/ not found: run `npm run build` first');
  const server = await createServer({ dbPath: ':memory:', distDir: DIST_DIR });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not report a port');
  const base = `http://127.0.0.1:${address.port}`;
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  let below = 0;
  try {
    const cookie = await cartCookies(base);
    for (const path of PAGES) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        extraHeaders: { Cookie: cookie },
      });
      if (result === undefined) throw new Error(`${path}: Lighthouse returned nothing`);
      const { lhr } = result;
      const scores = CATEGORIES.map((id) => {
        const score = lhr.categories[id]?.score;
        return `${id} ${score === null || score === undefined ? '-' : Math.round(score * 100)}`;
      });
      const benchmarkIndex = lhr.environment.benchmarkIndex;
      const bfcache = lhr.audits['bf-cache'];
      const bfcacheText =
        bfcache === undefined || bfcache.score === null ? 'not audited' : bfcache.score >= 1 ? 'passed' : 'FAILED';
      console.log(
        `${path}: ${scores.join(', ')}; back/forward cache ${bfcacheText}; CPU benchmark index ${Math.round(benchmarkIndex)}${benchmarkIndex < SLOW_HOST_INDEX ? ' (slow host)' : ''}`,
      );
      if ((lhr.categories['performance']?.score ?? 0) < 1) below += 1;
      if (bfcache !== undefined && bfcache.score !== null && bfcache.score < 1) below += 1;
      const metrics = METRICS.map((id) => `${id} ${lhr.audits[id]?.displayValue ?? '-'}`);
      console.log(`  ${metrics.join(', ')}`);
      for (const id of CATEGORIES) {
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (!audit || audit.score === null || audit.score >= PASS) continue;
          if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual') continue;
          const value = audit.displayValue ? `: ${audit.displayValue}` : '';
          console.log(`  ${id} / ${audit.id} (${audit.score.toFixed(2)})${value}`);
          // The files an audit names (uncompressed, render-blocking, ...), the first few.
          const items = (audit.details as { items?: { url?: unknown }[] } | undefined)?.items ?? [];
          const urls = items.flatMap((item) =>
            typeof item.url === 'string' ? [item.url.replace(base, '')] : [],
          );
          if (urls.length > 0) console.log(`    ${urls.slice(0, 4).join(', ')}`);
        }
      }
    }
    console.log(`Lighthouse ${'12.2.3'}, mobile defaults (simulated throttling), ${describeMachine()}`);
  } finally {
    await chrome.kill();
    await server.close();
  }
  judge(below, 'bench:lighthouse');
}

await main();
