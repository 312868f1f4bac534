/**
 * Form texts: the restock sign-up and the generic site form (spec 000 §2, §4, §5, §8), with the
 * submission failures the form endpoints map to. The additional-fields form of a product is in
 * ./product.ts.
 */
export const FORM_MESSAGES = {
  // Restock sign-up (spec 000 §2, §5)
  signedUp: 'Signed up!',
  emailBlank: 'Email cannot be blank',
  emailInvalid: 'Email is invalid',
  captchaIncomplete: 'Complete CAPTCHA before submitting.',
  /**
   * Spec 001 §8's validation message, for a site form's website field (PLATFORM_MESSAGES names it
   * too). The spec writes both examples as `{host}`; the second is named apart so they can differ.
   */
  linkFormat: 'Links must be formatted as {host} or {altHost}',

  // Generic site form (spec 000 §2, §4, §5, §8)
  submitting: 'Submitting…',
  characterCount: '{count} / {max}',
  characterLimitExceeded: 'You have exceeded the character limit.',
  formEmailInvalid: 'Email is not valid. Email addresses should follow the format {email}.',
  formFieldsInvalid: 'One or more fields is invalid, please check your entries.',
  form401: 'Unable to submit form. Please try again later.',
  form404: 'This form has not been configured yet.',
  form429: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  form500: 'Unable to send form. Please try again later.',
  formUnknownError: 'Unknown error, please try again later.',
  formProcessingError: 'Error processing form submission. Please reload and try again.',
  formKeyError: 'Could not get a form submission key, please try again later.',
  formParseError: 'Could not parse the form fields, please check your entries.',
  formProblemScrollDown: 'Your form has encountered a problem. Please scroll down to review.',
  formProblemScrollUp: 'Your form has encountered a problem. Please scroll up to review.',
} as const;
