/**
 * The product item of spec 001 §3 (its companions, merchandising and store settings, are in
 * ./merchandising.ts), parsed once from untrusted JSON into typed values. Parsers never throw:
 * they return a Result listing every problem found.
 */
import {
  BILLING_PERIOD_UNITS,
  PRODUCT_TYPES,
  isProductType,
  type BillingPeriodUnit,
  type ProductType,
} from '../constants.js';
import { pageOrImageUrl } from '../urls.js';
import { DEFAULT_CURRENCY, moneyFromMinor, parseMoney, type CurrencyCode, type Money } from './money.js';
import {
  fail,
  isRecord as isObject,
  notesInto,
  ok,
  readId,
  readInteger,
  readObject,
  schema,
  type JsonRecord as Obj,
  type Note,
  type Result,
} from '../result.js';
import {
  A_BOOLEAN,
  A_LIST,
  A_MONEY_VALUE,
  A_STRING,
  A_WHOLE_NUMBER,
  AN_OBJECT,
  NONE,
  flag,
  id,
  listOf,
  quietText,
  stock,
  stringEntries,
  text,
} from './field-readers.js';

/** An image: its URL, read by `pageOrImageUrl` (src/urls.ts), and the merchant's alt text. */
export interface ProductImage {
  readonly assetUrl: string;
  readonly altText?: string;
}

export interface VariantOptionValue {
  readonly optionName?: string;
  readonly value: string;
}

export interface Variant {
  /** Variant id, used by the restock form. */
  readonly id?: string;
  readonly sku: string;
  /** Option name to chosen value, e.g. `{ Size: 'M', Color: 'Red' }`. */
  readonly attributes: Readonly<Record<string, string>>;
  readonly price: Money | null;
  readonly salePrice: Money | null;
  readonly onSale: boolean;
  /** Units in stock; 0 when not given. Ignored when `unlimited`. */
  readonly qtyInStock: number;
  readonly unlimited: boolean;
  readonly optionValues?: readonly VariantOptionValue[];
  /** The variant's own image (shown when it is selected, spec 000 §2). */
  readonly imageUrl?: string;
  readonly mainImage?: ProductImage;
}

export interface SubscriptionPlan {
  readonly billingPeriod: { readonly value: number; readonly unit: BillingPeriodUnit };
  /** 0 means indefinite. */
  readonly numBillingCycles: number;
}

export interface StructuredContent {
  readonly productType: ProductType;
  readonly variants: readonly Variant[];
  readonly isSubscribable: boolean;
  /** Digital products carry price and sale at product level. */
  readonly priceMoney?: Money;
  readonly salePriceMoney?: Money;
  readonly onSale?: boolean;
  readonly useCustomAddButtonText?: boolean;
  readonly customAddButtonText?: string;
  readonly additionalFieldsFormId?: string;
  /**
   * The embedded additional-fields form, unread: the form UI parses it (src/react/ui/form-schema.ts)
   * when it first opens, so a product page does not pay for reading a form nobody opens.
   */
  readonly additionalFieldsForm?: Readonly<Record<string, unknown>>;
}

export interface ProductItem {
  readonly id: string;
  readonly collectionId: string;
  readonly recordType?: number;
  readonly title?: string;
  readonly structuredContent: StructuredContent;
  /** The merchant's order of option names for the variant picker. */
  readonly variantOptionOrdering?: readonly string[];
  // What a listing shows, read by `parseProductItem` (./product-listing.ts) and left out by the
  // widgets' props parsers.
  /** The product's page (`fullUrl`): a path on this site or an http(s) address. */
  readonly fullUrl?: string;
  /**
   * The merchant's excerpt (`excerpt`, or its `html`) as the platform writes it: HTML, unsanitized.
   * React shows it as text; a theme that renders it as HTML runs it through its own sanitizer.
   */
  readonly excerpt?: string;
  /** The product's main image (`mainImage`, else the item's `assetUrl` without alt text). */
  readonly mainImage?: ProductImage;
}

export interface ParseProductOptions {
  /**
   * Receives one note per field that could not be used and was left out.
   * @default undefined (the notes are discarded)
   */
  readonly dropped?: string[] | undefined;
  /**
   * Currency for legacy prices given as a bare number of cents (`price: 1999`).
   * @default 'USD'
   */
  readonly currency?: CurrencyCode | undefined;
}

