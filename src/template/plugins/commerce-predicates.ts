import type { PredicateTable } from './api';
import { hasVariants } from '../../commerce/choice';
import { hasVariedPrices, pricePoints } from '../../commerce/prices';
import { isOnSale, isSoldOut } from '../../commerce/product-state';
import { usesCldrMoney } from './commerce/money';
import { productFacts } from './commerce/product';

/**
 * commerce predicates: product state of spec 001 §4-§5, tested against the current node by the
 * commerce core's rules (the same functions the widgets and the server call).
 */
export const commercePredicates: PredicateTable = {
  'has-variants?': (ctx) => hasVariants(productFacts(ctx.node)),
  'on-sale?': (ctx) => isOnSale(productFacts(ctx.node)),
  'sold-out?': (ctx) => isSoldOut(productFacts(ctx.node)),
  'varied-prices?': (ctx) => hasVariedPrices(pricePoints(productFacts(ctx.node, usesCldrMoney(ctx)))),
};
