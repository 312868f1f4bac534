import { parseInstalmentContext } from '../../src/commerce/instalments.js';
import { fail, isRecord, ok, readStringEntries, type Result } from '../../src/result.js';
import type { CartPageProps } from './cart-page.js';

/**
 * `data-sf-props` of the cart page: optional, `{ "strings"?: { [key]: text }, "instalments"?,
 * "headingLevel"?: 1 | 2 }`.
 * Non-string overrides are dropped; anything but an object (or nothing) is refused. An instalment
 * context that does not read keeps the page: the widget reports it (spec 000 §8).
 */
export function parseCartPageProps(raw: unknown): Result<CartPageProps> {
  if (raw === undefined || raw === null) return ok({});
  if (!isRecord(raw)) return fail(['cart-page props must be an object']);
  const level = raw.headingLevel;
  if (level !== undefined && level !== null && level !== 1 && level !== 2)
    return fail(['cart-page props: "headingLevel" must be 1 or 2']);
  const instalments: Omit<CartPageProps, 'strings'> = {
    ...(raw.instalments === undefined ? {} : { instalments: parseInstalmentContext(raw.instalments) }),
    ...(level === 1 || level === 2 ? { headingLevel: level as 1 | 2 } : {}),
  };
  if (raw.strings === undefined || raw.strings === null) return ok(instalments);
  const strings = readStringEntries(raw.strings);
  return strings === null
    ? fail(['cart-page props: "strings" must be an object'])
    : ok({ strings, ...instalments });
}
