/**
 * Cookie reads for the storefront (crumb, has-cart, cart id: see COOKIES in contract.ts). Writes
 * belong to the server; the storefront only looks. Whether cookies are on at all matters only to
 * a failed call's text, so that check lives with the api client (`cookiesEnabled`).
 */
import { COOKIES } from '../contract.js';

/**
 * The value of a cookie, decoded, or null when it is absent or no document exists (pass null
 * to say so explicitly). A value that is not valid percent-encoding is returned as written rather
 * than dropped.
 */
export function readCookie(
  name: string,
  doc: Document | null | undefined = globalThis.document,
): string | null {
  let jar: string | undefined;
  try {
    jar = doc?.cookie;
  } catch {
    // Sandboxed frames without allow-same-origin throw on access.
  }
  if (!jar || !name) return null;
  for (const pair of jar.split(';')) {
    const [key = '', ...rest] = pair.split('=');
    if (key.trim() !== name) continue;
    const value = rest.join('=').trim();
    const unquoted = /^".*"$/.test(value) ? value.slice(1, -1) : value;
    try {
      return decodeURIComponent(unquoted);
    } catch {
      return unquoted;
    }
  }
  return null;
}

/**
 * Whether to read the cart at page start (spec 000 §4): only for a signed-in visitor, or when a
 * has-cart cookie says `true`, or a cart cookie exists. Otherwise there is nothing to read.
 */
export const shouldLoadCartAtStart = (
  context: { readonly authenticatedAccountId?: string | null | undefined },
  doc?: Document,
): boolean => {
  if (typeof context.authenticatedAccountId === 'string' && context.authenticatedAccountId !== '')
    return true;
  const read = (name: string): string | null => {
    try {
      return readCookie(name, doc);
    } catch {
      return null;
    }
  };
  return read(COOKIES.hasCart) === 'true' || read(COOKIES.cart) !== null;
};
