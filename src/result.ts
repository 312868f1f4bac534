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

// The readers only the api responses, forms and the template read live in src/readers.ts, out of
// the page's start-up code; they are part of this one set all the same.

// ---------------------------------------------------------------------------------------------
// Field tables: a parser that leaves out what it cannot use, one note per field, describes each
// object as a table and reads it here, so every such parser words its notes the same way.

/**
 * Receives one note: `note(label, expected)` for "<label> is not <expected>", worded by the
 * parser, or `note(text)` for a complete text.
 */
export type Note = (label: string, expected?: string) => void;

/**
 * Reads one present value: the value, null to refuse it (the field's note follows), or undefined
 * to leave it out quietly. A reader of nested values notes its own entries under `label`.
 */
export type FieldReader = (value: unknown, label: string, note: Note) => unknown;

/**
 * One field: its key, its reader, what a refused value is said not to be (none: refused quietly),
 * the value when absent or refused (none: left out), and the key in the result when it differs.
 */
export type Field = readonly [
  key: string,
  read: FieldReader,
  expected?: string | undefined,
  fallback?: unknown,
  as?: string,
];

/** A Note that words each note "<label> is not <expected>" into `list`. */
export const notesInto =
  (list: string[]): Note =>
  (label, expected) => {
    list.push(expected === undefined ? label : `${label} is not ${expected}`);
  };

/** Reads a nested object by its own table, its fields' notes labelled under the field's. */
export const fieldsOf =
  (fields: readonly Field[]): FieldReader =>
  (value, label, note) =>
    isRecord(value) ? readFields(value, fields, `${label}.`, note) : null;

/**
 * Reads the fields of `raw` in table order into `out`: an absent value (undefined or null) takes
 * the fallback, a refused one the fallback and a note labelled `<where><key>`. Without `note` (as
 * for the defaults, `readFields({}, fields, '')`) the notes are discarded.
 */
export function readFields(
  raw: JsonRecord,
  fields: readonly Field[],
  where: string,
  note: Note = () => undefined,
  out: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const [key, read, expected, fallback, as = key] of fields) {
    let value = fallback;
    if (raw[key] != null) {
      const got = read(raw[key], where + key, note);
      if (got !== null) value = got;
      else if (expected) note(where + key, expected);
    }
    if (value !== undefined) out[as] = value;
  }
  return out;
}
