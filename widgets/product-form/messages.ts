/**
 * The product form's catalogue: the shared texts it shows plus its own. The page overrides any key
 * through `strings` in the block's props, either by catalogue key or by the localized-string names
 * of spec 001 §3 (`productAddToCartText`, ...; src/messages/format.ts maps them). Texts shown only after an
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

/** Builds the lookup with the page's overrides applied (non-strings and unknown keys ignored). */
export function productFormMessages(strings?: Readonly<Record<string, string>> | null): ProductFormMessages {
  return createMessages(strings, PRODUCT_FORM_MESSAGES);
}
