/**
 * Demo pages: a page file from a pages folder wins; otherwise the server renders the page from the
 * database with the templates of demo/templates/ (demo/server/render.ts).
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getProduct } from './products';
import type { Db } from './db';
import { personalisedPage } from './http';
import { createPageCache, sendHtml } from './page-cache';
import { canonicalPath } from './site-origin';
import { giftCardPage, subscriptionPage } from './checkout-pages';
import { editorPage, headerFooterPage } from './editor-pages';
import { FORM_PAGES, formPage, thanksPage } from './form-pages';
import { productPage } from './product-page';
import {
  accountPage,
  cartPage,
  checkoutPage,
  hasCartCookie,
  notFoundHtml,
  shopPage,
  siteContext,
} from './render';
import { restockAdminPage } from './restock-pages';

export { formatMoney } from './render';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Finds `<rel>.html` or `<rel>/index.html` in the first pages folder that has it. */
function findPageFile(
  roots: readonly string[],
  rel: string,
  allowed: (pathName: string, root: string) => boolean,
): { root: string; file: string } | null {
  const candidates = rel === '' ? ['index.html'] : [`${rel}.html`, `${rel}/index.html`];
  for (const root of roots) {
    for (const file of candidates) {
      const full = resolve(root, file);
      if (!full.startsWith(resolve(root) + sep)) continue;
      if (existsSync(full) && statSync(full).isFile() && allowed(`/${file}`, root)) return { root, file };
    }
  }
  return null;
}

/**
 * Pages made only of the catalogue and the site context: served from the page cache. The cart,
 * checkout, editor and owner pages show the visitor's cart or the owner's data and are rendered
 * for each request.
 */
const CACHED_PAGES: ReadonlySet<string> = new Set(['', ...Object.keys(FORM_PAGES)]);

/** The pages the server renders, by path without the leading slash. */
const PAGES: Readonly<Record<string, (db: Db, request: FastifyRequest) => string>> = {
  '': shopPage,
  cart: cartPage,
  checkout: checkoutPage,
  'checkout/subscription': subscriptionPage,
  'checkout/gift-card': giftCardPage,
  'admin/restock': restockAdminPage,
  account: accountPage,
  thanks: thanksPage,
  editor: editorPage,
  'editor/header-footer': headerFooterPage,
  ...Object.fromEntries(
    Object.keys(FORM_PAGES).map((slug) => [
      slug,
      (db: Db, request: FastifyRequest) => formPage(db, request, slug) ?? notFoundHtml(),
    ]),
  ),
};

/** The path of every page above (the products' pages aside): what `npm run size` measures. */
export const PAGE_PATHS: readonly string[] = Object.keys(PAGES).map((rel) => `/${rel}`);

export function notFoundPage(): string {
  return notFoundHtml();
}

export function registerPages(
  app: FastifyInstance,
  db: Db,
  roots: readonly string[],
  allowed: (pathName: string, root: string) => boolean = () => true,
): void {
  const cache = createPageCache(db);
  const serve =
    (rel: string, render: (request: FastifyRequest) => string | null, cached = CACHED_PAGES.has(rel)) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const file = findPageFile(roots, rel, allowed);
      if (file) return reply.sendFile(file.file, file.root);
      if (cached) {
        // Everything the page is made of: the path as the router matched it (however the
        // request spelled it), the site's origin (its absolute links), the site context, and
        // the cart cookie (the preload hints follow it, demo/server/preload.ts). Nothing else
        // of the request reaches the page.
        const key = [
          canonicalPath(request),
          request.server.siteOrigin,
          JSON.stringify(siteContext(db, request)),
          hasCartCookie(request),
        ].join('\n');
        const sent = cache.send(request, personalisedPage(reply), key, () => render(request));
        if (sent !== null) return sent;
        return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage());
      }
      const html = render(request);
      if (html === null) return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage());
      // Every page the server renders carries the visitor's session in its site context, and
      // some their cart or the owner's outbox.
      return sendHtml(request, personalisedPage(reply), { html }, 5);
    };
  for (const [rel, page] of Object.entries(PAGES)) {
    app.get(
      `/${rel}`,
      serve(rel, (request) => page(db, request)),
    );
  }
  app.get('/products/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!/^[\w.-]{1,100}$/.test(id))
      return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage());
    return serve(
      join('products', id),
      (req) => {
        const product = getProduct(db, id);
        return product ? productPage(db, req, product) : null;
      },
      true,
    )(request, reply);
  });
}
