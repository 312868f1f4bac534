/**
 * The widgets in `<iframe sandbox="allow-scripts">`: without allow-same-origin the frame's page
 * has an opaque origin, so `document.cookie`, `localStorage` and `sessionStorage` all throw, and
 * every widget chunk is a cross-origin module load (origin `null`): it loads only because the
 * reference server sends `Access-Control-Allow-Origin: *` on the SDK's files.
 */
import { resolve } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES_DIR, startE2E, WAIT, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** The sandboxed frame of the embedding page at `path`, once loaded. */
async function shopFrame(page: Page, path: string): Promise<Frame> {
  // error-log.js in every frame, before any of its scripts: what reaches each page's error events.
  await page.addInitScript({ path: resolve(PAGES_DIR, 'error-log.js') });
  await page.goto(path);
  const frame = await (await page.locator('iframe#shop').elementHandle())?.contentFrame();
  if (!frame) throw new Error('the sandboxed frame did not load');
  return frame;
}

/** What reached the error events of the frame's page and of the page embedding it. */
const pageErrors = async (page: Page, frame: Frame) => ({
  frame: await frame.evaluate(() => (window as unknown as { __pageErrors: string[] }).__pageErrors),
  host: await page.evaluate(() => (window as unknown as { __pageErrors: string[] }).__pageErrors),
});

describe('a shop page inside a sandboxed frame', () => {
  it('mounts its widgets and sets data-sf-ready, and no error reaches the page', async () => {
    const { page, log } = await e2e.newPage();
    const frame = await shopFrame(page, '/sandbox/host.html');
    await frame.locator('html[data-sf-ready]').waitFor({ state: 'attached', ...WAIT });
    await frame.getByRole('button', { name: 'Add To Cart', exact: true }).waitFor(WAIT);
    expect(await frame.locator('[data-sf-widget][data-sf-mounted]').count()).toBe(2);

    // The frame really is sandboxed: every storage the SDK reads throws.
    expect(await refused(frame)).toEqual({
      cookie: 'SecurityError',
      localStorage: 'SecurityError',
      sessionStorage: 'SecurityError',
    });
    expect(await pageErrors(page, frame)).toEqual({ frame: [], host: [] });
    expect(log.pageErrors).toEqual([]);
  });

  it("mounts the product form of the reference server's own product page", async () => {
    const { page, log } = await e2e.newPage();
    const frame = await shopFrame(page, '/sandbox/product-host.html');
    await frame.getByRole('button', { name: 'Add To Cart', exact: true }).waitFor(WAIT);
    await frame.locator('[data-sf-widget="product-form"][data-sf-mounted]').waitFor({
      state: 'attached',
      ...WAIT,
    });
    expect(await frame.evaluate(() => document.title)).toContain('Organic Cotton Tee');
    expect(await refused(frame)).toMatchObject({ cookie: 'SecurityError' });
    expect(await pageErrors(page, frame)).toEqual({ frame: [], host: [] });
    expect(log.pageErrors).toEqual([]);
  });
});

/** What touching each storage gives in the frame: the error's name, or 'open'. */
const refused = (frame: Frame) =>
  frame.evaluate(() => {
    const attempt = (touch: () => unknown): string => {
      try {
        touch();
        return 'open';
      } catch (error) {
        return (error as Error).name;
      }
    };
    return {
      cookie: attempt(() => document.cookie),
      localStorage: attempt(() => window.localStorage),
      sessionStorage: attempt(() => window.sessionStorage),
    };
  });
