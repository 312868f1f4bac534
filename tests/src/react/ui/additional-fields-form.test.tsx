import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdditionalFieldsForm, type SubmitOutcome } from '../../../../src/react/ui/additional-fields-form.js';
import { parseFormSchema, type FormSchema, type FormValues } from '../../../../src/api/form-schema.js';
import { renderWithStorefront } from '../../../widgets/fixtures.js';
import { intercept, removeProvider } from '../../page/fake-captcha.js';

afterEach(cleanup);

const schemaOf = (fields: unknown[]): FormSchema => {
  const r = parseFormSchema({ id: 'f1', name: 'Engraving', fields });
  if (!r.ok) throw new Error('bad schema');
  return r.value;
};

const ALL_FIELDS = [
  { id: 'text', type: 'text', title: 'Message', required: true },
  { id: 'mail', type: 'email', title: 'Email', required: true },
  { id: 'note', type: 'textarea', title: 'Note', required: true },
  { id: 'num', type: 'number', title: 'Count', required: true },
  { id: 'date', type: 'date', title: 'Date', required: true },
  { id: 'name', type: 'name', title: 'Name', required: true },
  { id: 'time', type: 'time', title: 'Time', required: true },
  { id: 'addr', type: 'address', title: 'Address', required: true },
  { id: 'tel', type: 'phone', title: 'Phone', required: true },
  { id: 'box', type: 'checkbox', title: 'Extras', required: true, options: ['Gift wrap', 'Card'] },
  { id: 'rad', type: 'radio', title: 'Colour', required: true, options: ['Red', 'Blue'] },
  { id: 'sel', type: 'select', title: 'Size', required: true, options: ['S', 'M'] },
  { id: 'lik', type: 'likert', title: 'Opinion', required: true, options: ['Service was fast'] },
];

function renderForm(
  fields: unknown[],
  onSubmit = vi.fn(async (): Promise<SubmitOutcome> => ({ ok: true })),
  initialValues?: FormValues,
) {
  const user = userEvent.setup();
  render(
    <AdditionalFieldsForm
      schema={schemaOf(fields)}
      submitLabel="Add To Cart"
      errorTitle="Unable to Add Item"
      onSubmit={onSubmit}
      initialValues={initialValues}
    />,
  );
  return { user, onSubmit };
}

