/**
 * The product form's price line (spec 000 §2): the chosen variant's price, the original struck
 * through beside a sale price, or the product's range while the choice is incomplete.
 */
import { effectivePrice, priceRange, type PricePoint } from '../../src/commerce/prices.js';
import type { Money } from '../../src/commerce/money.js';
import type { ProductItem } from '../../src/commerce/product.js';
import type { ProductFormMessages } from './messages.js';

export function priceLine(
  item: ProductItem,
  /** The chosen variant's price point (`chosenPricePoint`), or null while the choice is incomplete. */
  variant: PricePoint | null,
  money: (m: Money) => string,
  m: ProductFormMessages,
) {
  const range = variant ? null : priceRange(item);
  const paid = variant ? effectivePrice(variant) : (range?.low ?? null);
  if (!paid) return null;
  if (variant?.onSale && variant.salePrice && variant.price) {
    return (
      <>
        <del className="sf-product-form__original">
          <span className="sf-visually-hidden">{m.t('originalPrice')} </span>
          {money(variant.price)}
        </del>
        <ins className="sf-product-form__current">
          <span className="sf-visually-hidden">{m.t('currentPrice')} </span>
          {money(paid)}
        </ins>
      </>
    );
  }
  return (
    <span className="sf-product-form__current">
      {range && range.high.amount !== paid.amount
        ? m.t('priceRange', { min: money(paid), max: money(range.high) })
        : money(paid)}
    </span>
  );
}
