/**
 * Blocks near the viewport mount first, in Chromium: the long page of the browser bench (the
 * demo's product page with its product block repeated, bench/chromium.ts), opened by a visitor
 * who arrives halfway down it (a link to a block, a restored scroll position).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBlocksPage } from '../../bench/chromium.js';
import { createServer } from '../../demo/server/app.js';
import { assertPrerequisites, CHROMIUM_PATH, DIST_DIR, WAIT } from './harness.js';

const BLOCKS = 100;
/** A product form as it mounted: its place on the page, and whether it was near the screen. */
interface Mounted {
  i: number;
  near: boolean;
}
/** The product block the visitor arrives at. */
const ARRIVAL = 50;

let server: FastifyInstance;
let browser: Browser;
let baseUrl: string;
let longPage: string;
const pagesDir = mkdtempSync(join(tmpdir(), 'sf-viewport-first-'));

beforeAll(async () => {
  assertPrerequisites();
  server = await createServer({ dbPath: ':memory:', pagesDir, distDir: DIST_DIR });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not report a port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  longPage = await writeBlocksPage(baseUrl, pagesDir, 'prod-tee', BLOCKS, 'long-page');
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(pagesDir, { recursive: true, force: true });
});

/**
 * Before any page script: scrolls block `ARRIVAL` into view once the page is parsed (before the
 * deferred loader runs) and records the product forms as they mount: their place on the page, and
 * whether they were within 200 px of the viewport then (the page's stylesheets may still move the
 * blocks after the scroll, so which blocks the screen shows is read at each mount). Plain text: the
 * test runner would wrap a function's inner functions in a helper the page does not have.
 */
const arriveHalfway = `(() => {
  window.__mountOrder = [];
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const forms = [...document.querySelectorAll('[data-sf-widget="product-form"]')];
    forms[${ARRIVAL}].scrollIntoView({ block: 'start' });
    new MutationObserver((records) => {
      for (const r of records) {
        const i = forms.indexOf(r.target);
        if (i < 0 || r.oldValue !== null || !r.target.hasAttribute('data-sf-mounted')) continue;
        const box = r.target.getBoundingClientRect();
        window.__mountOrder.push({ i, near: box.bottom > -200 && box.top < innerHeight + 200 });
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ['data-sf-mounted'] });
  });
})();`;

describe('a long page', () => {
  it("mounts the blocks on the visitor's screen before those far from it, and every block in the end", async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      await page.addInitScript(arriveHalfway);
      await page.goto(longPage);
      const order = () =>
        page.evaluate(() => (window as unknown as { __mountOrder: Mounted[] }).__mountOrder);
      await expect.poll(async () => (await order()).length, WAIT).toBe(BLOCKS);
      const mounted = await order();
      const first = mounted.findIndex((m) => !m.near);
      // The visitor's screen first, then every other block, in page order.
      expect(first, `the first mounts: ${JSON.stringify(mounted.slice(0, 6))}`).toBeGreaterThan(0);
      expect(mounted.slice(first).filter((m) => m.near)).toEqual([]);
      const rest = mounted.slice(first).map((m) => m.i);
      expect(rest).toEqual([...rest].sort((a, b) => a - b));
      // The top of the page was not on the screen: it came after it.
      expect(rest[0]).toBe(0);
      expect(new Set(mounted.map((m) => m.i)).size).toBe(BLOCKS);
      expect(await page.locator('[data-sf-widget]:not([data-sf-mounted])').count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
