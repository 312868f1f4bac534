/**
 * What a published page carries for search engines and link previews: every demo page a meta
 * description of its own, a canonical link to its own address, and product pages the Open Graph
 * title and picture.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './visitor';

const PAGES = [
  '/',
  '/products/prod-tee',
  '/products/prod-poster',
  '/products/prod-gift-card',
  '/cart',
  '/checkout',
  '/checkout/subscription',
  '/checkout/gift-card?itemId=prod-gift-card&sku=GIFT-25',
  '/contact',
  '/newsletter',
  '/feedback',
  '/thanks',
  '/admin/restock',
  '/account',
  '/editor',
  '/editor/header-footer',
];

let app: FastifyInstance;
/** A page as a visitor of the configured site asks for it. */
const get = (url: string) => app.inject({ url, headers: { host: 'shop.example' } });
beforeAll(async () => {
  app = await startServer({ siteUrl: 'http://shop.example' });
});
afterAll(async () => {
  await app.close();
});

function head(html: string) {
  // The head only, without its stylesheets, which the test DOM would try to fetch.
  const headHtml = html.slice(0, html.indexOf('<body')).replace(/<link rel="stylesheet"[^>]*>/g, '');
  const doc = new DOMParser().parseFromString(headHtml, 'text/html');
  const meta = (selector: string) => doc.querySelector(selector)?.getAttribute('content') ?? null;
  return {
    description: meta('meta[name="description"]'),
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    ogTitle: meta('meta[property="og:title"]'),
    ogImage: meta('meta[property="og:image"]'),
  };
}

describe('every demo page', () => {
  it.each(PAGES)('%s has a description of its own and a canonical link to itself', async (path) => {
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    const h = head(res.body);
    expect(h.description?.trim().length ?? 0).toBeGreaterThan(10);
    expect(h.canonical).toBe(`http://shop.example${path.split('?')[0]}`);
  });

  it('gives no two pages the same description', async () => {
    const descriptions = await Promise.all(
      PAGES.map(async (path) => head((await get(path)).body).description),
    );
    expect(new Set(descriptions).size).toBe(PAGES.length);
  });

  it('describes the 404 page without a canonical link', async () => {
    const res = await get('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(head(res.body)).toMatchObject({ canonical: null, ogTitle: null });
    expect(head(res.body).description).toMatch(/does not exist/);
  });
});

describe('a product page', () => {
  it('is described by its excerpt, with the Open Graph title and picture', async () => {
    const res = await get('/products/prod-poster');
    expect(head(res.body)).toEqual({
      description: 'Two-colour print, A2. Sold out: sign up to hear when it is back.',
      canonical: 'http://shop.example/products/prod-poster',
      ogTitle: 'Risograph Poster',
      ogImage: 'http://shop.example/demo-assets/poster.svg',
    });
  });

  it('is the only kind of page with Open Graph product data', async () => {
    expect(head((await get('/cart')).body).ogTitle).toBeNull();
  });
});
