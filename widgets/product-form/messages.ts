/**
 * The product form's catalogue: the shared texts it shows plus its own. The page overrides any key
 * through `strings` in the block's props, either by catalogue key or by the localized-string names
 * of spec 001 §3 (`productAddToCartText`, ...), which STRING_KEYS maps.
 */
import { CART_MESSAGES } from '../../src/messages/cart.js';
import { createMessages, type Messages } from '../../src/messages/format.js';
import { PRODUCT_MESSAGES } from '../../src/messages/product.js';
import { STOREFRONT_MESSAGES } from '../../src/messages/storefront.js';

// The shared product catalogue is spread rather than picked key by key: its object is on the page
// either way, and a second list of the same keys only costs bytes.
export const PRODUCT_FORM_MESSAGES = {
  ...PRODUCT_MESSAGES,
  /** The close button of the quick-view lightbox. */
  close: 'Close',
  giftCardSelect: PRODUCT_MESSAGES.selectVariant,
  unableToOpenForm: CART_MESSAGES.cartOpenFormFailed,
  checkConnection: STOREFRONT_MESSAGES.checkConnection,
  tryAgain: STOREFRONT_MESSAGES.tryAgain,
  // Ours: the spec does not quote these.
  /** Price of a product whose variants differ in price, before one is chosen. */
  priceRange: '{min} – {max}',
  /** A variant choice that leads only to sold-out variants, in its select. */
  optionSoldOut: '{option} ({soldOut})',
  /** Spoken before the struck-through price of an item on sale. */
  originalPrice: 'Original price',
  /** Spoken before the price a buyer pays. */
  currentPrice: 'Price',
  reviews: 'Reviews',
  reviewsCount: 'Reviews ({count})',
  importedReviews: 'More reviews',
  reviewRating: '{rating} out of 5 stars',
  reviewBy: '{author}',
  reviewStarFull: '★',
  reviewStarEmpty: '☆',
  reviewMetaSeparator: ' · ',
} as const;

export type ProductFormMessageKey = keyof typeof PRODUCT_FORM_MESSAGES;
export type ProductFormMessages = Messages<ProductFormMessageKey>;

/** Localized-string names of spec 001 §3 to catalogue keys (this one, or the form's UI texts). */
export const STRING_KEYS: Readonly<Record<string, string>> = {
  productAddToCartText: 'addToCart',
  productSubscribeText: 'subscribe',
  productQuantityInputLabel: 'quantity',
  productSoldOutText: 'soldOut',
  productSaleText: 'sale',
  productQuickViewText: 'quickView',
  productVariantSelectText: 'selectVariant',
  giftCardValueDisplayText: 'giftCardValue',
  giftCardVariantSelectText: 'giftCardSelect',
  productSummaryFormNoAnswerText: 'noAnswer',
  likertStronglyDisagreeText: 'likertStronglyDisagree',
  likertDisagreeText: 'likertDisagree',
  likertNeutralText: 'likertNeutral',
  likertAgreeText: 'likertAgree',
  likertStronglyAgreeText: 'likertStronglyAgree',
};

/** Builds the lookup with the page's overrides applied (non-strings and unknown keys ignored). */
export function productFormMessages(strings?: Readonly<Record<string, string>> | null): ProductFormMessages {
  const overrides: Record<string, string> = {};
  for (const [key, value] of Object.entries(strings ?? {})) {
    overrides[STRING_KEYS[key] ?? key] = value;
  }
  return createMessages(overrides, PRODUCT_FORM_MESSAGES);
}
