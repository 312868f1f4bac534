/**
 * Cookie reads for the storefront (crumb, has-cart, cart id: see COOKIES in contract.ts). Writes
 * belong to the server; the storefront only looks. Whether cookies are on at all matters only to
 * a failed call's text, so that check lives with the api client (`cookiesEnabled`).
 */

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
