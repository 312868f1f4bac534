/**
 * The field readers the product item and its companions share (./product.ts,
 * ./merchandising.ts), with the notes they leave for a value they cannot use.
 */
import { isRecord as isObject, readBoolean, readId, readInteger, type Note, type Reader } from '../result.js';

// The readers of the commerce schemas (src/result.ts `readObject`): each gives the value, null to
// refuse it with the field's note, or undefined to leave it out quietly.

export const A_STRING = 'a string';
export const A_BOOLEAN = 'a boolean';
export const A_WHOLE_NUMBER = 'a whole number';
export const AN_OBJECT = 'an object';
export const A_LIST = 'a list';
export const A_MONEY_VALUE = 'a money value';
/** The default of a field holding string entries or a list: shared, so frozen. */
export const NONE: Readonly<Record<string, string>> = Object.freeze({});
export const EMPTY: readonly never[] = Object.freeze([]);

export const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
/** A string; anything else is left out without a note. */
export const quietText = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const id = readId;
export const flag = readBoolean;
/** Oversold stock can come back negative; for display it is simply none. */
export const stock = (v: unknown): number | null => {
  const n = readInteger(v);
  return n === null ? null : Math.max(0, n);
};
/** The string entries of an object (numbers as their text); the others are noted and left out. */
export const stringEntries: Reader<Record<string, string>> = (v, label, note) => {
  if (!isObject(v)) return null;
  const out: Record<string, string> = {};
  for (const [k, s] of Object.entries(v)) {
    if (typeof s === 'string') out[k] = s;
    else if (typeof s === 'number' && Number.isFinite(s)) out[k] = String(s);
    else note(`${label}.${k}`, A_STRING);
  }
  return out;
};
/** A list read entry by entry: `entry` gives the value, or undefined (having noted why) to skip it. */
export const listOf =
  <T>(entry: (v: unknown, label: string, note: Note, index: number) => T | undefined): Reader<T[]> =>
  (v, label, note) =>
    Array.isArray(v)
      ? v.flatMap((e, i) => {
          const read = entry(e, label, note, i);
          return read === undefined ? [] : [read];
        })
      : null;
