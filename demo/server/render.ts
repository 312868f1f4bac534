/**
 * The demo store's pages, rendered on the server by the project's own template engine from the
 * templates in demo/templates/ and the database. Widget blocks come out of the engine's `sf-block`
 * formatter; every page reads as plain text and links without JavaScript and needs nothing inline
 * but its JSON site context, so it runs under the strict CSP. This file holds the layout, the site
 * context and the shop, cart, checkout and account pages; the product page, the other checkout
 * pages, the form pages, the restock pages and the editor's pages are in files of their own named so.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_CURRENCY,
  formatMoney as formatMoneyValue,
  parseCurrencyCode,
} from '../../src/commerce/money';
import { CART_PAGE_ROOT_ID, COOKIES, CONTEXT_SCRIPT_ID, MESSAGES_SCRIPT_ID } from '../../src/contract';
import { firstPartOnly } from '../../src/page/page-language';
import { render } from '../../src/template/index.js';
import { FAKE_CAPTCHA_PATH } from './captcha';
import { localizedStrings, pageMessages } from './localized';
import { placedWidgets } from './preload';
import { findOpenCart, readCart, type WireEntry } from './cart';
import { currencyOf, listProducts, unitPrice, type Product } from './products';
import type { Db } from './db';
import { currentUser } from './http';
import { savedHeaderFooter, themeCss } from './editor';
import { SITE_TITLE } from './routes-platform';
import { absoluteUrl, canonicalPath } from './site-origin';

const TEMPLATES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../templates');

/** Every template of demo/templates/ by file name without `.html`, read once. */
const templates: Readonly<Record<string, string>> = Object.fromEntries(
  readdirSync(TEMPLATES_DIR)
    .filter((f) => f.endsWith('.html'))
    .map((f) => [basename(f, '.html'), readFileSync(resolve(TEMPLATES_DIR, f), 'utf8')]),
);

/** JSON inside a `<script type="application/json">`: `<` escaped so no `</script>` can close it. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * Minor units of a currency as the pages print them, through the SDK's one money formatter in the
 * page's locale: `2500` USD is $25.00 (25,00 $ on a de-DE page), `1500` JPY is ¥1,500 (no minor
 * unit). The catalogue accepts store currencies only, so the fallback never prints.
 */
export function formatMoney(cents: number, currency: string, locale: string = BASE_CONTEXT.locale): string {
  const code = parseCurrencyCode(currency) ?? DEFAULT_CURRENCY;
  return formatMoneyValue({ amount: cents, currency: code }, { locale });
}

/**
 * The locales a demo page can be shown in with `?locale=` (docs/languages.md): one per catalogue
 * language and a few of their neighbours. The store, its currency and its products stay the same.
 */
export const DEMO_LOCALES: readonly string[] = [
  'en-US',
  'en-GB',
  'fr-CA',
  'fr-FR',
  'de-DE',
  'de-AT',
  'es-ES',
  'es-MX',
  'it-IT',
  'nl-NL',
  'pt-BR',
  'pt-PT',
  'ja-JP',
];

/** The locale a request asks for with `?locale=`, if the demo has it; else the site's own. */
export function pageLocale(request: FastifyRequest | null): string {
  const asked = (request?.query as Record<string, unknown> | undefined)?.['locale'];
  return typeof asked === 'string' && DEMO_LOCALES.includes(asked) ? asked : BASE_CONTEXT.locale;
}

/** Browsers drop tabs and newlines from addresses and read a backslash as a slash. */
const hasControlOrBackslash = (text: string): boolean =>
  [...text].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * An image address the pages may put into `<img src>`: a same-origin path or an http(s) address.
 * The catalogue is data from the store's admin, so a `javascript:`, `vbscript:` or `data:`
 * address (any spelling: case, spaces, control characters) shows no image rather than running.
 */
