/**
 * The form schema of GET /api/template/GetTemplateSchema (docs/http-api.md), parsed at the edge:
 * site forms and additional-fields forms render from this shape only.
 */
import { fail, isRecord, ok, type Result } from '../result.js';

export interface FormSchemaField {
  readonly id: string;
  /** text, textarea, email, name, date, time, address, phone, radio, select, checkbox, likert, ... */
  readonly type: string;
  readonly title: string;
  readonly description: string | null;
  readonly required: boolean;
  readonly placeholder: string | null;
  /** A positive limit, or null: a non-numeric or 0 limit means none (spec 000 §2). */
  readonly maxLength: number | null;
  readonly options: readonly string[];
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
  /** A same-origin path; anything else (other origins, `javascript:`) is dropped. */
  readonly successRedirect: string | null;
  readonly captchaSettings: { readonly enabled: boolean; readonly siteKey: string | null };
}

const optionalText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

const textList = (value: unknown): string[] | null => {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return null;
  const out: string[] = [];
  for (const entry of value) {
    if (typeof entry === 'string') out.push(entry);
    // Options sometimes come as { value } objects.
    else if (isRecord(entry) && typeof entry['value'] === 'string') out.push(entry['value']);
    else return null;
  }
  return out;
};

const maxLengthOf = (value: unknown): number | null => {
  const limit = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof limit === 'number' && Number.isSafeInteger(limit) && limit > 0 ? limit : null;
};

const unsafeInPath = (c: string): boolean => c <= '\u001f' || c === '\u007f' || c === '\\';

/**
 * Only same-origin paths: a redirect target is data, never a way to leave the site or run script.
 * Browsers drop tabs and newlines from a URL and read a backslash as a slash, so `/\t/evil.example`
 * and `/\\evil.example` both mean `//evil.example`, another host: any control character or
 * backslash refuses the path.
 */
export const safeRedirectPath = (value: unknown): string | null =>
  typeof value === 'string' && /^\/(?!\/)/.test(value) && !Array.from(value).some(unsafeInPath)
    ? value
    : null;

const idOf = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

export const parseFormSchema = (body: unknown): Result<FormSchema> => {
  if (!isRecord(body)) return fail(['schema is not an object']);
  const id = idOf(body['id']);
  if (id === null) return fail(['schema.id']);
  if (!Array.isArray(body['fields'])) return fail(['schema.fields']);
  const fields: FormSchemaField[] = [];
  for (const raw of body['fields'] as unknown[]) {
    if (!isRecord(raw)) return fail(['field is not an object']);
    const fieldId = idOf(raw['id']);
    const options = textList(raw['options']);
    const statements = textList(raw['statements']);
    if (fieldId === null || typeof raw['type'] !== 'string' || options === null || statements === null) {
      return fail([`field ${String(fieldId)}`]);
    }
    fields.push({
      id: fieldId,
      type: raw['type'],
      title: typeof raw['title'] === 'string' ? raw['title'] : '',
      description: optionalText(raw['description']),
      required: raw['required'] === true,
      placeholder: optionalText(raw['placeholder']),
      maxLength: maxLengthOf(raw['maxLength']),
      options,
      statements,
    });
  }
  const captcha = isRecord(body['captchaSettings']) ? body['captchaSettings'] : {};
  return ok({
    id,
    name: typeof body['name'] === 'string' ? body['name'] : '',
    kind: body['kind'] === 'additional-fields' ? 'additional-fields' : 'site',
    isNewsletter: body['isNewsletter'] === true,
    fields,
    submissionMessage: optionalText(body['submissionMessage']),
    disclaimer: optionalText(body['disclaimer']),
    successRedirect: safeRedirectPath(body['successRedirect']),
    captchaSettings: { enabled: captcha['enabled'] === true, siteKey: optionalText(captcha['siteKey']) },
  });
};
