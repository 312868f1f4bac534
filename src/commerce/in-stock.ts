/**
 * When a variant counts as in stock (spec 001 §4): unlimited, or at least one unit. A module of
 * its own because the restock form asks it of an announced variant, on a page that may have no
 * product form, and should not carry the product rules to do so.
 */
export const inStock = (v: { readonly unlimited: boolean; readonly qtyInStock: number }): boolean =>
  v.unlimited || v.qtyInStock > 0;