export function imageSrc(url: string | null): string | null {
  if (url === null) return null;
  const trimmed = url.trim();
  if (/^\/(?![/\\])/.test(trimmed)) return hasControlOrBackslash(trimmed) ? null : trimmed;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function priceText(p: Product, locale: string): string {
  const prices = p.variants.map(unitPrice);
  if (prices.length === 0) return '';
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  return min === max
    ? formatMoney(min, p.currency, locale)
    : `${formatMoney(min, p.currency, locale)} – ${formatMoney(max, p.currency, locale)}`;
}

/** Page options the layout reads besides the body. */
export interface PageOptions {
  /** Extra site-context keys for this page (e.g. a captcha key). @default {} */
  context?: Record<string, unknown>;
  /** The meta description. @default the page's entry in PAGE_DESCRIPTIONS, by title */
  description?: string;
  /** Open Graph picture (a product's), a path on this site. @default none */
  image?: string | null;
  /**
   * A site form on the page fetches its schema at start (the server had none to embed), so the
   * forms api is preloaded. A form that carries its schema sends through that api only when the
   * visitor submits, and the runtime loads it then. @default false
   */
  fetchesFormSchema?: boolean;
}

/** What a search engine shows under each page's title. */
const PAGE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Shop: `Organic tees, ceramics, prints, tea, a field guide and workshops from ${SITE_TITLE}, a demo store built with storefront widgets.`,
  Cart: `The items in your ${SITE_TITLE} cart, with their quantities and the subtotal.`,
  Checkout: `A summary of what your ${SITE_TITLE} order would buy.`,
  Subscription: `Your ${SITE_TITLE} subscription, ready to check out.`,
  'Gift Card': `Your ${SITE_TITLE} gift card, ready to check out.`,
  'Thank you': `Thank you for telling ${SITE_TITLE} how we did.`,
  'Restock notifications': `The store owner's back-in-stock emails and outbox at ${SITE_TITLE}.`,
  Account: `Sign in to your ${SITE_TITLE} account, or as the store owner.`,
  Editor: `The ${SITE_TITLE} site in a design frame, as the site editor shows it.`,
  'Mailing list': `Your place on the ${SITE_TITLE} mailing list.`,
  'Page not found': `This page does not exist at ${SITE_TITLE}. Find everything else in the shop.`,
};

/**
 * `<head>` data a published page carries besides its title: description, canonical, Open Graph.
 * The addresses are the site's origin and the path the router matched, never the request's host
 * or target: the page cache hands this page to every visitor of that path (./site-origin.ts).
 */
function headOf(
  request: FastifyRequest | null,
  title: string,
  options: PageOptions,
): Record<string, unknown> {
  const description = options.description || PAGE_DESCRIPTIONS[title] || `${title} at ${SITE_TITLE}.`;
  // The page's own address without its query: /checkout/gift-card?sku=… is still /checkout/gift-card.
  const path = request ? canonicalPath(request) : null;
  const origin = request?.server.siteOrigin ?? null;
  const canonical = origin !== null && path !== null ? absoluteUrl(origin, path) : null;
  const image = origin !== null && options.image ? absoluteUrl(origin, options.image) : null;
  return {
    description,
    canonical,
    og: image ? { title, image, url: canonical, description } : null,
  };
}

/** The site context (spec 001 §2) of a page the server renders for `request`. */
export function siteContext(db: Db, request: FastifyRequest): Record<string, unknown> {
  const user = currentUser(db, request);
  // A page the editor shows in its frame hands navigation to the editor (sf:set-frame-url);
  // the browser says so itself with Sec-Fetch-Dest on same-origin frame loads.
  const inFrame =
    request.headers['sec-fetch-dest'] === 'iframe' && request.headers['sec-fetch-site'] === 'same-origin';
  return {
    ...BASE_CONTEXT,
    locale: pageLocale(request),
    authenticatedAccountId: user?.id ?? null,
    websiteRoles: user?.roles ?? [],
    currency: currencyOf(db),
    ...(inFrame && { designFrame: true }),
    // With a captcha key the pages use the server's fake provider (demo/server/captcha.ts).
    ...(request.server.captchaSiteKey && {
      captchaSiteKey: request.server.captchaSiteKey,
      captchaScriptUrl: FAKE_CAPTCHA_PATH,
    }),
  };
}

