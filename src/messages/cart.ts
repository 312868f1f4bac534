/** Cart texts (spec 000 §2, §8; spec 001 §8, §9). */
export const CART_MESSAGES = {
  cartItem: 'item',
  cartItems: 'items',
  cartCountOverflow: '100+',
  cartBadgeOne: 'One item in cart',
  cartBadgeMany: '{count} items in cart',
  cartBadgeOverflow: 'More than 100 items in cart',
  cartUpdateQuantityFailed: 'Unable to update quantity',
  cartUpdateFormFailed: 'Unable to update form',
  cartOpenFormFailed: 'Unable to open form',
  cartRemoveFailed: 'Unable to remove item',
} as const;
