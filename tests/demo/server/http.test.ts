// @vitest-environment node
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_SCRIPT_ID, PROPS_ATTR, WIDGET_ATTR } from '../../../src/contract';
import { add, CART, ENTRIES, startServer, Visitor } from './visitor';

const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'self'; form-action 'self'";

let dir: string;
let app: FastifyInstance;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sf-server-'));
  mkdirSync(join(dir, 'pages'));
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'pages', 'about.html'), '<!doctype html><title>About</title><p>About us</p>');
  writeFileSync(join(dir, 'pages', 'cart.html'), '<!doctype html><title>Custom cart</title>');
  writeFileSync(join(dir, 'pages', '.env'), 'SECRET=1');
  writeFileSync(join(dir, 'dist', 'loader.js'), 'window.Storefront = {};');
  mkdirSync(join(dir, 'dist', 'widgets'));
  const chunk = join(dir, 'dist', 'widgets', 'cart-pill.js');
  writeFileSync(chunk, 'export const mount = () => () => undefined;');
  writeFileSync(`${chunk}.br`, brotliCompressSync('export const mount = () => () => undefined;'));
  writeFileSync(`${chunk}.gz`, gzipSync('export const mount = () => () => undefined;'));
  writeFileSync(join(dir, 'dist', 'widgets', 'cart-pill.css'), '.sf-cart-pill { color: inherit }');
  writeFileSync(join(dir, 'outside.txt'), 'outside the roots');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await app.close();
});

const start = (options = {}) =>
  startServer({ pagesDir: join(dir, 'pages'), distDir: join(dir, 'dist'), ...options }).then(
    (a) => (app = a),
  );

describe('pages', () => {
  it('renders the index from the database with every seeded product linked', async () => {
    await start();
    const res = await app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    for (const id of [
      'prod-tee',
      'prod-field-guide',
      'prod-workshop',
      'prod-gift-card',
      'prod-coffee-club',
      'prod-engraved-mug',
    ]) {
      expect(res.body).toContain(`href="/products/${id}"`);
    }
    expect(res.body).toContain(`<script type="application/json" id="${CONTEXT_SCRIPT_ID}">`);
    expect(res.body).toContain('<script src="/dist/loader.js" defer fetchpriority="high"></script>');
  });

  it('renders a product page with the product-form block and its item props', async () => {
    await start();
    const res = await app.inject('/products/prod-tee');
    const match = new RegExp(`${WIDGET_ATTR}="product-form" ${PROPS_ATTR}="([^"]*)"`).exec(res.body);
    const props = JSON.parse(
      (match?.[1] ?? '')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    );
    expect(props.item.id).toBe('prod-tee');
    expect(props.item.structuredContent.variants).toHaveLength(6);
  });

  it('has no inline script or style beyond JSON data blocks', async () => {
    await start();
    for (const url of ['/', '/products/prod-engraved-mug', '/checkout']) {
      const body = (await app.inject(url)).body;
      const scripts = body.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
      expect(scripts.every((tag) => tag.includes('type="application/json"'))).toBe(true);
      expect(body).not.toMatch(/<style|\sstyle=|\son\w+=/);
    }
  });

  it('prefers a page file from the pages folder', async () => {
    await start();
    const res = await app.inject('/cart');
    expect(res.body).toContain('Custom cart');
    expect(res.headers['content-security-policy']).toBe(PAGE_CSP);
  });

  it('serves other static pages from the pages folder', async () => {
    await start();
    expect((await app.inject('/about.html')).body).toContain('About us');
  });

  it('answers an HTML 404 for an unknown page and a JSON 404 for an unknown API path', async () => {
    await start();
    const page = await app.inject('/products/prod-nope');
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    const api = await app.inject('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found.' });
  });
});

