/**
 * examples/react-vite as a theme developer runs it: the packed tarball installed into the app,
 * type-checked with tsc and built with one Vite build, served from its own origin, and talking
 * to the reference server on another port started with `cors` for that origin. Chromium then
 * walks through it: the first route's code (the pill's, none of the lazy routes' widgets), a
 * returning shopper's pill, a variant choice the instalment pill follows on a product parsed in
 * render, inline callbacks that do not loop, the pill, Continue Shopping and Checkout moving
 * in-app to the provider's paths, the cart's thumbnails from the API's origin, an add to cart, the
 * contact form, and the listing rendered on the server (react-dom/server) then hydrated. The app's
 * other dependencies (React Router among them) are links to this project's node_modules, so no
 * network is needed.
 */
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../demo/server/app.js';
import { COOKIES, CSRF_HEADER } from '../../src/contract.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const MODULES = join(ROOT, 'node_modules');
const EXAMPLE = join(ROOT, 'examples/react-vite');
const CHROMIUM_PATH = '/usr/bin/chromium';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

let scratch: string;
let api: FastifyInstance;
let site: Server;
let browser: Browser;
let siteUrl: string;
let apiUrl: string;
let app: string;
let out: string;
/** gzip bytes of the JS of an app with React alone, and with React and React Router. */
let bare: { react: number; router: number };
/** What the byte tests measured, printed once at the end (docs/npm.md quotes them). */
const figures = { firstRoute: 0, fetched: 0 };

/** The same page frame without the package: React alone, or React with React Router's routes. */
const BARE_APPS = {
  react: `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <h1>Trail shop</h1>
  </StrictMode>,
);
`,
  router: `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router';

const router = createBrowserRouter([
  {
    path: '/',
    Component: () => (
      <>
        <nav aria-label="Shop"><Link to="/">Shop</Link></nav>
        <Outlet />
      </>
    ),
    children: [{ index: true, lazy: async () => ({ Component: () => <h1>Trail shop</h1> }) }],
  },
]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
`,
} as const;

/**
 * A build as a developer's shell runs it: vitest sets NODE_ENV=test, under which Vite would bundle
 * React's development build.
 */
const BUILD_ENV = { ...process.env, NODE_ENV: 'production' };

/** gzip -9 of each file on its own, summed, as `npm run size` counts. */
const gzipBytes = (files: readonly string[]): number =>
  files.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);

