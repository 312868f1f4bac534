// @vitest-environment node
/**
 * The engine to widget contract in Chromium: the demo catalogue rendered by our template engine
 * (`{@|sf-block product-form}`, `restock-form`, `cart-pill`, with the platform's merchandising
 * shapes), served as a page under the strict CSP and mounted by the built loader. Every block
 * mounts; no BAD_PROPS, no `sf:error`.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG, listingPage } from '../src/template/engine-page.js';
import { PAGES_DIR, cspViolations, startE2E, widgetsMounted, type E2E } from './harness.js';

const PAGE = 'engine-blocks.generated.html';
let e2e: E2E;

beforeAll(async () => {
  // The page is rendered now, by the engine of this tree, and removed afterwards.
  writeFileSync(
    resolve(PAGES_DIR, PAGE),
    listingPage({ websiteId: 'e2e-website', currency: 'USD', locale: 'en-US', apiRoot: '/api/' }),
  );
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
  rmSync(resolve(PAGES_DIR, PAGE), { force: true });
});

describe('a page rendered by the template engine', () => {
  it('mounts every block it emits, with no BAD_PROPS and no sf:error', async () => {
    const { page, log } = await e2e.newPage();
    const errors: unknown[] = [];
    await page.exposeFunction('recordSfError', (detail: unknown) => errors.push(detail));
    await page.addInitScript(() => {
      document.addEventListener('sf:error', (e) =>
        (window as unknown as { recordSfError(d: unknown): void }).recordSfError((e as CustomEvent).detail),
      );
    });
    await page.goto(`/${PAGE}`);

    // A product form and a restock form per catalogue item, and the cart pill; a sold-out product's
    // form then places a restock block of its own, which must mount too.
    const emitted = page.locator('[data-sf-widget]:not(.sf-product-form [data-sf-widget])');
    expect(await emitted.count()).toBe(CATALOG.length * 2 + 1);
    await widgetsMounted(page);
    expect(await page.locator('[data-sf-widget][data-sf-mounted]').count()).toBeGreaterThanOrEqual(
      CATALOG.length * 2 + 1,
    );

    expect(await page.locator('.sf-product-form').count()).toBe(CATALOG.length);
    expect(await page.getByRole('button', { name: 'Add To Cart' }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    const warnings = log.console.filter((m) => m.type === 'warning' || m.type === 'error').map((m) => m.text);
    expect(warnings.filter((w) => /BAD_PROPS|invalid data-sf-props|UNKNOWN_WIDGET/.test(w))).toEqual([]);
    expect(log.pageErrors).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });
});
