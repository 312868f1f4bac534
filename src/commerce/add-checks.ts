/**
 * The checks before an add to cart (spec 000 §5) and their texts: a module of its own so
 * that only the add flow, loaded on first use, carries them.
 */
import { ADD_MESSAGES, type AddMessageKey } from '../messages/add.js';
import { catalogueDefaults, optionName, type Messages as MessagesOf } from '../messages/format.js';
import type { ProductItem, Variant } from './product.js';
import { QUANTITY } from '../constants.js';
import { findVariant, missingOptions, readQuantity, type OptionSelection } from './choice.js';
import { isGiftCard, tracksStock } from './product-state.js';
import { stockCovers } from './stock.js';

/** Any lookup that knows the add-check texts, such as the shared catalogue's. */
type Messages = MessagesOf<AddMessageKey>;

const addMessages = /* @__PURE__ */ catalogueDefaults(ADD_MESSAGES);

export type QuantityParse = { ok: true; quantity: number } | { ok: false; message: string };

/**
 * The quantity input's text read as {@link readQuantity} reads it, with the text of what is wrong
 * (spec 000 §5, spec 001 §5): not a number, a fraction, below 1 or above 9999.
 */
export function parseQuantity(
  input: string | null | undefined,
  messages: Messages = addMessages(),
): QuantityParse {
  const read = readQuantity(input);
  if (typeof read === 'number') return { ok: true, quantity: read };
  // Below 1 and above 9999 are one rule with one text, the server's as well.
  if (read === 'quantityTooLow' || read === 'quantityTooHigh') {
    return { ok: false, message: messages.t('quantityOutOfRange', { min: QUANTITY.min, max: QUANTITY.max }) };
  }
  return { ok: false, message: messages.t(read) };
}

/**
 * The message for unselected options (spec 000 §5): one, two, or more. With more than two the
 * leading names are joined with ", " before "and" the last.
 */
export function missingOptionsMessage(
  missing: readonly string[],
  messages: Messages = addMessages(),
): string {
  // Option names are the merchant's; the page's language names the common ones ("Size").
  const names = missing.map((name) => optionName(name));
  if (names.length === 0) return '';
  if (names.length === 1) return messages.t('selectOneOption', { option: names[0] ?? '' });
  if (names.length === 2) {
    return messages.t('selectTwoOptions', { option1: names[0] ?? '', option2: names[1] ?? '' });
  }
  return messages.t('selectManyOptions', {
    optionsList: names.slice(0, -1).join(', '),
    lastOption: names[names.length - 1] ?? '',
  });
}

export interface AddToCartInput {
  readonly item: ProductItem;
  readonly selection: OptionSelection;
  /** The variant already matched by the caller; found from the selection when omitted. */
  readonly variant?: Variant | null | undefined;
  /** The quantity input's text; omitted when no input is shown (quantity 1). */
  readonly quantityInput?: string | null | undefined;
  /** Treat as a gift card; taken from the product type when omitted. */
  readonly isGiftCard?: boolean | undefined;
  readonly messages?: Messages | undefined;
}

export type AddToCartCheck =
  | { readonly ok: true; readonly quantity: number; readonly variant: Variant }
  | { readonly ok: false; readonly message: string };

/**
 * The client-side checks before an add (spec 000 §5), in the order a shopper meets them:
 * a gift card needs a denomination; every option must be chosen; the choice must match a variant;
 * the quantity must be a whole number; a stock-tracked variant must have that many units.
 */
export function validateAddToCart(input: AddToCartInput): AddToCartCheck {
  const { item, selection } = input;
  const messages = input.messages ?? addMessages();
  const giftCard = input.isGiftCard ?? isGiftCard(item);
  const variant = input.variant === undefined ? findVariant(item, selection) : input.variant;
  const missing = missingOptions(item, selection);

  if (giftCard && (missing.length > 0 || !variant))
    return { ok: false, message: messages.t('giftCardDenomination') };
  if (missing.length > 0) return { ok: false, message: missingOptionsMessage(missing, messages) };
  if (!variant) return { ok: false, message: messages.t('variantUnavailable') };

  const quantity = parseQuantity(input.quantityInput, messages);
  if (!quantity.ok) return quantity;

  if (tracksStock(item) && !stockCovers(variant, quantity.quantity)) {
    return { ok: false, message: messages.t('notEnoughStock') };
  }
  return { ok: true, quantity: quantity.quantity, variant };
}
