/**
 * A browser's autofill changes several answers in one task, before any render. The script-tag
 * build renders with preact, which draws after the task: every change must build on the answers
 * set before it, not on those last drawn. Rendered here under the build's preact shims.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('react', async () => await import('../../../../src/react/preact-shim.js'));
vi.mock('react/jsx-runtime', async () => await import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', async () => await import('preact/jsx-runtime'));

const { render } = await import('preact');
const { act } = await import('preact/test-utils');
const { useState } = await import('../../../../src/react/preact-shim.js');
const { parseFormSchema } = await import('../../../../src/api/form-schema.js');
const { FormField } = await import('../../../../src/react/ui/form-field.js');
const { UI_MESSAGES } = await import('../../../../src/react/ui/messages.js');
const { AdditionalFieldsForm } = await import('../../../../src/react/ui/additional-fields-form.js');
type FieldValue = import('../../../../src/api/form-schema.js').FieldValue;
type FieldTexts = import('../../../../src/react/ui/form-field.js').FieldTexts;

let host: HTMLElement | null = null;
afterEach(() => {
  if (host) render(null, host);
  host?.remove();
  host = null;
});

const texts: FieldTexts = { text: (key) => UI_MESSAGES[key], selectPrompt: () => 'Pick' };

/** Sets an input's value as a browser filling it does, then says so with an input event. */
const fill = (label: string, text: string) => {
  const id = [...document.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor ?? '';
  const input = document.getElementById(id) as HTMLInputElement;
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('a browser filling several parts of an answer in one task', () => {
  it('keeps every part of an address, under preact', async () => {
    const parsed = parseFormSchema({
      id: 'f1',
      name: 'Form',
      fields: [{ id: 'addr', type: 'address', title: 'Address' }],
    });
    if (!parsed.ok || !parsed.value.fields[0]) throw new Error('bad schema');
    const field = parsed.value.fields[0];
    const seen: FieldValue[] = [];
    function Owner() {
      const [value, setValue] = useState<FieldValue | undefined>(undefined);
      return (
        <FormField
          field={field}
          id="w-a"
          value={value}
          onChange={(v) => {
            seen.push(v);
            setValue(v);
          }}
          errors={[]}
          texts={texts}
        />
      );
    }
    host = document.createElement('div');
    document.body.append(host);
    act(() => render(<Owner />, host!));
    // One task, as autofill: preact draws only after it.
    act(() => {
      fill('Address 1', '1 Main St');
      fill('City', 'Springfield');
      fill('Zip Code', '12345');
    });
    expect(seen.at(-1)).toMatchObject({ line1: '1 Main St', city: 'Springfield', zip: '12345' });
  });
});

describe('a browser filling several fields of a form in one task', () => {
  it('sends every field the additional-fields form was given, under preact', async () => {
    const parsed = parseFormSchema({
      id: 'f1',
      name: 'Engraving',
      fields: [
        { id: 'first', type: 'text', title: 'Given name' },
        { id: 'mail', type: 'email', title: 'Email' },
      ],
    });
    if (!parsed.ok) throw new Error('bad schema');
    const onSubmit = vi.fn(async () => ({ ok: true }) as const);
    host = document.createElement('div');
    document.body.append(host);
    act(() =>
      render(
        <AdditionalFieldsForm
          schema={parsed.value}
          submitLabel="Add To Cart"
          errorTitle="Unable to Add Item"
          onSubmit={onSubmit}
        />,
        host!,
      ),
    );
    act(() => {
      fill('Given name', 'Ada');
      fill('Email', 'ada@example.com');
    });
    await act(async () => {
      host!.querySelector('form')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ first: 'Ada', mail: 'ada@example.com' });
  });
});
