/**
 * The product form's catalogue: the shared texts it shows plus its own. The page overrides any key
 * through `strings` in the block's props, either by catalogue key or by the localized-string names
 * of spec 001 §3 (`productAddToCartText`, ...), which STRING_KEYS maps. Texts shown only after an
 * add is tried (the add checks, src/messages/add.ts) load with the add flow, which applies the same
 * overrides; the additional-fields form has its own catalogue (src/react/ui/messages.ts).
 */
import { createMessages, type Messages } from '../../src/messages/format.js';
import { PRODUCT_LABEL_MESSAGES } from '../../src/messages/product-labels.js';
import { REVIEWS_COUNT_MESSAGES } from '../../src/messages/reviews.js';
import { STOREFRONT_MESSAGES } from '../../src/messages/storefront.js';

export const PRODUCT_FORM_MESSAGES = {
  ...PRODUCT_LABEL_MESSAGES,
  close: 'Close',
  checkConnection: STOREFRONT_MESSAGES.checkConnection,
  // Ours: the spec does not quote these.
  /** Price of a product whose variants differ in price, before one is chosen. */
  priceRange: '{min} – {max}',
  /** A variant choice that leads only to sold-out variants, in its select. */
  optionSoldOut: '{option} ({soldOut})',
  /** Spoken before the struck-through price of an item on sale. */
  originalPrice: 'Original price',
  /** Spoken before the price a buyer pays. */
  currentPrice: 'Price',
  reviewsCount: REVIEWS_COUNT_MESSAGES.reviewsCount,
} as const;

export type ProductFormMessageKey = keyof typeof PRODUCT_FORM_MESSAGES;
export type ProductFormMessages = Messages<ProductFormMessageKey>;

/**
 * Localized-string names of spec 001 §3 to this catalogue's keys. The additional-fields form reads
 * its likert names (`likertAgreeText`, ...) itself (src/react/ui/messages.ts), in its own chunk;
 * the gift card value and no-answer names speak of texts this form does not show.
 */
export const STRING_KEYS: Readonly<Record<string, string>> = {
  productAddToCartText: 'addToCart',
  productSubscribeText: 'subscribe',
  productQuantityInputLabel: 'quantity',
  productSoldOutText: 'soldOut',
  productSaleText: 'sale',
  productQuickViewText: 'quickView',
  productVariantSelectText: 'selectVariant',
  giftCardVariantSelectText: 'giftCardSelect',
};

/** The page's `strings` by catalogue key: localized-string names mapped, other keys as they are. */
export function pageOverrides(strings?: Readonly<Record<string, string>> | null): Record<string, string> {
  const overrides: Record<string, string> = {};
  for (const [key, value] of Object.entries(strings ?? {})) overrides[STRING_KEYS[key] ?? key] = value;
  return overrides;
}

/** Builds the lookup with the page's overrides applied (non-strings and unknown keys ignored). */
export function productFormMessages(strings?: Readonly<Record<string, string>> | null): ProductFormMessages {
  return createMessages(pageOverrides(strings), PRODUCT_FORM_MESSAGES);
}
