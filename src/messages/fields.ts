/**
 * Texts of a product's additional-fields form and of its answers (spec 000 §4, §5; spec 001 §3,
 * §9): the form dialog and the cart page show them, a product form's first render does not.
 */
import type { LikertValue } from '../commerce/form-fields.js';
import { LIKERT_LABEL_KEYS } from './format.js';

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

/**
 * The English label of a likert answer (spec 001 §9), for readers without a catalogue (the
 * template's form summary).
 */
export const likertLabelText = (score: LikertValue): string => FIELD_MESSAGES[LIKERT_LABEL_KEYS[score]];
