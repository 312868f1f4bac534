import { describe, expect, it } from 'vitest';
import { parseFormSchema, safeRedirectPath } from '../../../src/api/form-schema.js';

const field = (overrides: Record<string, unknown>) => ({ id: 'f', type: 'text', title: 'F', ...overrides });

describe('form schema parsing', () => {
  it.each<[string, unknown, string | null]>([
    ['a same-origin path', '/thanks', '/thanks'],
    ['a path with a query', '/thanks?from=form', '/thanks?from=form'],
    ['another origin', 'https://elsewhere.example/', null],
    ['a protocol-relative address', '//elsewhere.example/', null],
    ['a backslash trick', '/\\elsewhere.example', null],
    ['a tab a browser drops', '/\t/elsewhere.example', null],
    ['a newline a browser drops', '/\n/elsewhere.example', null],
    ['a carriage return a browser drops', '/\r/elsewhere.example', null],
    ['a backslash read as a slash later on', '/thanks\\..\\\\elsewhere.example', null],
    ['a script address', ['javascript', 'alert(1)'].join(':'), null],
    ['a relative path', 'thanks', null],
    ['a number', 42, null],
  ])('keeps a success redirect only when it is a same-origin path: %s', (_name, value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

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
    ['no id', { fields: [] }],
    ['fields that are not a list', { id: 'form', fields: {} }],
    ['a field without a type', { id: 'form', fields: [{ id: 'x' }] }],
    ['options that are not text', { id: 'form', fields: [field({ options: [1, 2] })] }],
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
});
