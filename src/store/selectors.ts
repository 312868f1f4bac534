/**
 * Slices of the cart state for subscribers. Each returns a primitive or a stored object, never a
 * new object per call, so a subscriber comparing by identity re-renders only on a real change.
 */
import type { CartState } from './index.js';
import type { ShoppingCart } from './types.js';

/** Items in the cart (the pill's count). */
export const selectCount = (state: CartState): number => state.cart?.totalQuantity ?? 0;

// Module-level on purpose: a one-entry memo of a pure function of the cart object (the last cart
// asked about and its subtotal), so a slice stays the same object; two stores only recompute.
/** The cart subtotal in minor units, or null before the cart is known. */
let subtotalOf: ShoppingCart | null = null;
let subtotal: { readonly amount: number; readonly currency: string | null } | null = null;
/**
 * The subtotal as money (`currency` null: the store currency). Memoised on the cart object (carts are replaced, never mutated) so a
 * subscriber comparing by identity does not see a new value on every read.
 */
export const selectSubtotal = (
  state: CartState,
): { readonly amount: number; readonly currency: string | null } | null => {
  if (state.cart !== subtotalOf) {
    subtotalOf = state.cart;
    subtotal = state.cart ? { amount: state.cart.subtotalCents, currency: state.cart.currency } : null;
  }
  return subtotal;
};