export const BASE_CONTEXT = {
  websiteId: 'demo-website',
  templateId: 'demo-template',
  locale: 'en-US',
  timeZone: 'America/New_York',
  restockSuccessText: 'Signed up!',
  apiRoot: '/api/',
  reviews: { native: true, imported: true },
  // The instalment info pages this server serves (./instalments.ts).
  instalmentTextsUrl: '/instalments/{locale}.json',
} as const;

/** Renders `name` with `data`, then the layout around it. Engine errors are logged, never shown. */
export function renderPage(
  db: Db,
  request: FastifyRequest,
  name: string,
  title: string,
  data: Record<string, unknown>,
  options: PageOptions = {},
): string {
  const context = { ...siteContext(db, request), ...options.context };
  const { header, footer } = savedHeaderFooter(db);
  const design = {
    // The saved theme (the editor's aesthetics save), linked only once there is one.
    themeCss: themeCss(db) !== null,
    siteHeader: header || null,
    siteFooter: footer || null,
  };
  return withLayout(
    context,
    name,
    title,
    // The owner's pages print the demo's sign-in only while the server runs with it.
    { demoOwnerPassword: request.server.demoOwnerPassword, ...data },
    { ...headOf(request, title, options), ...design },
    (widgets) =>
      request.server.widgetChunks.hints(widgets, {
        cart:
          widgets.includes('cart-page') ||
          Boolean(context['authenticatedAccountId']) ||
          hasCartCookie(request),
        forms: widgets.includes('site-form') && options.fetchesFormSchema === true,
      }),
    (widget) => request.server.widgetChunks.styleSheet(widget),
  );
}

/** The cookies by which the loader reads the cart at start (spec 000 §4). */
export const hasCartCookie = (request: FastifyRequest): boolean =>
  request.cookies[COOKIES.hasCart] === 'true' || request.cookies[COOKIES.cart] !== undefined;

/**
 * Widgets whose server-rendered fallback wears the widget's own classes: their stylesheets are
 * linked in `<head>`, before the first paint, on pages that place them, so nothing moves when the
 * widget mounts (the loader links the same files: the instalment pill's rules are in
 * `product-form.css`, its home's). Other widgets' stylesheets come with them.
 */
const FALLBACK_STYLED: readonly string[] = ['product-form', 'quick-view', 'instalment-pill'];

function withLayout(
  context: Record<string, unknown>,
  name: string,
  title: string,
  data: Record<string, unknown>,
  head: Record<string, unknown>,
  preloadsFor: (widgets: readonly string[]) => string[] = () => [],
  styleSheet: (widget: string) => string = (widget) => `/dist/widgets/${widget}.css`,
): string {
  const locale = typeof context['locale'] === 'string' ? context['locale'] : BASE_CONTEXT.locale;
  const strings = localizedStrings(locale);
  const body = run(name, strings ? { ...data, localizedStrings: strings } : data, locale);
  // The layout places the cart pill itself.
  const widgets = ['cart-pill', ...placedWidgets(body)];
  const messages = pageMessages(locale, firstPartOnly(widgets));
  return run('layout', {
    ...head,
    lang: locale,
    title,
    siteTitle: SITE_TITLE,
    contextId: CONTEXT_SCRIPT_ID,
    contextJson: scriptJson(context),
    ...(messages && { messagesId: MESSAGES_SCRIPT_ID, messagesJson: scriptJson(messages) }),
    scripts: data['scripts'] ?? [],
    styles: [
      ...new Set(FALLBACK_STYLED.filter((w) => widgets.includes(w)).map(styleSheet)),
      ...((data['styles'] as string[] | undefined) ?? []),
    ],
    preloads: preloadsFor(widgets),
    body,
  });
}