describe('AdditionalFieldsForm rendering', () => {
  it.each([
    ['Message', 'textbox'],
    ['Email', 'textbox'],
    ['Note', 'textbox'],
    ['Count', 'spinbutton'],
    ['Size', 'combobox'],
  ])('renders the single-value field %s as a labelled %s', (label, role) => {
    renderForm(ALL_FIELDS);
    expect(screen.getByRole(role, { name: label })).toBeInstanceOf(HTMLElement);
  });

  it.each([
    ['Date', ['Month', 'Day', 'Year']],
    ['Name', ['First Name', 'Last Name']],
    ['Time', ['Hour', 'Minute']],
    ['Address', ['Address 1', 'Address 2', 'City', 'State', 'Zip Code', 'Country']],
    ['Phone', ['Country Code', 'Area Code', 'Prefix', 'Line']],
  ])('renders the multi-part field %s with labelled parts', (legend, parts) => {
    renderForm(ALL_FIELDS);
    const group = screen.getByRole('group', { name: `${legend} (required)` });
    for (const part of parts)
      expect(within(group).getByRole('textbox', { name: part })).toBeInstanceOf(HTMLElement);
  });

  it('offers the five default likert answers for each statement', () => {
    renderForm(ALL_FIELDS);
    const statement = screen.getByRole('radiogroup', { name: 'Service was fast' });
    expect(
      within(statement)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree']);
  });

  it('leaves sections and hidden fields out of the form (spec 000 §3)', () => {
    renderForm([
      { id: 'sec', type: 'section', title: 'About you' },
      { id: 'secret', type: 'hidden', title: 'Campaign' },
      { id: 'text', type: 'text', title: 'Message' },
    ]);
    expect(screen.queryByText('About you')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Campaign' })).toBeNull();
    expect(screen.getAllByRole('textbox')).toEqual([screen.getByRole('textbox', { name: 'Message' })]);
  });

  it("starts the select with Select and the field's name (spec 001 §9 Select {variantName})", () => {
    renderForm(ALL_FIELDS);
    const select = screen.getByRole('combobox', { name: 'Size' });
    expect(within(select).getAllByRole('option')[0]?.textContent).toBe('Select Size');
  });

  it("shows the field's placeholder, in a select as its empty choice", () => {
    renderForm([
      { id: 'text', type: 'text', title: 'Message', placeholder: 'Up to 20 letters' },
      { id: 'note', type: 'textarea', title: 'Note', placeholder: 'Anything else?' },
      { id: 'sel', type: 'select', title: 'Size', options: ['S', 'M'], placeholder: 'Pick a size' },
    ]);
    expect(screen.getByRole('textbox', { name: 'Message' }).getAttribute('placeholder')).toBe(
      'Up to 20 letters',
    );
    expect(screen.getByRole('textbox', { name: 'Note' }).getAttribute('placeholder')).toBe('Anything else?');
    const select = screen.getByRole('combobox', { name: 'Size' });
    expect(within(select).getAllByRole('option')[0]?.textContent).toBe('Pick a size');
  });

  it('marks required fields before any submit, and only those', () => {
    renderForm([
      { id: 'text', type: 'text', title: 'Message', required: true },
      { id: 'note', type: 'textarea', title: 'Note' },
      { id: 'rad', type: 'radio', title: 'Colour', required: true, options: ['Red', 'Blue'] },
    ]);
    const message = screen.getByRole('textbox', { name: 'Message' });
    expect(message.getAttribute('required')).not.toBeNull();
    expect(screen.getByText('Message').className).toContain('sf-field__label--required');
    expect(screen.getByText('Colour').className).toContain('sf-field__label--required');
    const colours = within(screen.getByRole('group', { name: 'Colour (required)' })).getAllByRole('radio');
    expect(colours.map((radio) => (radio as HTMLInputElement).required)).toEqual([true, true]);
    expect(screen.getByText('Note').className).not.toContain('sf-field__label--required');
    expect(screen.getByRole('textbox', { name: 'Note' }).getAttribute('required')).toBeNull();
    expect(screen.queryByText('Required')).toBeNull();
  });

  it.each([
    ['Extras', 'checkbox'],
    ['Name', 'textbox'],
    ['Address', 'textbox'],
    ['Phone', 'textbox'],
    ['Date', 'textbox'],
    ['Time', 'textbox'],
  ])(
    'says a required %s group is required in its legend, whose inputs may each stay empty',
    (legend, role) => {
      renderForm(ALL_FIELDS);
      const group = screen.getByRole('group', { name: `${legend} (required)` });
      // The "*" stays drawn by the stylesheet; the words are for screen readers only.
      expect(group.querySelector('legend')?.className).toContain('sf-field__label--required');
      expect(within(group).getByText('(required)').className).toBe('sf-visually-hidden');
      for (const input of within(group).getAllByRole(role))
        expect((input as HTMLInputElement).required).toBe(false);
    },
  );

  it('leaves the legend of an optional group and the label of a single control as they were', () => {
    renderForm([
      { id: 'box', type: 'checkbox', title: 'Extras', options: ['Card'] },
      { id: 'name', type: 'name', title: 'Name' },
      { id: 'text', type: 'text', title: 'Message', required: true },
    ]);
    expect(screen.getByRole('group', { name: 'Extras' })).toBeInstanceOf(HTMLFieldSetElement);
    expect(screen.getByRole('group', { name: 'Name' })).toBeInstanceOf(HTMLFieldSetElement);
    expect(screen.getByRole('textbox', { name: 'Message' }).getAttribute('required')).not.toBeNull();
    expect(screen.queryByText('(required)')).toBeNull();
  });

  it("shows each description, a group's too, and ties it to the field", () => {
    renderForm([
      { id: 'text', type: 'text', title: 'Message', description: 'Printed on the card' },
      { id: 'rad', type: 'radio', title: 'Colour', description: 'Of the ribbon', options: ['Red'] },
    ]);
    const message = screen.getByRole('textbox', { name: 'Message' });
    expect(message.getAttribute('aria-describedby')).toBe(screen.getByText('Printed on the card').id);
    const colour = screen.getByRole('group', { name: 'Colour' });
    expect(colour.getAttribute('aria-describedby')).toBe(screen.getByText('Of the ribbon').id);
  });

  it('fills in earlier answers', () => {
    renderForm(ALL_FIELDS, undefined, { text: 'Hello', name: { first: 'Ann', last: 'Lee' }, box: ['Card'] });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Message' }).value).toBe('Hello');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Last Name' }).value).toBe('Lee');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Card' }).checked).toBe(true);
  });
});

