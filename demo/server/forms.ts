/**
 * Form schemas (site forms and additional-fields forms) and the server-side validation of their
 * answers. Messages are the texts of spec 000 §5 where the spec has one.
 */
import { fail, isRecord, ok, readText, type Result } from '../../src/result';
import {
  LIKERT_VALUES,
  MULTI_PART_FIELDS,
  parseFormField,
  type FormSchema as SdkFormSchema,
  type FormSchemaField,
} from '../../src/api/form-schema';
import {
  EMAIL_FORMAT_EXAMPLE,
  LINK_FORMAT_EXAMPLES,
  isValidEmail,
  isValidLink,
} from '../../src/commerce/validation';
import { siteOrWebUrl } from '../../src/urls';
import { FORM_MESSAGES } from '../../src/messages/form';
import { PLATFORM_MESSAGES } from '../../src/messages/platform';
import { format } from '../../src/messages/format';
import { MAX_ANSWER_PART_LENGTH, MAX_TEXT_ANSWER_LENGTH } from './limits';

// One field reader, one set of field types and multi-part fields and one email rule for the SDK
// and the server, so they cannot drift apart.
export { isValidEmail };

/** A field as the server stores and serves it: exactly what the SDK reads. */
export type FormField = FormSchemaField;

export type FormKind = SdkFormSchema['kind'];

/**
 * A form as the server stores and serves it. A site form always has a submission message ("Thank
 * you!" when the file gives none); an additional-fields form may have none, and then its dialog
 * simply closes once the add or the save lands.
 */
export type FormSchema = SdkFormSchema;

export const MESSAGES = {
  required: 'Required',
  maxLength: 'You have exceeded the character limit.',
  // The site form's own text, so a field error reads the same from the browser and the server.
  email: format(FORM_MESSAGES.formEmailInvalid, { email: EMAIL_FORMAT_EXAMPLE }),
  // Spec 001 §8's validation messages, where their situations occur on this server.
  link: format(PLATFORM_MESSAGES.linkFormat, LINK_FORMAT_EXAMPLES),
  date: 'Enter a valid date.',
  unknown: 'Unknown field.',
  invalid: 'Invalid value.',
  anyInvalid: 'One or more fields is invalid, please check your entries.',
} as const;

/** Spec 001 §8: "{val} is not one of the expected options", for a choice the field does not offer. */
const unexpectedOption = (val: string): string => format(PLATFORM_MESSAGES.unexpectedOption, { val });

export function parseForm(raw: unknown, defaultKind: FormKind): Result<FormSchema> {
  if (!isRecord(raw)) return fail(['form must be an object']);
  const id = raw['id'];
  if (typeof id !== 'string' || !/^[\w.-]{1,100}$/.test(id))
    return fail(['form id must be 1-100 letters, digits, _ . -']);
  if (!Array.isArray(raw['fields'])) return fail([`form ${id}: fields must be an array`]);
  const fields: FormField[] = [];
  for (const [i, f] of raw['fields'].entries()) {
    // A stored form is the server's own data: a field the SDK would drop is an error here.
    const field = parseFormField(f);
    if (field === null) return fail([`form ${id}: field ${i} needs an id and a known type`]);
    if (fields.some((o) => o.id === field.id)) return fail([`form ${id}: duplicate field ${field.id}`]);
    fields.push(field);
  }
  // The SDK's own rule: a redirect that could leave the site or run script is refused here, so a
  // form file cannot seed one the page would then have to catch.
  const redirect = readText(raw['successRedirect']);
  if (redirect !== null && siteOrWebUrl(redirect) === null) {
    return fail([
      `form ${id}: successRedirect must be a same-origin path such as /thanks or an http(s) address`,
    ]);
  }
  const captcha = isRecord(raw['captchaSettings']) ? raw['captchaSettings'] : {};
  const kind = raw['kind'] === 'site' || raw['kind'] === 'additional-fields' ? raw['kind'] : defaultKind;
  return ok({
    id,
    name: typeof raw['name'] === 'string' ? raw['name'] : id,
    kind,
    isNewsletter: raw['isNewsletter'] === true,
    fields,
    submissionMessage:
      typeof raw['submissionMessage'] === 'string'
        ? raw['submissionMessage']
        : kind === 'site'
          ? 'Thank you!'
          : null,
    disclaimer: readText(raw['disclaimer']),
    successRedirect: redirect,
    captchaSettings: { enabled: captcha['enabled'] === true, siteKey: readText(captcha['siteKey']) },
    // The site owner's markup, served as stored: the site form shows it sanitised, never as is.
    ...(typeof raw['postSubmitContent'] === 'string' && raw['postSubmitContent'].trim() !== ''
      ? { postSubmitContent: raw['postSubmitContent'] }
      : {}),
  });
}

const MULTI_PART: Partial<Record<FormField['type'], readonly string[]>> = MULTI_PART_FIELDS;

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
        if (!field.statements.includes(k) || typeof v !== 'string' || !['', ...LIKERT_VALUES].includes(v)) {
          return MESSAGES.invalid;
        }
      }
      return null;
    }
    case 'checkbox': {
      if (!Array.isArray(answer) || answer.some((v) => typeof v !== 'string')) return MESSAGES.invalid;
      if (answer.length === 0) return field.required ? MESSAGES.required : null;
      const stranger = (answer as string[]).find((v) => !field.options.includes(v));
      return stranger === undefined ? null : unexpectedOption(stranger);
    }
    case 'radio':
    case 'select': {
      if (typeof answer !== 'string') return MESSAGES.invalid;
      if (empty(answer)) return field.required ? MESSAGES.required : null;
      return field.options.includes(answer) ? null : unexpectedOption(answer);
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
    // Every part is bounded, as a text answer is: anyone may store answers (a cart's entries).
    if (values.some((v) => [...v].length > MAX_ANSWER_PART_LENGTH)) return MESSAGES.maxLength;
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
  if (field.type === 'website' && !isValidLink(answer.trim())) return MESSAGES.link;
  if ([...answer].length > (field.maxLength ?? MAX_TEXT_ANSWER_LENGTH)) return MESSAGES.maxLength;
  return null;
}

/** Validates a map of field id to answer; returns field id to message (empty when valid). */
/** The errors as a JSON-ready object whose keys are plain own properties, `__proto__` included. */
function errorRecord(errors: ReadonlyMap<string, string>): Record<string, string> {
  const record: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, message] of errors) {
    Object.defineProperty(record, key, {
      value: message,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return record;
}

export function validateAnswers(form: FormSchema, answers: unknown): Record<string, string> {
  // Answers parsed from a JSON string may hold an own `__proto__` key: written into a plain
  // object, its error would set the prototype instead and the unknown field would pass. A map
  // keeps every key a key.
  const errors = new Map<string, string>();
  if (!isRecord(answers)) return { form: MESSAGES.invalid };
  for (const key of Object.keys(answers)) {
    if (!form.fields.some((f) => f.id === key)) errors.set(key, MESSAGES.unknown);
  }
  for (const field of form.fields) {
    const error = checkField(field, Object.hasOwn(answers, field.id) ? answers[field.id] : undefined);
    if (error !== null) errors.set(field.id, error);
  }
  return errorRecord(errors);
}
