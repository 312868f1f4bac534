// @vitest-environment node
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  fail,
  isRecord,
  ok,
  readBoolean,
  defaultsOf,
  notesInto,
  objectOf,
  readObject,
  schema,
  readId,
  readInteger,
  readStringEntries,
  asArray,
  asRecord,
  readString,
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
    [' a1 ', 'a1'],
    [42, '42'],
    ['', null],
    ['  ', null],
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

describe('readObject', () => {
  const THING = schema({
    name: { read: (v) => (typeof v === 'string' ? v : null), expected: 'a string', fallback: 'anonymous' },
    size: { read: readInteger, expected: 'a whole number' },
    hint: { read: (v) => (typeof v === 'string' ? v : undefined) },
    enabled: { from: 'on', read: readBoolean, expected: 'a boolean', fallback: false },
    tags: {
      read: (v, label, note) => {
        if (!Array.isArray(v)) return null;
        const tags: string[] = [];
        v.forEach((tag, i) =>
          typeof tag === 'string' ? tags.push(tag) : note(`${label}[${i}]`, 'a string'),
        );
        return tags;
      },
      expected: 'a list',
      fallback: [],
    },
  });
  const read = (raw: Record<string, unknown>) => {
    const notes: string[] = [];
    const value = readObject(raw, THING, 'thing.', (label, expected) => {
      notes.push(expected === undefined ? label : `${label} is not ${expected}`);
    });
    return { value, notes };
  };

  it('gives a result typed by the schema: fields with a fallback always there', () => {
    const { value } = read({});
    expectTypeOf(value.name).toEqualTypeOf<string>();
    expectTypeOf(value.enabled).toEqualTypeOf<boolean>();
    expectTypeOf(value.tags).toExtend<readonly string[]>();
    expectTypeOf(value.size).toEqualTypeOf<number | undefined>();
    expectTypeOf(value.hint).toEqualTypeOf<string | undefined>();
  });

  it('gives the fallbacks for absent and null values, leaving out fields without one', () => {
    expect(read({ size: null })).toEqual({
      value: { name: 'anonymous', enabled: false, tags: [] },
      notes: [],
    });
    expect(defaultsOf(THING)).toEqual({ name: 'anonymous', enabled: false, tags: [] });
  });

  it('reads every field from its input key into its result key, in schema order', () => {
    const { value } = read({ on: 'true', hint: 'h', size: '3', name: 'mug', tags: ['a'] });
    expect(value).toEqual({ name: 'mug', size: 3, hint: 'h', enabled: true, tags: ['a'] });
    expect(Object.keys(value)).toEqual(['name', 'size', 'hint', 'enabled', 'tags']);
  });

  it('notes each refused value once, labelled by where and input key, and keeps its fallback', () => {
    expect(read({ name: 5, size: 1.5, on: 'maybe', tags: 'a' })).toEqual({
      value: { name: 'anonymous', enabled: false, tags: [] },
      notes: [
        'thing.name is not a string',
        'thing.size is not a whole number',
        'thing.on is not a boolean',
        'thing.tags is not a list',
      ],
    });
  });

  it('leaves out quietly what a reader gives undefined for', () => {
    expect(read({ hint: 3 }).notes).toEqual([]);
    expect(read({ hint: 3 }).value).not.toHaveProperty('hint');
  });

  it("lets a reader note its own entries under the field's label", () => {
    expect(read({ tags: ['a', 2] })).toEqual({
      value: { name: 'anonymous', enabled: false, tags: ['a'] },
      notes: ['thing.tags[1] is not a string'],
    });
  });

  it('notes a required field when it is absent, and types it as always there', () => {
    const notes: string[] = [];
    const ID = schema({ id: { read: (v) => (typeof v === 'string' ? v : null), required: true } });
    const value = readObject({}, ID, 'entry.', notesInto(notes));
    expectTypeOf(value.id).toEqualTypeOf<string>();
    expect(value).toEqual({});
    expect(readObject({ id: 3 }, ID, 'entry.', notesInto(notes))).toEqual({});
    expect(readObject({ id: 'e1' }, ID, 'entry.', notesInto(notes))).toEqual({ id: 'e1' });
    expect(notes).toEqual(['entry.id', 'entry.id']);
  });

  it('reads a nested object by its own schema, its notes under the field (objectOf)', () => {
    const notes: string[] = [];
    const ORDER = schema({ box: { read: objectOf(THING), expected: 'an object', fallback: 'none' } });
    const note = notesInto(notes);
    expect(readObject({ box: { size: 'x' } }, ORDER, 'order.', note)).toEqual({
      box: { name: 'anonymous', enabled: false, tags: [] },
    });
    expect(readObject({ box: [] }, ORDER, 'order.', note)).toEqual({ box: 'none' });
    expect(notes).toEqual(['order.box.size is not a whole number', 'order.box is not an object']);
  });
});
