import { fail, ok, type Result } from '../../src/result.js';
import type { CartPageProps } from './cart-page.js';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `data-sf-props` of the cart page: optional, `{ "strings"?: { [key]: text } }`. Non-string
 * overrides are dropped; anything but an object (or nothing) is refused.
 */
export function parseCartPageProps(raw: unknown): Result<CartPageProps> {
  if (raw === undefined || raw === null) return ok({});
  if (!isRecord(raw)) return fail(['cart-page props must be an object']);
  if (raw.strings === undefined || raw.strings === null) return ok({});
  if (!isRecord(raw.strings)) return fail(['cart-page props: "strings" must be an object']);
  const strings: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw.strings)) if (typeof v === 'string') strings[k] = v;
  return ok({ strings });
}
