/**
 * The product catalogue the reference server seeds from: product items in the shape of spec 001
 * §3, parsed once at the edge into the flat records the database stores. Prices become integers
 * of minor units here and nowhere else.
 */
import {
  DEFAULT_CURRENCY,
  decimalStringToMinor,
  parseCurrencyCode,
  parseMoney,
  type CurrencyCode,
} from '../../src/commerce/money';
import { typeTracksStock } from '../../src/commerce/product-state';
import { PRODUCT_TYPES } from '../../src/constants';
import { fail, isRecord, ok, type Result } from '../../src/result';
import { parseForm, type FormSchema } from './forms';

/** Product type codes of spec 001 §3 (the constants the SDK reads); the server sells types 1-4. */
export const PRODUCT_TYPE = PRODUCT_TYPES;
export type ProductType = 1 | 2 | 3 | 4;

/** A money value as a catalogue may spell it (spec 001 §3). */
export interface MoneyInput {
  value?: string | number;
  currency?: string;
  decimalValue?: string | number;
  currencyCode?: string;
}

export interface VariantInput {
  id?: string;
  sku?: string;
  attributes?: Record<string, string>;
  priceMoney?: MoneyInput;
  price?: MoneyInput;
  salePriceMoney?: MoneyInput;
  salePrice?: MoneyInput;
  onSale?: boolean;
  qtyInStock?: number;
  unlimited?: boolean;
  mainImage?: { assetUrl?: string };
  [key: string]: unknown;
}

