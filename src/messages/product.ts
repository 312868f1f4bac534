/**
 * Product page texts: labels, the add button, add-to-cart validation and failures, the
 * additional-fields form, instalments and subscription prices (spec 000 §2, §4, §5, §8;
 * spec 001 §4, §5, §9).
 *
 * Where a spec describes a text without quoting all of it (instalment range, subscription
 * durations), the wording here is ours and says so in a comment.
 */
import type { LikertValue } from '../commerce/form-fields.js';

export const PRODUCT_MESSAGES = {
  // Product labels and defaults (spec 001 §4, §9; spec 000 §2)
  addToCart: 'Add To Cart',
  subscribe: 'Subscribe',
  purchase: 'Purchase',
  quantity: 'Quantity',
  soldOut: 'sold out',
  sale: 'sale',
  quickView: 'Quick View',
  noAnswer: 'N/A',
  selectValue: 'Select Value',
  selectVariant: 'Select {variantName}',
  /** Ours: the spec names the gift card value label but does not quote its default. */
  giftCardValue: 'Value',
  likertStronglyDisagree: 'Strongly Disagree',
  likertDisagree: 'Disagree',
  likertNeutral: 'Neutral',
  likertAgree: 'Agree',
  likertStronglyAgree: 'Strongly Agree',
  free: 'Free',
  outOfStock: 'out of stock',

  // Add-to-cart button states (spec 000 §4)
  adding: 'Adding…',
  added: 'Added!',

  // Add-to-cart validation (spec 000 §5)
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

  // Add-to-cart failures of the product form (spec 000 §8)
  unableToAddItem: 'Unable to Add Item',
  unableToPurchaseItem: 'Unable to Purchase Item',
  unableToPurchaseGiftCard: 'Unable to purchase Gift Card',

  // Additional-fields form (spec 000 §4, §5)
  required: 'Required',
  saving: 'Saving…',

  // Instalments (spec 000 §5). The range texts are described, not quoted; wording is ours.
  instalmentUpTo: 'Available for orders up to {amount}',
  instalmentOver: 'Available for orders over {amount}',
  instalmentMinimumSubtotal: 'To check out, your order subtotal must be {subtotal} or more.',
  instalmentPayments: '{count} interest-free payments of {amount}',
  instalmentPaymentsInline: 'or {count} interest-free payments of {amount} with',

  // Subscription price text (spec 001 §5). The spec quotes the parts; joining them is ours.
  subscriptionEveryWeek: 'every week',
  subscriptionEveryMonth: 'every month',
  subscriptionEveryYear: 'every year',
  subscriptionEveryWeeks: 'every {count} weeks',
  subscriptionEveryMonths: 'every {count} months',
  subscriptionEveryYears: 'every {count} years',
  subscriptionForWeek: 'for 1 week',
  subscriptionForMonth: 'for 1 month',
  subscriptionForYear: 'for 1 year',
  subscriptionForWeeks: 'for {count} weeks',
  subscriptionForMonths: 'for {count} months',
  subscriptionForYears: 'for {count} years',
  subscriptionPrice: '{price} {period}',
  subscriptionPriceWithDuration: '{price} {period} {duration}',
  subscriptionUnavailable: 'Unavailable',
} as const;

/** The catalogue key of each likert answer's label, -2 to 2 (spec 001 §9). */
export const LIKERT_LABEL_KEYS = {
  '-2': 'likertStronglyDisagree',
  '-1': 'likertDisagree',
  '0': 'likertNeutral',
  '1': 'likertAgree',
  '2': 'likertStronglyAgree',
} as const satisfies Record<LikertValue, keyof typeof PRODUCT_MESSAGES>;
