/**
 * Prices (spec 001 §4, §5): the price points of a product, their range and the one shown. Pure functions over
 * parsed product items: no DOM, no network, no React.
 */
import { PRODUCT_TYPES } from '../constants.js';
import type { Money } from './money.js';
import type { ProductLike, VariantFacts } from './product-state.js';

/** One purchasable price: a variant, or a digital product priced on the product itself. */
export type PricePoint = Pick<VariantFacts, 'onSale' | 'price' | 'salePrice'>;

/**
 * What the buyer pays at a price point: the sale price while on sale, else the price (also when
 * a point on sale has no sale price). Generic over the amount, so the server's stored cents use
 * the same rule.
 */
export function effectivePrice<A>(point: {
  readonly onSale: boolean;
  readonly price: A | null;
  readonly salePrice: A | null;
}): A | null {
  return point.onSale && point.salePrice !== null ? point.salePrice : point.price;
}

/**
 * The price points a product is sold at: its variants, or for a digital product priced on the
 * product (or without variants) the product itself. Gift cards are never on sale (face value).
 */
export function pricePoints(item: ProductLike): readonly PricePoint[] {
  const sc = item.structuredContent;
  if (sc.productType === PRODUCT_TYPES.digital && (sc.priceMoney !== undefined || sc.variants.length === 0)) {
    return [
      { onSale: sc.onSale === true, price: sc.priceMoney ?? null, salePrice: sc.salePriceMoney ?? null },
    ];
  }
  if (sc.productType === PRODUCT_TYPES.giftCard) return sc.variants.map((v) => ({ ...v, onSale: false }));
  return sc.variants;
}

/**
 * The price point a chosen variant is sold at, by the rule of {@link pricePoints}: the product's
 * own for a digital product priced on the product, face value for a gift card, else the variant.
 */
export function chosenPricePoint(item: ProductLike, variant: PricePoint): PricePoint {
  const sc = item.structuredContent;
  if (sc.productType === PRODUCT_TYPES.digital && sc.priceMoney !== undefined)
    return pricePoints(item)[0] ?? variant;
  if (sc.productType === PRODUCT_TYPES.giftCard) return { ...variant, onSale: false };
  return variant;
}

const sameAmount = (a: Money | null, b: Money | null): boolean =>
  a === null || b === null ? a === b : a.amount === b.amount && a.currency === b.currency;

/**
 * Prices vary when some point differs from the first in sale status, regular price or (while on
 * sale) sale price: then a product shows "from" its lowest price.
 */
export function hasVariedPrices(points: readonly PricePoint[]): boolean {
  const [first, ...rest] = points;
  if (first === undefined) return false;
  return rest.some(
    (p) =>
      p.onSale !== first.onSale ||
      !sameAmount(p.price, first.price) ||
      (first.onSale && !sameAmount(p.salePrice, first.salePrice)),
  );
}

/** The point the buyer pays least at (the first wins a tie); null when no point has a price. */
export function cheapestPoint(points: readonly PricePoint[]): PricePoint | null {
  let best: PricePoint | null = null;
  let bestPrice: Money | null = null;
  for (const point of points) {
    const price = effectivePrice(point);
    if (price === null) continue;
    if (bestPrice === null || price.amount < bestPrice.amount) {
      best = point;
      bestPrice = price;
    }
  }
  return best;
}

/** The lowest and highest price the buyer pays, in one currency; null without prices. */
export function priceRange(item: ProductLike): { readonly low: Money; readonly high: Money } | null {
  let low: Money | null = null;
  let high: Money | null = null;
  for (const point of pricePoints(item)) {
    const price = effectivePrice(point);
    if (price === null) continue;
    if (low === null || high === null) {
      low = high = price;
    } else if (price.currency === low.currency) {
      if (price.amount < low.amount) low = price;
      if (price.amount > high.amount) high = price;
    }
  }
  return low === null || high === null ? null : { low, high };
}

/** The highest regular price; null without prices. */
export function highestRegularPrice(item: ProductLike): Money | null {
  let high: Money | null = null;
  for (const p of pricePoints(item)) if (p.price && (!high || p.price.amount > high.amount)) high = p.price;
  return high;
}

/** The lowest sale price among the points on sale; null when nothing is on sale. */
export function lowestSalePrice(item: ProductLike): Money | null {
  let low: Money | null = null;
  for (const p of pricePoints(item)) {
    if (p.onSale && p.salePrice && (!low || p.salePrice.amount < low.amount)) low = p.salePrice;
  }
  return low;
}
