/**
 * The parsers of bodies with no shape of their own (a string, anything, nothing), apart from the
 * cart's and the forms' in ./parse.ts: the analytics calls every page sends use only these, so
 * they do not carry the cart's parsers with them.
 */
import { fail, ok, type Result } from '../result.js';

export type Parser<T> = (body: unknown) => Result<T>;

export const parseString: Parser<string> = (value) =>
  typeof value === 'string' && value !== '' ? ok(value) : fail(['expected a non-empty string']);

/** Accepts any body: for calls whose response the spec does not show. */
export const parseAnything: Parser<unknown> = (value) => ok(value);

export const parseNothing: Parser<null> = () => ok(null);
