/**
 * The widgets in `<iframe sandbox="allow-scripts">`: without allow-same-origin the frame's page
 * has an opaque origin, so `document.cookie`, `localStorage` and `sessionStorage` all throw.
 */
import type { Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('a shop page inside a sandboxed frame', () => {
  it('mounts its widgets and sets data-sf-ready, and no error reaches the page', async () => {
    const { page, context } = await e2e.newPage();
    // From an opaque origin the widget chunks are cross-origin module loads: served from a CDN
    // they carry Access-Control-Allow-Origin, which the demo server does not send for dist/.
    await context.route('**/dist/**', async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'access-control-allow-origin': '*' },
      });
    });
    try {
      await page.goto('/sandbox/host.html');
      const frame = await (await page.locator('iframe#shop').elementHandle())?.contentFrame();
      if (!frame) throw new Error('the sandboxed frame did not load');
      await frame.locator('html[data-sf-ready]').waitFor({ state: 'attached' });
      await frame.getByRole('button', { name: 'Add To Cart', exact: true }).waitFor();
      expect(await frame.locator('[data-sf-widget][data-sf-mounted]').count()).toBe(2);

      // The frame really is sandboxed: every storage the SDK reads throws.
      expect(await refused(frame)).toEqual({
        cookie: 'SecurityError',
        localStorage: 'SecurityError',
        sessionStorage: 'SecurityError',
      });
      const pageErrors = await frame.evaluate(
        () => (window as unknown as { __pageErrors: string[] }).__pageErrors,
      );
      expect(pageErrors).toEqual([]);
    } finally {
      // Chunks the page still fetches (the add flow, after idle) need no route once the test is over.
      await context.unrouteAll({ behavior: 'ignoreErrors' });
    }
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
