/**
 * Form schemas (site forms and additional-fields forms) and the server-side validation of their
 * answers. Messages are the texts of spec 000 §5 where the spec has one.
 */
import { FORM_FIELD_TYPES as FIELD_TYPES, type FormFieldType as FieldType } from '../../src/constants';
import { fail, ok, type Result } from '../../src/result';
import { MULTI_PART_FIELDS } from '../../src/react/ui/form-schema';
import { isValidEmail } from '../../src/commerce/validation';
import { safeRedirectPath } from '../../src/api/form-schema';

// One list of field types, one set of multi-part fields and one email rule for the SDK and the
// server, so they cannot drift apart.
export { isValidEmail };

export interface FormField {
  readonly id: string;
  readonly type: FieldType;
  readonly title: string;
  readonly description: string | null;
  readonly required: boolean;
  readonly placeholder: string | null;
  readonly maxLength: number | null;
  readonly options: readonly string[];
  readonly statements: readonly string[];
}

export type FormKind = 'site' | 'additional-fields';

export interface FormSchema {
  readonly id: string;
  readonly name: string;
  readonly kind: FormKind;
  readonly isNewsletter: boolean;
  readonly fields: readonly FormField[];
  readonly submissionMessage: string;
  readonly disclaimer: string | null;
  readonly successRedirect: string | null;
  readonly captchaSettings: { readonly enabled: boolean; readonly siteKey: string | null };
}

export const MESSAGES = {
  required: 'Required',
  maxLength: 'You have exceeded the character limit.',
  email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
  option: 'Select one of the options.',
  date: 'Enter a valid date.',
  unknown: 'Unknown field.',
  invalid: 'Invalid value.',
  anyInvalid: 'One or more fields is invalid, please check your entries.',
} as const;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const optString = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const stringList = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];

/** Options arrive as strings or as `{ value, label }`; answers are compared with the value. */
const optionList = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.flatMap((o) =>
        typeof o === 'string' ? [o] : isRecord(o) && typeof o['value'] === 'string' ? [o['value']] : [],
      )
    : [];

/** Spec 000 §2: a max length that is non-numeric or 0 is ignored. */
function readMaxLength(v: unknown): number | null {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}

export function parseForm(raw: unknown, defaultKind: FormKind): Result<FormSchema> {
  if (!isRecord(raw)) return fail(['form must be an object']);
  const id = raw['id'];
  if (typeof id !== 'string' || !/^[\w.-]{1,100}$/.test(id))
    return fail(['form id must be 1-100 letters, digits, _ . -']);
  if (!Array.isArray(raw['fields'])) return fail([`form ${id}: fields must be an array`]);
  const fields: FormField[] = [];
  for (const [i, f] of raw['fields'].entries()) {
    if (!isRecord(f)) return fail([`form ${id}: field ${i} is not an object`]);
    const fid = f['id'];
    const type = f['type'];
    if (typeof fid !== 'string' || fid === '') return fail([`form ${id}: field ${i} needs an id`]);
    if (typeof type !== 'string' || !(FIELD_TYPES as readonly string[]).includes(type)) {
      return fail([`form ${id}: field ${fid} has an unknown type`]);
    }
    if (fields.some((o) => o.id === fid)) return fail([`form ${id}: duplicate field ${fid}`]);
    fields.push({
      id: fid,
      type: type as FieldType,
      title: typeof f['title'] === 'string' ? f['title'] : fid,
      description: optString(f['description']),
      required: f['required'] === true && type !== 'likert' && type !== 'section',
      placeholder: optString(f['placeholder']),
      maxLength: readMaxLength(f['maxLength']),
      options: optionList(f['options']),
      statements: stringList(f['statements']),
    });
  }
  // The SDK's own rule: a redirect that could leave the site or run script is refused here, so a
  // form file cannot seed one the page would then have to catch.
  const redirect = optString(raw['successRedirect']);
  if (redirect !== null && safeRedirectPath(redirect) === null) {
    return fail([`form ${id}: successRedirect must be a same-origin path such as /thanks`]);
  }
  const captcha = isRecord(raw['captchaSettings']) ? raw['captchaSettings'] : {};
  const kind = raw['kind'] === 'site' || raw['kind'] === 'additional-fields' ? raw['kind'] : defaultKind;
  return ok({
    id,
    name: typeof raw['name'] === 'string' ? raw['name'] : id,
    kind,
    isNewsletter: raw['isNewsletter'] === true,
    fields,
    submissionMessage: typeof raw['submissionMessage'] === 'string' ? raw['submissionMessage'] : 'Thank you!',
    disclaimer: optString(raw['disclaimer']),
    successRedirect: redirect,
    captchaSettings: { enabled: captcha['enabled'] === true, siteKey: optString(captcha['siteKey']) },
  });
}

