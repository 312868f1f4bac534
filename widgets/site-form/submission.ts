/**
 * What a site form's submit decides, without React: the client rules over the answers, the
 * answers that travel, and the texts of a failure and where they show (spec 000 §5, §8).
 */
import { holdsAnswer, type FieldValue, type FormSchema } from '../../src/api/form-schema.js';
import type { ApiError } from '../../src/api/types.js';
import { EMAIL_FORMAT_EXAMPLE, LINK_FORMAT_EXAMPLES, formFieldError } from '../../src/commerce/validation.js';
import type { SiteFormMessageKey, SiteFormMessages } from './messages.js';

export type Values = Readonly<Record<string, FieldValue>>;

/**
 * What went wrong, and where it is shown. `fields`: field errors, with `top` above the form and
 * `bottom` below it; `form`: one message for the whole form, below it next to the button, with a
 * pointer to it above.
 */
export interface Problem {
  readonly top: string;
  readonly bottom: string;
  /** Which of the two carries the real message (and is announced). */
  readonly announce: 'top' | 'bottom';
}

/** The client rules of spec 000 §5 over every answering field: field id to message. */
export function validateSiteForm(
  schema: FormSchema,
  values: Values,
  m: SiteFormMessages,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of schema.fields) {
    if (!holdsAnswer(field)) continue;
    const key = formFieldError({
      type: field.type,
      value: values[field.id],
      required: field.required,
      maxLength: field.maxLength,
    });
    if (key !== null)
      errors[field.id] = m.t(key as SiteFormMessageKey, {
        email: EMAIL_FORMAT_EXAMPLE,
        ...LINK_FORMAT_EXAMPLES,
      });
  }
  return errors;
}

/** The answers that travel with a submission: every answering field, empty ones included. */
export function answersOf(schema: FormSchema, values: Values): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const field of schema.fields) {
    if (!holdsAnswer(field)) continue;
    const value = values[field.id];
    if (value !== undefined) out[field.id] = value;
  }
  return out;
}

/** The message for a failed SaveFormSubmission that carries no field errors (spec 000 §8). */
export function saveFailureText(error: ApiError, m: SiteFormMessages): string {
  if (error.kind === 'invalid-response') return m.t('formProcessingError');
  return error.message;
}

export const fieldProblem = (m: SiteFormMessages, message?: string): Problem => ({
  top: message ?? m.t('formFieldsInvalid'),
  bottom: message === undefined ? m.t('formFieldsInvalid') : m.t('formProblemScrollUp'),
  announce: 'top',
});

export const formProblem = (m: SiteFormMessages, message: string): Problem => ({
  top: m.t('formProblemScrollDown'),
  bottom: message,
  announce: 'bottom',
});
