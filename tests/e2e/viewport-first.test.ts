/**
 * Blocks mount as they come near the viewport, in Chromium: the long page of the browser bench
 * (the demo's product page with its product block repeated, bench/chromium.ts), opened by a
 * visitor who arrives halfway down it (a link to a block, a restored scroll position).
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
/**
 * The product block the visitor arrives at. Scrolled to before the stylesheets apply, the screen
 * can end up dozens of blocks further down (blocks off screen take their intrinsic size): far
 * from both ends still.
 */
const ARRIVAL = 30;

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

const isMounted = (i: number) =>
  document.querySelectorAll('[data-sf-widget="product-form"]')[i]?.hasAttribute('data-sf-mounted') === true;

describe('a long page', () => {
  it("mounts the blocks on the visitor's screen first, leaves those far from it, and mounts a block at the bottom once it is scrolled to", async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      await page.addInitScript(arriveHalfway);
      await page.goto(longPage);
      const order = () =>
        page.evaluate(() => (window as unknown as { __mountOrder: Mounted[] }).__mountOrder);
      // No cart to read: the page is ready at once, whatever has mounted.
      await page.waitForFunction(
        () => document.documentElement.hasAttribute('data-sf-ready'),
        undefined,
        WAIT,
      );
      // Storefront.mount() settles once the blocks near the screen have mounted and the others wait.
      await page.waitForFunction(() => 'Storefront' in window, undefined, WAIT);
      await page.evaluate(() =>
        (window as unknown as { Storefront: { mount(): Promise<void> } }).Storefront.mount(),
      );
      const first = await order();
      // Around the visitor's screen, which the stylesheets may have moved off block ARRIVAL.
      expect(Math.min(...first.map((m) => m.i))).toBeGreaterThan(10);
      expect(first[0], `the first mounts: ${JSON.stringify(first.slice(0, 6))}`).toMatchObject({
        near: true,
      });
      expect(first.length).toBeLessThan(BLOCKS / 4);
      // The top and the bottom of the page are far from the visitor: their blocks keep the fallback.
      expect(await page.evaluate(isMounted, 0)).toBe(false);
      expect(await page.evaluate(isMounted, BLOCKS - 1)).toBe(false);

      const forms = page.locator('[data-sf-widget="product-form"]');
      await forms.nth(BLOCKS - 1).scrollIntoViewIfNeeded();
      await page.waitForFunction(isMounted, BLOCKS - 1, WAIT);
      await forms
        .nth(BLOCKS - 1)
        .getByRole('button', { name: 'Add To Cart' })
        .waitFor(WAIT);
      expect(await page.evaluate(isMounted, 0)).toBe(false);
      // Each block mounted once.
      const mounted = await order();
      expect(new Set(mounted.map((m) => m.i)).size).toBe(mounted.length);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
  it("keeps a shopper who tabs into a far block's fallback in that block once its widget takes over", async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(longPage);
      await page.waitForFunction(
        () => document.documentElement.hasAttribute('data-sf-ready'),
        undefined,
        WAIT,
      );
      const last = BLOCKS - 1;
      expect(await page.evaluate(isMounted, last)).toBe(false);
      // The product form's fallback keeps its controls disabled until the widget mounts; a theme's
      // fallback may hold a link of its own (the product's details). Focus reaches it, as a Tab or
      // a skip link would, which scrolls the far block near: it mounts, and the link goes.
      const linkFocused = await page.evaluate((i) => {
        const block = document.querySelectorAll('[data-sf-widget="product-form"]')[i];
        const link = document.createElement('a');
        link.href = '#details';
        link.textContent = 'Details';
        block?.firstElementChild?.append(link);
        link.focus();
        return document.activeElement === link;
      }, last);
      expect(linkFocused).toBe(true);
      await page.waitForFunction(isMounted, last, WAIT);
      // Focus stays in the block, on a control of the widget, not on the page's start.
      await page.waitForFunction(
        (i) => {
          const block = document.querySelectorAll('[data-sf-widget="product-form"]')[i];
          const el = document.activeElement;
          return el !== null && el !== document.body && block?.contains(el) === true;
        },
        last,
        WAIT,
      );
    } finally {
      await context.close();
    }
  });
});