describe('AdditionalFieldsForm validation', () => {
  it('shows Required under every empty required field except likert and does not submit', async () => {
    const { user, onSubmit } = renderForm(ALL_FIELDS);
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(screen.getAllByText('Required')).toHaveLength(ALL_FIELDS.length - 1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('moves focus to the first empty required field', async () => {
    const { user } = renderForm(ALL_FIELDS);
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });

  // The alert says that fields are in error; the field itself says why: focus must reach it with
  // its error tied.
  it('focuses the first empty field only once it is marked invalid and tied to its Required', async () => {
    const { user } = renderForm(ALL_FIELDS);
    const message = screen.getByRole('textbox', { name: 'Message' });
    const seen: (string | null)[][] = [];
    message.addEventListener('focus', () =>
      seen.push([message.getAttribute('aria-invalid'), message.getAttribute('aria-describedby')]),
    );
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    const required = screen.getAllByText('Required')[0]!;
    expect(document.activeElement).toBe(message);
    expect(required.id).not.toBe('');
    expect(seen).toEqual([['true', expect.stringContaining(required.id) as string]]);
  });

  it('focuses the field of a server error only once it is marked invalid and tied to the error', async () => {
    const { user } = renderForm(
      [
        { id: 'text', type: 'text', title: 'Message', required: true },
        { id: 'note', type: 'text', title: 'Note' },
      ],
      vi.fn(async (): Promise<SubmitOutcome> => ({ ok: false, fieldErrors: { note: 'Too rude' } })),
    );
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    const note = screen.getByRole('textbox', { name: 'Note' });
    const seen: (string | null)[][] = [];
    note.addEventListener('focus', () =>
      seen.push([note.getAttribute('aria-invalid'), note.getAttribute('aria-describedby')]),
    );
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    const error = await screen.findByText('Too rude');
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(error.id).not.toBe('');
    expect(seen).toEqual([['true', error.id]]);
  });

  const FIELDS_INVALID = 'One or more fields is invalid, please check your entries.';

  it('announces Required with Enter from the empty field itself, where focus cannot move, every time', async () => {
    const { user, onSubmit } = renderForm([{ id: 'text', type: 'text', title: 'Message', required: true }]);
    const message = screen.getByRole('textbox', { name: 'Message' });
    await user.click(message);
    const refocused = vi.fn();
    message.addEventListener('focus', refocused);
    await user.keyboard('{Enter}');
    const alert = screen.getByRole('alert', { name: 'Unable to Add Item' });
    expect(alert.textContent).toContain(FIELDS_INVALID);
    expect(message.getAttribute('aria-describedby')).toBe(screen.getByText('Required').id);
    expect(refocused).not.toHaveBeenCalled();
    // The same failure again is drawn anew, so it is announced again.
    await user.keyboard('{Enter}');
    const again = screen.getByRole('alert', { name: 'Unable to Add Item' });
    expect(again).not.toBe(alert);
    expect(again.textContent).toContain(FIELDS_INVALID);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("announces a server's field error with Enter from that field, and again when it repeats", async () => {
    const { user } = renderForm(
      [{ id: 'text', type: 'text', title: 'Message', required: true }],
      vi.fn(async (): Promise<SubmitOutcome> => ({ ok: false, fieldErrors: { text: 'Too rude' } })),
    );
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    const alert = await screen.findByRole('alert', { name: 'Unable to Add Item' });
    expect(alert.textContent).toContain(FIELDS_INVALID);
    expect(screen.getByText('Too rude')).toBeInstanceOf(HTMLParagraphElement);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('alert', { name: 'Unable to Add Item' })).not.toBe(alert));
  });

  it('takes the alert away once the fields are filled and the form is saved', async () => {
    const { user, onSubmit } = renderForm([{ id: 'text', type: 'text', title: 'Message', required: true }]);
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(screen.getByRole('alert', { name: 'Unable to Add Item' })).toBeInstanceOf(HTMLElement);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('submits every kind of answer once the required fields are filled', async () => {
    const { user, onSubmit } = renderForm(ALL_FIELDS);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'a@b.co');
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'n');
    await user.type(screen.getByRole('spinbutton', { name: 'Count' }), '3');
    await user.type(screen.getByRole('textbox', { name: 'Year' }), '2026');
    await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Ann');
    await user.type(screen.getByRole('textbox', { name: 'Hour' }), '9');
    await user.selectOptions(screen.getByRole('combobox', { name: 'AM/PM' }), 'PM');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Oslo');
    await user.type(screen.getByRole('textbox', { name: 'Line' }), '555');
    await user.click(screen.getByRole('checkbox', { name: 'Gift wrap' }));
    await user.click(screen.getByRole('radio', { name: 'Blue' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'M');
    await user.click(screen.getByRole('radio', { name: 'Agree' }));
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(screen.queryByText('Required')).toBeNull();
    expect(onSubmit).toHaveBeenCalledWith({
      text: 'Hi',
      mail: 'a@b.co',
      note: 'n',
      num: '3',
      date: { year: '2026' },
      name: { first: 'Ann' },
      time: { hour: '9', ampm: 'PM' },
      addr: { city: 'Oslo' },
      tel: { line: '555' },
      box: ['Gift wrap'],
      rad: 'Blue',
      sel: 'M',
      lik: { 'Service was fast': '1' },
    });
  });

  it('reads Saving… while the server checks and keeps the values afterwards', async () => {
    let settle: (o: SubmitOutcome) => void = () => {};
    const onSubmit = vi.fn(() => new Promise<SubmitOutcome>((r) => (settle = r)));
    const { user } = renderForm([{ id: 'text', type: 'text', title: 'Message', required: true }], onSubmit);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeInstanceOf(HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Saving…' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    settle({ ok: false, fieldErrors: { text: 'Too rude' } });
    expect(await screen.findByRole('button', { name: 'Add To Cart' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Message' }).value).toBe('Hello');
  });

  it('shows each server error above its field', async () => {
    const { user } = renderForm(
      [{ id: 'text', type: 'text', title: 'Message', required: true }],
      vi.fn(async (): Promise<SubmitOutcome> => ({ ok: false, fieldErrors: { text: 'Too rude' } })),
    );
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    const error = await screen.findByText('Too rude');
    const input = screen.getByRole('textbox', { name: 'Message' });
    expect(error.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).not.toBe(0);
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
  });

  it.each([
    [
      'the message given',
      { ok: false, message: 'Please check your internet connection' } as const,
      'Please check your internet connection',
    ],
    ['Please try again without one', { ok: false } as const, 'Please try again'],
    // A 400 whose body is not a field map of this form (`{"message": "Form is closed"}` reads as
    // one): no field would show it.
    [
      'the message of a field map naming no field of the form',
      { ok: false, fieldErrors: { message: 'Form is closed' }, message: 'Form is closed' } as const,
      'Form is closed',
    ],
    [
      'Please try again for errors on fields the form does not show',
      { ok: false, fieldErrors: { gone: 'Required' } } as const,
      'Please try again',
    ],
  ])('shows %s in an alert for a whole-form failure', async (_name, outcome, text) => {
    const { user } = renderForm(
      [{ id: 'text', type: 'text', title: 'Message' }],
      vi.fn(async (): Promise<SubmitOutcome> => outcome),
    );
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect((await screen.findByRole('alert', { name: 'Unable to Add Item' })).textContent).toContain(text);
  });
});

describe('what the form settings ask for (spec 000 §3-§5, as every form)', () => {
  const settingsForm = (settings: Record<string, unknown>): FormSchema => {
    const r = parseFormSchema({
      id: 'f1',
      name: 'Engraving',
      fields: [{ id: 'text', type: 'text', title: 'Message', required: true }],
      ...settings,
    });
    if (!r.ok) throw new Error('bad schema');
    return r.value;
  };

  function renderSettings(schema: FormSchema, outcome: SubmitOutcome = { ok: true }, scriptUrl?: string) {
    const onSubmit = vi.fn(async (): Promise<SubmitOutcome> => outcome);
    const onDone = vi.fn();
    const rendered = renderWithStorefront(
      <AdditionalFieldsForm
        schema={schema}
        submitLabel="Add To Cart"
        errorTitle="Unable to Add Item"
        onSubmit={onSubmit}
        onDone={onDone}
      />,
      scriptUrl === undefined ? {} : { context: { captchaScriptUrl: scriptUrl } },
    );
    return { ...rendered, onSubmit, onDone };
  }

  async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Happy birthday');
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
  }

  afterEach(() => {
    vi.restoreAllMocks();
    removeProvider();
  });

  let scripts = 0;
  const captchaForm = () => settingsForm({ captchaSettings: { enabled: true, siteKey: 'site-key' } });

  it('asks for its captcha before anything is sent', async () => {
    intercept();
    const r = renderSettings(captchaForm(), { ok: true }, `/captcha/fields-${++scripts}.js`);
    await screen.findByRole('checkbox', { name: "I'm not a robot" });
    await fillAndSubmit(r.user);
    expect(
      within(await screen.findByRole('alert')).getByText('Complete CAPTCHA before submitting.'),
    ).toBeInstanceOf(HTMLElement);
    expect(r.onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('value', 'Happy birthday');
  });

  it('sends once its captcha is complete, and resets it after a failure', async () => {
    const net = intercept();
    const r = renderSettings(
      captchaForm(),
      { ok: false, message: 'Please try again' },
      `/captcha/fields-${++scripts}.js`,
    );
    await r.user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
    await fillAndSubmit(r.user);
    await waitFor(() => expect(r.onSubmit).toHaveBeenCalledTimes(1));
    await screen.findByText('Please try again');
    expect(net.provider.widgets[0]?.resets).toBe(1);
  });

  it('draws no captcha for a form that does not ask for one', async () => {
    const net = intercept();
    const r = renderSettings(settingsForm({ captchaSettings: { enabled: false, siteKey: 'site-key' } }));
    await fillAndSubmit(r.user);
    await waitFor(() => expect(r.onSubmit).toHaveBeenCalledTimes(1));
    expect(net.requested).toEqual([]);
  });

  it('shows its submission message after a success, in place of the form', async () => {
    const r = renderSettings(settingsForm({ submissionMessage: 'Thanks, we will engrave it.' }));
    await fillAndSubmit(r.user);
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Thanks, we will engrave it.');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(status).getByText('Thanks, we will engrave it.')),
    );
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(r.onDone).not.toHaveBeenCalled();
    expect(r.assign).not.toHaveBeenCalled();
  });

  it('goes to its success address after a success', async () => {
    const r = renderSettings(
      settingsForm({ successRedirect: '/thanks?for=engraving', submissionMessage: 'Thanks' }),
    );
    await fillAndSubmit(r.user);
    await waitFor(() => expect(r.assign).toHaveBeenCalledWith('/thanks?for=engraving'));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeInstanceOf(HTMLButtonElement);
    expect(r.onDone).not.toHaveBeenCalled();
  });

  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', '//evil.example/x', 'data:text/html,<b>x</b>'])(
    'never goes to %j, and shows the message instead',
    async (address) => {
      const r = renderSettings(settingsForm({ successRedirect: address, submissionMessage: 'Thanks' }));
      await fillAndSubmit(r.user);
      expect((await screen.findByRole('status')).textContent).toBe('Thanks');
      expect(r.assign).not.toHaveBeenCalled();
    },
  );

  it('is done when it has neither, and does nothing more once its owner has seen to what follows', async () => {
    const r = renderSettings(settingsForm({}));
    await fillAndSubmit(r.user);
    await waitFor(() => expect(r.onDone).toHaveBeenCalledTimes(1));
    cleanup();
    const settled = renderSettings(settingsForm({ successRedirect: '/thanks' }), { ok: true, settled: true });
    await fillAndSubmit(settled.user);
    await waitFor(() => expect(settled.onSubmit).toHaveBeenCalledTimes(1));
    await screen.findByRole('button', { name: 'Add To Cart' });
    expect(settled.assign).not.toHaveBeenCalled();
    expect(settled.onDone).not.toHaveBeenCalled();
  });
});