/** A product item of spec 001 §3 (only the fields the server reads are typed). */
export interface ProductItem {
  id: string;
  collectionId?: string;
  recordType?: number;
  title?: string;
  fullUrl?: string;
  mainImage?: { assetUrl?: string; altText?: string };
  variantOptionOrdering?: string[];
  structuredContent: {
    productType: number;
    variants?: VariantInput[];
    isSubscribable?: boolean;
    subscriptionPlan?: unknown;
    priceMoney?: MoneyInput;
    salePriceMoney?: MoneyInput;
    onSale?: boolean;
    additionalFieldsFormId?: string | null;
    additionalFieldsForm?: unknown;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

export interface VariantRecord {
  /** The variant's `id`, or its sku when it has none. */
  readonly variantId: string;
  readonly sku: string | null;
  readonly attributes: Readonly<Record<string, string>>;
  readonly priceCents: number;
  readonly salePriceCents: number | null;
  readonly onSale: boolean;
  readonly qtyInStock: number;
  readonly unlimited: boolean;
  readonly imageUrl: string | null;
}

export interface ProductRecord {
  readonly id: string;
  readonly title: string;
  readonly productType: ProductType;
  readonly isSubscribable: boolean;
  readonly formId: string | null;
  readonly form: FormSchema | null;
  readonly imageUrl: string | null;
  /** Every price of the product is in this currency; products of one store may differ. */
  readonly currency: CurrencyCode;
  readonly variants: readonly VariantRecord[];
  /** The item as given, for page rendering. */
  readonly item: ProductItem;
}

/** Converts a decimal string of major units ("25.00", ".5") to minor units without floats. */
export function toMinorUnits(value: string | number, currency: string): Result<number> {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const code = parseCurrencyCode(currency);
  const minor = code === null || text.startsWith('-') ? null : decimalStringToMinor(text, code);
  return minor === null ? fail([`"${text}" is not an amount of ${currency}`]) : ok(minor);
}

/** Money of either shape through the SDK's one reader; the store currency when none is named. */
function readMoney(money: unknown, where: string): Result<{ cents: number; currency: CurrencyCode }> {
  const m = parseMoney(money, { defaultCurrency: DEFAULT_CURRENCY });
  if (m === null) return fail([`${where}: not a money value of a store currency`]);
  if (m.amount < 0) return fail([`${where}: a negative amount`]);
  return ok({ cents: m.amount, currency: m.currency });
}

function parseVariant(
  raw: unknown,
  where: string,
  fallbackSku: string | null,
): Result<VariantRecord & { currency: CurrencyCode }> {
  if (!isRecord(raw)) return fail([`${where}: not an object`]);
  const sku = raw['sku'] === undefined ? fallbackSku : raw['sku'];
  if (sku !== null && (typeof sku !== 'string' || sku === '')) return fail([`${where}: bad sku`]);
  const id = raw['id'] ?? sku;
  if (typeof id !== 'string' || id === '') return fail([`${where}: needs an id or a sku`]);
  const attributes: Record<string, string> = {};
  if (raw['attributes'] !== undefined) {
    if (!isRecord(raw['attributes'])) return fail([`${where}: attributes must be an object`]);
    for (const [k, v] of Object.entries(raw['attributes'])) {
      if (typeof v !== 'string') return fail([`${where}: attribute ${k} must be a string`]);
      attributes[k] = v;
    }
  }
  const price = readMoney(raw['priceMoney'] ?? raw['price'], `${where}.price`);
  if (!price.ok) return price;
  const saleRaw = raw['salePriceMoney'] ?? raw['salePrice'];
  let salePriceCents: number | null = null;
  if (saleRaw !== undefined && saleRaw !== null) {
    const sale = readMoney(saleRaw, `${where}.salePrice`);
    if (!sale.ok) return sale;
    if (sale.value.currency !== price.value.currency) return fail([`${where}: mixed currencies`]);
    salePriceCents = sale.value.cents;
  }
  const onSale = raw['onSale'] === true && salePriceCents !== null;
  const qty = raw['qtyInStock'] ?? 0;
  if (typeof qty !== 'number' || !Number.isInteger(qty) || qty < 0) {
    return fail([`${where}: qtyInStock must be a whole number >= 0`]);
  }
  const image = isRecord(raw['mainImage']) ? raw['mainImage']['assetUrl'] : undefined;
  return ok({
    variantId: id,
    sku,
    attributes,
    priceCents: price.value.cents,
    salePriceCents,
    onSale,
    qtyInStock: qty,
    unlimited: raw['unlimited'] === true,
    imageUrl: typeof image === 'string' ? image : null,
    currency: price.value.currency,
  });
}

/** Parses one product item; digital products and gift cards are never out of stock. */
export function parseProduct(raw: unknown, index: number): Result<ProductRecord> {
  const where = `product[${index}]`;
  if (!isRecord(raw)) return fail([`${where}: not an object`]);
  const id = raw['id'];
  if (typeof id !== 'string' || !/^[\w.-]{1,100}$/.test(id)) {
    return fail([`${where}: id must be 1-100 letters, digits, _ . -`]);
  }
  const sc = raw['structuredContent'];
  if (!isRecord(sc)) return fail([`${where}: structuredContent missing`]);
  const type = sc['productType'];
  if (type !== 1 && type !== 2 && type !== 3 && type !== 4) {
    return fail([`${where}: productType must be 1, 2, 3 or 4`]);
  }
  // Products that hold no stock are never sold out (spec 001 §4): stored as unlimited.
  const neverSoldOut = !typeTracksStock(type);
  const rawVariants = Array.isArray(sc['variants']) ? sc['variants'] : [];
  const variants: (VariantRecord & { currency: CurrencyCode })[] = [];
  if (rawVariants.length === 0) {
    if (type !== PRODUCT_TYPE.digital) return fail([`${where}: needs at least one variant`]);
    // A digital product may carry its price on the product itself (spec 001 §3).
    const v = parseVariant(
      {
        id: `${id}-digital`,
        sku: null,
        priceMoney: sc['priceMoney'],
        salePriceMoney: sc['salePriceMoney'],
        onSale: sc['onSale'],
        unlimited: true,
      },
      `${where}.structuredContent`,
      null,
    );
    if (!v.ok) return v;
    variants.push(v.value);
  } else {
    for (const [i, rv] of rawVariants.entries()) {
      const v = parseVariant(rv, `${where}.variants[${i}]`, null);
      if (!v.ok) return v;
      if (v.value.sku === null) return fail([`${where}.variants[${i}]: sku required`]);
      if (variants.some((o) => o.sku === v.value.sku || o.variantId === v.value.variantId)) {
        return fail([`${where}.variants[${i}]: duplicate sku or id`]);
      }
      variants.push(neverSoldOut ? { ...v.value, unlimited: true } : v.value);
    }
  }
  const currency = variants[0]?.currency ?? DEFAULT_CURRENCY;
  if (variants.some((v) => v.currency !== currency)) return fail([`${where}: mixed currencies`]);
  let form: FormSchema | null = null;
  if (sc['additionalFieldsForm'] !== undefined && sc['additionalFieldsForm'] !== null) {
    const parsed = parseForm(sc['additionalFieldsForm'], 'additional-fields');
    if (!parsed.ok) return fail(parsed.issues.map((i) => `${where}.additionalFieldsForm: ${i}`));
    form = parsed.value;
  }
  const formIdRaw = sc['additionalFieldsFormId'] ?? form?.id ?? null;
  if (formIdRaw !== null && typeof formIdRaw !== 'string')
    return fail([`${where}: bad additionalFieldsFormId`]);
  const title = typeof raw['title'] === 'string' ? raw['title'] : id;
  const image = isRecord(raw['mainImage']) ? raw['mainImage']['assetUrl'] : undefined;
  return ok({
    id,
    title,
    productType: type,
    isSubscribable: sc['isSubscribable'] === true,
    formId: formIdRaw,
    form,
    imageUrl: typeof image === 'string' ? image : null,
    currency,
    variants: variants.map(({ currency: _c, ...v }) => v),
    item: raw as unknown as ProductItem,
  });
}

/**
 * Parses a whole catalogue: ids unique. Each product is priced in one currency, but products may
 * differ (a EUR and a JPY product beside USD ones): a cart, not the catalogue, holds one currency.
 */
export function parseCatalog(raw: unknown): Result<ProductRecord[]> {
  if (!Array.isArray(raw)) return fail(['the catalogue must be a JSON array of product items']);
  const products: ProductRecord[] = [];
  const issues: string[] = [];
  for (const [i, item] of raw.entries()) {
    const p = parseProduct(item, i);
    if (!p.ok) issues.push(...p.issues);
    else if (products.some((o) => o.id === p.value.id))
      issues.push(`product[${i}]: duplicate id ${p.value.id}`);
    else products.push(p.value);
  }
  return issues.length > 0 ? fail(issues) : ok(products);
}
