/**
 * Untrusted input (attributes, JSON, API responses) is parsed once at the edge into a Result;
 * code past the edge never reads raw strings.
 */
export type Result<T, E = readonly string[]> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly issues: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });
export const fail = <E = readonly string[]>(issues: E): { readonly ok: false; readonly issues: E } => ({
  ok: false,
  issues,
});

// ---------------------------------------------------------------------------------------------
// JSON readers: the one set every parser of untrusted input uses. Each reads one value and gives
// null (or an empty value) for anything else; none throws.

/** A decoded JSON object, read and never written. */
export type JsonRecord = Readonly<Record<string, unknown>>;

/** A plain object: not null, not an array. */
export const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A whole number, or a string of digits ("1") the way attribute-fed data often carries one; else null. */
export const readInteger = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return Number.isSafeInteger(n) ? n : null;
};

/** A boolean, or the strings "true" / "false" the way attribute-fed data often carries one; else null. */
export const readBoolean = (value: unknown): boolean | null => {
  if (typeof value === 'boolean') return value;
  return value === 'true' ? true : value === 'false' ? false : null;
};

/**
 * An id: a string, trimmed and not empty, or a safe integer as its decimal text (ids arrive as
 * either).
 */
export const readId = (value: unknown): string | null =>
  typeof value === 'string'
    ? value.trim() || null
    : typeof value === 'number' && Number.isSafeInteger(value)
      ? String(value)
      : null;

/** The string entries of an object, the others dropped; not an object gives null. */
export const readStringEntries = (value: unknown): Record<string, string> | null => {
  if (!isRecord(value)) return null;
  const out: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) if (typeof entry === 'string') out[key] = entry;
  return out;
};

const EMPTY_RECORD: JsonRecord = Object.freeze({});

/** The object, or an empty one: for reading optional nested objects key by key. */
export const asRecord = (value: unknown): JsonRecord => (isRecord(value) ? value : EMPTY_RECORD);

/** The list, or an empty one. */
export const asArray = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

/** A string, else null. */
export const readString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A non-empty string, else null: an empty text usually means "not given". */
export const readText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** The strings of a list, anything else in it dropped; not a list gives an empty one. */
export const readStringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

/** An object of strings to strings, or null when it is not an object or holds anything else. */
export const readStringMap = (value: unknown): Record<string, string> | null => {
  if (!isRecord(value)) return null;
  const out: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') return null;
    out[key] = entry;
  }
  return out;
};

// ---------------------------------------------------------------------------------------------
// Schemas: a parser that leaves out what it cannot use, one note per field, describes each object
// as a schema keyed by the fields of its result and reads it here, so every such parser words its
// notes the same way and its result type follows from the schema.

/**
 * Receives one note: `note(label, expected)` for "<label> is not <expected>", worded by the
 * parser, or `note(text)` for a complete text.
 */
export type Note = (label: string, expected?: string) => void;

/**
 * Reads one present value: the value, null to refuse it (the field's note follows), or undefined
 * to leave it out quietly. A reader of nested values notes its own entries under `label`.
 */
export type Reader<T> = (value: unknown, label: string, note: Note) => T | null | undefined;

/** How one field of a result is read. */
export interface Field<T> {
  /** Reads the present input value. */
  readonly read: Reader<T>;
  /** What a refused value is said not to be ("is not <expected>"); none: refused quietly. */
  readonly expected?: string;
  /** The value when absent or refused; none: the field is left out. */
  readonly fallback?: T;
  /**
   * An absent value is refused too (noted like a refused one). The result then holds the field
   * whenever no note was made, and its type says so.
   */
  readonly required?: true;
  /** The input key, when it is not the result's. @default the result's key */
  readonly from?: string;
}

/** An object's fields, keyed by the result's keys, read in this order. */
export type Schema = Readonly<Record<string, Field<unknown>>>;

type ReadValue<F> = F extends { readonly read: (...args: never[]) => infer R }
  ? Exclude<R, null | undefined>
  : never;
type FieldValue<F> = ReadValue<F> | (F extends { readonly fallback: infer D } ? D : never);
type HasFallback<F> = F extends { readonly fallback: unknown } | { readonly required: true } ? true : false;

/**
 * What reading by `S` gives: a field with a fallback is always there, a required one whenever
 * nothing was noted, the others may be absent.
 */
export type Parsed<S extends Schema> = {
  [K in keyof S as HasFallback<S[K]> extends true ? K : never]: FieldValue<S[K]>;
} & {
  [K in keyof S as HasFallback<S[K]> extends true ? never : K]?: FieldValue<S[K]>;
};

/**
 * Declares a schema: the result type is inferred from its readers and fallbacks (literal
 * fallbacks keep their literal types), and each reader's parameters are typed.
 */
export const schema = <const S extends Schema>(fields: S): S => fields;

/** A Note that words each note "<label> is not <expected>" into `list`. */
export const notesInto =
  (list: string[]): Note =>
  (label, expected) => {
    list.push(expected === undefined ? label : `${label} is not ${expected}`);
  };

const ignore: Note = () => undefined;

/**
 * Reads the fields of `raw` in schema order: an absent value (undefined or null) takes the
 * fallback (a required one is noted), a refused one the fallback and a note labelled
 * `<where><input key>`. Without `note` the notes are discarded.
 */
export function readObject<S extends Schema>(
  raw: JsonRecord,
  fields: S,
  where: string,
  note: Note = ignore,
): Parsed<S> {
  const out: Record<string, unknown> = {};
  for (const [key, { read, expected, fallback, required, from = key }] of Object.entries(fields)) {
    let value = fallback;
    if (raw[from] != null) {
      const got = read(raw[from], where + from, note);
      if (got !== null) value = got;
      else if (expected || required) note(where + from, expected);
    } else if (required) {
      note(where + from, expected);
    }
    if (value !== undefined) out[key] = value;
  }
  return out as Parsed<S>;
}

/** What reading nothing by `S` gives: every fallback. */
export const defaultsOf = <S extends Schema>(fields: S): Parsed<S> => readObject({}, fields, '');

/** A reader of a nested object by its own schema, its fields' notes labelled under the field's. */
export const objectOf =
  <S extends Schema>(fields: S): Reader<Parsed<S>> =>
  (value, label, note) =>
    isRecord(value) ? readObject(value, fields, `${label}.`, note) : null;
