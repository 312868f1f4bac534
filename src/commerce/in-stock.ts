/**
 * When a variant counts as in stock (spec 001 §4): unlimited, or at least one unit. A module of
 * its own because the restock form asks it of an announced variant, on a page that may have no
 * product form, and should not carry the product rules to do so.
 */
import type { VariantFacts } from './product-state.js';

export const inStock = (v: Pick<VariantFacts, 'unlimited' | 'qtyInStock'>): boolean =>
  v.unlimited || v.qtyInStock > 0;
