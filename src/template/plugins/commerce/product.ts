/**
 * The template's side of the product rules (spec 001 §4-§5): the rules themselves live once in
 * src/commerce/ (product-state, prices, choice, ...), shared with the widgets and the reference server; this module reads the
 * facts they need from the untrusted JSON a template renders, as tolerantly as templates read data
 * (flags as booleans, numbers or strings; missing prices are no prices).
 */
import {
  DEFAULT_CURRENCY,
  fractionDigits,
  moneyFromMinor,
  parseMoney,
  type Money,
} from '../../../commerce/money';
import {
  cheapestPoint,
  effectivePrice,
  highestRegularPrice,
  lowestSalePrice,
  pricePoints,
  type PricePoint,
} from '../../../commerce/prices';
import type { ProductFacts, ProductLike, VariantFacts } from '../../../commerce/product-state';
import { asArray, asRecord, isRecord, isTruthy, pick, toNumber, type JsonRecord } from './data';

export function content(item: unknown): JsonRecord {
  return asRecord(pick(item, 'structuredContent'));
}

export function variants(item: unknown): readonly JsonRecord[] {
  const list = asArray(content(item)['variants']);
  // Well-formed payloads (every variant an object) are used as they are, without a copy.
  return list.every(isRecord) ? (list as readonly JsonRecord[]) : list.map(asRecord);
}

/**
 * `priceMoney` (either money shape, the store currency when it names none), else the legacy
 * `price` in cents; null when neither is usable. `cldr` is the website's CLDR money setting
 * (`usesCldrMoney`): with it, the `value` form is read first (spec 001 §3), else `decimalValue`.
 */
function amount(source: JsonRecord, moneyKey: string, legacyKey: string, cldr: boolean): Money | null {
  const money = parseMoney(source[moneyKey], { defaultCurrency: DEFAULT_CURRENCY, valueFirst: cldr });
  if (money !== null) return money;
  const cents = toNumber(source[legacyKey]);
  return cents === undefined ? null : moneyFromMinor(Math.round(cents), DEFAULT_CURRENCY);
}

/** A variant or a subscription pricing option as a price point (`cldr`: see `amount`). */
export function pricePoint(source: JsonRecord, cldr = false): PricePoint {
  return {
    onSale: isTruthy(source['onSale']),
    price: amount(source, 'priceMoney', 'price', cldr),
    salePrice: amount(source, 'salePriceMoney', 'salePrice', cldr),
  };
}

function variantFacts(source: JsonRecord, cldr: boolean): VariantFacts {
  // Written out rather than spread from pricePoint: this runs for every variant of every product
  // a listing shows, and a spread into a new shape is several times slower.
  return {
    onSale: isTruthy(source['onSale']),
    price: amount(source, 'priceMoney', 'price', cldr),
    salePrice: amount(source, 'salePriceMoney', 'salePrice', cldr),
    qtyInStock: Math.max(0, toNumber(source['qtyInStock']) ?? 0),
    unlimited: isTruthy(source['unlimited']),
  };
}

/**
 * The facts the commerce rules read, from a product item as a template sees it. `cldr`: the
 * website's CLDR money setting, which picks the money form prices are read in first (`amount`).
 */
export function productFacts(item: unknown, cldr = false): ProductLike {
  const c = content(item);
  const price = amount(c, 'priceMoney', 'price', cldr);
  const sale = amount(c, 'salePriceMoney', 'salePrice', cldr);
  const structuredContent: ProductFacts = {
    // An unreadable type is an unknown type (-1), which the rules treat as such.
    productType: toNumber(c['productType']) ?? -1,
    variants: variants(item).map((v) => variantFacts(v, cldr)),
    isSubscribable: isTruthy(c['isSubscribable']),
    onSale: isTruthy(c['onSale']),
    ...(price !== null && { priceMoney: price }),
    ...(sale !== null && { salePriceMoney: sale }),
  };
  return { structuredContent };
}

/**
 * Hundredths of the amount, as the legacy `from-price`, `normal-price` and `sale-price` print
 * it whatever the currency (2500 yen -> 250000).
 */
export function legacyHundredths(money: Money | null): number {
  if (money === null) return 0;
  return money.amount * 10 ** (2 - fractionDigits(money.currency));
}

/** Lowest price the buyer pays, in hundredths; 0 when there is none. */
export function fromPrice(item: unknown, cldr = false): number {
  const best = cheapestPoint(pricePoints(productFacts(item, cldr)));
  return legacyHundredths(best && effectivePrice(best));
}

/** Highest regular price, in hundredths; 0 when there is none. */
export function normalPrice(item: unknown, cldr = false): number {
  return Math.max(0, legacyHundredths(highestRegularPrice(productFacts(item, cldr))));
}

/** Lowest sale price among the points on sale, in hundredths; 0 when nothing is on sale. */
export function salePrice(item: unknown, cldr = false): number {
  return legacyHundredths(lowestSalePrice(productFacts(item, cldr)));
}
