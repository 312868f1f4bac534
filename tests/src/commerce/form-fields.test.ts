import { describe, expect, it } from 'vitest';
import { formAnswerLines, formAnswerText } from '../../../src/commerce/form-fields.js';
import { likertLabelText } from '../../../src/messages/fields.js';

describe('formAnswerText', () => {
  it.each([
    ['date', { month: '3', day: '14', year: '2026' }, '3/14/2026'],
    ['date', { Month: '3', Year: '2026' }, '3/2026'],
    ['name', { First: 'Ada', Last: 'Lovelace' }, 'Ada Lovelace'],
    ['phone', { areaCode: '555', prefix: '010', line: '1234' }, '555-010-1234'],
    ['phone', { Country: '1', Areacode: '555', Prefix: '010', Line: '1234' }, '+1 555-010-1234'],
    ['address', { line1: '1 Main St', city: 'Leeds', zip: 'LS1' }, '1 Main St, Leeds LS1'],
    ['time', { hour: '9', minute: '5', ampm: 'PM' }, '9:05:00 PM'],
    ['time', { Minute: 7 }, '00:07:00'],
    ['checkbox', ['Gift box', '', 'Ribbon'], 'Gift box, Ribbon'],
    ['checkbox', 'Yes', 'Yes'],
    [
      'likert',
      { Service: '-2', Speed: 1, Odd: 'x' },
      'Service: Strongly Disagree, Speed: Agree, Odd: Neutral',
    ],
    ['text', 'Hi <Ada>', 'Hi <Ada>'],
    ['number', 42, '42'],
  ] as const)('reads a %s answer as plain text', (type, answer, expected) => {
    expect(formAnswerText(type, answer, likertLabelText)).toBe(expected);
  });

  it.each([
    ['date', {}],
    ['name', { first: '', last: '' }],
    ['phone', { country: '44' }],
    ['address', null],
    ['time', { hour: '', minute: '', ampm: '' }],
    ['checkbox', []],
    ['likert', {}],
    ['likert', 'Agree'],
    ['text', ''],
    ['text', undefined],
    ['text', { nested: 'object' }],
  ] as const)('has no answer for an empty %s', (type, answer) => {
    expect(formAnswerText(type, answer, likertLabelText)).toBeUndefined();
  });

  it('names likert answers through the given labels', () => {
    expect(formAnswerText('likert', { Service: '0' }, (score) => `score ${score}`)).toBe('Service: score 0');
  });

  it('keeps address and likert answers as separate lines, likert rows with their statement', () => {
    expect(formAnswerLines('address', { line1: 'A', line2: 'B', city: 'C' }, likertLabelText)).toEqual([
      { text: 'A' },
      { text: 'B' },
      { text: 'C' },
    ]);
    expect(formAnswerLines('likert', { Speed: '2' }, likertLabelText)).toEqual([
      { label: 'Speed', text: 'Strongly Agree' },
    ]);
  });
});
