/**
 * The cart count texts (spec 000 §2; spec 001 §8, §9): what the cart pill shows and says from its
 * first render, keyed as the pill's catalogue reads them (widgets/cart-pill/messages.ts), so its
 * start-up code holds them once. The shared catalogue names them cartItem, cartBadgeOne, ...
 * (./cart.ts, with the cart page's failure texts).
 */
export const CART_COUNT_MESSAGES = {
  item: 'item',
  items: 'items',
  countOverflow: '100+',
  spokenOne: 'One item in cart',
  spokenMany: '{count} items in cart',
  spokenOverflow: 'More than 100 items in cart',
} as const;
