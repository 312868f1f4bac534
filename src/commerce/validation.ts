/**
 * Field rules shared by the additional-fields form, the generic site form and the restock form
 * (spec 000 §5, spec 001 §5). Each rule is a pure function; the `*Error` functions map a value to
 * the catalogue key of its message, or null when it passes.
 */
import { LIMITS } from '../constants.js';
import { NO_ANSWER_FIELD_TYPES, isMultiPartFieldType, type FormFieldType } from './form-fields.js';
import type { MessageKey } from '../messages/index.js';
import { FORM_MESSAGES } from '../messages/form.js';
import { createMessages, type Messages } from '../messages/format.js';

/** The example shown in "Email addresses should follow the format {email}." */
export const EMAIL_FORMAT_EXAMPLE = 'user@domain.com';

// Something@something.tld with a 2 to 4 character alphanumeric TLD and no whitespace (spec 000 §5).
const EMAIL_RE = /^[^\s@]+@(?:[^\s@.]+\.)+[A-Za-z0-9]{2,4}$/;

/** An email of 3 to 256 characters matching the simple pattern of spec 000 §5. */
export function isValidEmail(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (value.length < LIMITS.emailMinLength || value.length > LIMITS.emailMaxLength) return false;
  return EMAIL_RE.test(value);
}

/** The examples in spec 001 §8's "Links must be formatted as {host} or {host}". */
export const LINK_FORMAT_EXAMPLES = { host: 'www.example.com', altHost: 'https://www.example.com' } as const;

// A host of dotted labels ending in a top-level name of 2 or more letters, with or without
// http(s)://, then an optional port and path: the two forms the link message names.
const LINK_RE = /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** A website field's answer: `www.example.com` or `https://www.example.com/...` (spec 001 §8). */
export function isValidLink(value: string): boolean {
  return LINK_RE.test(value);
}

/**
 * A field's max length from the data: a positive whole number, as a number or a digit string.
 * Non-numeric, fractional, negative and 0 are ignored (null), as spec 000 §2 says.
 */
export function parseMaxLength(raw: unknown): number | null {
  let n: number;
  if (typeof raw === 'number') n = raw;
  else if (typeof raw === 'string' && /^\s*\d+\s*$/.test(raw)) n = Number(raw);
  else return null;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Length as a person counts it: an emoji or accented letter is one character, not two. */
export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

export interface CharacterCounter {
  /** "N / max" (spec 000 §2). */
  readonly text: string;
  /** Over the limit: the counter takes its error style. */
  readonly over: boolean;
}

/** The counter under a text area with a usable max length; null when there is none to show. */
export function characterCounter(
  value: string,
  maxLength: number | null | undefined,
  messages: Messages<'characterCount'> = createMessages(null, FORM_MESSAGES),
): CharacterCounter | null {
  if (typeof maxLength !== 'number' || !(maxLength > 0)) return null;
  const count = characterCount(value);
  return { text: messages.t('characterCount', { count, max: maxLength }), over: count > maxLength };
}

export function exceedsMaxLength(value: string, max: number | null | undefined): boolean {
  return typeof max === 'number' && max > 0 && characterCount(value) > max;
}

const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || v === false || (typeof v === 'string' && v.trim() === '');

/**
 * Whether a required field's value counts as empty (spec 000 §5). Likert is never required;
 * sections and hidden fields hold no answer. Multi-part fields (name, address, date, time,
 * phone) are empty only when every part is. Checkboxes are empty with nothing ticked.
 */
export function isRequiredEmpty(fieldType: FormFieldType | string, value: unknown): boolean {
  if (fieldType === 'likert' || (NO_ANSWER_FIELD_TYPES as readonly string[]).includes(fieldType))
    return false;
  if (isMultiPartFieldType(fieldType) && typeof value === 'object' && value !== null) {
    const parts = Array.isArray(value) ? value : Object.values(value);
    return parts.every(isBlank);
  }
  if (Array.isArray(value)) return value.every(isBlank);
  if (typeof value === 'number') return !Number.isFinite(value);
  if (typeof value === 'object' && value !== null) return Object.values(value).every(isBlank);
  return isBlank(value);
}

/** Restock email: blank, then invalid (spec 000 §5). */
export function restockEmailError(email: string): MessageKey | null {
  const value = email.trim();
  if (value === '') return 'emailBlank';
  return isValidEmail(value) ? null : 'emailInvalid';
}

export interface FieldRuleInput {
  readonly type: FormFieldType | string;
  readonly value: unknown;
  readonly required?: boolean | undefined;
  readonly maxLength?: number | null | undefined;
}

/**
 * The generic site form's per-field rule (spec 000 §5): required and empty, over the max length,
 * a malformed email, or a website that is no link (spec 001 §8's "Links must be formatted as…").
 * An empty optional field is valid.
 */
export function formFieldError(field: FieldRuleInput): MessageKey | null {
  const empty = isRequiredEmpty(field.type, field.value);
  if (empty) return field.required === true && field.type !== 'likert' ? 'required' : null;
  if (typeof field.value === 'string') {
    if (exceedsMaxLength(field.value, field.maxLength)) return 'characterLimitExceeded';
    if (field.type === 'email' && !isValidEmail(field.value.trim())) return 'formEmailInvalid';
    if (field.type === 'website' && !isValidLink(field.value.trim())) return 'linkFormat';
  }
  return null;
}
