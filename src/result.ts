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
