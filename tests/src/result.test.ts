// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  asArray,
  asRecord,
  fail,
  isRecord,
  ok,
  readBoolean,
  readId,
  readInteger,
  readString,
  readStringEntries,
  readStringList,
  readStringMap,
  readText,
} from '../../src/result';

describe('Result', () => {
  it('carries a value or the issues', () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
    expect(fail(['no'])).toEqual({ ok: false, issues: ['no'] });
  });
});

describe('JSON readers', () => {
  it.each([
    [{}, true],
    [{ a: 1 }, true],
    [[], false],
    [null, false],
    ['x', false],
    [undefined, false],
  ])('isRecord(%j) is %s', (value, expected) => {
    expect(isRecord(value)).toBe(expected);
  });

  it('reads a missing object or list as an empty one', () => {
    expect(asRecord([1])).toEqual({});
    expect(asRecord({ a: 1 })).toEqual({ a: 1 });
    expect(asArray('x')).toEqual([]);
    expect(asArray([1, 'a'])).toEqual([1, 'a']);
  });

  it.each([
    ['text', 'text', 'text'],
    ['', '', null],
    [3, null, null],
    [null, null, null],
  ])('readString(%j) is %j and readText is %j', (value, string, text) => {
    expect(readString(value)).toBe(string);
    expect(readText(value)).toBe(text);
  });

  it.each([
    [7, 7],
    [' 12 ', 12],
    ['-3', -3],
    ['1.5', null],
    [1.5, null],
    ['1e3', null],
    [Number.MAX_SAFE_INTEGER + 1, null],
    [true, null],
  ])('readInteger(%j) is %j', (value, expected) => {
    expect(readInteger(value)).toBe(expected);
  });

  it.each([
    [true, true],
    [false, false],
    ['true', true],
    ['false', false],
    ['yes', null],
    [1, null],
  ])('readBoolean(%j) is %j', (value, expected) => {
    expect(readBoolean(value)).toBe(expected);
  });

  it.each([
    ['a1', 'a1'],
    [42, '42'],
    ['', null],
    [1.5, null],
    [null, null],
  ])('readId(%j) is %j', (value, expected) => {
    expect(readId(value)).toBe(expected);
  });

  it('keeps the strings of a list', () => {
    expect(readStringList(['a', 1, null, 'b'])).toEqual(['a', 'b']);
    expect(readStringList('a')).toEqual([]);
  });

  it.each([
    [
      { a: 'x', b: 'y' },
      { a: 'x', b: 'y' },
      { a: 'x', b: 'y' },
    ],
    [{ a: 'x', b: 2 }, null, { a: 'x' }],
    [['x'], null, null],
    ['x', null, null],
  ])('%j as a string map is %j, its string entries %j', (value, map, entries) => {
    expect(readStringMap(value)).toEqual(map);
    expect(readStringEntries(value)).toEqual(entries);
  });
});
