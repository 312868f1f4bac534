/**
 * The add-to-cart checks' texts (spec 000 §5), shown only after an add was tried: the add flow's
 * chunk carries them, not a product page's start-up code.
 */
export const ADD_MESSAGES = {
  selectOneOption: 'Please select the {option} option.',
  selectTwoOptions: 'Please select the {option1} and {option2} options.',
  selectManyOptions: 'Please select the {optionsList} and {lastOption} options.',
  variantUnavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  notEnoughStock: 'Sorry, we do not have enough of that item available.',
  /** Spec 000 §8: what the stock form check (the stock call before an add) shows. */
  outOfStock: 'out of stock',
  quantityNotNumber: 'Quantity must be a number.',
  quantityNotWhole: 'Quantity must be a whole number.',
  /**
   * Spec 001 §5 sets the input's min 1 and max 9999 without quoting a text: this one is the
   * reference server's too (demo/server/http.ts), so a quantity out of range reads the same
   * whichever side refuses it.
   */
  quantityOutOfRange: 'Quantity must be between {min} and {max}.',
  giftCardDenomination: 'Select a denomination for the Gift Card.',
} as const;

export type AddMessageKey = keyof typeof ADD_MESSAGES;
