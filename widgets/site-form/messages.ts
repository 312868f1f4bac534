/**
 * The site form's catalogue: the generic form texts of spec 000 §5 and §8 plus its own labels.
 * The page overrides any key through `strings` in the block's props.
 */
import { FORM_MESSAGES } from '../../src/messages/form.js';
import { createMessages, type Messages } from '../../src/messages/format.js';
import { STOREFRONT_MESSAGES } from '../../src/messages/storefront.js';
import { UI_MESSAGES } from '../../src/react/ui/messages.js';

export const SITE_FORM_MESSAGES = {
  ...UI_MESSAGES,
  submitting: FORM_MESSAGES.submitting,
  characterCount: FORM_MESSAGES.characterCount,
  characterLimitExceeded: FORM_MESSAGES.characterLimitExceeded,
  formEmailInvalid: FORM_MESSAGES.formEmailInvalid,
  linkFormat: FORM_MESSAGES.linkFormat,
  captchaIncomplete: FORM_MESSAGES.captchaIncomplete,
  form404: FORM_MESSAGES.form404,
  formProcessingError: FORM_MESSAGES.formProcessingError,
  formKeyError: FORM_MESSAGES.formKeyError,
  formParseError: FORM_MESSAGES.formParseError,
  formProblemScrollDown: FORM_MESSAGES.formProblemScrollDown,
  formProblemScrollUp: FORM_MESSAGES.formProblemScrollUp,
  checkConnection: STOREFRONT_MESSAGES.checkConnection,
  // Ours: the spec does not word these.
  submit: 'Submit',
  loading: 'Loading form…',
  loadFailed: 'Unable to load the form. Please reload the page and try again.',
  /** The visible mark of a required field; what is read after its label is `requiredSpoken`. */
  requiredMark: '*',
  /** Accessible name of the character counter, e.g. "Characters used: 12 / 500". */
  counterLabel: 'Characters used',
  thankYou: 'Thank you!',
} as const;

export type SiteFormMessageKey = keyof typeof SITE_FORM_MESSAGES;
export type SiteFormMessages = Messages<SiteFormMessageKey>;

export function siteFormMessages(strings?: Readonly<Record<string, string>> | null): SiteFormMessages {
  return createMessages(strings ?? null, SITE_FORM_MESSAGES);
}
