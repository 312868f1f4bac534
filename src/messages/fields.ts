/**
 * Texts of a product's additional-fields form and of its answers (spec 000 §4, §5; spec 001 §3,
 * §9): the form dialog and the cart page show them, a product form's first render does not.
 */
export const FIELD_MESSAGES = {
  noAnswer: 'N/A',
  selectValue: 'Select Value',
  /** Ours: the spec names the gift card value label but does not quote its default. */
  giftCardValue: 'Value',
  likertStronglyDisagree: 'Strongly Disagree',
  likertDisagree: 'Disagree',
  likertNeutral: 'Neutral',
  likertAgree: 'Agree',
  likertStronglyAgree: 'Strongly Agree',
  required: 'Required',
  saving: 'Saving…',
} as const;
