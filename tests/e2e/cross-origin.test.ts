/**
 * A theme's page on another origin than the reference server: the page on http://127.0.0.1:<port>
 * of a small static server of its own, the SDK's files and the API on http://localhost:<port>.
 * The loader and every chunk are cross-origin loads (the chunks CORS requests).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES_DIR, PROJECT_ROOT, startE2E, WAIT, type E2E } from './harness.js';

let e2e: E2E;
let site: Server;
/** The SDK's and the API's origin: the reference server, by another name than the page's host. */
let sdkOrigin = '';
let pageOrigin = '';

const attribute = (json: string): string =>
  json.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A theme's product page, loading the SDK from `sdkOrigin` and calling the API there. */
function themePage(): string {
  const catalog = JSON.parse(
    readFileSync(resolve(PROJECT_ROOT, 'demo/server/seed-catalog.json'), 'utf8'),
  ) as { id: string }[];
  const item = catalog.find((product) => product.id === 'prod-sencha');
  const context = {
    websiteId: 'e2e-website',
    currency: 'USD',
    locale: 'en-US',
    apiRoot: `${sdkOrigin}/api/`,
  };
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>A theme page on another site</title>
    <script type="application/json" id="sf-context">${JSON.stringify(context)}</script>
    <script src="/error-log.js"></script>
    <script src="${sdkOrigin}/dist/loader.js" defer></script>
  </head>
  <body>
    <header><div data-sf-widget="cart-pill"><a href="/cart">Cart</a></div></header>
    <main>
      <h1>Uji Sencha</h1>
      <div data-sf-widget="product-form" data-sf-props='${attribute(JSON.stringify({ item }))}'>
        <p>Enable JavaScript to add this product to your cart.</p>
      </div>
    </main>
  </body>
</html>`;
}

beforeAll(async () => {
  site = createServer((request, response) => {
    if (request.url === '/error-log.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      response.end(readFileSync(resolve(PAGES_DIR, 'error-log.js')));
    } else if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(themePage());
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  pageOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  // The API allows the page's origin, as `--cors` does for a theme's dev server.
  e2e = await startE2E({ cors: pageOrigin });
  sdkOrigin = e2e.baseUrl.replace('127.0.0.1', 'localhost');
});
afterAll(async () => {
  await e2e?.close();
  await new Promise((done) => site?.close(done));
});

async function openThemePage() {
  const { page, log } = await e2e.newPage();
  await page.goto(`${pageOrigin}/`);
  return { page, log };
}

describe('a page on another origin', () => {
  it('loads the loader and its chunks from the SDK origin and mounts its widgets', async () => {
    const { page, log } = await openThemePage();
    await page.getByRole('button', { name: 'Add To Cart', exact: true }).waitFor(WAIT);
    await page.waitForFunction(
      () => document.querySelector('[data-sf-widget]:not([data-sf-mounted])') === null,
      undefined,
      WAIT,
    );
    expect(await page.locator('[data-sf-widget][data-sf-mounted]').count()).toBe(2);
    expect(await page.evaluate(() => (window as unknown as { __pageErrors: string[] }).__pageErrors)).toEqual(
      [],
    );
    expect(log.pageErrors).toEqual([]);
  });
});
