/**
 * The one rule for URLs that arrive as data (a block's props, the site context, a server's answer,
 * a form's settings) and end in an `href`, a `src`, a script address or a navigation: one function
 * per question, each returning the URL to use or null. Framework-free and DOM-free, so the widgets,
 * the page runtime, the api parsers and the template engine's `sf-block` read URLs alike.
 *
 * Every rule starts from how a browser reads the string, not from how it looks:
 * - the URL parser drops tabs and newlines anywhere, so `/\t/evil.example` is `//evil.example`;
 * - it reads `\` as `/` in http(s) URLs, so `/\evil.example` is `//evil.example`;
 * - `//host` is another site, whatever follows;
 * - schemes are case-blind and leading control characters and spaces are trimmed, so
 *   ` JavaScript:` runs script.
 * So a URL holding any control character, space or backslash is refused outright rather than
 * cleaned: data with those in it is no URL anyone meant.
 */

/** C0 controls (tab, newline, ...), space, DEL and backslash: refused anywhere in a URL. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const HAZARD = /[\u0000-\u0020\u007f\\]/;
/** Characters that have no business in a URL an attribute carries. */
const MARKUP = /[<>"]/;
/** One leading slash, not two: a path on this site. */
const PATH = /^\/(?!\/)/;
/** An http(s) scheme with `//` and something after it. */
const WEB = /^https?:\/\/[^/?#]/i;
/** A scheme as RFC 3986 spells one: a letter, then letters, digits, `+`, `-` or `.`. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** The picture formats a `data:` image may carry; never SVG, which can hold script. */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);/i;

const clean = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' && !HAZARD.test(value) && !MARKUP.test(value) ? value : null;

/**
 * A path on this site (`/thanks?x=1`): one leading `/`, never `//host`, nothing a browser would
 * read as another host.
 */
export const sitePath = (value: unknown): string | null => {
  const url = clean(value);
  return url !== null && PATH.test(url) ? url : null;
};

/**
 * An absolute http or https address with a host and no credentials (`https://shop.example/x`):
 * where a site owner may send a visitor elsewhere, or a script or picture may come from.
 */
export const webAddress = (value: unknown): string | null => {
  const url = clean(value);
  if (url === null || !WEB.test(url)) return null;
  try {
    const parsed = new URL(url);
    return parsed.username === '' && parsed.password === '' && parsed.hostname !== '' ? url : null;
  } catch {
    return null;
  }
};

/**
 * A path on this site or an http(s) address: a form's success address, a script's, the api root,
 * a product page a theme links to.
 */
export const siteOrWebUrl = (value: unknown): string | null => sitePath(value) ?? webAddress(value);

/**
 * A link or picture address as product data gives it (`fullUrl`, `assetUrl`), trimmed: a path on
 * this site, an http(s) address (a protocol-relative `//host/x` taken as `https://host/x`), a
 * relative path (`images/a.jpg`, resolved against the page, so on this site), or, for a picture,
 * a `data:` image of the formats above. Any other scheme (`javascript:`, `data:text/html`,
 * `vbscript:`) is refused.
 */
export const pageOrImageUrl = (value: unknown): string | null => {
  const url = clean(typeof value === 'string' ? value.trim() : value);
  if (url === null) return null;
  if (url.startsWith('//')) return webAddress(`https:${url}`);
  if (DATA_IMAGE.test(url)) return url;
  if (SCHEME.test(url)) return webAddress(url);
  return url;
};

/**
 * The same-origin path (`/cart?x#y`) a navigation may go to, resolved against `base` (the page's
 * location), or null: other origins, every scheme but http(s), and strings that are not URLs.
 */
export function sameOriginPath(value: unknown, base: Pick<Location, 'href' | 'origin'>): string | null {
  if (typeof value !== 'string' || value.trim() === '' || HAZARD.test(value.trim())) return null;
  try {
    const url = new URL(value, base.href);
    return /^https?:$/.test(url.protocol) && url.origin === base.origin
      ? url.pathname + url.search + url.hash
      : null;
  } catch {
    return null;
  }
}

/**
 * A link an owner wrote in content the widgets show (post-submit content), resolved against the
 * page: an http(s) address, on this site or another, as {@link webAddress} allows.
 */
export function contentLink(value: string, base: string): string | null {
  const href = value.trim();
  if (href === '' || HAZARD.test(href)) return null;
  try {
    return webAddress(new URL(href, base).href);
  } catch {
    return null;
  }
}
