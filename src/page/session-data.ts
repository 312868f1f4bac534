/**
 * Session data (spec 001 §9: "kept in local storage with an optional expiry"; §4: local storage is
 * cleared once the expiry has passed). A value is JSON under its key, stored as
 * `{ "value": …, "expires": <ms since the epoch> }`, `expires` left out for data that does not
 * expire. A value read after its expiry, or one that does not read as session data, is removed and
 * reads as none. The analytics id and the recorded orders (./identity.ts) are kept this way.
 *
 * Nothing here throws: storage can be switched off, sandboxed or full. The storage is passed in
 * (null when the browser refuses it), so the same rule serves local storage and, under a
 * restrictive cookie policy, session storage.
 */
import { isRecord } from '../result.js';

/** `storage.getItem`, or null when there is no storage or it refuses. */
export const getItem = (storage: Storage | null, key: string): string | null => {
  try {
    return storage ? storage.getItem(key) : null;
  } catch {
    return null;
  }
};

/** `storage.setItem`; false when there is no storage or it refuses (full, blocked). */
export const setItem = (storage: Storage | null, key: string, value: string): boolean => {
  try {
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
};

/** `storage.removeItem`, quietly. */
export const removeItem = (storage: Storage | null, key: string): void => {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to clean when storage is gone.
  }
};

/**
 * The value stored under `key`, or null: nothing stored, or what is stored has expired or is not
 * session data, in which case it is removed.
 */
export function readSessionData(storage: Storage | null, key: string, now: number = Date.now()): unknown {
  const raw = getItem(storage, key);
  if (raw === null) return null;
  let stored: unknown = null;
  try {
    stored = JSON.parse(raw);
  } catch {
    // Someone else's value under our key: dropped below like an expired one.
  }
  if (isRecord(stored) && 'value' in stored) {
    const { value, expires } = stored;
    if (expires === undefined || (typeof expires === 'number' && expires > now)) return value;
  }
  removeItem(storage, key);
  return null;
}

/**
 * Stores `value` under `key`, to expire `lifetimeMs` from `now` (never, without one). False when
 * the storage refuses it (or the value is no JSON).
 */
export function writeSessionData(
  storage: Storage | null,
  key: string,
  value: unknown,
  lifetimeMs?: number,
  now: number = Date.now(),
): boolean {
  let json: string;
  try {
    json = JSON.stringify(lifetimeMs === undefined ? { value } : { value, expires: now + lifetimeMs });
  } catch {
    return false;
  }
  return setItem(storage, key, json);
}
