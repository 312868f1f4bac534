/**
 * The cart count texts (spec 000 §2; spec 001 §8, §9): what the cart pill shows and says from its
 * first render. The cart page's failure texts are in ./cart.ts.
 */
export const CART_COUNT_MESSAGES = {
  cartItem: 'item',
  cartItems: 'items',
  cartCountOverflow: '100+',
  cartBadgeOne: 'One item in cart',
  cartBadgeMany: '{count} items in cart',
  cartBadgeOverflow: 'More than 100 items in cart',
} as const;
