/**
 * Query strings of the page address, read with the platform's key limit (spec 000 §9, spec 001
 * §9: at most 1000 keys). `URLSearchParams` already decodes as browsers do; what it lacks is a
 * bound, so a hostile address with a million parameters costs no more than one with a thousand.
 */
import { PAGE_LIMITS } from './constants.js';

/**
 * The first {@link PAGE_LIMITS.queryKeys} parameters of `search` (with or without its `?`), as a
 * null-prototype map: a repeated key keeps its first value, and keys such as `__proto__` are
 * plain keys. Parameters past the limit are ignored, as the platform's parser ignores them.
 */
export function parseQuery(search: string, limit: number = PAGE_LIMITS.queryKeys): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  if (limit <= 0) return out;
  // Cut the raw text first: splitting a huge query only to drop most of it would be the cost
  // the limit is there to avoid.
  const raw = search.startsWith('?') ? search.slice(1) : search;
  let end = -1;
  for (let i = 0; i < limit; i += 1) {
    end = raw.indexOf('&', end + 1);
    if (end === -1) break;
  }
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(end === -1 ? raw : raw.slice(0, end));
  } catch {
    return out;
  }
  for (const [key, value] of params) {
    if (!(key in out)) out[key] = value;
  }
  return out;
}
