/**
 * The additional-fields form (spec 000 §3): parsed once from untrusted JSON (a product item's
 * `additionalFieldsForm`, or the form-schema response) into a typed schema, plus the client-side
 * "Required" rule. Framework-free so the cart page, the product form and tests share it.
 */
import { SINGLE_VALUE_FIELD_TYPES } from '../../constants.js';
import { fail, ok, type Result } from '../../result.js';

/** Fields made of several inputs; each part is a key of the field's value object. */
export const MULTI_PART_FIELDS = {
  date: ['month', 'day', 'year'],
  name: ['first', 'last'],
  time: ['hour', 'minute', 'ampm'],
  address: ['line1', 'line2', 'city', 'state', 'zip', 'country'],
  phone: ['country', 'areaCode', 'prefix', 'line'],
} as const;
export type MultiPartType = keyof typeof MULTI_PART_FIELDS;
export type FieldPart = (typeof MULTI_PART_FIELDS)[MultiPartType][number];

/** Single-value field types rendered as one input (spec 001 §3 form field types). */
export const SINGLE_VALUE_TYPES = SINGLE_VALUE_FIELD_TYPES;
export type SingleValueType = (typeof SINGLE_VALUE_TYPES)[number];

export type ChoiceType = 'radio' | 'checkbox' | 'select';

interface FieldBase {
  readonly id: string;
  readonly title: string;
  readonly description: string | null;
  readonly required: boolean;
}
export interface SingleValueField extends FieldBase {
  readonly type: SingleValueType;
  readonly maxLength: number | null;
}
export interface MultiPartField extends FieldBase {
  readonly type: MultiPartType;
}
export interface ChoiceField extends FieldBase {
  readonly type: ChoiceType;
  readonly options: readonly string[];
}
export interface LikertField extends FieldBase {
  readonly type: 'likert';
  /** The statements, each answered on the five-point scale. */
  readonly statements: readonly string[];
}
export type FormField = SingleValueField | MultiPartField | ChoiceField | LikertField;

export interface AdditionalFieldsSchema {
  readonly id: string;
  readonly name: string;
  readonly fields: readonly FormField[];
  readonly submissionMessage: string | null;
  readonly disclaimer: string | null;
}

/** Likert answers run from -2 to 2 (spec 001 §9). */
export const LIKERT_VALUES = ['-2', '-1', '0', '1', '2'] as const;
export type LikertValue = (typeof LIKERT_VALUES)[number];

export type FieldValue = string | readonly string[] | Readonly<Record<string, string>>;
/** Field id to value; this is what travels (as a JSON string) with the add-to-cart call. */
export type FormValues = Readonly<Record<string, FieldValue>>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const text = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;

/** Options arrive as plain strings or as `{ value }` / `{ label }` / `{ title }` objects. */
function parseOptions(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const out: string[] = [];
  for (const o of raw) {
    const s = isRecord(o) ? (text(o.value) ?? text(o.label) ?? text(o.title)) : text(o);
    if (s !== null && s !== '') out.push(s);
  }
  return out;
}

function parseField(raw: unknown): FormField | null {
  if (!isRecord(raw)) return null;
  const id = text(raw.id);
  const type = text(raw.type)?.toLowerCase();
  if (id === null || id === '' || type === undefined) return null;
  const base: FieldBase = {
    id,
    title: text(raw.title) ?? text(raw.label) ?? id,
    description: text(raw.description),
    required: raw.required === true,
  };
  if ((SINGLE_VALUE_TYPES as readonly string[]).includes(type)) {
    const max = Number(raw.maxLength);
    return {
      ...base,
      type: type as SingleValueType,
      maxLength: Number.isInteger(max) && max > 0 ? max : null,
    };
  }
  if (type in MULTI_PART_FIELDS) return { ...base, type: type as MultiPartType };
  if (type === 'radio' || type === 'checkbox' || type === 'select') {
    return { ...base, type, options: parseOptions(raw.options) };
  }
  if (type === 'likert') {
    // Likert is never required (spec 000 §5), whatever the schema says.
    return {
      ...base,
      type,
      required: false,
      statements: parseOptions(raw.statements ?? raw.options),
    };
  }
  // Sections, hidden fields and unknown types are ignored (spec 000 §3).
  return null;
}

/** Parses a form schema; the fields may sit at the top level or under `form`/`schema`. */
export function parseFormSchema(raw: unknown): Result<AdditionalFieldsSchema> {
  const root =
    isRecord(raw) && isRecord(raw.form) ? raw.form : isRecord(raw) && isRecord(raw.schema) ? raw.schema : raw;
  if (!isRecord(root)) return fail(['form schema is not an object']);
  if (!Array.isArray(root.fields)) return fail(['form schema has no fields list']);
  const id = text(root.id) ?? '';
  const fields: FormField[] = [];
  for (const f of root.fields) {
    const field = parseField(f);
    if (field) fields.push(field);
  }
  return ok({
    id,
    name: text(root.name) ?? text(root.title) ?? '',
    fields,
    submissionMessage: text(root.submissionMessage),
    disclaimer: text(root.disclaimer),
  });
}

/** Reads previously saved answers (a JSON string or an object) back into form values. */
export function parseFormValues(raw: unknown): FormValues {
  let v = raw;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return {};
    }
  }
  if (!isRecord(v)) return {};
  const out: Record<string, FieldValue> = {};
  for (const [k, val] of Object.entries(v)) {
    if (typeof val === 'string') out[k] = val;
    else if (Array.isArray(val)) out[k] = val.filter((x): x is string => typeof x === 'string');
    else if (isRecord(val)) {
      const parts: Record<string, string> = {};
      for (const [pk, pv] of Object.entries(val)) if (typeof pv === 'string') parts[pk] = pv;
      out[k] = parts;
    }
  }
  return out;
}

/** True when a value carries no answer at all (every part blank, nothing ticked). */
export function isEmptyValue(value: FieldValue | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return Object.values(value).every((p) => typeof p !== 'string' || p.trim() === '');
}

/**
 * The client rule of spec 000 §5: a required field that is empty is an error. Likert fields are
 * parsed as never required, so they never appear here.
 */
export function missingRequiredFields(schema: AdditionalFieldsSchema, values: FormValues): string[] {
  return schema.fields.filter((f) => f.required && isEmptyValue(values[f.id])).map((f) => f.id);
}
