/**
 * The anchor's side of `npm run bench:anchor`: one origin that serves a Shopify Buy Button product
 * page (the library's own built file from node_modules, the embed code a merchant pastes) and a
 * Storefront API mock that answers the product query the Buy Button sends with the demo's
 * `prod-tee`, so both pages show the same product with the same images.
 *
 * The Buy Button calls `https://<domain>/api/<version>/graphql`, so the bench runs this server
 * over TLS (a throwaway certificate) with the page on the same origin: no CORS preflight, which
 * a real shop's cross-origin API would add. Everything the anchor downloads is compressed as the
 * reference server compresses ours (brotli when asked for, else gzip).
 */
import { readFileSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const ROOT = resolve(import.meta.dirname, '../..');
const ASSETS = join(ROOT, 'demo/assets');
/** The product both pages show. */
export const ANCHOR_PRODUCT = 'prod-tee';
/** The Storefront id the embed code asks for (Buy Button takes the number of a `gid`). */
export const ANCHOR_PRODUCT_NUMBER = '7001';

/** The demo catalogue's item as far as the mock reads it (demo/server/seed-catalog.json). */
interface SeedItem {
  readonly id: string;
  readonly title: string;
  readonly excerpt?: string;
  readonly fullUrl: string;
  readonly mainImage?: {
    readonly assetUrl: string;
    readonly altText?: string;
    readonly originalSize?: string;
  };
  readonly variantOptionOrdering?: readonly string[];
  readonly structuredContent: {
    readonly variants: readonly {
      readonly id: string;
      readonly sku: string;
      readonly attributes: Readonly<Record<string, string>>;
      readonly priceMoney: { readonly value: string; readonly currency: string };
      readonly salePriceMoney: { readonly value: string; readonly currency: string };
      readonly onSale: boolean;
      readonly qtyInStock: number;
      readonly unlimited: boolean;
      readonly mainImage?: { readonly assetUrl: string };
    }[];
  };
}

export function seedItem(id: string = ANCHOR_PRODUCT): SeedItem {
  const catalog = JSON.parse(readFileSync(join(ROOT, 'demo/server/seed-catalog.json'), 'utf8')) as SeedItem[];
  const item = catalog.find((entry) => entry.id === id);
  if (item === undefined) throw new Error(`${id} is not in the demo catalogue`);
  return item;
}

const gid = (type: string, id: string) => `gid://shopify/${type}/${id}`;
const money = (value: string, currencyCode: string) => ({ amount: value, currencyCode });
const pageInfo = { hasNextPage: false, hasPreviousPage: false };

/**
 * A Storefront API `Product` for the demo item, with every field of the Buy Button's
 * `ProductFragment` and `VariantFragment` under the names (and aliases) its query asks for.
 */
export function storefrontProduct(item: SeedItem, origin: string, number = ANCHOR_PRODUCT_NUMBER) {
  const image = (url: string, alt: string, id: string) => {
    const [width = 600, height = 600] = (item.mainImage?.originalSize ?? '600x600').split('x').map(Number);
    return { id: gid('ProductImage', id), src: `${origin}${url}`, altText: alt, width, height };
  };
  const variants = item.structuredContent.variants;
  const imageUrls = [
    ...new Set([item.mainImage?.assetUrl, ...variants.map((v) => v.mainImage?.assetUrl)]),
  ].filter((url): url is string => url !== undefined);
  const imageOf = (url: string | undefined) =>
    url === undefined ? null : image(url, item.title, String(imageUrls.indexOf(url) + 1));
  const optionNames = item.variantOptionOrdering ?? Object.keys(variants[0]?.attributes ?? {});
  const stamp = '2026-01-01T00:00:00Z';
  return {
    __typename: 'Product',
    id: gid('Product', number),
    availableForSale: variants.some((v) => v.unlimited || v.qtyInStock > 0),
    createdAt: stamp,
    updatedAt: stamp,
    descriptionHtml: `<p>${item.excerpt ?? ''}</p>`,
    description: item.excerpt ?? '',
    handle: item.fullUrl.split('/').pop() ?? item.id,
    productType: 'Apparel',
    title: item.title,
    vendor: 'Hearth & Thread',
    publishedAt: stamp,
    onlineStoreUrl: `${origin}${item.fullUrl}`,
    options: optionNames.map((name, i) => ({
      id: gid('ProductOption', `${number}${i}`),
      name,
      values: [...new Set(variants.map((v) => v.attributes[name] ?? ''))],
    })),
    images: {
      pageInfo,
      edges: imageUrls.map((url, i) => ({
        cursor: `image-${i}`,
        node: imageOf(url),
      })),
    },
    variants: {
      pageInfo,
      edges: variants.map((v, i) => {
        const regular = money(v.priceMoney.value, v.priceMoney.currency);
        const price = v.onSale ? money(v.salePriceMoney.value, v.salePriceMoney.currency) : regular;
        const compareAt = v.onSale ? regular : null;
        const available = v.unlimited || v.qtyInStock > 0;
        return {
          cursor: `variant-${i}`,
          node: {
            id: gid('ProductVariant', `${number}${i}`),
            title: optionNames.map((name) => v.attributes[name]).join(' / '),
            price,
            priceV2: price,
            weight: 0,
            available,
            sku: v.sku,
            compareAtPrice: compareAt,
            compareAtPriceV2: compareAt,
            image: imageOf(v.mainImage?.assetUrl ?? item.mainImage?.assetUrl),
            selectedOptions: optionNames.map((name) => ({
              name,
              value: v.attributes[name] ?? '',
            })),
            unitPrice: null,
            unitPriceMeasurement: {
              measuredType: null,
              quantityUnit: null,
              quantityValue: 0,
              referenceUnit: null,
              referenceValue: 0,
            },
          },
        };
      }),
    },
  };
}

/** What the mock makes of one GraphQL request: the answer, or why it has none. */
export function answerQuery(
  body: unknown,
  product: ReturnType<typeof storefrontProduct>,
): { status: number; json: unknown } {
  const request = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const query = typeof request['query'] === 'string' ? request['query'] : '';
  const variables =
    typeof request['variables'] === 'object' && request['variables'] !== null
      ? (request['variables'] as Record<string, unknown>)
      : {};
  if (/\bnode\s*\(\s*id\s*:/.test(query) && query.includes('ProductFragment')) {
    const wanted = variables['id'];
    return { status: 200, json: { data: { node: wanted === product.id ? product : null } } };
  }
  if (/\bnodes\s*\(\s*ids\s*:/.test(query) && query.includes('ProductFragment')) {
    const ids = Array.isArray(variables['ids']) ? variables['ids'] : [];
    return { status: 200, json: { data: { nodes: ids.map((id) => (id === product.id ? product : null)) } } };
  }
  return {
    status: 200,
    json: { errors: [{ message: 'The anchor mock answers the product query only.' }] },
  };
}

export interface AnchorServerOptions {
  /** TLS key and certificate (PEM); without them the server speaks plain HTTP (tests). */
  readonly tls?: { readonly key: string; readonly cert: string };
  /** Called with each GraphQL query the mock could not answer. */
  readonly onUnanswered?: (query: string) => void;
}

/**
 * The anchor page: the Buy Button's embed code for `count` products, as Shopify's generator writes
 * it (an inline script), with the form of each product usable when `createComponent` resolves:
 * the component has rendered and bound its events then. `window.__bench` records that moment.
 */
export function anchorPage(count: number): string {
  const nodes = Array.from(
    { length: count },
    (_, i) => `<div class="anchor-product" id="product-${i}"></div>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Buy Button anchor</title>
</head>
<body>
<main>
${nodes.join('\n')}
</main>
<script src="/buy-button/buybutton.min.js"></script>
<script>
(function () {
  var client = ShopifyBuy.buildClient({ domain: location.host, storefrontAccessToken: 'anchor' });
  var ui = ShopifyBuy.UI.init(client);
  var made = [];
  document.querySelectorAll('.anchor-product').forEach(function (node) {
    made.push(ui.createComponent('product', {
      id: '${ANCHOR_PRODUCT_NUMBER}',
      node: node,
      moneyFormat: '%24%7B%7Bamount%7D%7D',
      options: { product: { buttonDestination: 'cart', text: { button: 'Add to cart' } } }
    }));
  });
  Promise.all(made).then(function () {
    var ok = Array.prototype.every.call(document.querySelectorAll('.anchor-product'), function (node) {
      var frame = node.querySelector('iframe');
      return frame !== null && frame.contentDocument.querySelector('.shopify-buy__btn') !== null;
    });
    window.__bench = { interactive: performance.now(), ok: ok };
    console.timeStamp('bench-interactive');
  });
})();
</script>
</body>
</html>
`;
}

interface Asset {
  readonly type: string;
  readonly raw: Buffer;
  readonly gzip: Buffer;
  readonly br: Buffer;
}

function asset(type: string, raw: Buffer): Asset {
  return {
    type,
    raw,
    gzip: gzipSync(raw, { level: 9 }),
    br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  };
}

function send(req: IncomingMessage, res: ServerResponse, status: number, file: Asset): void {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const [encoding, body] = /\bbr\b/.test(accepts)
    ? ['br', file.br]
    : /\bgzip\b/.test(accepts)
      ? ['gzip', file.gzip]
      : [undefined, file.raw];
  res.writeHead(status, {
    'content-type': file.type,
    'content-length': body.length,
    'cache-control': 'no-store',
    vary: 'Accept-Encoding',
    ...(encoding === undefined ? {} : { 'content-encoding': encoding }),
  });
  res.end(body);
}

const TYPES: Readonly<Record<string, string>> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
};

/** Starts the anchor's origin on 127.0.0.1 and a free port. */
export async function startAnchorServer(
  options: AnchorServerOptions = {},
): Promise<{ origin: string; server: Server; close: () => Promise<void> }> {
  const require = createRequire(import.meta.url);
  const buyButtonDir = join(dirname(require.resolve('@shopify/buy-button-js/package.json')), 'dist');
  const script = asset(
    'text/javascript; charset=utf-8',
    readFileSync(join(buyButtonDir, 'buybutton.min.js')),
  );
  const pages = new Map<number, Asset>();
  const images = new Map<string, Asset>();
  let origin = '';
  let product: ReturnType<typeof storefrontProduct> | undefined;
  const item = seedItem();

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const url = new URL(req.url ?? '/', origin);
    if (req.method === 'GET' && url.pathname === '/') {
      const count = Math.min(1000, Math.max(1, Number(url.searchParams.get('products') ?? 1) || 1));
      const page = pages.get(count) ?? asset('text/html; charset=utf-8', Buffer.from(anchorPage(count)));
      pages.set(count, page);
      return send(req, res, 200, page);
    }
    if (req.method === 'GET' && url.pathname === '/buy-button/buybutton.min.js')
      return send(req, res, 200, script);
    // Buy Button asks for sized images by a suffix before the extension (`tee-black_280x420.svg`).
    const image = /^\/demo-assets\/([a-z0-9-]+?)(?:_\d*x\d*)?\.(svg|png|jpg)$/.exec(url.pathname);
    if (req.method === 'GET' && image) {
      const name = `${image[1]}.${image[2]}`;
      let file = images.get(name);
      if (file === undefined) {
        try {
          file = asset(TYPES[image[2] ?? ''] ?? 'application/octet-stream', readFileSync(join(ASSETS, name)));
        } catch {
          res.writeHead(404).end();
          return;
        }
        images.set(name, file);
      }
      return send(req, res, 200, file);
    }
    if (req.method === 'POST' && /^\/api\/[\w-]+\/graphql(\.json)?$/.test(url.pathname)) {
      product ??= storefrontProduct(item, origin);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        parsed = undefined;
      }
      const answer = answerQuery(parsed, product);
      if (answer.json !== null && typeof answer.json === 'object' && 'errors' in answer.json) {
        const query = (parsed as { query?: unknown } | undefined)?.query;
        options.onUnanswered?.(typeof query === 'string' ? query : '(no query)');
      }
      return send(
        req,
        res,
        answer.status,
        asset('application/json', Buffer.from(JSON.stringify(answer.json))),
      );
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  };

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  };
  const server = options.tls ? createHttpsServer(options.tls, listener) : createHttpServer(listener);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the anchor server has no port');
  origin = `${options.tls ? 'https' : 'http'}://127.0.0.1:${address.port}`;
  return {
    origin,
    server,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
