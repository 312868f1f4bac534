import { describe, expect, it } from 'vitest';
import {
  isEmptyValue,
  missingRequiredFields,
  parseFormSchema,
  parseFormValues,
} from '../../../../src/react/ui/form-schema.js';

const raw = {
  id: 'f1',
  name: 'Engraving',
  fields: [
    { id: 'msg', type: 'text', title: 'Message', required: true, maxLength: 20 },
    { id: 'sec', type: 'section', title: 'About you' },
    { id: 'who', type: 'name', title: 'Name', required: true },
    { id: 'size', type: 'select', title: 'Size', options: ['S', { value: 'M' }, { label: 'L' }, 7, null] },
    { id: 'mood', type: 'likert', title: 'Mood', required: true, options: ['I like it'] },
    { id: 'secret', type: 'hidden', title: 'Hidden' },
    { type: 'text', title: 'no id' },
  ],
};

describe('parseFormSchema', () => {
  it('keeps the supported fields and ignores sections, hidden and broken fields', () => {
    const r = parseFormSchema(raw);
    expect(r.ok && r.value.fields.map((f) => `${f.id}:${f.type}`)).toEqual([
      'msg:text',
      'who:name',
      'size:select',
      'mood:likert',
    ]);
  });

  it('reads options given as strings, numbers and objects', () => {
    const r = parseFormSchema(raw);
    const size = r.ok ? r.value.fields.find((f) => f.id === 'size') : undefined;
    expect(size && 'options' in size ? size.options : null).toEqual(['S', 'M', 'L', '7']);
  });

  it('never makes a likert field required', () => {
    const r = parseFormSchema(raw);
    expect(r.ok && r.value.fields.find((f) => f.id === 'mood')?.required).toBe(false);
  });

  it('finds the fields under a form wrapper', () => {
    const r = parseFormSchema({ form: raw });
    expect(r.ok && r.value.name).toBe('Engraving');
  });

  it.each([[null], ['x'], [[]], [{ fields: 'nope' }]])('rejects %j', (input) => {
    expect(parseFormSchema(input).ok).toBe(false);
  });
});

describe('required rule', () => {
  const schema = parseFormSchema(raw);
  it.each([
    [{}, ['msg', 'who']],
    [{ msg: '  ', who: { first: '', last: '' } }, ['msg', 'who']],
    [{ msg: 'Hi', who: { first: 'Ann' } }, []],
  ])('with %j the empty required fields are %j', (values, expected) => {
    expect(schema.ok && missingRequiredFields(schema.value, values)).toEqual(expected);
  });

  it.each([
    [undefined, true],
    ['', true],
    ['x', false],
    [[], true],
    [['a'], false],
    [{ a: '' }, true],
    [{ a: 'b' }, false],
  ])('%j is empty: %s', (value, expected) => {
    expect(isEmptyValue(value)).toBe(expected);
  });
});

describe('parseFormValues', () => {
  it.each([
    ['{"a":"1","b":["x",2],"c":{"first":"A","n":3}}', { a: '1', b: ['x'], c: { first: 'A' } }],
    ['not json', {}],
    [null, {}],
    [{ a: 5 }, {}],
  ])('reads %j', (input, expected) => {
    expect(parseFormValues(input)).toEqual(expected);
  });
});