const present = (v: unknown): boolean => v != null;

/** The variant's price: its money field, else the legacy one (a money object, or cents). */
function readPrice(
  raw: Obj,
  key: string,
  legacyKey: string,
  currency: CurrencyCode,
  where: string,
  note: Note,
): Money | null {
  if (!present(raw[key])) key = legacyKey;
  const value = raw[key];
  if (!present(value)) return null;
  // The old shape: an integer count of cents in the store currency.
  const cents = key === legacyKey && !isObject(value) ? readInteger(value) : undefined;
  const money =
    cents === undefined
      ? parseMoney(value, { defaultCurrency: currency })
      : cents === null
        ? null
        : moneyFromMinor(cents, currency);
  if (!money) note(where + key, A_MONEY_VALUE);
  return money;
}

const VARIANT = schema({
  sku: { read: id, expected: A_STRING, fallback: '' },
  attributes: { read: stringEntries, expected: AN_OBJECT, fallback: NONE },
});

/** What a variant holds after its prices. */
const VARIANT_STOCK = schema({
  onSale: { read: flag, expected: A_BOOLEAN, fallback: false },
  unlimited: { read: flag, expected: A_BOOLEAN, fallback: false },
  qtyInStock: { read: stock, expected: A_WHOLE_NUMBER, fallback: 0 },
  optionValues: {
    read: listOf((ov, label, note, i): VariantOptionValue | undefined => {
      if (isObject(ov) && typeof ov['value'] === 'string')
        return {
          value: ov['value'],
          ...(typeof ov['optionName'] === 'string' && { optionName: ov['optionName'] }),
        };
      note(`${label}[${i}].value`, A_STRING);
      return undefined;
    }),
    expected: A_LIST,
  },
  mainImage: {
    // Anything but an object is no image, quietly.
    read: (m, label, note): ProductImage | undefined => {
      if (!isObject(m)) return undefined;
      const assetUrl = pageOrImageUrl(m['assetUrl']);
      if (!assetUrl) {
        note(`${label}.assetUrl`, 'a usable URL');
        return undefined;
      }
      const alt = m['altText'];
      return { assetUrl, ...(typeof alt === 'string' && { altText: alt }) };
    },
  },
  imageUrl: { read: pageOrImageUrl, expected: 'a usable URL' },
});

/**
 * Reads an image object (`{ assetUrl, altText? }`), as a variant's `mainImage` is read: the
 * listing's reader (./product-listing.ts) reads the item's by it too. Written inside the variant's
 * schema, so the script tag's product page carries it once.
 */
export const readImage = VARIANT_STOCK.mainImage.read;

function parseVariant(raw: unknown, where: string, currency: CurrencyCode, note: Note): Variant | undefined {
  if (!isObject(raw)) {
    note(where, AN_OBJECT);
    return undefined;
  }
  where += '.';
  const variantId = readId(raw['id']);
  // Read in this order, so the notes come in the order of the fields.
  const identity = readObject(raw, VARIANT, where, note);
  const price = readPrice(raw, 'priceMoney', 'price', currency, where, note);
  const salePrice = readPrice(raw, 'salePriceMoney', 'salePrice', currency, where, note);
  const stockAndImages = readObject(raw, VARIANT_STOCK, where, note);
  const imageUrl = stockAndImages.imageUrl ?? stockAndImages.mainImage?.assetUrl;
  return {
    ...(variantId !== null && { id: variantId }),
    ...identity,
    price,
    salePrice,
    ...stockAndImages,
    ...(imageUrl !== undefined && { imageUrl }),
  };
}

