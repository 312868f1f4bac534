/** Cart texts (spec 000 §2, §8; spec 001 §8, §9): the count (./cart-count.ts) and the failures. */
import { CART_COUNT_MESSAGES } from './cart-count.js';

export const CART_MESSAGES = {
  cartItem: CART_COUNT_MESSAGES.item,
  cartItems: CART_COUNT_MESSAGES.items,
  cartCountOverflow: CART_COUNT_MESSAGES.countOverflow,
  cartBadgeOne: CART_COUNT_MESSAGES.spokenOne,
  cartBadgeMany: CART_COUNT_MESSAGES.spokenMany,
  cartBadgeOverflow: CART_COUNT_MESSAGES.spokenOverflow,
  cartUpdateQuantityFailed: 'Unable to update quantity',
  cartUpdateFormFailed: 'Unable to update form',
  cartOpenFormFailed: 'Unable to open form',
  cartRemoveFailed: 'Unable to remove item',
} as const;
