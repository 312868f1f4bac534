/**
 * A theme's page on another origin than the reference server: the page on http://127.0.0.1:<port>
 * of a small static server of its own, the SDK's files and the API on http://localhost:<port>.
 * The loader and every chunk are cross-origin loads (the chunks CORS requests), and the API is on
 * another site, whose cookies the browser does not send and the page cannot read. `/same-host`
 * is the same page with the SDK and the API on http://127.0.0.1:<port>: another port of the
 * page's own host, as `--cors` is meant for.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES_DIR, PROJECT_ROOT, serverCart, startE2E, WAIT, type E2E } from './harness.js';

const SESSION_EXPIRED = 'Your session has expired. Please reload the page and try again.';

let e2e: E2E;
let site: Server;
/** The SDK's and the API's origin: the reference server, by another name than the page's host. */
let sdkOrigin = '';
let pageOrigin = '';

const attribute = (json: string): string =>
  json.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A theme's product page, loading the SDK from `sdk` and calling the API there. */
function themePage(sdk: string): string {
  const catalog = JSON.parse(
    readFileSync(resolve(PROJECT_ROOT, 'demo/server/seed-catalog.json'), 'utf8'),
  ) as { id: string }[];
  const item = catalog.find((product) => product.id === 'prod-sencha');
  const context = {
    websiteId: 'e2e-website',
    currency: 'USD',
    locale: 'en-US',
    apiRoot: `${sdk}/api/`,
  };
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>A theme page on another site</title>
    <script type="application/json" id="sf-context">${JSON.stringify(context)}</script>
    <script src="/error-log.js"></script>
    <script src="${sdk}/dist/loader.js" defer></script>
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
    } else if (request.url === '/' || request.url === '/same-host') {
      // `/same-host` reaches the API by the page's own host name, on its other port.
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(themePage(request.url === '/' ? sdkOrigin : e2e.baseUrl));
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

async function openThemePage(path = '/') {
  const { page, context, log } = await e2e.newPage();
  await page.goto(`${pageOrigin}${path}`);
  return { page, context, log };
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

describe('an API on another site', () => {
  it('still shows the shopper the catalogued text, and tells the developer what is wrong', async () => {
    const { page, log } = await openThemePage();
    await page.getByRole('button', { name: 'Add To Cart', exact: true }).click(WAIT);
    await page.getByText(SESSION_EXPIRED).first().waitFor(WAIT);

    const told = `The API at ${sdkOrigin} refused a write for its missing crumb, and this page (${pageOrigin}) cannot read the crumb cookie that API sets`;
    const sfErrors = await page.waitForFunction(
      (code) => {
        const errors = (window as unknown as { __sfErrors: { code?: string }[] }).__sfErrors;
        return errors.some((detail) => detail.code === code) ? errors : null;
      },
      'API_CROSS_SITE',
      WAIT,
    );
    const details = (await sfErrors.jsonValue()) as { code?: string; message: string }[];
    expect(details.find((detail) => detail.code === 'API_CROSS_SITE')?.message).toContain(told);
    expect(log.console.filter((m) => m.type === 'error' && m.text.includes(told))).toHaveLength(1);
  });
});

describe("an API on the page's host, on another port (`--cors`)", () => {
  it('adds to the cart: the page reads the crumb the API set, and the browser sends the cookies', async () => {
    const { page, context } = await openThemePage('/same-host');
    await page.getByRole('button', { name: 'Add To Cart', exact: true }).click(WAIT);
    await expect.poll(async () => (await serverCart(context)).totalQuantity, WAIT).toBe(1);
    expect(await page.getByText(SESSION_EXPIRED).count()).toBe(0);
  });
});
