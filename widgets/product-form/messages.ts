/**
 * The product form's catalogue: the shared texts it shows plus its own. The page overrides any key
 * through `strings` in the block's props, either by catalogue key or by the localized-string names
 * of spec 001 §3 (`productAddToCartText`, ...), which STRING_KEYS maps.
 */
import { CART_MESSAGES } from '../../src/messages/cart.js';
import { createMessages, type Messages } from '../../src/messages/format.js';
import { PRODUCT_MESSAGES } from '../../src/messages/product.js';
import { STOREFRONT_MESSAGES } from '../../src/messages/storefront.js';
import { UI_MESSAGES } from '../../src/ui/messages.js';

// The shared catalogues this form draws on (not the whole shared catalogue: see src/messages/).
const MESSAGES = { ...STOREFRONT_MESSAGES, ...CART_MESSAGES, ...PRODUCT_MESSAGES } as const;

export const PRODUCT_FORM_MESSAGES = {
  ...UI_MESSAGES,
  addToCart: MESSAGES.addToCart,
  subscribe: MESSAGES.subscribe,
  purchase: MESSAGES.purchase,
  adding: MESSAGES.adding,
  added: MESSAGES.added,
  quantity: MESSAGES.quantity,
  soldOut: MESSAGES.soldOut,
  sale: MESSAGES.sale,
  quickView: MESSAGES.quickView,
  noAnswer: MESSAGES.noAnswer,
  selectVariant: MESSAGES.selectVariant,
  giftCardValue: MESSAGES.giftCardValue,
  giftCardSelect: MESSAGES.selectVariant,
  selectOneOption: MESSAGES.selectOneOption,
  selectTwoOptions: MESSAGES.selectTwoOptions,
  selectManyOptions: MESSAGES.selectManyOptions,
  variantUnavailable: MESSAGES.variantUnavailable,
  notEnoughStock: MESSAGES.notEnoughStock,
  quantityNotNumber: MESSAGES.quantityNotNumber,
  quantityNotWhole: MESSAGES.quantityNotWhole,
  giftCardDenomination: MESSAGES.giftCardDenomination,
  unableToAddItem: MESSAGES.unableToAddItem,
  unableToPurchaseItem: MESSAGES.unableToPurchaseItem,
  unableToPurchaseGiftCard: MESSAGES.unableToPurchaseGiftCard,
  unableToOpenForm: MESSAGES.cartOpenFormFailed,
  checkConnection: MESSAGES.checkConnection,
  tryAgain: MESSAGES.tryAgain,
  // Ours: the spec does not quote these.
  /** Price of a product whose variants differ in price, before one is chosen. */
  priceRange: '{min} – {max}',
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

/** Localized-string names of spec 001 §3 to catalogue keys. */
export const STRING_KEYS: Readonly<Record<string, ProductFormMessageKey>> = {
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
