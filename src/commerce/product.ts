/**
 * The product item of spec 001 §3 and its companions (merchandising context, store settings,
 * localized strings), parsed once from untrusted JSON into typed values. Parsers never throw:
 * they return a Result listing every problem found.
 */
import {
  BILLING_PERIOD_UNITS,
  PRODUCT_TYPES,
  isProductType,
  type BillingPeriodUnit,
  type ProductType,
} from '../constants.js';
import { DEFAULT_CURRENCY, moneyFromMinor, parseMoney, type CurrencyCode, type Money } from './money.js';
import {
  fail,
  isRecord as isObject,
  ok,
  readBoolean,
  readInteger,
  type JsonRecord as Obj,
  type Result,
} from '../result.js';

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
  readonly mainImage?: { readonly assetUrl: string; readonly altText?: string };
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
  readonly subscriptionPlan?: SubscriptionPlan;
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

const present = (v: unknown): boolean => v !== undefined && v !== null;

/** Ids arrive as strings or numbers. */
function readId(v: unknown): string | null {
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  return null;
}

/** Image and redirect URLs reach `src`/`href`: only http(s), protocol-less paths and data images pass. */
export function safeUrl(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const url = v.trim();
  if (url === '' || /[\s<>"]/.test(url)) return null;
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('//')) return `https:${url}`;
  if (url.startsWith('/') || url.startsWith('./') || url.startsWith('../')) return url;
  if (/^data:image\/(png|jpeg|gif|webp);/i.test(url)) return url;
  // Anything with a scheme (javascript:, data:text/html, vbscript:) is refused.
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return null;
  return url;
}

function readPrice(
  raw: Obj,
  moneyKey: string,
  legacyKey: string,
  currency: CurrencyCode,
  where: string,
  issues: string[],
): Money | null {
  if (present(raw[moneyKey])) {
    const m = parseMoney(raw[moneyKey], { defaultCurrency: currency });
    if (m) return m;
    issues.push(`${where}.${moneyKey} is not a money value`);
    return null;
  }
  const legacy = raw[legacyKey];
  if (!present(legacy)) return null;
  if (isObject(legacy)) {
    const m = parseMoney(legacy, { defaultCurrency: currency });
    if (m) return m;
  } else {
    // The old shape: an integer count of cents in the store currency.
    const cents = readInteger(legacy);
    const m = cents === null ? null : moneyFromMinor(cents, currency);
    if (m) return m;
  }
  issues.push(`${where}.${legacyKey} is not a price`);
  return null;
}

function parseVariant(
  raw: unknown,
  index: number,
  currency: CurrencyCode,
  dropped: string[],
): Variant | null {
  const where = `variants[${index}]`;
  if (!isObject(raw)) {
    dropped.push(`${where} is not an object`);
    return null;
  }

  let sku = '';
  if (present(raw['sku'])) {
    const s = readId(raw['sku']);
    if (s === null) dropped.push(`${where}.sku is not a string`);
    else sku = s;
  }

  const attributes: Record<string, string> = {};
  if (present(raw['attributes'])) {
    if (isObject(raw['attributes'])) {
      for (const [name, value] of Object.entries(raw['attributes'])) {
        if (typeof value === 'string') attributes[name] = value;
        else if (typeof value === 'number' && Number.isFinite(value)) attributes[name] = String(value);
        else dropped.push(`${where}.attributes.${name} is not a string`);
      }
    } else {
      dropped.push(`${where}.attributes is not an object`);
    }
  }

  const price = readPrice(raw, 'priceMoney', 'price', currency, where, dropped);
  const salePrice = readPrice(raw, 'salePriceMoney', 'salePrice', currency, where, dropped);

  let onSale = false;
  if (present(raw['onSale'])) {
    const b = readBoolean(raw['onSale']);
    if (b === null) dropped.push(`${where}.onSale is not a boolean`);
    else onSale = b;
  }

  let unlimited = false;
  if (present(raw['unlimited'])) {
    const b = readBoolean(raw['unlimited']);
    if (b === null) dropped.push(`${where}.unlimited is not a boolean`);
    else unlimited = b;
  }

  let qtyInStock = 0;
  if (present(raw['qtyInStock'])) {
    const n = readInteger(raw['qtyInStock']);
    if (n === null) dropped.push(`${where}.qtyInStock is not a whole number`);
    // Oversold stock can come back negative; for display it is simply none.
    else qtyInStock = Math.max(0, n);
  }

  let optionValues: VariantOptionValue[] | undefined;
  if (present(raw['optionValues'])) {
    if (Array.isArray(raw['optionValues'])) {
      optionValues = [];
      for (const ov of raw['optionValues']) {
        if (isObject(ov) && typeof ov['value'] === 'string') {
          optionValues.push({
            value: ov['value'],
            ...(typeof ov['optionName'] === 'string' && { optionName: ov['optionName'] }),
          });
        } else {
          dropped.push(`${where}.optionValues has an entry without a value`);
        }
      }
    } else {
      dropped.push(`${where}.optionValues is not a list`);
    }
  }

  const id = readId(raw['id']);
  let mainImage: Variant['mainImage'];
  if (isObject(raw['mainImage'])) {
    const assetUrl = safeUrl(raw['mainImage']['assetUrl']);
    if (assetUrl) {
      const alt = raw['mainImage']['altText'];
      mainImage = { assetUrl, ...(typeof alt === 'string' && { altText: alt }) };
    } else {
      dropped.push(`${where}.mainImage.assetUrl is not a usable URL`);
    }
  }
  let imageUrl: string | undefined;
  if (present(raw['imageUrl'])) {
    const u = safeUrl(raw['imageUrl']);
    if (u) imageUrl = u;
    else dropped.push(`${where}.imageUrl is not a usable URL`);
  }
  imageUrl ??= mainImage?.assetUrl;

  return {
    ...(id !== null && { id }),
    sku,
    attributes,
    price,
    salePrice,
    onSale,
    qtyInStock,
    unlimited,
    ...(optionValues && { optionValues }),
    ...(imageUrl !== undefined && { imageUrl }),
    ...(mainImage && { mainImage }),
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

/**
 * Parses a product item (spec 001 §3). Required: an id, a structuredContent object with a known
 * productType (numeric strings such as "1" accepted) and a variants list (may be empty for
 * digital products); without one of these the item fails. Any other field that cannot be used
 * (a price that is not money, an image URL with a space or a `javascript:` scheme, a variant that
 * is not an object) is left out and noted in `options.dropped`, so one bad field never costs the
 * shopper the product. Absent optional values take their defaults (no stock, not on sale, no price).
 */
export function parseProductItem(raw: unknown, options: ParseProductOptions = {}): Result<ProductItem> {
  if (!isObject(raw)) return fail(['product item is not an object']);
  const currency = options.currency ?? DEFAULT_CURRENCY;
  const issues: string[] = [];
  const dropped: string[] = options.dropped ?? [];

  const id = readId(raw['id']);
  if (id === null) issues.push('product item has no id');
  let collectionId = present(raw['collectionId']) ? readId(raw['collectionId']) : '';
  if (collectionId === null) {
    dropped.push('collectionId is not a string');
    collectionId = '';
  }

  let recordType: number | undefined;
  if (present(raw['recordType'])) {
    const n = readInteger(raw['recordType']);
    if (n === null) dropped.push('recordType is not a whole number');
    else recordType = n;
  }

  let variantOptionOrdering: string[] | undefined;
  if (present(raw['variantOptionOrdering'])) {
    const v = raw['variantOptionOrdering'];
    if (Array.isArray(v) && v.every((n): n is string => typeof n === 'string'))
      variantOptionOrdering = [...v];
    else dropped.push('variantOptionOrdering is not a list of strings');
  }

  const sc = raw['structuredContent'];
  if (!isObject(sc)) {
    issues.push('structuredContent is not an object');
    return fail(issues);
  }

  const typeNumber = readInteger(sc['productType']);
  const productType = isProductType(typeNumber) ? typeNumber : null;
  if (productType === null) issues.push('structuredContent.productType is not a known product type (1 to 5)');

  const variants: Variant[] = [];
  if (!Array.isArray(sc['variants'])) {
    issues.push('structuredContent.variants is not a list');
  } else {
    sc['variants'].forEach((v, i) => {
      const variant = parseVariant(v, i, currency, dropped);
      if (variant) variants.push(variant);
    });
  }

  const flag = (key: string): boolean | undefined => {
    if (!present(sc[key])) return undefined;
    const b = readBoolean(sc[key]);
    if (b === null) dropped.push(`structuredContent.${key} is not a boolean`);
    return b ?? undefined;
  };
  const isSubscribable = flag('isSubscribable') ?? false;
  const onSale = flag('onSale');
  const useCustomAddButtonText = flag('useCustomAddButtonText');

  let subscriptionPlan: SubscriptionPlan | undefined;
  if (present(sc['subscriptionPlan'])) {
    const plan = parseSubscriptionPlan(sc['subscriptionPlan']);
    if (plan.ok) subscriptionPlan = plan.value;
    else dropped.push(...plan.issues);
  }

  const productPrice = (key: string): Money | undefined => {
    if (!present(sc[key])) return undefined;
    const m = parseMoney(sc[key], { defaultCurrency: currency });
    if (!m) dropped.push(`structuredContent.${key} is not a money value`);
    return m ?? undefined;
  };
  const priceMoney = productPrice('priceMoney');
  const salePriceMoney = productPrice('salePriceMoney');

  let customAddButtonText: string | undefined;
  if (present(sc['customAddButtonText'])) {
    if (typeof sc['customAddButtonText'] === 'string') customAddButtonText = sc['customAddButtonText'];
    else dropped.push('structuredContent.customAddButtonText is not a string');
  }

  let additionalFieldsFormId: string | undefined;
  if (present(sc['additionalFieldsFormId'])) {
    const f = readId(sc['additionalFieldsFormId']);
    if (f === null) dropped.push('structuredContent.additionalFieldsFormId is not a string');
    else additionalFieldsFormId = f;
  }
  const rawForm = sc['additionalFieldsForm'];
  if (present(rawForm) && !isObject(rawForm))
    dropped.push('structuredContent.additionalFieldsForm is not an object');

  if (issues.length || id === null || productType === null) return fail(issues);

  const structuredContent: StructuredContent = {
    productType,
    variants,
    isSubscribable,
    ...(subscriptionPlan && { subscriptionPlan }),
    ...(priceMoney && { priceMoney }),
    ...(salePriceMoney && { salePriceMoney }),
    ...(onSale !== undefined && { onSale }),
    ...(useCustomAddButtonText !== undefined && { useCustomAddButtonText }),
    ...(customAddButtonText !== undefined && { customAddButtonText }),
    ...(additionalFieldsFormId !== undefined && { additionalFieldsFormId }),
    ...(isObject(rawForm) && { additionalFieldsForm: rawForm }),
  };
  return ok({
    id,
    collectionId,
    ...(recordType !== undefined && { recordType }),
    ...(typeof raw['title'] === 'string' && { title: raw['title'] }),
    structuredContent,
    ...(variantOptionOrdering && { variantOptionOrdering }),
  });
}

// ---------------------------------------------------------------------------------------------
// Merchandising context (spec 001 §3)

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

/** One restock form the platform places: for a variant, hidden until it is chosen when so set. */
export interface RestockView {
  readonly variantId: string;
  readonly hiddenByDefault: boolean;
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
  /** `restockNotificationViews`, as a list of views whichever form it came in. */
  readonly restockViews: readonly RestockView[];
  readonly restockNotificationMessages: Readonly<Record<string, string>>;
  readonly mailingListSignUpEnabled: boolean;
  readonly mailingListOptInByDefault: boolean;
}

export const DEFAULT_MERCHANDISING: Merchandising = Object.freeze({
  scarcityEnabled: false,
  scarcityShownByDefault: false,
  scarcityViews: Object.freeze([]),
  restockViews: Object.freeze([]),
  restockNotificationMessages: Object.freeze({}),
  mailingListSignUpEnabled: false,
  mailingListOptInByDefault: false,
});

/** The string entries of an object; the others are noted and left out. */
function stringEntries(v: unknown, where: string, dropped: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isObject(v)) {
    dropped.push(`${where} is not an object`);
    return out;
  }
  for (const [k, s] of Object.entries(v)) {
    if (typeof s === 'string') out[k] = s;
    else if (typeof s === 'number' && Number.isFinite(s)) out[k] = String(s);
    else dropped.push(`${where}.${k} is not a string`);
  }
  return out;
}

function scarcityViews(v: unknown, dropped: string[]): ScarcityView[] {
  const where = 'merchandising.scarcityTemplateViews';
  if (Array.isArray(v)) {
    const views: ScarcityView[] = [];
    v.forEach((view, i) => {
      if (!isObject(view)) return void dropped.push(`${where}[${i}] is not an object`);
      const attributes = present(view['attributes'])
        ? stringEntries(view['attributes'], `${where}[${i}].attributes`, dropped)
        : {};
      const qty = present(view['qtyInStock']) ? readInteger(view['qtyInStock']) : null;
      if (present(view['qtyInStock']) && qty === null)
        dropped.push(`${where}[${i}].qtyInStock is not a whole number`);
      const key = readId(view['variantId']);
      views.push({
        attributes,
        ...(key !== null && { variantKey: key }),
        ...(qty !== null && { qtyInStock: Math.max(0, qty) }),
        ...(typeof view['text'] === 'string' && { text: view['text'] }),
      });
    });
    return views;
  }
  return Object.entries(stringEntries(v, where, dropped)).map(([variantKey, text]) => ({
    attributes: {},
    variantKey,
    text,
  }));
}

function restockViews(v: unknown, dropped: string[]): RestockView[] {
  const where = 'merchandising.restockNotificationViews';
  if (Array.isArray(v)) {
    const views: RestockView[] = [];
    v.forEach((view, i) => {
      const variantId = isObject(view) ? readId(view['variantId']) : null;
      if (!isObject(view) || variantId === null) return void dropped.push(`${where}[${i}] names no variant`);
      views.push({ variantId, hiddenByDefault: readBoolean(view['hiddenByDefault']) === true });
    });
    return views;
  }
  // The short form: variant id to anything (the form itself needs no more).
  if (isObject(v)) return Object.keys(v).map((variantId) => ({ variantId, hiddenByDefault: false }));
  dropped.push(`${where} is not a list`);
  return [];
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
  if (!present(raw)) return ok(DEFAULT_MERCHANDISING);
  if (!isObject(raw)) {
    dropped.push('merchandising is not an object');
    return ok(DEFAULT_MERCHANDISING);
  }
  let m: Obj = raw;
  if (productId !== undefined) {
    const entry = Object.prototype.hasOwnProperty.call(raw, productId) ? raw[productId] : undefined;
    if (!present(entry)) return ok(DEFAULT_MERCHANDISING);
    if (!isObject(entry)) {
      dropped.push(`merchandising for ${productId} is not an object`);
      return ok(DEFAULT_MERCHANDISING);
    }
    m = entry;
  }
  const bool = (key: keyof Merchandising): boolean => {
    if (!present(m[key])) return DEFAULT_MERCHANDISING[key] as boolean;
    const b = readBoolean(m[key]);
    if (b === null) dropped.push(`merchandising.${key} is not a boolean`);
    return b ?? (DEFAULT_MERCHANDISING[key] as boolean);
  };
  const text = (key: string): string | undefined => {
    if (!present(m[key])) return undefined;
    if (typeof m[key] === 'string') return m[key];
    dropped.push(`merchandising.${key} is not a string`);
    return undefined;
  };

  const customSoldOutText = text('customSoldOutText');
  const scarcityText = text('scarcityText');
  const value: Merchandising = {
    ...(customSoldOutText !== undefined && customSoldOutText.trim() !== '' && { customSoldOutText }),
    scarcityEnabled: bool('scarcityEnabled'),
    ...(scarcityText !== undefined && { scarcityText }),
    scarcityShownByDefault: bool('scarcityShownByDefault'),
    scarcityViews: present(m['scarcityTemplateViews'])
      ? scarcityViews(m['scarcityTemplateViews'], dropped)
      : [],
    restockViews: present(m['restockNotificationViews'])
      ? restockViews(m['restockNotificationViews'], dropped)
      : [],
    restockNotificationMessages: present(m['restockNotificationMessages'])
      ? stringEntries(m['restockNotificationMessages'], 'merchandising.restockNotificationMessages', dropped)
      : {},
    mailingListSignUpEnabled: bool('mailingListSignUpEnabled'),
    mailingListOptInByDefault: bool('mailingListOptInByDefault'),
  };
  return ok(value);
}

// ---------------------------------------------------------------------------------------------
// Store settings (spec 001 §3)

export interface StoreSettings {
  /** Service products may be bought several at a time. @default true */
  readonly multipleQuantityAllowedForServices: boolean;
  /** The add button buys directly (label Purchase) instead of filling the cart. @default false */
  readonly expressCheckout: boolean;
}

export const DEFAULT_STORE_SETTINGS: StoreSettings = Object.freeze({
  multipleQuantityAllowedForServices: true,
  expressCheckout: false,
});

/** Store settings; a setting that cannot be used keeps its default and is noted in `dropped`. */
export function parseStoreSettings(raw: unknown, dropped: string[] = []): Result<StoreSettings> {
  if (!present(raw)) return ok(DEFAULT_STORE_SETTINGS);
  if (!isObject(raw)) {
    dropped.push('storeSettings is not an object');
    return ok(DEFAULT_STORE_SETTINGS);
  }
  const bool = (key: keyof StoreSettings): boolean => {
    if (!present(raw[key])) return DEFAULT_STORE_SETTINGS[key];
    const b = readBoolean(raw[key]);
    if (b === null) dropped.push(`storeSettings.${key} is not a boolean`);
    return b ?? DEFAULT_STORE_SETTINGS[key];
  };
  return ok({
    multipleQuantityAllowedForServices: bool('multipleQuantityAllowedForServices'),
    expressCheckout: bool('expressCheckout'),
  });
}

export { PRODUCT_TYPES };
export type { ProductType };
