/**
 * Demo pages: a page file from a pages folder wins; otherwise the server renders a plain page from
 * the database so the demo works before any page is written. Every value is HTML-escaped and the
 * pages need nothing inline but JSON data blocks, so they run under the strict CSP.
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CART_PAGE_ROOT_ID,
  CONTEXT_SCRIPT_ID,
  PATHS,
  PRODUCT_BLOCK_ATTR,
  PROPS_ATTR,
  VARIANT_IMAGE_ATTR,
  WIDGET_ATTR,
} from '../../src/contract';
import { FAKE_CAPTCHA_PATH } from './captcha';
import { currencyOf, getProduct, listProducts, unitPrice, type Product } from './cart';
import { fractionDigits } from './catalog';
import type { Db } from './db';
import { currentUser } from './http';
import { SITE_TITLE } from './routes-platform';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** JSON inside a `<script type="application/json">`: `<` escaped so no `</script>` can close it. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function formatMoney(cents: number, currency: string): string {
  const digits = fractionDigits(currency);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
  }).format(cents / 10 ** digits);
}

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

function layout(db: Db, request: FastifyRequest, title: string, body: string): string {
  const user = currentUser(db, request);
  const context = {
    websiteId: 'demo-website',
    templateId: 'demo-template',
    authenticatedAccountId: user?.id ?? null,
    websiteRoles: user?.roles ?? [],
    currency: currencyOf(db),
    locale: 'en-US',
    timeZone: 'America/New_York',
    restockSuccessText: 'Signed up!',
    apiRoot: '/api/',
    // With a captcha key the pages use the server's fake provider (demo/server/captcha.ts).
    ...(request.server.captchaSiteKey && {
      captchaSiteKey: request.server.captchaSiteKey,
      captchaScriptUrl: FAKE_CAPTCHA_PATH,
    }),
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(SITE_TITLE)}</title>
<link rel="icon" href="/demo-assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/demo-assets/demo.css">
<script type="application/json" id="${CONTEXT_SCRIPT_ID}">${scriptJson(context)}</script>
<script src="/dist/loader.js" defer></script>
</head>
<body>
<header class="demo-header"><a href="/">${escapeHtml(SITE_TITLE)}</a>
<div ${WIDGET_ATTR}="cart-pill" ${PROPS_ATTR}="{}"><a href="${PATHS.cart}">Cart</a></div></header>
<main>
${body}
</main>
</body>
</html>
`;
}

function priceText(p: Product, currency: string): string {
  const prices = p.variants.map(unitPrice);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  return min === max
    ? formatMoney(min, currency)
    : `${formatMoney(min, currency)} – ${formatMoney(max, currency)}`;
}

function indexPage(db: Db, request: FastifyRequest): string {
  const currency = currencyOf(db);
  const items = listProducts(db)
    .map(
      (p) =>
        `<li><a href="/products/${encodeURIComponent(p.id)}">${escapeHtml(p.title)}</a> <span class="demo-price">${escapeHtml(priceText(p, currency))}</span></li>`,
    )
    .join('\n');
  return layout(db, request, 'Shop', `<h1>Shop</h1>\n<ul class="demo-products">\n${items}\n</ul>`);
}

function productPage(db: Db, request: FastifyRequest, product: Product): string {
  const item = JSON.parse(product.item_json) as Record<string, unknown>;
  // Stock lives in the variants table (it changes); the page shows the current values.
  const sc = item['structuredContent'] as Record<string, unknown>;
  if (Array.isArray(sc['variants'])) {
    sc['variants'] = (sc['variants'] as Record<string, unknown>[]).map((v) => {
      const row = product.variants.find((r) => r.sku === v['sku']);
      return row ? { ...v, qtyInStock: row.qty_in_stock, unlimited: row.unlimited === 1 } : v;
    });
  }
  const currency = currencyOf(db);
  const image = product.image_url
    ? `<img ${VARIANT_IMAGE_ATTR} src="${escapeHtml(product.image_url)}" alt="${escapeHtml(product.title)}" width="300" height="300">`
    : '';
  const soldOut = product.variants.every((v) => v.unlimited !== 1 && v.qty_in_stock <= 0);
  const restock = soldOut
    ? `\n<div ${WIDGET_ATTR}="restock-form" ${PROPS_ATTR}="${escapeHtml(JSON.stringify({ productId: product.id, variantId: product.variants[0]?.variant_id ?? null }))}"></div>`
    : '';
  return layout(
    db,
    request,
    product.title,
    `<article ${PRODUCT_BLOCK_ATTR}>
<h1>${escapeHtml(product.title)}</h1>
${image}
<div ${WIDGET_ATTR}="product-form" ${PROPS_ATTR}="${escapeHtml(JSON.stringify({ item }))}">
<p class="demo-price">${escapeHtml(priceText(product, currency))}</p>
<p>${soldOut ? 'Sold out' : 'Enable JavaScript to add this product to your cart.'}</p>
</div>${restock}
</article>`,
  );
}

const SIMPLE_PAGES: Record<string, { title: string; body: string }> = {
  cart: {
    title: 'Cart',
    body: `<h1>Cart</h1>\n<div id="${CART_PAGE_ROOT_ID}" ${WIDGET_ATTR}="cart-page" ${PROPS_ATTR}="{}"><p>Loading your cart…</p></div>`,
  },
  checkout: { title: 'Checkout', body: '<h1>Checkout</h1>\n<p>This demo store does not take payments.</p>' },
  'checkout/subscription': {
    title: 'Subscription',
    body: '<h1>Subscription</h1>\n<p>Your subscription is ready to check out. This demo store does not take payments.</p>',
  },
  'checkout/gift-card': {
    title: 'Gift Card',
    body: '<h1>Gift Card</h1>\n<p>This demo store does not sell real gift cards.</p>',
  },
};

export function notFoundPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><h1>Not found</h1><p><a href="/">Back to the shop</a></p></body></html>`;
}

export function registerPages(
  app: FastifyInstance,
  db: Db,
  roots: readonly string[],
  allowed: (pathName: string, root: string) => boolean = () => true,
): void {
  const serve =
    (rel: string, render: (request: FastifyRequest) => string | null) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const file = findPageFile(roots, rel, allowed);
      if (file) return reply.sendFile(file.file, file.root);
      const html = render(request);
      if (html === null) return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage());
      return reply.type('text/html; charset=utf-8').send(html);
    };
  app.get(
    '/',
    serve('', (request) => indexPage(db, request)),
  );
  for (const [rel, page] of Object.entries(SIMPLE_PAGES)) {
    app.get(
      `/${rel}`,
      serve(rel, (request) => layout(db, request, page.title, page.body)),
    );
  }
  app.get('/products/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!/^[\w.-]{1,100}$/.test(id))
      return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage());
    return serve(join('products', id), (req) => {
      const product = getProduct(db, id);
      return product ? productPage(db, req, product) : null;
    })(request, reply);
  });
}
