// @vitest-environment node
/**
 * The crumb the guard hands out on a page (demo/server/guard.ts): only ever on an answer no shared
 * cache may keep, since two visitors given one crumb would share a first cart.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, Visitor } from './visitor';

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