function run(name: string, data: unknown, locale: string = BASE_CONTEXT.locale): string {
  const template = templates[name];
  if (template === undefined) throw new Error(`demo template ${name}.html is missing`);
  const { output, errors } = render(template, data, { partials: templates, locale });
  for (const error of errors) console.warn(`demo/templates/${name}.html: ${error.message}`);
  return output;
}

export function shopPage(db: Db, request: FastifyRequest): string {
  const cards = listProducts(db).map((p) => ({
    url: `/products/${encodeURIComponent(p.id)}`,
    title: p.title,
    imageUrl: imageSrc(p.image_url),
    priceText: priceText(p, pageLocale(request)),
    item: productItem(p),
    quickView: true,
  }));
  return renderPage(db, request, 'shop', 'Shop', { cards });
}

/** The product item with the stock the variants table holds now (stock changes, the item not). */
export function productItem(product: Product): Record<string, unknown> {
  const item = JSON.parse(product.item_json) as Record<string, unknown>;
  const sc = item['structuredContent'] as Record<string, unknown>;
  if (Array.isArray(sc['variants'])) {
    sc['variants'] = (sc['variants'] as Record<string, unknown>[]).map((v) => {
      const row = product.variants.find((r) => r.sku === v['sku']);
      return row ? { ...v, qtyInStock: row.qty_in_stock, unlimited: row.unlimited === 1 } : v;
    });
  }
  return item;
}

interface SummaryLine {
  title: string;
  url: string;
  variant: string;
  quantity: number;
  totalText: string;
}

function summaryLines(entries: readonly WireEntry[], currency: string): SummaryLine[] {
  return entries.map((e) => ({
    title: e.title,
    url: `/products/${encodeURIComponent(e.itemId)}`,
    variant: e.chosenVariant ? Object.values(e.chosenVariant.attributes).join(' / ') : '',
    quantity: e.quantity,
    totalText: formatMoney(e.subTotal, currency),
  }));
}

/** The visitor's open cart as plain lines (what the cart page shows before, or without, JavaScript). */
function visitorCart(db: Db, request: FastifyRequest): { entries: SummaryLine[]; subtotalText: string } {
  const row = findOpenCart(db, request.cookies[COOKIES.cart]);
  const cart = row ? readCart(db, row.id) : null;
  if (!cart || cart.entries.length === 0) return { entries: [], subtotalText: '' };
  const currency = cart.currency ?? currencyOf(db);
  return {
    entries: summaryLines(cart.entries, currency),
    subtotalText: formatMoney(cart.subtotalCents, currency),
  };
}

export function cartPage(db: Db, request: FastifyRequest): string {
  const cart = visitorCart(db, request);
  return renderPage(db, request, 'cart', 'Cart', {
    cartRootId: CART_PAGE_ROOT_ID,
    // The widget's title is the page's h1: the page names the cart once.
    cartProps: { headingLevel: 1 },
    entries: cart.entries.length > 0 ? cart.entries : null,
    subtotalText: cart.subtotalText,
  });
}

export function checkoutPage(db: Db, request: FastifyRequest): string {
  const cart = visitorCart(db, request);
  return renderPage(db, request, 'summary', 'Checkout', {
    heading: 'Checkout',
    intro: 'Here is what you would buy.',
    entries: cart.entries.length > 0 ? cart.entries : null,
    subtotalText: cart.subtotalText,
    emptyText: 'Your cart is empty.',
  });
}

/** The sign-in page for site users and the store owner. */
export function accountPage(db: Db, request: FastifyRequest): string {
  const user = currentUser(db, request);
  return renderPage(db, request, 'account', 'Account', {
    // The platform's calls hold no sign-up: the demo store creates accounts on request, through its
    // contact form, so a signed-out visitor is linked there.
    accountProps: user ? { email: user.email } : { createAccountUrl: '/contact' },
  });
}

/** The 404 page; it needs no database, so any handler can send it. */
export function notFoundHtml(): string {
  return withLayout(
    { ...BASE_CONTEXT },
    'not-found',
    'Page not found',
    {},
    headOf(null, 'Page not found', {}),
  );
}