export function parseSubscriptionPlan(raw: unknown): Result<SubscriptionPlan> {
  if (!isObject(raw)) return fail(['subscriptionPlan is not an object']);
  const issues: string[] = [];
  const period = raw['billingPeriod'];
  let value = 0;
  let unit: BillingPeriodUnit = 'MONTH';
  if (!isObject(period)) {
    issues.push('subscriptionPlan.billingPeriod is not an object');
  } else {
    const v = readInteger(period['value']);
    if (v === null || v < 1)
      issues.push('subscriptionPlan.billingPeriod.value is not a positive whole number');
    else value = v;
    const u = typeof period['unit'] === 'string' ? period['unit'].trim().toUpperCase() : '';
    if ((BILLING_PERIOD_UNITS as readonly string[]).includes(u)) unit = u as BillingPeriodUnit;
    else issues.push('subscriptionPlan.billingPeriod.unit is not WEEK, MONTH or YEAR');
  }
  let numBillingCycles = 0;
  if (present(raw['numBillingCycles'])) {
    const n = readInteger(raw['numBillingCycles']);
    if (n === null || n < 0)
      issues.push('subscriptionPlan.numBillingCycles is not a whole number of at least 0');
    else numBillingCycles = n;
  }
  return issues.length ? fail(issues) : ok({ billingPeriod: { value, unit }, numBillingCycles });
}

const ITEM = schema({
  collectionId: { read: id, expected: A_STRING, fallback: '' },
  recordType: { read: readInteger, expected: A_WHOLE_NUMBER },
  variantOptionOrdering: {
    read: (v) => (Array.isArray(v) && v.every((n) => typeof n === 'string') ? [...v] : null),
    expected: 'a list of strings',
  },
  title: { read: quietText },
});

/**
 * Parses a product item (spec 001 §3) for the widgets that sell it: all of it but what a listing
 * shows (`fullUrl`, `excerpt`, `mainImage`), which the package's `parseProductItem`
 * (./product-listing.ts) reads besides, so a product page's start carries no reader of them.
 * Required: an id, a structuredContent object with a known productType (numeric strings such as
 * "1" accepted) and a variants list (may be empty for digital products); without one of these
 * the item fails. Any other field that cannot be used
 * (a price that is not money, an image URL with a space or a `javascript:` scheme, a variant that
 * is not an object) is left out and noted in `options.dropped`, so one bad field never costs the
 * shopper the product. Absent optional values take their defaults (no stock, not on sale, no price).
 */
export function parseItemForSale(raw: unknown, options: ParseProductOptions = {}): Result<ProductItem> {
  const issues: string[] = [];
  // What the item cannot do without fails it, worded as the notes are.
  const refuse = notesInto(issues);
  if (!isObject(raw)) {
    refuse('product item', AN_OBJECT);
    return fail(issues);
  }
  const currency = options.currency ?? DEFAULT_CURRENCY;
  const note = notesInto(options.dropped ?? []);

  const itemId = readId(raw['id']);
  if (itemId === null) refuse('id', A_STRING);
  const fields = readObject(raw, ITEM, '', note);

  const sc = raw['structuredContent'];
  if (!isObject(sc)) {
    refuse('structuredContent', AN_OBJECT);
    return fail(issues);
  }

  const productType = readInteger(sc['productType']);
  if (!isProductType(productType)) refuse('structuredContent.productType', 'a product type (1 to 5)');

  const variants = listOf((v, _label, n, i) => parseVariant(v, `variants[${i}]`, currency, n))(
    sc['variants'],
    'variants',
    note,
  );
  if (!variants) refuse('structuredContent.variants', A_LIST);

  const money = (v: unknown): Money | null => parseMoney(v, { defaultCurrency: currency });
  const structured = readObject(
    sc,
    schema({
      isSubscribable: { read: flag, expected: A_BOOLEAN, fallback: false },
      onSale: { read: flag, expected: A_BOOLEAN },
      useCustomAddButtonText: { read: flag, expected: A_BOOLEAN },
      priceMoney: { read: money, expected: A_MONEY_VALUE },
      salePriceMoney: { read: money, expected: A_MONEY_VALUE },
      customAddButtonText: { read: text, expected: A_STRING },
      additionalFieldsFormId: { read: id, expected: A_STRING },
      additionalFieldsForm: { read: (v) => (isObject(v) ? v : null), expected: AN_OBJECT },
    }),
    'structuredContent.',
    note,
  );

  if (issues.length || itemId === null || !isProductType(productType) || !variants) return fail(issues);
  return ok({ id: itemId, ...fields, structuredContent: { productType, variants, ...structured } });
}

export { PRODUCT_TYPES };
export type { ProductType };
