import { describe, expect, it } from 'vitest';
import { missingRequiredFields, parseFormSchema, parseFormValues } from '../../../src/api/form-schema.js';

const field = (overrides: Record<string, unknown>) => ({ id: 'f', type: 'text', title: 'F', ...overrides });

describe('form schema parsing', () => {
  it.each<[string, unknown, number | null]>([
    ['a positive number', 30, 30],
    ['a numeric string', '12', 12],
    ['zero', 0, null],
    ['a non-numeric string', 'lots', null],
    ['a fraction', 2.5, null],
    ['a negative number', -4, null],
    ['null', null, null],
  ])(
    'reads a max length of %s as %s (spec 000 §2: non-numeric or 0 is ignored)',
    (_name, maxLength, expected) => {
      const result = parseFormSchema({ id: 'form', fields: [field({ maxLength })] });
      expect(result.ok && result.value.fields[0]?.maxLength).toBe(expected);
    },
  );

  it.each<[string, unknown]>([
    ['not an object', 'form'],
    ['null', null],
    ['a list', []],
    ['no id', { fields: [] }],
    ['fields that are not a list', { id: 'form', fields: {} }],
    ['fields that are text', { id: 'form', fields: 'nope' }],
  ])('refuses a schema with %s', (_name, body) => {
    expect(parseFormSchema(body).ok).toBe(false);
  });

  it('fills defaults for what the server left out', () => {
    const result = parseFormSchema({ id: 'form', fields: [field({})] });
    expect(result).toEqual({
      ok: true,
      value: {
        id: 'form',
        name: '',
        kind: 'site',
        isNewsletter: false,
        fields: [
          {
            id: 'f',
            type: 'text',
            title: 'F',
            description: null,
            required: false,
            placeholder: null,
            maxLength: null,
            options: [],
            statements: [],
          },
        ],
        submissionMessage: null,
        disclaimer: null,
        successRedirect: null,
        captchaSettings: { enabled: false, siteKey: null },
      },
    });
  });

  it.each<[string, Record<string, unknown>, string | undefined]>([
    ['postSubmitContent', { postSubmitContent: 'See you soon' }, 'See you soon'],
    ["the platform's postSubmitHtml", { postSubmitHtml: '<p>See you</p>' }, '<p>See you</p>'],
    ['a blank one', { postSubmitContent: '  ' }, undefined],
    ['one that is not text', { postSubmitContent: { html: 'x' } }, undefined],
  ])('keeps post-submit content from %s, for the page to show as text', (_name, extra, expected) => {
    const result = parseFormSchema({ id: 'form', fields: [], ...extra });
    expect(result.ok ? result.value.postSubmitContent : 'not parsed').toBe(expected);
    expect(result.ok && 'postSubmitContent' in result.value).toBe(expected !== undefined);
  });
});

// The same schema feeds the additional-fields form, the site form and the reference server.
const raw = {
  id: 'f1',
  name: 'Engraving',
  fields: [
    { id: 'msg', type: 'text', title: 'Message', required: true, maxLength: 20 },
    { id: 'sec', type: 'section', title: 'About you', required: true },
    { id: 'who', type: 'name', title: 'Name', required: true },
    {
      id: 'size',
      type: 'select',
      title: 'Size',
      options: ['S', { value: 'M' }, { label: 'L' }, 7, null, ''],
    },
    { id: 'mood', type: 'likert', title: 'Mood', required: true, options: ['I like it'] },
    { id: 'secret', type: 'hidden', title: 'Hidden', required: true },
    { id: 'odd', type: 'hologram', title: 'Not a field type' },
    { id: 'up', type: 'TEXTAREA', label: 'Notes' },
    { type: 'text', title: 'no id' },
    { id: 'x' },
    'not a field',
  ],
};

describe('fields of a schema', () => {
  it('keeps every usable field, sections and hidden fields included, and drops the rest', () => {
    const r = parseFormSchema(raw);
    expect(r.ok && r.value.fields.map((f) => `${f.id}:${f.type}`)).toEqual([
      'msg:text',
      'sec:section',
      'who:name',
      'size:select',
      'mood:likert',
      'secret:hidden',
      'up:textarea',
    ]);
  });

  it('reads options given as text, numbers and objects, leaving blanks out', () => {
    const r = parseFormSchema(raw);
    expect(r.ok && r.value.fields.find((f) => f.id === 'size')?.options).toEqual(['S', 'M', 'L', '7']);
  });

  it('reads likert statements from the options when the schema has no statements', () => {
    const r = parseFormSchema(raw);
    expect(r.ok && r.value.fields.find((f) => f.id === 'mood')?.statements).toEqual(['I like it']);
  });

  it.each(['mood', 'sec', 'secret'])('never makes the %s field required', (id) => {
    const r = parseFormSchema(raw);
    expect(r.ok && r.value.fields.find((f) => f.id === id)?.required).toBe(false);
  });

  it('labels a field by its title, else its label, else its id', () => {
    const r = parseFormSchema({
      id: 'f',
      fields: [
        { id: 'a', type: 'text' },
        { id: 'b', type: 'text', label: 'B' },
      ],
    });
    expect(r.ok && r.value.fields.map((f) => f.title)).toEqual(['a', 'B']);
  });

  it('finds the fields under a form wrapper', () => {
    const r = parseFormSchema({ form: raw });
    expect(r.ok && r.value.name).toBe('Engraving');
  });

  it('reads a schema it has already read to the same schema', () => {
    const once = parseFormSchema(raw);
    expect(once.ok && parseFormSchema(once.value)).toEqual(once);
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

describe('a form schema success redirect (src/urls.ts siteOrWebUrl)', () => {
  const schemaWith = (successRedirect: unknown) =>
    parseFormSchema({ id: 'f1', name: 'F', fields: [field({})], successRedirect });
  it.each<[unknown, string | null]>([
    ['/thanks', '/thanks'],
    ['https://shop.example.org/thanks', 'https://shop.example.org/thanks'],
    ['/\\elsewhere.example', null],
    ['/\t/elsewhere.example', null],
    ['//elsewhere.example/', null],
    [['javascript', 'alert(1)'].join(':'), null],
  ])('%j is kept as %j', (value, expected) => {
    const parsed = schemaWith(value);
    expect(parsed.ok && parsed.value.successRedirect).toBe(expected);
  });
});
