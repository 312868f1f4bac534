/**
 * The restock form's catalogue: the sign-up texts of spec 000 §2, §5 (src/messages/restock.ts, which
 * the server-rendered fallback shows too) and the form's own.
 * The page overrides any key through `strings` in the block's props, and the platform's
 * `restockNotificationMessages` (CTAText, placeholderText, buttonText, mailingListDescription) map
 * onto the matching keys.
 */
import { FORM_MESSAGES } from '../../src/messages/form.js';
import { createMessages, type Messages } from '../../src/messages/format.js';
import { RESTOCK_MESSAGES, restockOverrides } from '../../src/messages/restock.js';

export const RESTOCK_FORM_MESSAGES = {
  ...RESTOCK_MESSAGES,
  submitting: FORM_MESSAGES.submitting,
  emailBlank: FORM_MESSAGES.emailBlank,
  emailInvalid: FORM_MESSAGES.emailInvalid,
  captchaIncomplete: FORM_MESSAGES.captchaIncomplete,
} as const;

export type RestockFormMessageKey = keyof typeof RESTOCK_FORM_MESSAGES;

export function restockFormMessages(
  overrides?: Readonly<Record<string, string>> | null,
): Messages<RestockFormMessageKey> {
  return createMessages(restockOverrides(overrides), RESTOCK_FORM_MESSAGES);
}
