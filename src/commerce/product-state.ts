/**
 * Product state (spec 001 §4): sold out, on sale, subscribable, gift card, and the facts every
 * product rule reads. Pure functions over parsed product items: no DOM, no network, no React.
 */
import { PRODUCT_TYPES } from '../constants.js';
import { inStock } from './stock.js';
import type { Money } from './money.js';

// Every rule reads the facts below: a parsed product item
// (src/commerce/product.ts) has them as they are, and the template engine reads them from the raw
// JSON it renders (src/template/plugins/commerce/product.ts), so both ask the same functions.

export type ProductStatus = 'sold-out' | 'on-sale' | 'none';

/** What the product rules read of a variant. */
export interface VariantFacts {
  readonly onSale: boolean;
  readonly price: Money | null;
  readonly salePrice: Money | null;
  /** Units in stock, 0 when none. */
  readonly qtyInStock: number;
  readonly unlimited: boolean;
}

/** What the product rules read of a product's structuredContent. */
export interface ProductFacts {
  /** The type code of spec 001 §3; anything else is an unknown type. */
  readonly productType: number;
  readonly variants: readonly VariantFacts[];
  readonly isSubscribable: boolean;
  /** Digital products carry their sale flag and prices on the product itself. */
  readonly onSale?: boolean | undefined;
  readonly priceMoney?: Money | undefined;
  readonly salePriceMoney?: Money | undefined;
}

/** A product as the rules take it: a parsed `ProductItem` is one. */
export interface ProductLike {
  readonly structuredContent: ProductFacts;
}

export const productTypeOf = (item: ProductLike): number => item.structuredContent.productType;

/** Physical and service products hold stock; digital, gift-card and paywall products do not. */
export const typeTracksStock = (productType: number): boolean =>
  productType === PRODUCT_TYPES.physical || productType === PRODUCT_TYPES.service;

export function tracksStock(item: ProductLike): boolean {
  return typeTracksStock(productTypeOf(item));
}

const isKnownType = (t: number): boolean => (Object.values(PRODUCT_TYPES) as number[]).includes(t);

/**
 * Sold out (spec 001 §4): a physical or service product when no variant is unlimited and none
 * has stock above 0. Digital and gift-card products are never sold out, and neither is a paywall
 * product, which holds no stock. A product of unknown type cannot be sold and reads as sold out
 * (the platform's own output, pinned by the template conformance corpus).
 */
export function isSoldOut(item: ProductLike): boolean {
  if (tracksStock(item)) return !item.structuredContent.variants.some(inStock);
  return !isKnownType(productTypeOf(item));
}

/** One variant of a product that tracks stock and has none left. */
export function isVariantSoldOut(item: ProductLike, variant: VariantFacts): boolean {
  return tracksStock(item) && !inStock(variant);
}

/**
 * On sale (spec 001 §4): any variant on sale or, for a digital product, the product itself.
 * Gift cards are sold at face value, so a sale flag on one means nothing.
 */
export function isOnSale(item: ProductLike): boolean {
  const sc = item.structuredContent;
  if (sc.productType === PRODUCT_TYPES.giftCard) return false;
  if (sc.productType === PRODUCT_TYPES.digital && sc.onSale === true) return true;
  return sc.variants.some((v) => v.onSale);
}

/** Sold out takes priority over sale (spec 001 §4). */
export function productStatus(item: ProductLike): ProductStatus {
  if (isSoldOut(item)) return 'sold-out';
  if (isOnSale(item)) return 'on-sale';
  return 'none';
}

/**
 * Subscribable as the product says. Spec 001 §3 lets a merchant make only physical and service
 * products subscribable; that is the editor's rule, and the platform's pages (the template
 * conformance corpus) show a flagged product of any type with Subscribe, so the flag decides.
 */
export function isSubscribable(item: ProductLike): boolean {
  return item.structuredContent.isSubscribable;
}

export function isGiftCard(item: ProductLike): boolean {
  return productTypeOf(item) === PRODUCT_TYPES.giftCard;
}
