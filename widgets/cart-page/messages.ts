/**
 * The cart page's catalogue: the cart texts of spec 000 §8 plus its own labels. The page overrides
 * any key through `strings` in the block's props.
 */
import { CART_MESSAGES } from '../../src/messages/cart.js';
import { createMessages, type Messages } from '../../src/messages/format.js';
import { PLATFORM_MESSAGES } from '../../src/messages/platform.js';
import { PRODUCT_MESSAGES } from '../../src/messages/product.js';
import { STOREFRONT_MESSAGES } from '../../src/messages/storefront.js';
import { UI_MESSAGES } from '../../src/react/ui/messages.js';

export const CART_PAGE_MESSAGES = {
  ...UI_MESSAGES,
  quantity: PRODUCT_MESSAGES.quantity,
  updateQuantityFailed: CART_MESSAGES.cartUpdateQuantityFailed,
  updateFormFailed: CART_MESSAGES.cartUpdateFormFailed,
  openFormFailed: CART_MESSAGES.cartOpenFormFailed,
  removeFailed: CART_MESSAGES.cartRemoveFailed,
  checkConnection: STOREFRONT_MESSAGES.checkConnection,
  tryAgain: STOREFRONT_MESSAGES.tryAgain,
  // Ours: the spec leaves the cart page's contents unshown.
  title: 'Shopping Cart',
  loading: 'Loading cart…',
  empty: 'You have nothing in your shopping cart.',
  continueShopping: 'Continue Shopping',
  subtotal: 'Subtotal',
  /** An applied coupon under the subtotal: its promotion name, else its code. */
  discountLine: 'Discount ({name})',
  discountAmount: '−{amount}',
  /** A coupon code the cart refused (the cart's `invalidCoupons`), one line each. */
  couponRefused: 'Coupon code {code} was not applied.',
  /** The chosen shipping option under the subtotal. */
  shippingLine: 'Shipping ({name})',
  total: 'Total',
  instalmentMinimum: PRODUCT_MESSAGES.instalmentMinimumSubtotal,
  checkout: 'Checkout',
  remove: 'Remove',
  removeItem: 'Remove {title}',
  quantityOf: 'Quantity of {title}',
  decrease: 'Decrease quantity of {title}',
  increase: 'Increase quantity of {title}',
  lineTotal: 'Line total',
  unitPrice: '{price} each',
  editForm: 'Edit details',
  editFormOf: 'Edit details of {title}',
  updating: 'Updating cart…',
  loadFailed: PLATFORM_MESSAGES.unableToLoadTryAgain,
  retry: 'Try again',
  variantAttribute: '{name}: {value}',
  attributeSeparator: ', ',
  /** A line's name in its controls' labels, where its variant tells it from another of the item. */
  entryName: '{title} ({variant})',
  /** One answered additional field under the entry's title. */
  formAnswer: '{title}: {answer}',
  likertStronglyDisagree: PRODUCT_MESSAGES.likertStronglyDisagree,
  likertDisagree: PRODUCT_MESSAGES.likertDisagree,
  likertNeutral: PRODUCT_MESSAGES.likertNeutral,
  likertAgree: PRODUCT_MESSAGES.likertAgree,
  likertStronglyAgree: PRODUCT_MESSAGES.likertStronglyAgree,
  decreaseSymbol: '−',
  increaseSymbol: '+',
} as const;

export type CartPageMessageKey = keyof typeof CART_PAGE_MESSAGES;
export type CartPageMessages = Messages<CartPageMessageKey>;

export function cartPageMessages(strings?: Readonly<Record<string, string>> | null): CartPageMessages {
  return createMessages(strings ?? null, CART_PAGE_MESSAGES);
}