describe('static files', () => {
  it('serves the built SDK under /dist/ and product images under /demo-assets/', async () => {
    await start();
    const loader = await app.inject('/dist/loader.js');
    expect(loader.statusCode).toBe(200);
    expect(loader.headers['content-type']).toContain('javascript');
    const image = await app.inject('/demo-assets/tee-black.svg');
    expect(image.headers['content-type']).toContain('image/svg+xml');
  });

  // Module loads are CORS requests: a sandboxed frame (origin `null`) or another origin's page
  // loads the chunks only with these, and no credentials are ever allowed.
  it.each([
    ['/dist/loader.js', 'br, gzip'],
    ['/dist/widgets/cart-pill.js', 'br'],
    ['/dist/widgets/cart-pill.js', 'gzip'],
    ['/dist/widgets/cart-pill.js', 'identity'],
    ['/dist/widgets/cart-pill.css', 'br, gzip'],
  ])('lets any origin load %s (Accept-Encoding %s), without credentials', async (url, encoding) => {
    await start();
    const res = await app.inject({ url, headers: { origin: 'null', 'accept-encoding': encoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('keeps the cross-origin headers on a revalidated SDK file (304)', async () => {
    await start();
    const first = await app.inject('/dist/widgets/cart-pill.js');
    const again = await app.inject({
      url: '/dist/widgets/cart-pill.js',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['access-control-allow-origin']).toBe('*');
    expect(again.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it.each(['/', '/api/commerce/shopping-cart', '/demo-assets/tee-black.svg'])(
    'sends no cross-origin headers on %s, which is not an SDK file',
    async (url) => {
      await start();
      const res = await app.inject({ url, headers: { origin: 'https://elsewhere.example' } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['cross-origin-resource-policy']).toBeUndefined();
    },
  );

  it.each([
    '/demo-assets/../package.json',
    '/demo-assets/%2e%2e/%2e%2e/package.json',
    '/demo-assets/..%2f..%2fpackage.json',
    '/dist/..%2foutside.txt',
    '/..%2foutside.txt',
    '/%2e%2e/outside.txt',
    '/about.html/../../outside.txt',
    '/.env',
  ])('never serves %s from outside a root or a dotfile', async (url) => {
    await start();
    const res = await app.inject(url);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.body).not.toMatch(/storefront-widgets|outside the roots|SECRET/);
  });
});

describe('security headers', () => {
  it('sends the strict CSP on pages and a deny-all CSP on API responses', async () => {
    await start();
    const page = await app.inject('/');
    expect(page.headers).toMatchObject({
      'content-security-policy': PAGE_CSP,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    const api = await app.inject(CART);
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['cache-control']).toBe('no-store');
  });
});

describe('payload limits', () => {
  it('answers 429 to adds to cart beyond the configured limit', async () => {
    await start({ rateLimit: { addToCart: { max: 2, timeWindowMs: 60_000 } } });
    const visitor = await new Visitor(app).arrive();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await add(visitor, 'prod-workshop', null)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await add(visitor, 'prod-workshop', null);
    expect(limited.json()).toEqual({
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
    });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('answers 413 with a message to a body above 256 KB', async () => {
    await start();
    const visitor = await new Visitor(app).arrive();
    const res = await visitor.post(ENTRIES, {
      itemId: 'prod-tee',
      sku: 'TEE-S-BLK',
      quantity: 1,
      additionalFields: 'x'.repeat(300_000),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large.' });
  });

  it('answers 415 with a message to an unsupported content type', async () => {
    await start();
    const visitor = await new Visitor(app).arrive();
    const res = await visitor.post(ENTRIES, undefined, {
      body: '<x/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Unsupported content type.' });
  });

  it("refuses a quantity of 200,000 digits and a letter at once, as any that is not a number", async () => {
    await start();
    const visitor = await new Visitor(app).arrive();
    const res = await visitor.post(ENTRIES, {
      itemId: 'prod-tee',
      sku: 'TEE-S-BLK',
      quantity: `${'1'.repeat(200_000)}x`,
      additionalFields: null,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Quantity must be a number.' });
  });

  it('treats an entry id it never issued as not found', async () => {
    await start();
    const visitor = await new Visitor(app).arrive();
    await add(visitor, 'prod-workshop', null);
    const res = await visitor.put(`${ENTRIES}/${'x'.repeat(90)}/quantity`, { quantity: 1 });
    expect(res.statusCode).toBe(404);
  });
});

describe('instalment modal pages', () => {
  it.each([
    ['en-US', 'Afterpay'],
    ['en-CA', 'Afterpay'],
    ['fr-CA', 'Afterpay'],
    ['en-AU', 'Afterpay'],
    ['en-NZ', 'Afterpay'],
    ['en-GB', 'Clearpay'],
  ])('serves the %s page with the %s brand as JSON and HTML', async (locale, brand) => {
    await start();
    const json = await app.inject(`/instalments/${locale}.json`);
    expect(json.json()).toMatchObject({ locale, brand, title: expect.any(String) });
    expect(json.json().paragraphs.join(' ')).toContain(brand);
    const html = await app.inject(`/instalments/${locale}.html`);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.headers['content-security-policy']).toBe(PAGE_CSP);
    expect(html.body).toContain(`<html lang="${locale.slice(0, 2)}">`);
  });

  it('speaks French for fr-CA', async () => {
    await start();
    expect((await app.inject('/instalments/fr-CA.json')).json().title).toBe(
      'Payez en 4 versements sans intérêts',
    );
  });

  it.each([
    ['de-US', 'Afterpay', 'In 4 zinsfreien Raten bezahlen'],
    ['es-US', 'Afterpay', 'Paga en 4 plazos sin intereses'],
    ['it-AU', 'Afterpay', 'Paga in 4 rate senza interessi'],
    ['nl-NZ', 'Afterpay', 'Betaal in 4 renteloze termijnen'],
    ['pt-US', 'Afterpay', 'Pague em 4 parcelas sem juros'],
    ['ja-GB', 'Clearpay', '4回の無利息分割払い'],
    ['fr-US', 'Afterpay', 'Payez en 4 versements sans intérêts'],
  ])('serves %s, a catalogue language in a provider country, with %s', async (locale, brand, title) => {
    await start();
    const json = (await app.inject(`/instalments/${locale}.json`)).json();
    expect(json).toMatchObject({ locale, brand, title });
    expect(json.paragraphs).toHaveLength(4);
    expect(json.paragraphs.join(' ')).toContain(brand);
    expect(json.paragraphs.join(' ')).not.toContain("'");
  });

  it.each([
    '/instalments/de-DE.json',
    '/instalments/sv-US.json',
    '/instalments/en-US.txt',
    '/instalments/..%2fen-US.json',
  ])('answers 404 for %s', async (url) => {
    await start();
    expect((await app.inject(url)).statusCode).toBe(404);
  });
});
