/**
 * The one reader of form schemas (docs/http-api.md GET /api/template/GetTemplateSchema, and a
 * product item's embedded `additionalFieldsForm`), framework-free: the api, the additional-fields
 * form, the site form and the reference server all read forms through it. A field that cannot be
 * used (no id, a type spec 001 §3 does not list) is dropped; the rest of the form still works.
 */
import { siteOrWebUrl } from '../urls.js';
import {
  LIKERT_VALUES,
  MULTI_PART_FIELDS,
  NO_ANSWER_FIELD_TYPES,
  isFormFieldType,
  type FieldPart,
  type FormFieldType,
  type LikertValue,
  type MultiPartFieldType,
} from '../commerce/form-fields.js';
import { isRequiredEmpty, parseMaxLength } from '../commerce/validation.js';
import {
  asRecord,
  fail,
  isRecord,
  ok,
  readId,
  readString,
  readStringEntries,
  readStringList,
  readText,
  type Result,
} from '../result.js';

// The form enumerations, for readers of schemas that need no other constants.
export { LIKERT_VALUES, MULTI_PART_FIELDS };
export type { FieldPart, FormFieldType, LikertValue, MultiPartFieldType };

export interface FormSchemaField {
  readonly id: string;
  /** One of the field types of spec 001 §3, lower case. */
  readonly type: FormFieldType;
  /** The label; the field's id when the schema gives none, so every input has a name. */
  readonly title: string;
  readonly description: string | null;
  /** Never set for likert (spec 000 §5), section and hidden fields, whatever the schema says. */
  readonly required: boolean;
  readonly placeholder: string | null;
  /** A positive limit, or null: a non-numeric or 0 limit means none (spec 000 §2). */
  readonly maxLength: number | null;
  /** Choices of radio, checkbox and select fields. */
  readonly options: readonly string[];
  /** Statements of a likert field, each answered on the five-point scale. */
  readonly statements: readonly string[];
}

export interface FormSchema {
  readonly id: string;
  readonly name: string;
  readonly kind: 'site' | 'additional-fields';
  readonly isNewsletter: boolean;
  readonly fields: readonly FormSchemaField[];
  readonly submissionMessage: string | null;
  readonly disclaimer: string | null;
  /**
   * Where a successful submission goes: a site path or an http(s) address the owner configured
   * (`siteOrWebUrl`, src/urls.ts); anything else (`javascript:`, `data:`, ...) is dropped.
   */
  readonly successRedirect: string | null;
  readonly captchaSettings: { readonly enabled: boolean; readonly siteKey: string | null };
  /**
   * Content shown after a successful submission (spec 000 §2 "post-submit content"), from
   * `postSubmitContent` or the platform's `postSubmitHtml`. Untrusted: the site form shows it
   * rebuilt from an allow-list (widgets/site-form/post-submit.ts), never as received.
   */
  readonly postSubmitContent?: string;
}

/** What follows a form's successful submission: the page leaving, or the form's text (null: none). */
export type AfterSubmission =
  | { readonly kind: 'redirecting' }
  | { readonly kind: 'message'; readonly text: string | null };

/**
 * Spec 000 §4, for every form (site form, additional-fields form): redirect to the success address
 * when the form has one and the page can go there, otherwise show the submission text. `redirect`
 * is the page runtime's, which goes only where src/urls.ts allows (never `javascript:`) and says
 * whether it went.
 */
export function afterSubmission(schema: FormSchema, redirect: (url: string) => boolean): AfterSubmission {
  if (schema.successRedirect !== null && redirect(schema.successRedirect)) return { kind: 'redirecting' };
  return { kind: 'message', text: schema.submissionMessage };
}

/** One answer: text, the ticked options of a checkbox field, or the parts of a multi-part field. */
export type FieldValue = string | readonly string[] | Readonly<Record<string, string>>;
/** Field id to value; this is what travels (as a JSON string) with the add-to-cart call. */
export type FormValues = Readonly<Record<string, FieldValue>>;

/** The text of an answer; '' when it is not text. */
export const answerText = (value: FieldValue | undefined): string => (typeof value === 'string' ? value : '');

/** The ticked options of an answer; none when it is not a list. */
export const answerList = (value: FieldValue | undefined): readonly string[] =>
  Array.isArray(value) ? (value as readonly string[]) : [];

/** The parts of a multi-part or likert answer; none when it is not an object. */
export const answerParts = (value: FieldValue | undefined): Readonly<Record<string, string>> =>
  value !== undefined && typeof value === 'object' && !Array.isArray(value)
    ? (value as Readonly<Record<string, string>>)
    : {};

