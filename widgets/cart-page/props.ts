import { fail, isRecord, ok, readStringEntries, type Result } from '../../src/result.js';
import type { CartPageProps } from './cart-page.js';

/**
 * `data-sf-props` of the cart page: optional, `{ "strings"?: { [key]: text } }`. Non-string
 * overrides are dropped; anything but an object (or nothing) is refused.
 */
export function parseCartPageProps(raw: unknown): Result<CartPageProps> {
  if (raw === undefined || raw === null) return ok({});
  if (!isRecord(raw)) return fail(['cart-page props must be an object']);
  if (raw.strings === undefined || raw.strings === null) return ok({});
  const strings = readStringEntries(raw.strings);
  return strings === null ? fail(['cart-page props: "strings" must be an object']) : ok({ strings });
}
