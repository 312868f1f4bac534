// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MemoCache } from '../../../src/template/cache';

describe('MemoCache', () => {
  it('answers what it was given', () => {
    const cache = new MemoCache<string, number>(3);
    cache.set('a', 1);
    cache.set('b', 2);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, 2, undefined]);
  });

  it('keeps as many entries as its limit', () => {
    const cache = new MemoCache<number, string>(3);
    for (const k of [1, 2, 3]) cache.set(k, `v${k}`);
    expect(cache.size).toBe(3);
    expect([1, 2, 3].map((k) => cache.get(k))).toEqual(['v1', 'v2', 'v3']);
  });

  it('is emptied when a new key comes with the cache full, and keeps that key', () => {
    const cache = new MemoCache<number, string>(3);
    for (const k of [1, 2, 3, 4]) cache.set(k, `v${k}`);
    expect(cache.size).toBe(1);
    expect([1, 2, 3, 4].map((k) => cache.get(k))).toEqual([undefined, undefined, undefined, 'v4']);
  });

  it('replaces the value of a key it holds without emptying, full or not', () => {
    const cache = new MemoCache<number, string>(2);
    cache.set(1, 'a');
    cache.set(2, 'b');
    cache.set(2, 'c');
    expect([cache.get(1), cache.get(2), cache.size]).toEqual(['a', 'c', 2]);
  });

  it('never holds more than its limit, whatever comes', () => {
    const cache = new MemoCache<number, number>(100);
    let most = 0;
    for (let k = 0; k < 10_000; k++) {
      cache.set(k % 337, k);
      most = Math.max(most, cache.size);
    }
    expect(most).toBe(100);
  });

  it('remember makes a missing value once and keeps it', () => {
    const cache = new MemoCache<string, string>(10);
    const made: string[] = [];
    const make = (key: string): string => {
      made.push(key);
      return key.toUpperCase();
    };
    expect([cache.remember('a', make), cache.remember('a', make), cache.remember('b', make)]).toEqual([
      'A',
      'A',
      'B',
    ]);
    expect(made).toEqual(['a', 'b']);
  });

  it('remember keeps null but never undefined', () => {
    const cache = new MemoCache<string, string | null | undefined>(10);
    let calls = 0;
    const none = (): undefined => {
      calls++;
      return undefined;
    };
    cache.remember('u', none);
    cache.remember('u', none);
    expect(calls).toBe(2);
    cache.remember('n', () => null);
    expect(cache.remember('n', () => 'other')).toBeNull();
  });
});