/** Whether a field takes an answer: sections and hidden fields do not. */
export const holdsAnswer = (field: Pick<FormSchemaField, 'type'>): boolean =>
  !NO_ANSWER_FIELD_TYPES.includes(field.type);

const choiceText = (value: unknown): string | null =>
  readString(value) ?? (typeof value === 'number' && Number.isFinite(value) ? String(value) : null);

/** Choices arrive as text, numbers or `{ value }` / `{ label }` / `{ title }` objects; blanks are dropped. */
function readChoices(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const out: string[] = [];
  for (const entry of raw) {
    const text = isRecord(entry)
      ? (choiceText(entry['value']) ?? choiceText(entry['label']) ?? choiceText(entry['title']))
      : choiceText(entry);
    if (text !== null && text !== '') out.push(text);
  }
  return out;
}

/** One field of a schema, or null when it has no id or a type spec 001 §3 does not list. */
export function parseFormField(raw: unknown): FormSchemaField | null {
  if (!isRecord(raw)) return null;
  const id = readId(raw['id']);
  const type = readString(raw['type'])?.toLowerCase();
  if (id === null || type === undefined || !isFormFieldType(type)) return null;
  const noAnswer = type === 'likert' || NO_ANSWER_FIELD_TYPES.includes(type);
  return {
    id,
    type,
    title: readString(raw['title']) ?? readString(raw['label']) ?? id,
    description: readText(raw['description']),
    required: raw['required'] === true && !noAnswer,
    placeholder: readText(raw['placeholder']),
    maxLength: parseMaxLength(raw['maxLength']),
    options: readChoices(raw['options']),
    // Likert statements sometimes come as the field's options.
    statements: readChoices(raw['statements'] ?? (type === 'likert' ? raw['options'] : undefined)),
  };
}

/**
 * Reads a form schema; its fields may sit at the top level or under a `form` or `schema` wrapper.
 * Refused only without an id or a list of fields: the form could not be sent, or shows nothing.
 */
export function parseFormSchema(body: unknown): Result<FormSchema> {
  const root =
    isRecord(body) && isRecord(body['form'])
      ? body['form']
      : isRecord(body) && isRecord(body['schema'])
        ? body['schema']
        : body;
  if (!isRecord(root)) return fail(['schema is not an object']);
  const id = readId(root['id']);
  if (id === null) return fail(['schema.id']);
  if (!Array.isArray(root['fields'])) return fail(['schema.fields']);
  const fields: FormSchemaField[] = [];
  for (const raw of root['fields'] as unknown[]) {
    const field = parseFormField(raw);
    if (field) fields.push(field);
  }
  const captcha = asRecord(root['captchaSettings']);
  return ok({
    id,
    name: readString(root['name']) ?? readString(root['title']) ?? '',
    kind: root['kind'] === 'additional-fields' ? 'additional-fields' : 'site',
    isNewsletter: root['isNewsletter'] === true,
    fields,
    submissionMessage: readText(root['submissionMessage']),
    disclaimer: readText(root['disclaimer']),
    successRedirect: siteOrWebUrl(root['successRedirect']),
    captchaSettings: { enabled: captcha['enabled'] === true, siteKey: readText(captcha['siteKey']) },
    ...optionalEntry(
      'postSubmitContent',
      nonBlank(root['postSubmitContent']) ?? nonBlank(root['postSubmitHtml']),
    ),
  });
}

const nonBlank = (value: unknown): string | null => {
  const text = readText(value);
  return text !== null && text.trim() !== '' ? text : null;
};

const optionalEntry = <K extends string>(key: K, value: string | null): { [P in K]?: string } =>
  (value === null ? {} : { [key]: value }) as { [P in K]?: string };

/** Reads previously saved answers (a JSON string or an object) back into form values. */
export function parseFormValues(raw: unknown): FormValues {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (!isRecord(value)) return {};
  const out: Record<string, FieldValue> = {};
  for (const [key, answer] of Object.entries(value)) {
    if (typeof answer === 'string') out[key] = answer;
    else if (Array.isArray(answer)) out[key] = readStringList(answer);
    else {
      const parts = readStringEntries(answer);
      if (parts !== null) out[key] = parts;
    }
  }
  return out;
}

/**
 * The client rule of spec 000 §5: the ids of the required fields left empty (a multi-part field is
 * empty only when every part is). Likert fields are never required, so they never appear here.
 */
export function missingRequiredFields(schema: Pick<FormSchema, 'fields'>, values: FormValues): string[] {
  return schema.fields.filter((f) => f.required && isRequiredEmpty(f.type, values[f.id])).map((f) => f.id);
}
