/**
 * `data-sf-props` of the product form, parsed once at the edge (docs/widgets/product-form.md):
 *
 * { "item": <product item, spec 001 §3>, "merchandising"?, "strings"?, "storeSettings"?,
 *   "reviews"?: { "native"?: Review[], "imported"?: Review[] }, "expressCheckout"?, "quickView"? }
 */
import {
  DEFAULT_MERCHANDISING,
  DEFAULT_STORE_SETTINGS,
  parseMerchandising,
  parseStoreSettings,
  type Merchandising,
  type StoreSettings,
} from '../../src/commerce/merchandising.js';
import { parseItemForSale, type ProductItem } from '../../src/commerce/product.js';
import {
  defaultsOf,
  fail,
  isRecord as isObject,
  notesInto,
  objectOf,
  ok,
  readBoolean,
  readObject,
  schema,
  type Result,
} from '../../src/result.js';
import { LIKERT_LABEL_KEYS } from '../../src/messages/format.js';

export interface Review {
  readonly author: string;
  /** 1 to 5, or null when the review carries no rating. */
  readonly rating: number | null;
  readonly title: string | null;
  readonly body: string;
  /** As given (ISO date or display text); shown as text. */
  readonly date: string | null;
}

export interface ProductReviews {
  readonly native: readonly Review[];
  readonly imported: readonly Review[];
}

/**
 * The review lists as a block sends them. Each review is read by the reviews section when its code
 * loads (./review-list.ts), not by the form's start: most product pages show none.
 */
export interface ReviewLists {
  readonly native: readonly unknown[];
  readonly imported: readonly unknown[];
}

export interface ParsedProductFormProps {
  readonly item: ProductItem;
  /**
   * The embedded additional-fields form as sent, when the item carries one. The item parser has
   * already checked it; the form renderer reads it (likert statements included) on first open.
   */
  readonly additionalFieldsForm: Readonly<Record<string, unknown>> | null;
  readonly merchandising: Merchandising;
  readonly storeSettings: StoreSettings;
  /** Text overrides: catalogue keys or the localized-string names of spec 001 §3. */
  readonly strings: Readonly<Record<string, string>>;
  readonly reviews: ReviewLists;
  readonly expressCheckout: boolean;
  readonly quickView: boolean;
}

/** A string with something besides white space in it, else null. */
export const nonBlank = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

const list = (raw: unknown): readonly unknown[] | null => (Array.isArray(raw) ? raw : null);

const strings = (raw: unknown): Record<string, string> | null => {
  if (!isObject(raw)) return null;
  const out: Record<string, string> = {};
  const likert = isObject(raw.likertLabels) ? raw.likertLabels : {};
  for (const [key, value] of [
    ...Object.entries(raw),
    ...Object.entries(LIKERT_LABEL_KEYS).map(([value, key]) => [key, likert[value]] as const),
  ]) {
    if (nonBlank(value) !== null) out[key] = value as string;
  }
  return out;
};

const NO_REVIEWS: readonly unknown[] = Object.freeze([]);
const REVIEW_LISTS = schema({
  native: { read: list, expected: 'a list', fallback: NO_REVIEWS },
  imported: { read: list, expected: 'a list', fallback: NO_REVIEWS },
});
const NO_STRINGS: Readonly<Record<string, string>> = Object.freeze({});

/** The props besides the item, its merchandising and the store settings. */
const FIELDS = schema({
  strings: { read: strings, expected: 'an object', fallback: NO_STRINGS },
  reviews: {
    read: objectOf(REVIEW_LISTS),
    expected: 'an object',
    fallback: Object.freeze(defaultsOf(REVIEW_LISTS)),
  },
  expressCheckout: { read: readBoolean, expected: 'a boolean', fallback: false },
  quickView: { read: readBoolean, expected: 'a boolean', fallback: false },
});

/**
 * Parses the product form's props. Only an unusable item fails (nothing to sell); any other field
 * that cannot be used is left out with a note in `dropped`, which the mount reports once, and the
 * form mounts with the rest.
 */
export function parseProductFormProps(raw: unknown, dropped: string[] = []): Result<ParsedProductFormProps> {
  if (!isObject(raw)) return fail(['props is not an object']);
  const item = parseItemForSale(raw.item, { dropped });
  if (!item.ok) return fail(item.issues.map((i) => `item: ${i}`));

  const rawMerch = raw.merchandising;
  const keyed = isObject(rawMerch) && Object.prototype.hasOwnProperty.call(rawMerch, item.value.id);
  const merchandising = parseMerchandising(rawMerch, keyed ? item.value.id : undefined, dropped);
  const storeSettings = parseStoreSettings(raw.storeSettings, dropped);

  const rest = readObject(raw, FIELDS, '', notesInto(dropped));
  const settings = storeSettings.ok ? storeSettings.value : DEFAULT_STORE_SETTINGS;
  return ok({
    item: item.value,
    additionalFieldsForm: item.value.structuredContent.additionalFieldsForm ?? null,
    merchandising: merchandising.ok ? merchandising.value : DEFAULT_MERCHANDISING,
    storeSettings: settings,
    ...rest,
    expressCheckout: rest.expressCheckout || settings.expressCheckout,
  });
}
