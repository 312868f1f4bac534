import type { PredicateTable } from './api';
import { hasVariants, hasVariedPrices, isOnSale, isSoldOut, pricePoints } from './commerce/product';

/** commerce predicates: product state of spec 001 §4-§5, tested against the current node. */
export const commercePredicates: PredicateTable = {
  'has-variants?': (ctx) => hasVariants(ctx.node),
  'on-sale?': (ctx) => isOnSale(ctx.node),
  'sold-out?': (ctx) => isSoldOut(ctx.node),
  'varied-prices?': (ctx) => hasVariedPrices(pricePoints(ctx.node)),
};
