/** Product display rules of spec 001 §4-§5: type, sold out, on sale, variants, prices. */
import { asArray, asRecord, isRecord, isTruthy, pick, toNumber, type JsonRecord } from './data';
import { parseMoney, type Money } from './money';

/** Product type codes (spec 001 §3). */
export const ProductType = {
  physical: 1,
  digital: 2,
  service: 3,
  giftCard: 4,
  paywall: 5,
} as const;

export function productType(item: unknown): number | undefined {
  return toNumber(pick(item, 'structuredContent.productType'));
}

export function content(item: unknown): JsonRecord {
  return asRecord(pick(item, 'structuredContent'));
}

export function variants(item: unknown): readonly JsonRecord[] {
  const list = asArray(content(item)['variants']);
  // Well-formed payloads (every variant an object) are used as they are, without a copy.
  return list.every(isRecord) ? (list as readonly JsonRecord[]) : list.map(asRecord);
}

/** Digital and gift-card products are never sold out; every other product needs stock. */
export function isSoldOut(item: unknown): boolean {
  const type = productType(item);
  if (type === ProductType.digital || type === ProductType.giftCard) return false;
  return !variants(item).some((v) => isTruthy(v['unlimited']) || (toNumber(v['qtyInStock']) ?? 0) > 0);
}

/** Any variant on sale, or for a digital product the product itself. */
export function isOnSale(item: unknown): boolean {
  const type = productType(item);
  if (type === ProductType.digital) return isTruthy(content(item)['onSale']);
  if (type === ProductType.physical || type === ProductType.service) {
    return variants(item).some((v) => isTruthy(v['onSale']));
  }
  return false;
}

/** More than one variant; a digital product never counts as having variants. */
export function hasVariants(item: unknown): boolean {
  return productType(item) !== ProductType.digital && variants(item).length > 1;
}

export function isSubscribable(item: unknown): boolean {
  return isTruthy(content(item)['isSubscribable']);
}

/**
 * One purchasable price: a variant, a digital product, or a subscription pricing option. The sale
 * price only counts while `onSale` is set.
 */
export interface PricePoint {
  readonly onSale: boolean;
  readonly price: Money | undefined;
  readonly salePrice: Money | undefined;
}

/** `priceMoney` when present, else the legacy `price` in cents. */
function amount(source: JsonRecord, moneyKey: string, legacyKey: string): Money | undefined {
  const money = parseMoney(source[moneyKey]);
  if (money !== undefined) return money;
  const cents = toNumber(source[legacyKey]);
  return cents === undefined ? undefined : { minor: Math.round(cents), currency: undefined };
}

export function pricePoint(source: JsonRecord): PricePoint {
  return {
    onSale: isTruthy(source['onSale']),
    price: amount(source, 'priceMoney', 'price'),
    salePrice: amount(source, 'salePriceMoney', 'salePrice'),
  };
}

/** What the buyer pays at this price point. */
export function effective(point: PricePoint): Money | undefined {
  return point.onSale ? point.salePrice : point.price;
}

/** The price points a product is sold at: the digital product itself, else its variants. */
export function pricePoints(item: unknown): readonly PricePoint[] {
  const type = productType(item);
  if (type === ProductType.digital) return [pricePoint(content(item))];
  if (type === ProductType.physical || type === ProductType.service || type === ProductType.giftCard) {
    const points = variants(item).map(pricePoint);
    // Gift cards are sold at face value: a sale flag on one means nothing.
    return type === ProductType.giftCard ? points.map((p) => ({ ...p, onSale: false })) : points;
  }
  return [];
}

const same = (a: Money | undefined, b: Money | undefined): boolean => a?.minor === b?.minor;

/**
 * Prices vary when some point differs from the first in sale status, regular price, or (while on
 * sale) sale price: then a product shows "from" its lowest price.
 */
export function hasVariedPrices(points: readonly PricePoint[]): boolean {
  const [first, ...rest] = points;
  if (first === undefined) return false;
  return rest.some(
    (p) =>
      p.onSale !== first.onSale ||
      !same(p.price, first.price) ||
      (first.onSale && !same(p.salePrice, first.salePrice)),
  );
}

/** The cheapest point by what the buyer pays (first one wins a tie). */
export function cheapest(points: readonly PricePoint[]): PricePoint | undefined {
  let best: PricePoint | undefined;
  for (const point of points) {
    const price = effective(point);
    if (price === undefined) continue;
    const bestPrice = best === undefined ? undefined : effective(best);
    if (bestPrice === undefined || price.minor < bestPrice.minor) best = point;
  }
  return best;
}

/** Lowest price the buyer pays, in hundredths; 0 when there is none. */
export function fromPrice(item: unknown): number {
  const best = cheapest(pricePoints(item));
  return (best && effective(best)?.minor) ?? 0;
}

/** Highest regular price, in hundredths; 0 when there is none. */
export function normalPrice(item: unknown): number {
  return Math.max(0, ...pricePoints(item).map((p) => p.price?.minor ?? 0));
}

/** Lowest sale price among the points on sale, in hundredths; 0 when nothing is on sale. */
export function salePrice(item: unknown): number {
  const sales = pricePoints(item)
    .filter((p) => p.onSale && p.salePrice !== undefined)
    .map((p) => p.salePrice?.minor ?? 0);
  return sales.length === 0 ? 0 : Math.min(...sales);
}

/** Total stock across variants; unlimited stock counts as endless. */
export function availableStock(item: unknown): number {
  let total = 0;
  for (const v of variants(item)) {
    if (isTruthy(v['unlimited'])) return Number.POSITIVE_INFINITY;
    total += Math.max(0, toNumber(v['qtyInStock']) ?? 0);
  }
  return total;
}
