/** Small readers for untrusted JSON nodes. */
import { isRecord as isObject } from '../../../result';

// The SDK's one JSON object test, under the name the content plugins use.
export { isObject };
export type { JsonRecord as JsonObject } from '../../../result';

/** Reads `node.a.b.c`; anything missing along the way gives undefined. */
export function path(node: unknown, ...keys: readonly string[]): unknown {
  let cur: unknown = node;
  for (const key of keys) {
    if (Array.isArray(cur)) {
      const index = Number(key);
      cur = Number.isInteger(index) ? cur[index] : undefined;
    } else if (isObject(cur)) {
      cur = Object.prototype.hasOwnProperty.call(cur, key) ? cur[key] : undefined;
    } else {
      return undefined;
    }
  }
  return cur;
}

/**
 * The template language's idea of truth: empty strings, zero, NaN, false, null, empty arrays and
 * empty objects are false.
 */
export function truthy(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.length > 0;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return false;
}

export { toNumber } from '../values';
