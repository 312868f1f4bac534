/**
 * The restock form's catalogue: the sign-up texts of spec 000 §2, §5 and the labels around them.
 * The page overrides any key through `strings` in the block's props, and the platform's
 * `restockNotificationMessages` (CTAText, placeholderText, buttonText, mailingListDescription) map
 * onto the matching keys.
 */
import { FORM_MESSAGES } from '../../src/messages/form.js';
import { createMessages, type Messages } from '../../src/messages/format.js';

export const RESTOCK_FORM_MESSAGES = {
  /** Ours: the spec describes the call to action without quoting it. */
  cta: 'Get an email when this item is back in stock.',
  /** Ours. */
  emailLabel: 'Email',
  /** Ours: empty, so the label alone names the field unless the site sets one. */
  emailPlaceholder: '',
  /** Ours. */
  submit: 'Sign Up',
  submitting: FORM_MESSAGES.submitting,
  /** Ours: the spec names the join-mailing-list checkbox without quoting its label. */
  mailingList: 'Join our mailing list',
  emailBlank: FORM_MESSAGES.emailBlank,
  emailInvalid: FORM_MESSAGES.emailInvalid,
  captchaIncomplete: FORM_MESSAGES.captchaIncomplete,
} as const;

export type RestockFormMessageKey = keyof typeof RESTOCK_FORM_MESSAGES;

/** The platform's names for the restock texts (merchandising `restockNotificationMessages`). */
export const PLATFORM_MESSAGE_KEYS: Readonly<Record<string, RestockFormMessageKey>> = {
  CTAText: 'cta',
  placeholderText: 'emailPlaceholder',
  buttonText: 'submit',
  mailingListDescription: 'mailingList',
};

export function restockFormMessages(
  overrides?: Readonly<Record<string, string>> | null,
): Messages<RestockFormMessageKey> {
  const table: Record<string, string> = {};
  for (const [key, text] of Object.entries(overrides ?? {})) table[PLATFORM_MESSAGE_KEYS[key] ?? key] = text;
  return createMessages(table, RESTOCK_FORM_MESSAGES);
}
