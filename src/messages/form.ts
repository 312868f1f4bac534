/**
 * Form texts: the additional-fields form, the restock sign-up and the generic site form
 * (spec 000 §2, §4, §5, §8). The submission failure texts the api maps to are in ./storefront.ts.
 */
export const FORM_MESSAGES = {
  // Additional-fields form (spec 000 §4, §5)
  required: 'Required',
  saving: 'Saving…',

  // Restock sign-up (spec 000 §2, §5)
  signedUp: 'Signed up!',
  emailBlank: 'Email cannot be blank',
  emailInvalid: 'Email is invalid',
  captchaIncomplete: 'Complete CAPTCHA before submitting.',

  // Generic site form (spec 000 §2, §4, §5, §8)
  submitting: 'Submitting…',
  characterCount: '{count} / {max}',
  characterLimitExceeded: 'You have exceeded the character limit.',
  formEmailInvalid: 'Email is not valid. Email addresses should follow the format {email}.',
  formFieldsInvalid: 'One or more fields is invalid, please check your entries.',
  formProcessingError: 'Error processing form submission. Please reload and try again.',
  formKeyError: 'Could not get a form submission key, please try again later.',
  formParseError: 'Could not parse the form fields, please check your entries.',
  formProblemScrollDown: 'Your form has encountered a problem. Please scroll down to review.',
  formProblemScrollUp: 'Your form has encountered a problem. Please scroll up to review.',
} as const;
