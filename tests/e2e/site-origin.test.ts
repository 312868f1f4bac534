/**
 * The browser suite's server is started on a free port with no site URL: its pages' absolute
 * addresses follow the address it actually listens on, whatever spelling of the path was asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, WAIT, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ testPages: false });
});
afterAll(async () => {
  await e2e.close();
});

describe('a server on a free port without --site-url', () => {
  it('links a product page to the address the browser reached', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/products/prod-sencha/');
    await expect
      .poll(() => page.locator('link[rel="canonical"]').getAttribute('href'), WAIT)
      .toBe(`${e2e.baseUrl}/products/prod-sencha`);
    expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(
      `${e2e.baseUrl}/products/prod-sencha`,
    );
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(
      `${e2e.baseUrl}/demo-assets/sencha.svg`,
    );
  });
});
