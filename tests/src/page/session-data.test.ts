import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSessionData, writeSessionData } from '../../../src/page/session-data.js';

const HOUR = 60 * 60 * 1000;
const KEY = 'sf-test-data';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-12-07T12:00:00Z'));
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('session data in local storage with an expiry (spec 001 §4, §9)', () => {
  it('reads what it stored until its expiry', () => {
    expect(writeSessionData(localStorage, KEY, { cart: 'c1' }, 2 * HOUR)).toBe(true);
    vi.advanceTimersByTime(2 * HOUR - 1);
    expect(readSessionData(localStorage, KEY)).toEqual({ cart: 'c1' });
  });

  it('ignores and removes data once its expiry has passed', () => {
    writeSessionData(localStorage, KEY, 'id-1', 2 * HOUR);
    vi.advanceTimersByTime(2 * HOUR);
    expect(readSessionData(localStorage, KEY)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('keeps data without an expiry', () => {
    writeSessionData(localStorage, KEY, true);
    expect(JSON.parse(localStorage.getItem(KEY) ?? '')).toEqual({ value: true });
    vi.advanceTimersByTime(10_000 * HOUR);
    expect(readSessionData(localStorage, KEY)).toBe(true);
  });

  it('stores the expiry as a time, so a later page still knows it', () => {
    writeSessionData(localStorage, KEY, 'id-1', HOUR);
    expect(JSON.parse(localStorage.getItem(KEY) ?? '')).toEqual({
      value: 'id-1',
      expires: Date.parse('2026-12-07T13:00:00Z'),
    });
  });

  it.each([
    ['text that is no JSON', 'not json'],
    ['JSON without a value', '{"id":"x"}'],
    ['an expiry that is no number', '{"value":"x","expires":"soon"}'],
  ])('removes %s under its key and reads none', (_what, raw) => {
    localStorage.setItem(KEY, raw);
    expect(readSessionData(localStorage, KEY)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('reads none and writes nothing without storage, and never throws when storage refuses', () => {
    expect(readSessionData(null, KEY)).toBeNull();
    expect(writeSessionData(null, KEY, 'x', HOUR)).toBe(false);
    const full = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    } as unknown as Storage;
    expect(readSessionData(full, KEY)).toBeNull();
    expect(writeSessionData(full, KEY, 'x', HOUR)).toBe(false);
  });
});
