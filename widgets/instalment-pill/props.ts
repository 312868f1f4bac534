/**
 * `data-sf-props` of the instalment pill, parsed once at the edge (docs/widgets/instalment-pill.md):
 *
 * { "item": <product item, spec 001 §3>, "instalments": { "afterPayAvailable", "afterPayMin",
 *   "afterPayMax", "shopperLanguage", "stripeAccountCountry" }, "count"?: 4, "strings"? }
 *
 * An item that does not parse refuses the block (the loader reports it and keeps the fallback). An
 * instalment context that does not parse does not: spec 000 §8 has it reported, and the pill then
 * shows nothing, so the widget receives the reasons instead.
 */
import { parseInstalmentContext, type InstalmentContext } from '../../src/commerce/instalments.js';
import { parseItemForSale, type ProductItem, type Variant } from '../../src/commerce/product.js';
import { QUANTITY } from '../../src/constants.js';
import { instalmentCount } from '../../src/commerce/instalment-price.js';
import { fail, isRecord, ok, readStringEntries, type JsonRecord, type Result } from '../../src/result.js';

export interface InstalmentPillProps {
  readonly item: ProductItem;
  /**
   * The instalment context read by `parseInstalmentContext`; a refused one is reported once and
   * the pill shows nothing.
   */
  readonly instalments: Result<InstalmentContext>;
  /** Number of payments. @default 4 */
  readonly count?: number | undefined;
  /** Text overrides by key of widgets/instalment-pill/messages.ts. @default {} */
  readonly strings?: Readonly<Record<string, string>> | undefined;
}

export function parseInstalmentPillProps(raw: unknown): Result<InstalmentPillProps> {
  if (!isRecord(raw)) return fail(['props is not an object']);
  const item = parseItemForSale(raw.item);
  if (!item.ok) return fail(item.issues.map((i) => `item: ${i}`));
  // A count it cannot use is dropped for the default rather than refusing the block.
  const count = typeof raw.count === 'number' ? instalmentCount(raw.count) : undefined;
  const strings = readStringEntries(raw.strings) ?? {};
  return ok({
    item: item.value,
    instalments: parseInstalmentContext(raw.instalments),
    ...(count === undefined ? {} : { count }),
    strings,
  });
}

/** The product form's choice as the pill follows it. */
export interface Choice {
  /** The chosen variant of the pill's own item, or null while the choice is incomplete. */
  readonly variant: Variant | null;
  readonly quantity: number;
}

const sameAttributes = (a: Readonly<Record<string, string>>, b: JsonRecord): boolean => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
};

/**
 * Reads an `sf:variant-change` detail for `item`: null when it is about another item or is not a
 * detail at all. Any script can dispatch the event, so only the identity of the variant is taken
 * from it (id, else sku, else attributes) and the price always comes from the pill's own item; an
 * unknown variant counts as no choice, an unusable quantity as 1.
 */
export function parseVariantChange(item: ProductItem, detail: unknown): Choice | null {
  if (!isRecord(detail) || detail.itemId !== item.id) return null;
  const q = detail.quantity;
  const quantity =
    typeof q === 'number' && Number.isSafeInteger(q) && q >= QUANTITY.min && q <= QUANTITY.max
      ? q
      : QUANTITY.default;
  const raw = detail.variant;
  if (!isRecord(raw)) return { variant: null, quantity };
  const variants = item.structuredContent.variants;
  const by = (key: 'id' | 'sku'): Variant | undefined => {
    const want = raw[key];
    return typeof want === 'string' && want !== '' ? variants.find((v) => v[key] === want) : undefined;
  };
  const attributes = raw.attributes;
  const byAttributes = (): Variant | undefined =>
    isRecord(attributes) ? variants.find((v) => sameAttributes(v.attributes, attributes)) : undefined;
  return { variant: by('id') ?? by('sku') ?? byAttributes() ?? null, quantity };
}
