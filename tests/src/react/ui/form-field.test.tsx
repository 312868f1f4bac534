import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseFormSchema, type FormSchemaField } from '../../../../src/api/form-schema.js';
import { characterCounter } from '../../../../src/commerce/validation.js';
import { FormField, type FieldError, type FieldTexts } from '../../../../src/react/ui/form-field.js';
import { UI_MESSAGES } from '../../../../src/react/ui/messages.js';

afterEach(cleanup);

const fieldOf = (raw: Record<string, unknown>): FormSchemaField => {
  const r = parseFormSchema({ id: 'f1', name: 'Form', fields: [raw] });
  if (!r.ok || r.value.fields[0] === undefined) throw new Error('bad field');
  return r.value.fields[0];
};

const plain: FieldTexts = {
  text: (key) => UI_MESSAGES[key],
  selectPrompt: (field) => `Pick ${field.title}`,
};
const marked: FieldTexts = {
  ...plain,
  requiredMark: { seen: '*', spoken: '(required)' },
  counter: { label: 'Characters used', count: (text, max) => characterCounter(text, max) },
};

function renderField(
  raw: Record<string, unknown>,
  { texts = plain, errors = [] as FieldError[], value = undefined as string | undefined } = {},
) {
  const onChange = vi.fn();
  render(
    <FormField
      field={fieldOf(raw)}
      id="w-f"
      value={value}
      onChange={onChange}
      errors={errors}
      texts={texts}
    />,
  );
  return onChange;
}

describe('FormField', () => {
  it.each([
    { type: 'text', role: 'textbox' },
    { type: 'textarea', role: 'textbox' },
    { type: 'select', role: 'combobox' },
  ])('ties the description and every error of a $type field to its control', ({ type, role }) => {
    renderField(
      { id: 'q', type, title: 'Question', description: 'Say it briefly', options: ['A'] },
      {
        errors: [
          { key: 'server', text: 'Too rude', place: 'label' },
          { key: 'required', text: 'Required', place: 'below' },
        ],
      },
    );
    const control = screen.getByRole(role, { name: 'Question' });
    expect(control.getAttribute('aria-describedby')).toBe('w-f-desc w-f-server w-f-required');
    expect(control.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Say it briefly').id).toBe('w-f-desc');
  });

  it('puts each error where it is placed: above the label, above the control or below it', () => {
    renderField(
      { id: 'q', type: 'text', title: 'Question' },
      {
        errors: [
          { key: 'below', text: 'Under', place: 'below' },
          { key: 'label', text: 'Over the label', place: 'label' },
          { key: 'control', text: 'Over the control', place: 'control' },
        ],
      },
    );
    const order = [...document.querySelectorAll('label, input, .sf-field__error')].map(
      (el) => el.textContent || el.tagName,
    );
    expect(order).toEqual(['Over the label', 'Question', 'Over the control', 'INPUT', 'Under']);
  });

  it('describes a group by its description and errors, and marks its inputs invalid', () => {
    renderField(
      { id: 'c', type: 'radio', title: 'Colour', description: 'Pick one', options: ['Red', 'Blue'] },
      { errors: [{ key: 'error', text: 'Required', place: 'control' }] },
    );
    const group = screen.getByRole('group', { name: 'Colour' });
    expect(group.getAttribute('aria-describedby')).toBe('w-f-desc w-f-error');
    for (const radio of within(group).getAllByRole('radio'))
      expect(radio.getAttribute('aria-invalid')).toBe('true');
  });

  it.each([
    { type: 'name', role: 'textbox', first: 'First Name' },
    { type: 'time', role: 'textbox', first: 'Hour' },
    { type: 'checkbox', role: 'checkbox', first: 'Red' },
    { type: 'radio', role: 'radio', first: 'Red' },
    { type: 'likert', role: 'radio', first: 'Strongly Disagree' },
  ])(
    'ties the errors of a $type field to each of its inputs, the one focus goes to first',
    ({ type, role, first }) => {
      renderField(
        { id: 'c', type, title: 'Colour', description: 'Pick one', options: ['Red', 'Blue'] },
        {
          errors: [
            { key: 'server', text: 'Too rude', place: 'label' },
            { key: 'required', text: 'Required', place: 'below' },
          ],
        },
      );
      const group = screen.getByRole('group', { name: 'Colour' });
      const inputs = within(group).getAllByRole(role);
      expect(inputs[0]).toBe(within(group).getAllByRole(role, { name: first })[0]);
      for (const input of inputs) {
        expect(input.getAttribute('aria-invalid')).toBe('true');
        expect(input.getAttribute('aria-describedby')).toBe('w-f-server w-f-required');
      }
      expect(screen.getByText('Too rude').id).toBe('w-f-server');
      expect(screen.getByText('Required').id).toBe('w-f-required');
    },
  );

  it('leaves the inputs of a group without errors undescribed and not invalid', () => {
    renderField({ id: 'n', type: 'name', title: 'Your name', description: 'As on your card' });
    for (const part of within(screen.getByRole('group', { name: 'Your name' })).getAllByRole('textbox')) {
      expect(part.getAttribute('aria-invalid')).toBeNull();
      expect(part.getAttribute('aria-describedby')).toBeNull();
    }
  });

  it('speaks the required mark when the form gives its texts, and draws it by class otherwise', () => {
    renderField({ id: 'a', type: 'text', title: 'Name', required: true }, { texts: marked });
    expect(screen.getByRole('textbox', { name: 'Name (required)' }).getAttribute('aria-required')).toBe(
      'true',
    );
    cleanup();
    renderField({ id: 'a', type: 'text', title: 'Name', required: true });
    expect(screen.getByText('Name').className).toBe('sf-field__label sf-field__label--required');
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('required')).not.toBeNull();
  });

  it('counts a text area against its maximum with a counter, and stops typing at it without', () => {
    renderField(
      { id: 'n', type: 'textarea', title: 'Note', maxLength: 10 },
      { texts: marked, value: 'hello' },
    );
    const counted = screen.getByRole('textbox', { name: 'Note' });
    expect(counted.getAttribute('maxlength')).toBeNull();
    expect(screen.getByText('5 / 10').className).toBe('sf-field__counter');
    expect(counted.getAttribute('aria-describedby')).toBe('w-f-counter');
    cleanup();
    renderField({ id: 'n', type: 'textarea', title: 'Note', maxLength: 10 }, { value: 'hello' });
    expect(screen.getByRole('textbox', { name: 'Note' }).getAttribute('maxlength')).toBe('10');
    expect(screen.queryByText('5 / 10')).toBeNull();
  });

  it("starts a select with the form's prompt unless the field has a placeholder", () => {
    renderField({ id: 's', type: 'select', title: 'Size', options: ['S'] });
    expect(
      within(screen.getByRole('combobox', { name: 'Size' })).getAllByRole('option')[0]?.textContent,
    ).toBe('Pick Size');
  });

  it('draws nothing for a field that holds no answer', () => {
    renderField({ id: 'h', type: 'hidden', title: 'Campaign' });
    expect(document.body.textContent).toBe('');
  });

  it.each([
    { type: 'radio', role: 'radio', name: 'Blue', expected: 'Blue' },
    { type: 'checkbox', role: 'checkbox', name: 'Blue', expected: ['Blue'] },
  ])('answers a $type choice with $expected', ({ type, role, name, expected }) => {
    const onChange = renderField({ id: 'c', type, title: 'Colour', options: ['Red', 'Blue'] });
    screen.getByRole(role, { name }).click();
    expect(onChange).toHaveBeenCalledWith(expected);
  });
});
