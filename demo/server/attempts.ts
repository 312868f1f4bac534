/**
 * Counting attempts per key (a client IP, an account) in fixed windows, in memory. The map is
 * bounded: past `maxKeys` the oldest windows are forgotten first, so a flood of new keys costs
 * memory it gives back.
 */
import type { RateLimitSetting } from './limits';

export type AttemptCheck = { readonly ok: true } | { readonly ok: false; readonly retryAfterS: number };

export interface AttemptCounter {
  /** Whether `key` may try now (does not count). */
  check(key: string): AttemptCheck;
  /** Counts one attempt of `key`. */
  add(key: string): void;
  /** Forgets `key` (a successful login clears the account's failures). */
  clear(key: string): void;
}

export function createAttemptCounter(
  limit: RateLimitSetting,
  maxKeys = 10_000,
  now: () => number = Date.now,
): AttemptCounter {
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string) => {
    const w = windows.get(key);
    if (w === undefined || now() - w.start >= limit.timeWindowMs) return undefined;
    return w;
  };
  return {
    check(key) {
      const w = current(key);
      if (w === undefined || w.count < limit.max) return { ok: true };
      return {
        ok: false,
        retryAfterS: Math.max(1, Math.ceil((w.start + limit.timeWindowMs - now()) / 1000)),
      };
    },
    add(key) {
      const w = current(key);
      if (w !== undefined) {
        w.count += 1;
        return;
      }
      windows.delete(key);
      windows.set(key, { start: now(), count: 1 });
      // Insertion order is age order: the first key is the oldest window.
      while (windows.size > maxKeys) {
        const oldest = windows.keys().next().value;
        if (oldest === undefined) break;
        windows.delete(oldest);
      }
    },
    clear(key) {
      windows.delete(key);
    },
  };
}
