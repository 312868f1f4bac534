/**
 * The cart page's catalogue: the cart texts of spec 000 §8 plus its own labels. The page overrides
 * any key through `strings` in the block's props.
 */
import { CART_MESSAGES } from '../../src/messages/cart.js';
import { createMessages, type Messages } from '../../src/messages/format.js';
import { PLATFORM_MESSAGES } from '../../src/messages/platform.js';
import { PRODUCT_MESSAGES } from '../../src/messages/product.js';
import { STOREFRONT_MESSAGES } from '../../src/messages/storefront.js';
import { UI_MESSAGES } from '../../src/ui/messages.js';

// The shared catalogues this page draws on (not the whole shared catalogue: see src/messages/).
const MESSAGES = {
  ...STOREFRONT_MESSAGES,
  ...CART_MESSAGES,
  ...PRODUCT_MESSAGES,
  ...PLATFORM_MESSAGES,
} as const;

export const CART_PAGE_MESSAGES = {
  ...UI_MESSAGES,
  quantity: MESSAGES.quantity,
  updateQuantityFailed: MESSAGES.cartUpdateQuantityFailed,
  updateFormFailed: MESSAGES.cartUpdateFormFailed,
  openFormFailed: MESSAGES.cartOpenFormFailed,
  removeFailed: MESSAGES.cartRemoveFailed,
  checkConnection: MESSAGES.checkConnection,
  tryAgain: MESSAGES.tryAgain,
  // Ours: the spec leaves the cart page's contents unshown.
  title: 'Shopping Cart',
  loading: 'Loading cart…',
  empty: 'You have nothing in your shopping cart.',
  continueShopping: 'Continue Shopping',
  subtotal: 'Subtotal',
  checkout: 'Checkout',
  remove: 'Remove',
  removeItem: 'Remove {title}',
  quantityOf: 'Quantity of {title}',
  decrease: 'Decrease quantity of {title}',
  increase: 'Increase quantity of {title}',
  lineTotal: 'Line total',
  editForm: 'Edit details',
  editFormOf: 'Edit details of {title}',
  updating: 'Updating cart…',
  loadFailed: MESSAGES.unableToLoadTryAgain,
  variantAttribute: '{name}: {value}',
  attributeSeparator: ', ',
  decreaseSymbol: '−',
  increaseSymbol: '+',
} as const;

export type CartPageMessageKey = keyof typeof CART_PAGE_MESSAGES;
export type CartPageMessages = Messages<CartPageMessageKey>;

export function cartPageMessages(strings?: Readonly<Record<string, string>> | null): CartPageMessages {
  return createMessages(strings ?? null, CART_PAGE_MESSAGES);
}
