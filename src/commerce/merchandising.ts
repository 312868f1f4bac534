/**
 * The companions of the product item (spec 001 §3): a product's merchandising context and the
 * store settings, parsed from untrusted JSON. Absent or unusable input gives the defaults, with
 * every dropped field noted; these parsers never fail.
 */
import {
  defaultsOf,
  isRecord as isObject,
  notesInto,
  objectOf,
  ok,
  readId,
  readObject,
  schema,
  type Parsed,
  type Result,
  type Schema,
} from '../result.js';
import {
  A_BOOLEAN,
  A_STRING,
  A_WHOLE_NUMBER,
  AN_OBJECT,
  EMPTY,
  NONE,
  flag,
  listOf,
  quietText,
  stock,
  stringEntries,
  text,
} from './field-readers.js';

/**
 * One scarcity view: the platform sends a list of them, each with the option values of the
 * variant it speaks of (none for the whole product) and that variant's stock for the
 * `{qtyInStock}` placeholder; the short form is a map of variant id or sku to a ready text.
 */
export interface ScarcityView {
  /** The variant, by option values; empty for the whole product. */
  readonly attributes: Readonly<Record<string, string>>;
  /** The variant, by id or sku (the short form's key). */
  readonly variantKey?: string;
  /** Units left, for the text's placeholder. */
  readonly qtyInStock?: number;
  /** A ready text (the short form); otherwise `scarcityText` is filled in. */
  readonly text?: string;
}

export interface Merchandising {
  /** Replaces the sold-out label when set. */
  readonly customSoldOutText?: string;
  readonly scarcityEnabled: boolean;
  /** Scarcity template, e.g. "Only {qtyInStock} left in stock!" (`{quantity}` is read too). */
  readonly scarcityText?: string;
  readonly scarcityShownByDefault: boolean;
  /** `scarcityTemplateViews`, as a list of views whichever form it came in. */
  readonly scarcityViews: readonly ScarcityView[];
  readonly restockNotificationMessages: Readonly<Record<string, string>>;
  readonly mailingListSignUpEnabled: boolean;
  readonly mailingListOptInByDefault: boolean;
}

const SCARCITY_VIEW = objectOf(
  schema({
    attributes: { read: stringEntries, expected: AN_OBJECT, fallback: NONE },
    variantKey: { from: 'variantId', read: (v) => readId(v) ?? undefined },
    qtyInStock: { read: stock, expected: A_WHOLE_NUMBER },
    text: { read: quietText },
  }),
);

const MERCHANDISING = schema({
  // A blank text is no text: the sold-out label stays.
  customSoldOutText: {
    read: (v) => (typeof v === 'string' ? (v.trim() ? v : undefined) : null),
    expected: A_STRING,
  },
  scarcityText: { read: text, expected: A_STRING },
  scarcityEnabled: { read: flag, expected: A_BOOLEAN, fallback: false },
  scarcityShownByDefault: { read: flag, expected: A_BOOLEAN, fallback: false },
  scarcityViews: {
    from: 'scarcityTemplateViews',
    read: (v, label, note): ScarcityView[] | null => {
      // A view that is not an object is noted (undefined: the list skips it).
      const views = listOf((view, where, n, i) => {
        where += `[${i}]`;
        const read = SCARCITY_VIEW(view, where, n);
        if (!read) n(where, AN_OBJECT);
        return read ?? undefined;
      })(v, label, note);
      if (views) return views;
      // The short form: variant id or sku to a ready text.
      const texts = stringEntries(v, label, note);
      if (!texts) return null;
      return Object.entries(texts).map(([variantKey, text]) => ({ attributes: NONE, variantKey, text }));
    },
    expected: AN_OBJECT,
    fallback: EMPTY,
  },
  restockNotificationMessages: { read: stringEntries, expected: AN_OBJECT, fallback: NONE },
  mailingListSignUpEnabled: { read: flag, expected: A_BOOLEAN, fallback: false },
  mailingListOptInByDefault: { read: flag, expected: A_BOOLEAN, fallback: false },
});

export const DEFAULT_MERCHANDISING: Merchandising = Object.freeze(defaultsOf(MERCHANDISING));

/**
 * One optional object of the props, read by its schema under `label`: absent, the defaults; not
 * an object, the defaults and a note. Never fails.
 */
function readSection<S extends Schema, T>(
  raw: unknown,
  label: string,
  fields: S,
  defaults: T,
  dropped: string[],
): Result<Parsed<S> | T> {
  const note = notesInto(dropped);
  if (raw == null) return ok(defaults);
  if (!isObject(raw)) {
    note(label, AN_OBJECT);
    return ok(defaults);
  }
  return ok(readObject(raw, fields, `${label}.`, note));
}

/**
 * One product's merchandising context: the platform's shapes (view lists, `{qtyInStock}`) and
 * the short forms alike. Absent input gives the defaults. Pass `productId` when the input is the
 * map keyed by product id. A field that cannot be used is left out and noted in `dropped`; the
 * rest still applies, so this never fails.
 */
export function parseMerchandising(
  raw: unknown,
  productId?: string,
  dropped: string[] = [],
): Result<Merchandising> {
  let label = 'merchandising';
  if (productId !== undefined && isObject(raw)) {
    raw = Object.prototype.hasOwnProperty.call(raw, productId) ? raw[productId] : undefined;
    label += `.${productId}`;
  }
  return readSection(raw, label, MERCHANDISING, DEFAULT_MERCHANDISING, dropped);
}

// ---------------------------------------------------------------------------------------------
// Store settings (spec 001 §3)

export interface StoreSettings {
  /** Service products may be bought several at a time. @default true */
  readonly multipleQuantityAllowedForServices: boolean;
  /** The add button buys directly (label Purchase) instead of filling the cart. @default false */
  readonly expressCheckout: boolean;
}

const STORE_SETTINGS = schema({
  multipleQuantityAllowedForServices: { read: flag, expected: A_BOOLEAN, fallback: true },
  expressCheckout: { read: flag, expected: A_BOOLEAN, fallback: false },
});

export const DEFAULT_STORE_SETTINGS: StoreSettings = Object.freeze(defaultsOf(STORE_SETTINGS));

/** Store settings; a setting that cannot be used keeps its default and is noted in `dropped`. */
export const parseStoreSettings = (raw: unknown, dropped: string[] = []): Result<StoreSettings> =>
  readSection(raw, 'storeSettings', STORE_SETTINGS, DEFAULT_STORE_SETTINGS, dropped);
