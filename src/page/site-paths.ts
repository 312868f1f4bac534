/**
 * The site's paths: where the widgets send the shopper (docs/page-contract.md "Site paths"). A
 * published page names them in its context's `paths` key, an npm app in the provider's `paths`
 * prop; each is a path on this site or an http(s) address the site chose, such as a checkout
 * hosted on its own origin (docs/decisions.md). None of them is needed before the shopper acts, so
 * they are read here, by the code that leaves (the add flow, the cart page), not with the site
 * context at start: the script tag's start carries none of this.
 */
import { PATHS } from '../contract.js';
import { isRecord, notesInto, readObject, schema, type JsonRecord, type Note } from '../result.js';
import { getPageRuntime } from './create-runtime.js';
import { siteOrWebUrl } from '../urls.js';

export interface SitePaths {
  /**
   * The cart page: the pill links to it and hides on it. A published page's is /cart (spec 000
   * §2); an app with its own cart route sets it on the provider.
   * @default '/cart'
   */
  readonly cart: string;
  /** Where express checkout goes after the add, and the cart page's Checkout. @default '/checkout' */
  readonly checkout: string;
  /**
   * Where a subscription goes once its cart is created, with `?cartToken=` added.
   * @default '/checkout/subscription'
   */
  readonly subscription: string;
  /** Where a gift card goes, with `?itemId=&sku=` added. @default '/checkout/gift-card' */
  readonly giftCard: string;
  /** The cart page's Continue Shopping. @default '/' */
  readonly continueShopping: string;
}

const DESTINATION = 'a path starting with / or an http(s) address';

/**
 * A destination is held to the rule of every redirect (`siteOrWebUrl`, src/urls.ts): a same-site
 * path, or an http(s) address without credentials, white space, control characters or
 * backslashes. Never `javascript:`, `data:` or a protocol-relative `//host`.
 */
const destination = (fallback: string) =>
  ({
    read: (value: unknown) => (typeof value === 'string' ? siteOrWebUrl(value.trim()) : null),
    expected: DESTINATION,
    fallback,
  }) as const;

const SITE_PATHS = schema({
  cart: destination(PATHS.cart),
  checkout: destination(PATHS.checkout),
  subscription: destination(PATHS.subscription),
  giftCard: destination(PATHS.giftCard),
  continueShopping: destination(PATHS.continueShopping),
});

/** Every path's default: the routes of `PATHS`. */
export const DEFAULT_SITE_PATHS: SitePaths = Object.freeze(readObject({}, SITE_PATHS, ''));

/**
 * Reads site paths from an untrusted value (the context's `paths`, the provider's prop). Never
 * throws: absent keys take their default, and each refused one its default and a note
 * (`paths.checkout is not ...`); a value that is not an object gives the defaults and one note.
 */
export function readSitePaths(raw: unknown, note: Note = () => undefined): SitePaths {
  if (raw == null) return DEFAULT_SITE_PATHS;
  if (!isRecord(raw)) {
    note('paths', 'an object');
    return DEFAULT_SITE_PATHS;
  }
  return Object.freeze(readObject(raw, SITE_PATHS, 'paths.', note));
}

const readFromContext = new WeakMap<JsonRecord, SitePaths>();

/**
 * The paths of a site context as given (a runtime's `raw`), read once per context: the first
 * reader warns about the keys it refused, as the context's other keys are warned about.
 */
export function contextSitePaths(raw: JsonRecord | null): SitePaths {
  if (raw === null) return DEFAULT_SITE_PATHS;
  let paths = readFromContext.get(raw);
  if (!paths) {
    const issues: string[] = [];
    paths = readSitePaths(raw['paths'], notesInto(issues));
    for (const issue of issues) console.warn(`[storefront] site context: ${issue}`);
    readFromContext.set(raw, paths);
  }
  return paths;
}

/**
 * Where a widget sends the shopper: the provider's paths under npm, else the page's context's
 * (the script tag, or a widget outside any provider).
 */
export const sitePaths = (storefront: { readonly paths?: SitePaths | undefined }): SitePaths =>
  storefront.paths ?? contextSitePaths(getPageRuntime().raw);
