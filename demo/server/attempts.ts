/**
 * In-memory throttles: attempts per key (a client IP) in fixed windows, and failures per key (an
 * account at an address) with growing delays. Both maps are bounded, so a flood of new keys costs
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
  /**
   * Takes back one attempt of `key` in its current window: one counted before it ran (so that
   * attempts in flight together cannot all pass the check) that turned out not to count.
   */
  undo(key: string): void;
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
    undo(key) {
      const w = current(key);
      if (w !== undefined && w.count > 0) w.count -= 1;
    },
  };
}

export interface FailureThrottleOptions {
  /** Failures allowed before any delay. */
  readonly freeFailures: number;
  /** The delay after the last free failure; each further failure doubles it. */
  readonly baseDelayMs: number;
  /** The longest delay. */
  readonly maxDelayMs: number;
  /** A key with no failure for this long is forgotten. */
  readonly forgetAfterMs: number;
  /** Keys remembered at most. */
  readonly maxKeys: number;
  readonly now?: (() => number) | undefined;
}

export interface FailureThrottle {
  /** Whether `key` may try now, or how long it must wait. */
  check(key: string): AttemptCheck;
  /** Counts one failure of `key`; past the free ones it must wait, twice as long each time. */
  fail(key: string): void;
  /** Forgets `key` (its owner has just proved who they are). */
  clear(key: string): void;
  /** Keys remembered now. */
  readonly size: number;
}

interface FailureEntry {
  failures: number;
  last: number;
  blockedUntil: number;
}

/**
 * Progressive delays per key (an account at an address): after `freeFailures` failures the key
 * waits `baseDelayMs`, then twice as long after each further failure, up to `maxDelayMs`. Nothing
 * is ever locked for good, and a key's delay is earned only by failures of that same key.
 *
 * The memory is bounded without letting a flood of failures on other keys wipe a key that has
 * earned a delay: when full, the entry with the fewest failures goes (the oldest of those). A
 * flood of new keys, one failure each, evicts only its own kind; to push out a key with F
 * failures, every other remembered key must first have F failures too.
 */
export function createFailureThrottle(options: FailureThrottleOptions): FailureThrottle {
  const now = options.now ?? Date.now;
  // Map order is the order of last failure: moved to the end on each failure.
  const entries = new Map<string, FailureEntry>();
  const live = (key: string): FailureEntry | undefined => {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    if (now() - entry.last >= options.forgetAfterMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const evictOne = (): void => {
    let victim: string | undefined;
    let fewest = Infinity;
    const t = now();
    for (const [key, entry] of entries) {
      if (t - entry.last >= options.forgetAfterMs) {
        victim = key;
        break;
      }
      if (entry.failures < fewest) {
        victim = key;
        fewest = entry.failures;
        // Nothing has fewer than one failure: the oldest of those is the one.
        if (fewest <= 1) break;
      }
    }
    if (victim !== undefined) entries.delete(victim);
  };
  const delayAfter = (failures: number): number =>
    failures < options.freeFailures
      ? 0
      : Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (failures - options.freeFailures));
  return {
    check(key) {
      const entry = live(key);
      const wait = entry === undefined ? 0 : entry.blockedUntil - now();
      return wait <= 0 ? { ok: true } : { ok: false, retryAfterS: Math.max(1, Math.ceil(wait / 1000)) };
    },
    fail(key) {
      const t = now();
      const entry = live(key);
      const failures = (entry?.failures ?? 0) + 1;
      entries.delete(key);
      if (entry === undefined && entries.size >= options.maxKeys) evictOne();
      entries.set(key, { failures, last: t, blockedUntil: t + delayAfter(failures) });
    },
    clear(key) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