const MULTI_PART: Partial<Record<FieldType, readonly string[]>> = MULTI_PART_FIELDS;

function isRealDate(year: string, month: string, day: string): boolean {
  if (!/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day)) return false;
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Returns the error for one answer, or null when it is valid. */
function checkField(field: FormField, answer: unknown): string | null {
  const empty = (s: string): boolean => s.trim() === '';
  if (answer === undefined || answer === null) return field.required ? MESSAGES.required : null;
  switch (field.type) {
    case 'section':
      return null;
    case 'likert': {
      if (!isRecord(answer)) return MESSAGES.invalid;
      for (const [k, v] of Object.entries(answer)) {
        if (
          !field.statements.includes(k) ||
          typeof v !== 'string' ||
          !['-2', '-1', '0', '1', '2', ''].includes(v)
        ) {
          return MESSAGES.invalid;
        }
      }
      return null;
    }
    case 'checkbox': {
      if (!Array.isArray(answer) || answer.some((v) => typeof v !== 'string')) return MESSAGES.invalid;
      if (answer.length === 0) return field.required ? MESSAGES.required : null;
      return answer.every((v) => field.options.includes(v as string)) ? null : MESSAGES.option;
    }
    case 'radio':
    case 'select': {
      if (typeof answer !== 'string') return MESSAGES.invalid;
      if (empty(answer)) return field.required ? MESSAGES.required : null;
      return field.options.includes(answer) ? null : MESSAGES.option;
    }
    default:
      break;
  }
  const parts = MULTI_PART[field.type];
  if (parts && isRecord(answer)) {
    const values: string[] = [];
    for (const [k, v] of Object.entries(answer)) {
      if (!parts.includes(k) || typeof v !== 'string') return MESSAGES.invalid;
      values.push(v);
    }
    if (values.every(empty)) return field.required ? MESSAGES.required : null;
    if (field.type === 'date') {
      return isRealDate(
        String(answer['year'] ?? ''),
        String(answer['month'] ?? ''),
        String(answer['day'] ?? ''),
      )
        ? null
        : MESSAGES.date;
    }
    return null;
  }
  if (typeof answer !== 'string') return MESSAGES.invalid;
  if (empty(answer)) return field.required ? MESSAGES.required : null;
  if (field.type === 'date') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(answer);
    return m && isRealDate(m[1] ?? '', m[2] ?? '', m[3] ?? '') ? null : MESSAGES.date;
  }
  if (parts && field.type !== 'phone') return MESSAGES.invalid;
  if (field.type === 'email' && !isValidEmail(answer.trim())) return MESSAGES.email;
  if (field.maxLength !== null && [...answer].length > field.maxLength) return MESSAGES.maxLength;
  return null;
}

/** Validates a map of field id to answer; returns field id to message (empty when valid). */
export function validateAnswers(form: FormSchema, answers: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isRecord(answers)) return { form: MESSAGES.invalid };
  for (const key of Object.keys(answers)) {
    if (!form.fields.some((f) => f.id === key)) errors[key] = MESSAGES.unknown;
  }
  for (const field of form.fields) {
    const error = checkField(field, answers[field.id]);
    if (error !== null) errors[field.id] = error;
  }
  return errors;
}
