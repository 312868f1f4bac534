/**
 * More JSON readers of the one set (src/result.ts holds the rest and says the rule): these read
 * api responses, form schemas and session answers, so only code loaded after the start imports
 * them, from here; each chunk that does carries its own copy (COPIED_MODULES, vite.config.ts).
 */
import { isRecord, type JsonRecord } from './result.js';

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
