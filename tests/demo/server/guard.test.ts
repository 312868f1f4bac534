// @vitest-environment node
/**
 * The crumb the guard hands out on a page (demo/server/guard.ts): only ever on an answer no shared
 * cache may keep, since two visitors given one crumb would share a first cart.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, startServer, Visitor } from './visitor';

const pages = mkdtempSync(join(tmpdir(), 'sf-guard-pages-'));
writeFileSync(join(pages, 'cart.html'), '<!doctype html><p>cart</p>');

let app: FastifyInstance;
beforeAll(async () => {
  app = await startServer({ pagesDir: pages });
});
afterAll(async () => {
  await app.close();
  rmSync(pages, { recursive: true, force: true });
});

const setsCrumb = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['set-cookie'] ?? '').startsWith('crumb=');

describe('an answer that hands out a crumb', () => {
  it('is private when it is a page file of the pages folder', async () => {
    const res = await new Visitor(app).get('/cart');
    expect(res.statusCode).toBe(200);
    expect(setsCrumb(res)).toBe(true);
    // Not `no-store`: the page still enters the back/forward cache.
    expect(res.headers['cache-control']).toBe('private, max-age=0');
  });

  it('is private when it is the HTML page of an unknown address', async () => {
    const res = await new Visitor(app).get('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    expect(setsCrumb(res)).toBe(true);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('keeps the rendered pages’ and the API’s own rules', async () => {
    const page = await new Visitor(app).get('/');
    expect(setsCrumb(page)).toBe(true);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    const api = await new Visitor(app).get('/api/commerce/shopping-cart');
    expect(setsCrumb(api)).toBe(true);
    expect(api.headers['cache-control']).toBe('no-store');
  });

  it('leaves a page file that sets no cookie to shared caches', async () => {
    const visitor = await new Visitor(app).arrive();
    const res = await visitor.get('/cart');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=0');
  });
});

describe('the crumb of a page whose address has a dot', () => {
  it('comes with a product’s page, whatever its id ends with, and its first add succeeds', async () => {
    const catalog = JSON.parse(readFileSync('demo/server/seed-catalog.json', 'utf8')) as {
      id: string;
      fullUrl?: string;
    }[];
    const workshop = catalog.find((p) => p.id === 'prod-workshop');
    if (!workshop) throw new Error('the seed catalogue has no prod-workshop');
    workshop.id = 'workshop.2026';
    workshop.fullUrl = '/products/workshop.2026';
    const shop = await startServer({ catalog });
    try {
      const shopper = new Visitor(shop);
      const page = await shopper.get('/products/workshop.2026');
      expect(page.statusCode).toBe(200);
      expect(setsCrumb(page)).toBe(true);
      const res = await add(shopper, 'workshop.2026', null);
      expect(res.statusCode).toBe(200);
    } finally {
      await shop.close();
    }
  });

  it('stays off the files named by a route’s parameter and the pages folder’s files', async () => {
    for (const url of [
      '/instalments/en-US.json',
      '/instalments/en-US.html',
      '/cart.html',
      '/site-theme.css',
    ]) {
      const res = await new Visitor(app).get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });
});
