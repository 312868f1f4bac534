/**
 * The stock rules (spec 000 §5, spec 001 §4): whether a variant is in stock at all, and what the
 * add flow and the server's add check ask.
 */
import type { VariantFacts } from './product-state.js';

/** When a variant counts as in stock (spec 001 §4): unlimited, or at least one unit. */
export const inStock = (v: Pick<VariantFacts, 'unlimited' | 'qtyInStock'>): boolean =>
  v.unlimited || v.qtyInStock > 0;

/** Stock covers a quantity: unlimited, or at least that many units (the server's add check). */
export function stockCovers(stock: Pick<VariantFacts, 'unlimited' | 'qtyInStock'>, wanted: number): boolean {
  return stock.unlimited || stock.qtyInStock >= wanted;
}

export interface StockResult {
  readonly unlimited: boolean;
  readonly qtyInStock: number;
}

/**
 * The server stock check (spec 000 §5): passes when any result is unlimited or has more units
 * than the shopper already holds in the cart for that item and variant. No results, no pass.
 */
export function stockCheckPasses(results: readonly StockResult[], quantityInCart: number): boolean {
  return results.some((r) => r.unlimited || r.qtyInStock > quantityInCart);
}
