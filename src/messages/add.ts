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
  quantityNotNumber: 'Quantity must be a number.',
  quantityNotWhole: 'Quantity must be a whole number.',
  /** Ours: spec 001 §5 sets the input's min 1 and max 9999 without quoting a text for either. */
  quantityTooLow: 'Quantity must be at least {min}.',
  quantityTooHigh: 'Quantity must be at most {max}.',
  giftCardDenomination: 'Select a denomination for the Gift Card.',
} as const;

export type AddMessageKey = keyof typeof ADD_MESSAGES;
