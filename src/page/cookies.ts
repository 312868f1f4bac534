/**
 * Cookie reads for the storefront (crumb, has-cart, cart id: see COOKIES in contract.ts). Writes
 * belong to the server; the storefront only looks.
 */

/**
 * The value of a cookie, decoded, or null when it is absent or no document exists (pass null
 * to say so explicitly). A value that
 * is not valid percent-encoding is returned as written rather than dropped.
 */
export function readCookie(
  name: string,
  doc: Document | null | undefined = globalThis.document,
): string | null {
  if (!doc || name === '') return null;
  let jar: string;
  try {
    jar = doc.cookie;
  } catch {
    // Sandboxed frames without allow-same-origin throw on access.
    return null;
  }
  if (!jar) return null;
  for (const pair of jar.split(';')) {
    const eq = pair.indexOf('=');
    const key = (eq === -1 ? pair : pair.slice(0, eq)).trim();
    if (key !== name) continue;
    const value = eq === -1 ? '' : pair.slice(eq + 1).trim();
    const unquoted =
      value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
    try {
      return decodeURIComponent(unquoted);
    } catch {
      return unquoted;
    }
  }
  return null;
}

/**
 * Whether the browser accepts cookies; decides which crumb-failure text is shown (spec 000 §8).
 * `navigator.cookieEnabled` is the answer where it exists; without a navigator (server) the
 * answer is false.
 */
export function cookiesEnabled(
  nav: Pick<Navigator, 'cookieEnabled'> | null | undefined = globalThis.navigator,
): boolean {
  if (!nav) return false;
  try {
    return nav.cookieEnabled === true;
  } catch {
    return false;
  }
}