const scriptsOf = (dir: string): string[] =>
  readdirSync(join(dir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => join(dir, 'assets', f));

/** The example's build manifest (`vite build --manifest`): each chunk by its source, with its imports. */
type Manifest = Record<string, { file: string; imports?: string[] }>;

/** The scripts a route needs before it renders: its chunks and what they import statically. */
function routeScripts(sources: readonly string[]): string[] {
  const manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8')) as Manifest;
  const files = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the example's build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const source of sources) visit(source);
  return [...files].filter((f) => f.endsWith('.js')).map((f) => join(out, f));
}

/** Builds one of {@link BARE_APPS} beside the example, on the example's node_modules. */
async function buildBare(name: keyof typeof BARE_APPS, app: string): Promise<number> {
  const dir = join(scratch, `bare-${name}`);
  mkdirSync(join(dir, 'src'), { recursive: true });
  cpSync(join(app, 'index.html'), join(dir, 'index.html'));
  writeFileSync(join(dir, 'src/main.tsx'), BARE_APPS[name]);
  symlinkSync(join(app, 'node_modules'), join(dir, 'node_modules'), 'dir');
  await run(process.execPath, [join(MODULES, 'vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
    cwd: dir,
    env: BUILD_ENV,
  });
  return gzipBytes(scriptsOf(join(dir, 'dist')));
}

/** Pages a server rendered, by request path and query: what {@link serveApp} answers them with. */
const rendered = new Map<string, string>();

/**
 * The built app on its own origin; every other path is the app's page (it routes itself), or the
 * page a server rendered for it ({@link rendered}).
 */
function serveApp(dir: string): Promise<Server> {
  const server = createHttpServer((request, response) => {
    const page = rendered.get(request.url ?? '');
    if (page !== undefined) {
      response.writeHead(200, { 'content-type': TYPES['.html'] });
      response.end(page);
      return;
    }
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file = join(dir, path);
    const found =
      file.startsWith(dir) && existsSync(file) && extname(file) !== '' ? file : join(dir, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[extname(found)] ?? 'application/octet-stream' });
    response.end(readFileSync(found));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

const portOf = (server: Server): number => {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
};

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist/lib/src/index.js')))
    throw new Error('dist/lib not found: run `npm run build` before the package tests');
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}`);
  scratch = mkdtempSync(join(tmpdir(), 'sf-example-'));
  app = join(scratch, 'app');
  out = join(app, 'dist');
  mkdirSync(out, { recursive: true });

  // Two origins: the app's, then the API's, which allows exactly the app's.
  site = await serveApp(out);
  siteUrl = `http://127.0.0.1:${portOf(site)}`;
  api = await createServer({
    dbPath: ':memory:',
    cors: siteUrl,
    rateLimit: { formSubmission: { max: 1000, timeWindowMs: 60_000 } },
  });
  await api.listen({ port: 0, host: '127.0.0.1' });
  apiUrl = `http://127.0.0.1:${portOf(api.server)}`;

  // The example as committed, with the packed package installed and the rest linked.
  for (const entry of ['index.html', 'package.json', 'tsconfig.json', 'vite.config.ts', 'src'])
    cpSync(join(EXAMPLE, entry), join(app, entry), { recursive: true });
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', scratch], { cwd: ROOT });
  const tarball = (JSON.parse(stdout) as { filename: string }[])[0]?.filename;
  if (!tarball) throw new Error(`npm pack reported nothing: ${stdout}`);
  const installed = join(app, 'node_modules/storefront-widgets');
  mkdirSync(installed, { recursive: true });
  await run('tar', ['-xzf', join(scratch, tarball), '-C', installed, '--strip-components=1']);
  for (const name of readdirSync(MODULES)) {
    if (name === '.bin' || name === 'storefront-widgets' || name.startsWith('.')) continue;
    symlinkSync(join(MODULES, name), join(app, 'node_modules', name), 'dir');
  }
  await run(process.execPath, [join(MODULES, 'typescript/bin/tsc'), '-p', 'tsconfig.json'], {
    cwd: app,
  }).catch((error: { stdout?: string }) => {
    throw new Error(`the example does not type-check:\n${error.stdout ?? String(error)}`);
  });
  await run(
    process.execPath,
    [join(MODULES, 'vite/bin/vite.js'), 'build', '--manifest', '--logLevel', 'error'],
    {
      cwd: app,
      env: { ...BUILD_ENV, VITE_SF_API_ROOT: `${apiUrl}/api/` },
    },
  );
  bare = { react: await buildBare('react', app), router: await buildBare('router', app) };
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
}, 240_000);

afterAll(async () => {
  if (figures.firstRoute > 0 && figures.fetched > 0)
    console.info(
      `JS gzip: first route ${figures.firstRoute} B, fetched on it by network idle ${figures.fetched} B, ` +
        `every route ${gzipBytes(scriptsOf(out))} B; React alone ${bare.react} B, with React Router ${bare.router} B`,
    );
  await browser?.close().catch(() => undefined);
  await api?.close();
  await new Promise((done) => (site ? site.close(done) : done(undefined)));
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** A shopper who added two tees on an earlier visit: the API's cookies are in their browser. */
async function returningShopper(): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.request.get(`${apiUrl}/api/commerce/shopping-cart`);
  const crumb = (await context.cookies(apiUrl)).find((c) => c.name === COOKIES.crumb)?.value ?? '';
  const added = await context.request.post(`${apiUrl}/api/commerce/shopping-cart/entries`, {
    headers: { [CSRF_HEADER]: crumb },
    data: { itemId: 'prod-tee', sku: 'TEE-S-BLK', quantity: 2, additionalFields: null },
  });
  if (!added.ok()) throw new Error(`add failed: ${added.status()} ${await added.text()}`);
  return context;
}

async function open(context: BrowserContext, path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${siteUrl}${path}`);
  return { page, errors };
}

const pillText = (page: Page) =>
  page.locator('.sf-instalment-pill__text').evaluate((el) => el.textContent?.replace(/\s+/g, ' ').trim());

/** What the scripts a page fetched from the app's origin hold: their files in the build. */
function fetchedScripts(page: Page): string[] {
  const files: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === siteUrl && url.pathname.endsWith('.js')) files.push(join(out, url.pathname));
  });
  return files;
}

/** Class names only each widget's own component module holds (its elements', BEM `__`). */
const WIDGET_CODE = {
  pill: 'sf-cart-pill',
  productForm: 'sf-product-form__',
  instalmentPill: 'sf-instalment-pill__',
  cartPage: 'sf-cart-page__',
} as const;

describe('the React + Vite example against the reference server on another origin', () => {
  it("fetches the pill's code on the first route, and none of the product or cart routes' widgets", async () => {
    const context = await returningShopper();
    const page = await context.newPage();
    const files = fetchedScripts(page);
    await page.goto(`${siteUrl}/`);
    await page.getByRole('link', { name: '2 items in cart, $50' }).waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Organic Cotton Tee' }).waitFor();
    // Until nothing is in flight: the api client and the platform layer the provider loads after
    // the route shows are counted too.
    await page.waitForLoadState('networkidle');
    const fetched = [...new Set(files)];
    const code = fetched.map((file) => readFileSync(file, 'utf8')).join('\n');
    expect(code).toContain(WIDGET_CODE.pill);
    expect(code).not.toContain(WIDGET_CODE.productForm);
    expect(code).not.toContain(WIDGET_CODE.instalmentPill);
    expect(code).not.toContain(WIDGET_CODE.cartPage);
    figures.fetched = gzipBytes(fetched);
    await context.close();
  });

  it('renders the first route with at most 20 KB gzip over the same app on React and React Router', () => {
    const firstRoute = routeScripts(['index.html', 'src/routes/shop.tsx']);
    const code = firstRoute.map((file) => readFileSync(file, 'utf8')).join('\n');
    expect(code).toContain(WIDGET_CODE.pill);
    expect(code).not.toContain(WIDGET_CODE.productForm);
    expect(code).not.toContain(WIDGET_CODE.cartPage);
    figures.firstRoute = gzipBytes(firstRoute);
    expect(figures.firstRoute - bare.router).toBeLessThanOrEqual(20_000);
  });

  it("shows a returning shopper's count in the cart pill", async () => {
    const context = await returningShopper();
    const { page, errors } = await open(context, '/');
    await page.getByRole('link', { name: '2 items in cart, $50' }).waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves the instalment text with the chosen variant, and inline callbacks do not loop', async () => {
    const context = await browser.newContext();
    const { page, errors } = await open(context, '/products/prod-tee');
    await page.getByRole('combobox', { name: 'Size' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => pillText(page)).toBe('Available for orders over $20.00');
    await page.getByRole('combobox', { name: 'Size' }).selectOption('L');
    await page.getByRole('combobox', { name: 'Color' }).selectOption('White');
    await expect.poll(() => pillText(page)).toBe('or 4 interest-free payments of $6.75 with');
    await expect
      .poll(() => page.getByRole('status', { name: 'Chosen variant' }).textContent())
      .toBe('TEE-L-WHT');
    // Mount, then one change per pick: a loop would have called the callback thousands of times.
    const changes = Number(await page.getByRole('status', { name: 'Choice changes' }).textContent());
    expect(changes).toBeLessThanOrEqual(4);
    const again = Number(await page.getByRole('status', { name: 'Choice changes' }).textContent());
    expect(again).toBe(changes);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds to the cart and shows it on the cart page', async () => {
    const context = await browser.newContext();
    const { page, errors } = await open(context, '/');
    // In-app, from the listing: the product route and its widgets load on the way.
    await page.getByRole('link', { name: 'Organic Cotton Tee' }).click({ timeout: 15_000 });
    await page.getByRole('combobox', { name: 'Size' }).selectOption('M', { timeout: 15_000 });
    await page.getByRole('combobox', { name: 'Color' }).selectOption('Black');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.getByRole('link', { name: 'One item in cart, $25' }).waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'One item in cart, $25' }).click();
    await page.getByRole('heading', { name: 'Your cart' }).waitFor();
    await page.getByText('Organic Cotton Tee').first().waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("moves in-app from the pill to the cart, to Continue Shopping and to the paths' checkout, with thumbnails", async () => {
    const context = await returningShopper();
    const { page, errors } = await open(context, '/');
    // A marker on the window: a page load would drop it.
    await page.evaluate(() => Object.assign(window, { sfSameDocument: true }));
    const sameDocument = () => page.evaluate(() => 'sfSameDocument' in window);
    await page.getByRole('link', { name: '2 items in cart, $50' }).click({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Your cart' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/cart');
    // The entry's thumbnail comes from the API's origin, and it loaded there.
    const thumbnail = page.locator('img.sf-cart-entry__image').first();
    await thumbnail.waitFor({ timeout: 15_000 });
    expect(await thumbnail.getAttribute('src')).toMatch(new RegExp(`^${apiUrl}/`));
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Continue Shopping' }).click();
    await page.getByRole('heading', { name: 'Trail shop' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('link', { name: '2 items in cart, $50' }).click();
    await page.getByRole('link', { name: 'Checkout' }).click({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/checkout');
    expect(await sameDocument()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders the layout on the server with a link to the cart, and hydrates it without an error', async () => {
    const env = { ...BUILD_ENV, VITE_SF_API_ROOT: `${apiUrl}/api/` };
    const vite = join(MODULES, 'vite/bin/vite.js');
    await run(
      process.execPath,
      [vite, 'build', '--ssr', 'src/server.tsx', '--outDir', 'dist-server', '--logLevel', 'error'],
      {
        cwd: app,
        env,
      },
    );
    const { stdout: html } = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const { render } = await import('./dist-server/server.js'); process.stdout.write(render('/'));",
      ],
      { cwd: app, env },
    );
    expect(html).toContain('<a href="/cart">');
    expect(html).toContain('Trail shop');

    const served = readFileSync(join(out, 'index.html'), 'utf8').replace(
      '<div id="root"></div>',
      `<div id="root">${html}</div>`,
    );
    rendered.set('/?server-rendered', served);
    const context = await returningShopper();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
    });
    // The app's server answers this address with what render() gave, as a server-rendering host would.
    await page.goto(`${siteUrl}/?server-rendered`);
    // Hydrated: the pill replaced the server's link with the returning shopper's count.
    await page
      .getByRole('link', { name: '2 items in cart, $50' })
      .waitFor({ timeout: 15_000 })
      .catch((error: Error) => {
        throw new Error(`${error.message}\nthe page's errors: ${JSON.stringify(errors)}`);
      });
    await page.getByRole('link', { name: 'Organic Cotton Tee' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends the contact form', async () => {
    const context = await browser.newContext();
    const { page, errors } = await open(context, '/contact');
    await page.getByRole('textbox', { name: /First Name/ }).fill('Ada', { timeout: 15_000 });
    await page.getByRole('textbox', { name: /Last Name/ }).fill('Lovelace');
    await page.getByRole('textbox', { name: /Email address/ }).fill('ada@example.com');
    await page.getByRole('textbox', { name: /Message/ }).fill('Do you ship to Lyon?');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByText('Thanks! We will get back to you within two working days.')
      .waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
