import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/messages/index';
import {
  characterCount,
  characterCounter,
  exceedsMaxLength,
  formFieldError,
  isRequiredEmpty,
  isValidEmail,
  parseMaxLength,
  restockEmailError,
} from '../../../src/commerce/validation';

describe('isValidEmail', () => {
  it.each([
    ['a@b.co', true],
    ['shopper@example.com', true],
    ['first.last+tag@mail.example.org', true],
    ['x@y.info', true],
    ['x@y.c0m', true],
    ['x@y.museum', false],
    ['x@y.c', false],
    ['x@y.c-m', false],
    ['plainaddress', false],
    ['@example.com', false],
    ['user@', false],
    ['user@example', false],
    ['user@@example.com', false],
    ['user name@example.com', false],
    ['user@exa mple.com', false],
    [' user@example.com', false],
    ['user@.com', false],
    ['', false],
    ['a@', false],
    [`${'a'.repeat(250)}@ex.com`, false],
    [`${'a'.repeat(249)}@ex.com`, true],
    [42, false],
    [null, false],
  ])('%j is valid: %s', (email, expected) => {
    expect(isValidEmail(email)).toBe(expected);
  });
});

describe('parseMaxLength', () => {
  it.each([
    [100, 100],
    ['100', 100],
    [' 12 ', 12],
    [0, null],
    ['0', null],
    ['abc', null],
    ['12px', null],
    [-5, null],
    ['-5', null],
    [12.5, null],
    ['12.5', null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [null, null],
    [undefined, null],
    ['', null],
  ])('%j gives %j', (raw, expected) => {
    expect(parseMaxLength(raw)).toBe(expected);
  });
});

describe('max length', () => {
  it.each([
    ['hello', 5, false],
    ['hello!', 5, true],
    ['', 1, false],
    ['anything', null, false],
    ['anything', undefined, false],
    ['😀😀😀', 3, false],
    ['😀😀😀😀', 3, true],
  ])('%j over %j: %s', (value, max, expected) => {
    expect(exceedsMaxLength(value, max)).toBe(expected);
  });

  it.each([
    ['', 140, { text: '0 / 140', over: false }],
    ['hello', 5, { text: '5 / 5', over: false }],
    ['hello!', 5, { text: '6 / 5', over: true }],
    ['hello', null, null],
    ['hello', 0, null],
  ])('the counter for %j with max %j is %j', (value, max, counter) => {
    expect(characterCounter(value, max)).toEqual(counter);
  });

  it('counts an emoji as one character', () => {
    expect(characterCount('a😀é')).toBe(3);
  });
});

describe('isRequiredEmpty', () => {
  it.each([
    ['text', '', true],
    ['text', '   ', true],
    ['text', 'hi', false],
    ['text', undefined, true],
    ['text', null, true],
    ['textarea', '\n', true],
    ['number', 0, false],
    ['email', 'a@b.co', false],
    ['likert', '', false],
    ['likert', undefined, false],
    ['likert', {}, false],
    ['section', '', false],
    ['name', { first: '', last: '' }, true],
    ['name', { first: 'Ana', last: '' }, false],
    ['address', { line1: ' ', city: '', zip: '' }, true],
    ['address', { line1: '1 Main St', city: '', zip: '' }, false],
    ['date', { day: '', month: '', year: '' }, true],
    ['date', { day: '1', month: '', year: '' }, false],
    ['time', { hour: '', minute: '', ampm: '' }, true],
    ['phone', { country: '', areaCode: '', number: '' }, true],
    ['phone', { country: '', areaCode: '', number: '5551234' }, false],
    ['phone', ['', ''], true],
    ['name', '', true],
    ['radio', '', true],
    ['radio', 'Yes', false],
    ['select', '', true],
    ['select', 'Blue', false],
    ['checkbox', [], true],
    ['checkbox', ['', ''], true],
    ['checkbox', ['Option A'], false],
    ['checkbox', false, true],
    ['checkbox', 'Option A', false],
  ])('%s with %j is empty: %s', (type, value, expected) => {
    expect(isRequiredEmpty(type, value)).toBe(expected);
  });
});

describe('restockEmailError', () => {
  it.each([
    ['', 'Email cannot be blank'],
    ['   ', 'Email cannot be blank'],
    ['nope', 'Email is invalid'],
    ['shopper@example', 'Email is invalid'],
    ['shopper@example.com', null],
    [' shopper@example.com ', null],
  ])('%j gives %j', (email, text) => {
    const key = restockEmailError(email);
    expect(key === null ? null : MESSAGES[key]).toBe(text);
  });
});

describe('formFieldError', () => {
  it.each([
    [{ type: 'text', value: '', required: true }, 'Required'],
    [{ type: 'text', value: '', required: false }, null],
    [{ type: 'email', value: '', required: false }, null],
    [
      { type: 'email', value: 'bad', required: false },
      'Email is not valid. Email addresses should follow the format {email}.',
    ],
    [{ type: 'email', value: 'ok@example.com' }, null],
    [{ type: 'textarea', value: 'abcdef', maxLength: 5 }, 'You have exceeded the character limit.'],
    [{ type: 'textarea', value: 'abcde', maxLength: 5 }, null],
    [{ type: 'textarea', value: '', maxLength: 5, required: false }, null],
    [{ type: 'likert', value: '', required: true }, null],
    [{ type: 'checkbox', value: [], required: true }, 'Required'],
    [{ type: 'name', value: { first: '', last: '' }, required: true }, 'Required'],
  ])('%j gives %j', (field, text) => {
    const key = formFieldError(field);
    expect(key === null ? null : MESSAGES[key]).toBe(text);
  });
});
