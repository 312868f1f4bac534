import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../../src/api/index.js';
import type { FormFieldType, FormSchema } from '../../../src/api/form-schema.js';
import { setAnalyticsSink, type AnalyticsEvent } from '../../../src/page/analytics.js';
import { SiteForm } from '../../../widgets/site-form/site-form.js';
import { intercept, removeProvider, type Interception } from '../../src/page/fake-captcha.js';
import { fakeApi, failResult, okResult, renderWithStorefront, type FakeApi } from '../fixtures.js';

afterEach(() => {
  cleanup();
  setAnalyticsSink(null);
  removeProvider();
  vi.restoreAllMocks();
});

let scripts = 0;
/** A form with the captcha on, its provider answered by the fake of the captcha tests. */
const withCaptcha = (): { form: FormSchema; net: Interception; scriptUrl: string } => ({
  form: schema({ captchaSettings: { enabled: true, siteKey: 'site-key' } }),
  net: intercept(),
  scriptUrl: `/captcha/site-form-${++scripts}.js`,
});

const field = (overrides: Partial<FormSchema['fields'][number]> & { id: string; type: FormFieldType }) => ({
  title: overrides.id,
  description: null,
  required: false,
  placeholder: null,
  maxLength: null,
  options: [],
  statements: [],
  ...overrides,
});

const schema = (overrides: Partial<FormSchema> = {}): FormSchema => ({
  id: 'form-contact',
  name: 'Contact us',
  kind: 'site',
  isNewsletter: false,
  fields: [
    field({ id: 'name', type: 'text', title: 'Your name', required: true, placeholder: 'Ada' }),
    field({ id: 'email', type: 'email', title: 'Email', required: true, description: 'We reply here.' }),
    field({ id: 'message', type: 'textarea', title: 'Message', maxLength: 10 }),
  ],
  submissionMessage: 'Thanks!',
  disclaimer: null,
  successRedirect: null,
  captchaSettings: { enabled: false, siteKey: null },
  ...overrides,
});

const FIELDS_INVALID = 'One or more fields is invalid, please check your entries.';
const SCROLL_DOWN = 'Your form has encountered a problem. Please scroll down to review.';
const SCROLL_UP = 'Your form has encountered a problem. Please scroll up to review.';

function renderForm(
  options: {
    form?: FormSchema | undefined;
    api?: FakeApi;
    scriptUrl?: string;
    page?: { id: string; contentSource: 'i' | 'c'; permissionType: number };
  } = {},
) {
  const api =
    options.api ??
    fakeApi({
      getFormSubmissionKey: async () => okResult({ key: 'key-1' }),
      saveFormSubmission: async () => okResult({ success: true }),
    });
  const form = 'form' in options ? options.form : schema();
  return renderWithStorefront(<SiteForm formId="form-contact" form={form} page={options.page} />, {
    api,
    ...(options.scriptUrl ? { context: { captchaScriptUrl: options.scriptUrl } } : {}),
  });
}

async function fillValid(user: ReturnType<typeof renderForm>['user']) {
  await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Ada Lovelace');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
}

/** An api over a fetch that answers the key call, then `save` for SaveFormSubmission. */
function apiAnswering(save: () => Response) {
  const fetch = vi.fn(async (input: Request | URL | string) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('FormSubmissionKey')) return Response.json({ key: 'key-1' });
    return save();
  });
  return createApi({ apiRoot: 'http://shop.test/api/', fetch: fetch as unknown as typeof globalThis.fetch });
}

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

describe('rendering every field type (spec 001 §3)', () => {
  const every = schema({
    fields: [
      field({ id: 'text', type: 'text', title: 'Text', required: true, placeholder: 'Type here' }),
      field({ id: 'area', type: 'textarea', title: 'Area', placeholder: 'Say more' }),
      field({ id: 'mail', type: 'email', title: 'Mail' }),
      field({ id: 'cur', type: 'currency', title: 'Amount' }),
      field({ id: 'num', type: 'number', title: 'Number' }),
      field({ id: 'site', type: 'website', title: 'Site' }),
      field({ id: 'pw', type: 'password', title: 'Secret' }),
      field({ id: 'tw', type: 'twitter', title: 'Twitter' }),
      field({ id: 'sec', type: 'section', title: 'About you', description: 'Optional details' }),
      field({ id: 'date', type: 'date', title: 'Date' }),
      field({ id: 'time', type: 'time', title: 'Time' }),
      field({ id: 'who', type: 'name', title: 'Full name', required: true }),
      field({ id: 'addr', type: 'address', title: 'Address' }),
      field({ id: 'tel', type: 'phone', title: 'Phone' }),
      field({ id: 'rad', type: 'radio', title: 'Size', options: ['S', 'M'] }),
      field({ id: 'chk', type: 'checkbox', title: 'Extras', options: ['Wrap', 'Card'] }),
      field({ id: 'sel', type: 'select', title: 'Topic', options: ['Order', 'Other'] }),
      field({ id: 'lik', type: 'likert', title: 'Opinion', statements: ['Fast delivery'] }),
      field({ id: 'hid', type: 'hidden', title: 'Hidden one' }),
    ],
  });

  it('shows single inputs with their labels, placeholders and types', () => {
    renderForm({ form: every });
    expect(screen.getByRole('textbox', { name: 'Text (required)' })).toHaveProperty(
      'placeholder',
      'Type here',
    );
    expect(screen.getByRole('textbox', { name: 'Area' })).toHaveProperty('placeholder', 'Say more');
    expect(screen.getByRole('textbox', { name: 'Mail' })).toHaveProperty('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveProperty('inputMode', 'decimal');
    expect(screen.getByRole('spinbutton', { name: 'Number' })).toHaveProperty('type', 'number');
    expect(screen.getByRole('textbox', { name: 'Site' })).toHaveProperty('type', 'url');
    expect(screen.getByLabelText('Secret')).toHaveProperty('type', 'password');
    expect(screen.getByRole('textbox', { name: 'Twitter' })).toHaveProperty('type', 'text');
  });

  it('marks required fields for eyes and ears, and only those', () => {
    renderForm({ form: every });
    expect(screen.getByRole('textbox', { name: /^Text/ }).getAttribute('aria-required')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Area' }).getAttribute('aria-required')).toBeNull();
    expect(screen.getByRole('group', { name: 'Full name (required)' })).toBeInstanceOf(HTMLFieldSetElement);
    expect(screen.getByRole('group', { name: 'Address' })).toBeInstanceOf(HTMLFieldSetElement);
    const marks = screen.getAllByText('*');
    expect(marks).toHaveLength(2);
    for (const mark of marks) expect(mark.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows a section as a heading with its description, and no hidden field', () => {
    renderForm({ form: every });
    expect(screen.getByRole('heading', { name: 'About you', level: 2 })).toBeInstanceOf(HTMLHeadingElement);
    expect(screen.getByText('Optional details')).toBeInstanceOf(HTMLParagraphElement);
    expect(screen.queryByText('Hidden one')).toBeNull();
  });

  it('shows multi-part fields as labelled parts', () => {
    renderForm({ form: every });
    const date = screen.getByRole('group', { name: 'Date' });
    expect(
      within(date)
        .getAllByRole('textbox')
        .map((i) => i.id.split('-').pop()),
    ).toEqual(['month', 'day', 'year']);
    expect(
      within(screen.getByRole('group', { name: 'Time' })).getByRole('combobox', { name: 'AM/PM' }),
    ).toBeInstanceOf(HTMLSelectElement);
    expect(
      within(screen.getByRole('group', { name: /Full name/ })).getByRole('textbox', { name: 'Last Name' }),
    ).toBeInstanceOf(HTMLInputElement);
    expect(within(screen.getByRole('group', { name: 'Address' })).getAllByRole('textbox')).toHaveLength(6);
    expect(
      within(screen.getByRole('group', { name: 'Phone' })).getByRole('textbox', { name: 'Country Code' }),
    ).toBeInstanceOf(HTMLInputElement);
  });

  it('shows choices and the likert scale', () => {
    renderForm({ form: every });
    expect(within(screen.getByRole('group', { name: 'Size' })).getAllByRole('radio')).toHaveLength(2);
    expect(within(screen.getByRole('group', { name: 'Extras' })).getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'Topic' })).toBeInstanceOf(HTMLSelectElement);
    expect(
      within(screen.getByRole('radiogroup', { name: 'Fast delivery' })).getByRole('radio', {
        name: 'Strongly Agree',
      }),
    ).toBeInstanceOf(HTMLInputElement);
  });

  it('describes a field by its description', () => {
    renderForm();
    expect(screen.getByRole('textbox', { name: /Email/ }).getAttribute('aria-describedby')).toContain(
      '-desc',
    );
    expect(screen.getByText('We reply here.')).toBeInstanceOf(HTMLParagraphElement);
  });

  it('sends the answers of every kind in their shapes', async () => {
    const r = renderForm({ form: every });
    await r.user.type(screen.getByRole('textbox', { name: /^Text/ }), 'hi');
    const who = screen.getByRole('group', { name: /Full name/ });
    await r.user.type(within(who).getByRole('textbox', { name: 'First Name' }), 'Ada');
    await r.user.click(screen.getByRole('radio', { name: 'M' }));
    await r.user.click(screen.getByRole('checkbox', { name: 'Card' }));
    await r.user.selectOptions(screen.getByRole('combobox', { name: 'Topic' }), 'Other');
    await r.user.click(screen.getByRole('radio', { name: 'Agree' }));
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(r.api.saveFormSubmission).toHaveBeenCalledTimes(1));
    expect(r.api.saveFormSubmission.mock.calls[0]?.[0].form).toEqual({
      text: 'hi',
      who: { first: 'Ada' },
      rad: 'M',
      chk: ['Card'],
      sel: 'Other',
      lik: { 'Fast delivery': '1' },
    });
  });
});

describe('the character counter (spec 000 §2)', () => {
  it('counts as the visitor types, in the form N / max', async () => {
    const r = renderForm();
    const area = screen.getByRole('textbox', { name: 'Message' });
    expect(screen.getByText('0 / 10')).toBeInstanceOf(HTMLParagraphElement);
    await r.user.type(area, 'hello');
    expect(screen.getByText('5 / 10').className).toBe('sf-field__counter');
    expect(area.getAttribute('aria-describedby')).toContain('-counter');
  });

  it('takes its error style past the limit, and the browser does not stop the typing', async () => {
    const r = renderForm();
    await r.user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello world');
    const counter = screen.getByText('11 / 10');
    expect(counter.className).toBe('sf-field__counter sf-field__counter--over');
    expect(counter.getAttribute('data-over')).toBe('true');
  });

  it.each([
    ['no maximum', null],
    ['a maximum of 0 (the schema parser drops it)', null],
  ])('is not shown with %s', (_name, maxLength) => {
    renderForm({ form: schema({ fields: [field({ id: 'm', type: 'textarea', title: 'M', maxLength })] }) });
    expect(screen.queryByText(/\/ /)).toBeNull();
  });

  it('is not shown under a single-line input with a maximum', () => {
    renderForm({ form: schema({ fields: [field({ id: 't', type: 'text', title: 'T', maxLength: 5 })] }) });
    expect(screen.queryByText('0 / 5')).toBeNull();
  });
});

describe('client validation (spec 000 §5)', () => {
  // A live region announces what is inserted: the same text left in place would be heard once.
  it('draws the form message anew for a second submit refused the same way, so it is announced again', async () => {
    const r = renderForm();
    const formMessage = () => screen.getAllByRole('alert').find((a) => a.textContent === FIELDS_INVALID);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    const first = formMessage();
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    const second = formMessage();
    expect(first).toBeInstanceOf(HTMLElement);
    expect(second).toBeInstanceOf(HTMLElement);
    expect(second).not.toBe(first);
  });

  it('shows each failed rule on its field, the form message above and below, and focuses the first', async () => {
    const r = renderForm();
    await r.user.type(screen.getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await r.user.type(screen.getByRole('textbox', { name: 'Message' }), 'far too long');
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Required')).toBeInstanceOf(HTMLParagraphElement);
    expect(
      screen.getByText('Email is not valid. Email addresses should follow the format user@domain.com.'),
    ).toBeInstanceOf(HTMLParagraphElement);
    expect(screen.getByText('You have exceeded the character limit.')).toBeInstanceOf(HTMLParagraphElement);
    expect(screen.getAllByText(FIELDS_INVALID)).toHaveLength(2);
    expect(screen.getByRole('alert').textContent).toBe(FIELDS_INVALID);
    const name = screen.getByRole('textbox', { name: /Your name/ });
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain('-error');
    expect(r.api.getFormSubmissionKey).not.toHaveBeenCalled();
  });

  // A description that changes on the control already focused is not read again: focus comes last.
  it('moves focus to the first invalid field only once it is marked invalid and tied to its error', async () => {
    const r = renderForm();
    const name = screen.getByRole('textbox', { name: /Your name/ });
    const seen: (string | null)[][] = [];
    name.addEventListener('focus', () =>
      seen.push([name.getAttribute('aria-invalid'), name.getAttribute('aria-describedby')]),
    );
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    const error = screen.getAllByText('Required')[0]!;
    expect(document.activeElement).toBe(name);
    expect(error.id).not.toBe('');
    expect(seen).toEqual([['true', expect.stringContaining(error.id) as string]]);
  });

  const withWebsite = () =>
    schema({
      fields: [...schema().fields, field({ id: 'site', type: 'website', title: 'Your website' })],
    });

  it.each(['my shop', 'example', 'javascript:alert(1)', 'ftp://example.com'])(
    'says how a link is written for the website %j (spec 001 §8)',
    async (typed) => {
      const r = renderForm({ form: withWebsite() });
      await fillValid(r.user);
      await r.user.type(screen.getByRole('textbox', { name: 'Your website' }), typed);
      await r.user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(
        screen.getByText('Links must be formatted as www.example.com or https://www.example.com'),
      ).toBeInstanceOf(HTMLParagraphElement);
      expect(r.api.getFormSubmissionKey).not.toHaveBeenCalled();
    },
  );

  it.each(['www.example.com', 'https://www.example.com/about?x=1', 'shop.example.co.uk'])(
    'takes the website %j',
    async (typed) => {
      const r = renderForm({ form: withWebsite() });
      await fillValid(r.user);
      await r.user.type(screen.getByRole('textbox', { name: 'Your website' }), typed);
      await r.user.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(r.api.saveFormSubmission).toHaveBeenCalledTimes(1));
    },
  );

  it('lets an empty optional field through', async () => {
    const r = renderForm();
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(r.api.saveFormSubmission).toHaveBeenCalledTimes(1));
  });

  it('clears the errors once the next submit passes', async () => {
    const r = renderForm();
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getAllByText('Required')).toHaveLength(2);
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Thanks!');
    expect(screen.queryByText('Required')).toBeNull();
  });
});

describe('submitting (spec 000 §4 "Generic form submit")', () => {
  it('locks the form while it submits: the button reads Submitting… and a second submit is ignored', async () => {
    let release: (v: unknown) => void = () => undefined;
    const api = fakeApi({
      getFormSubmissionKey: async () => okResult({ key: 'key-1' }),
      saveFormSubmission: () => new Promise((resolve) => (release = () => resolve(okResult({})))),
    });
    const r = renderForm({ api });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    const button = await screen.findByRole('button', { name: 'Submitting…' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await r.user.click(button);
    expect(api.getFormSubmissionKey).toHaveBeenCalledTimes(1);
    await act(async () => release(undefined));
    expect(await screen.findByText('Thanks!')).toBeInstanceOf(HTMLParagraphElement);
  });

  it('sends key, form, page fields and path with the submission', async () => {
    document.title = 'Contact';
    const r = renderForm({ page: { id: 'page-contact', contentSource: 'i', permissionType: 2 } });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(r.api.saveFormSubmission).toHaveBeenCalledTimes(1));
    expect(r.api.saveFormSubmission.mock.calls[0]?.[0]).toEqual({
      key: 'key-1',
      formId: 'form-contact',
      form: { name: 'Ada Lovelace', email: 'ada@example.com' },
      pageTitle: 'Contact',
      pageId: 'page-contact',
      contentSource: 'i',
      pagePath: location.pathname,
      pagePermissionTypeValue: 2,
    });
  });

  it('shows the submission text as text, never as HTML, and moves focus to it', async () => {
    const r = renderForm({ form: schema({ submissionMessage: '<img src=x onerror="alert(1)">Thanks' }) });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    const done = await screen.findByRole('status');
    expect(done.textContent).toBe('<img src=x onerror="alert(1)">Thanks');
    expect(done.querySelector('img')).toBeNull();
    expect(document.activeElement).toBe(done);
  });

  it('says Thank you! when the form has no submission text', async () => {
    const r = renderForm({ form: schema({ submissionMessage: null }) });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('status')).textContent).toBe('Thank you!');
  });

  it('shows post-submit content as sanitised HTML: formatting and safe links kept, the rest inert', async () => {
    const r = renderForm({
      form: schema({
        submissionMessage: null,
        postSubmitContent:
          '<p>See you <b>soon</b> at <a href="/hours" onclick="window.hacked = true">our shop</a>.</p>' +
          '<p style="display:none"><a href="javascript:window.hacked = true">Claim</a></p>' +
          '<script>window.hacked = true</script><img src=x onerror="window.hacked = true">',
      }),
    });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    const done = await screen.findByRole('status');
    const link = await within(done).findByRole('link', { name: 'our shop' });
    expect(link.getAttribute('href')).toBe(new URL('/hours', document.baseURI).href);
    expect(link.getAttribute('onclick')).toBeNull();
    expect(within(done).getByText('soon').tagName).toBe('B');
    expect(within(done).queryByRole('link', { name: 'Claim' })).toBeNull();
    expect(done.textContent).toBe('See you soon at our shop.Claim');
    expect(done.querySelectorAll('script, img, [style], [onclick]')).toHaveLength(0);
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('puts the post-submit content in with the thanks, never the thanks alone', async () => {
    const r = renderForm({ form: schema({ postSubmitContent: '<h2>See you soon</h2>' }) });
    // What the status says the first time it is in the page: a screen reader announces it then.
    const firstSeen: string[] = [];
    const watch = new MutationObserver(() => {
      const status = document.querySelector('[role="status"]');
      if (status && firstSeen.length === 0) firstSeen.push(status.textContent ?? '');
    });
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    await within(await screen.findByRole('status')).findByRole('heading', { name: 'See you soon' });
    watch.disconnect();
    expect(firstSeen).toEqual(['Thanks!See you soon']);
  });

  it('says Thank you! when nothing readable is left of the post-submit content', async () => {
    const r = renderForm({
      form: schema({ submissionMessage: null, postSubmitContent: '<script>window.hacked = true</script>' }),
    });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('status')).textContent).toBe('Thank you!');
  });

  it('shows the submission text above the post-submit content', async () => {
    const r = renderForm({ form: schema({ postSubmitContent: 'Our shop opens at nine.' }) });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    const done = await screen.findByRole('status');
    expect([...done.children].map((p) => p.textContent)).toEqual(['Thanks!', 'Our shop opens at nine.']);
  });

  it('goes to the success address', async () => {
    const r = renderForm({ form: schema({ successRedirect: '/thanks?from=form' }) });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(r.assign).toHaveBeenCalledWith('/thanks?from=form'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('sends nothing more once it succeeded, while the page is still leaving for the success address', async () => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((e) => events.push(e));
    const r = renderForm({ form: schema({ isNewsletter: true, successRedirect: '/thanks' }) });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(r.assign).toHaveBeenCalledWith('/thanks'));
    const button = screen.getByRole('button', { name: 'Submitting…' });
    await r.user.click(button);
    await r.user.type(screen.getByRole('textbox', { name: /Email/ }), '{Enter}');
    await act(async () => undefined);
    expect(button.textContent).toBe('Submitting…');
    expect(r.api.getFormSubmissionKey).toHaveBeenCalledTimes(1);
    expect(r.api.saveFormSubmission).toHaveBeenCalledTimes(1);
    expect(r.assign).toHaveBeenCalledTimes(1);
    expect(events.filter((e) => e.type === 'newsletter-subscribed')).toHaveLength(1);
  });

  it('goes to a success address on another site over https', async () => {
    const r = renderForm({ form: schema({ successRedirect: 'https://shop.example.org/thanks' }) });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(r.assign).toHaveBeenCalledWith('https://shop.example.org/thanks'));
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,hi',
    '/\t/evil.example',
    '//evil.example/',
    'ftp://files.example/',
    'https://user:secret@evil.example/',
  ])('refuses the success address %j and shows the submission text', async (redirect) => {
    const r = renderForm({ form: schema({ successRedirect: redirect }) });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('status')).textContent).toBe('Thanks!');
    expect(r.assign).not.toHaveBeenCalled();
  });

  it('tracks a newsletter subscription for a newsletter form, before leaving', async () => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((e) => events.push(e));
    const r = renderForm({ form: schema({ isNewsletter: true, successRedirect: '/welcome' }) });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(r.assign).toHaveBeenCalledWith('/welcome'));
    expect(events).toEqual([
      { type: 'form-rendered', formId: 'form-contact' },
      { type: 'newsletter-subscribed', formId: 'form-contact' },
    ]);
  });

  it('tracks no subscription for another form', async () => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((e) => events.push(e));
    const r = renderForm();
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('status');
    expect(events).toEqual([{ type: 'form-rendered', formId: 'form-contact' }]);
  });

  it('tracks its render once the form it fetched is drawn (census form-render)', async () => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((e) => events.push(e));
    renderForm({ form: undefined, api: fakeApi({ getFormSchema: async () => okResult(schema()) }) });
    await screen.findByRole('button', { name: 'Submit' });
    expect(events).toEqual([{ type: 'form-rendered', formId: 'form-contact' }]);
  });
});

describe('failures by status (spec 000 §8 "Generic form by status")', () => {
  it.each([
    [401, { message: 'x', error: 'x' }, 'Unable to submit form. Please try again later.'],
    [404, { message: 'x', error: 'x' }, 'This form has not been configured yet.'],
    [429, { message: 'x' }, 'Unable to submit form. Submission rate limit exceeded. Please try again later.'],
    [500, { message: 'x', error: 'x' }, 'Unable to send form. Please try again later.'],
    [
      400,
      { error: 'Could not parse the form fields, please check your entries.' },
      'Could not parse the form fields, please check your entries.',
    ],
    [400, { message: 'Injected fault' }, 'Unknown error, please try again later.'],
    [503, undefined, 'Unknown error, please try again later.'],
  ])(
    'status %i shows its text below the form and points to it from above; typed values stay',
    async (status, body, text) => {
      const { form, net, scriptUrl } = withCaptcha();
      const api = apiAnswering(() => json(status, body)) as unknown as FakeApi;
      const r = renderForm({ api, form, scriptUrl });
      await fillValid(r.user);
      const box = await screen.findByRole('checkbox', { name: "I'm not a robot" });
      await r.user.click(box);
      await r.user.click(screen.getByRole('button', { name: 'Submit' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(text);
      expect(screen.getByText(SCROLL_DOWN)).toBeInstanceOf(HTMLParagraphElement);
      expect(net.provider.widgets[0]?.resets).toBe(1);
      expect(box).toHaveProperty('checked', false);
      expect(screen.getByRole('button', { name: 'Submit' }).getAttribute('aria-disabled')).toBeNull();
      expect(screen.getByRole('textbox', { name: /Your name/ })).toHaveProperty('value', 'Ada Lovelace');
      expect(screen.getByRole('textbox', { name: /Email/ })).toHaveProperty('value', 'ada@example.com');
    },
  );

  it('puts 400 data.errors on each field and points up from below', async () => {
    const r = renderForm({
      api: apiAnswering(() =>
        json(400, {
          error: FIELDS_INVALID,
          errors: { email: 'This address is blocked.', nope: 'Unknown field.' },
        }),
      ) as unknown as FakeApi,
    });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This address is blocked.')).toBeInstanceOf(HTMLParagraphElement);
    expect(screen.queryByText('Unknown field.')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(FIELDS_INVALID);
    expect(screen.getByText(SCROLL_UP)).toBeInstanceOf(HTMLParagraphElement);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Email/ }));
  });

  it('moves focus to the field of a server error only once it is marked invalid and tied to the error', async () => {
    const r = renderForm({
      api: apiAnswering(() =>
        json(400, { error: FIELDS_INVALID, errors: { email: 'This address is blocked.' } }),
      ) as unknown as FakeApi,
    });
    await fillValid(r.user);
    const email = screen.getByRole('textbox', { name: /Email/ });
    const seen: (string | null)[][] = [];
    email.addEventListener('focus', () =>
      seen.push([email.getAttribute('aria-invalid'), email.getAttribute('aria-describedby')]),
    );
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    const error = await screen.findByText('This address is blocked.');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(error.id).not.toBe('');
    expect(seen).toEqual([['true', expect.stringContaining(error.id) as string]]);
  });

  it('says which fields are wrong above the form when a 400 names fields but no message', async () => {
    const r = renderForm({
      api: apiAnswering(() =>
        json(400, { errors: { email: 'This address is blocked.' } }),
      ) as unknown as FakeApi,
    });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This address is blocked.')).toBeInstanceOf(HTMLParagraphElement);
    expect(screen.getByRole('alert').textContent).toBe(FIELDS_INVALID);
    expect(screen.queryByText(/Unknown error/)).toBeNull();
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveProperty('value', 'ada@example.com');
  });

  it('a crumb failure says the session expired', async () => {
    const r = renderForm({
      api: apiAnswering(() => json(401, { crumbFail: true, error: 'x' })) as unknown as FakeApi,
    });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your session has expired. Please reload the page and try again.',
    );
  });

  it('a success body that is not JSON is a processing error', async () => {
    const r = renderForm({
      api: apiAnswering(() => new Response('{"success": ', { status: 200 })) as unknown as FakeApi,
    });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error processing form submission. Please reload and try again.',
    );
  });

  it('a failed key fetch says so, and nothing is saved', async () => {
    const api = fakeApi({ getFormSubmissionKey: async () => failResult('nope', { status: 500 }) });
    const r = renderForm({ api });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not get a form submission key, please try again later.',
    );
    expect(api.saveFormSubmission).not.toHaveBeenCalled();
  });

  it('offline shows the connection text', async () => {
    const api = fakeApi({
      getFormSubmissionKey: async () => okResult({ key: 'k' }),
      saveFormSubmission: async () => ({
        ok: false,
        error: { kind: 'network', status: 0, message: 'Please check your internet connection' },
      }),
    });
    const r = renderForm({ api });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please check your internet connection');
  });

  it('a throwing api is reported, shown as a processing error, and never escapes', async () => {
    const api = fakeApi({
      getFormSubmissionKey: async () => {
        throw new Error('boom');
      },
    });
    const r = renderForm({ api });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error processing form submission. Please reload and try again.',
    );
    expect(r.env.report).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInstanceOf(HTMLButtonElement);
  });
});

describe('the captcha check (spec 000 §5)', () => {
  it('is drawn only for a form that asks for one', async () => {
    const net = intercept();
    renderForm({ scriptUrl: '/captcha/none.js' });
    await screen.findByRole('button', { name: 'Submit' });
    expect(screen.queryByRole('checkbox', { name: "I'm not a robot" })).toBeNull();
    expect(net.requested).toEqual([]);
  });

  it('refuses to submit until the captcha is complete, keeping what was typed', async () => {
    const { form, scriptUrl } = withCaptcha();
    const r = renderForm({ form, scriptUrl });
    await screen.findByRole('checkbox', { name: "I'm not a robot" });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Complete CAPTCHA before submitting.');
    expect(r.api.getFormSubmissionKey).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /Your name/ })).toHaveProperty('value', 'Ada Lovelace');
  });

  it('treats a captcha whose provider failed to load as incomplete', async () => {
    const { form, net, scriptUrl } = withCaptcha();
    net.outcomes = ['error'];
    const r = renderForm({ form, scriptUrl });
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Complete CAPTCHA before submitting.');
    expect(r.api.getFormSubmissionKey).not.toHaveBeenCalled();
  });

  it('sends the token as captchaKey and keeps the captcha after a success', async () => {
    const { form, net, scriptUrl } = withCaptcha();
    const r = renderForm({ form, scriptUrl });
    await r.user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
    await fillValid(r.user);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(r.api.saveFormSubmission).toHaveBeenCalledTimes(1));
    expect(r.api.saveFormSubmission.mock.calls[0]?.[0].captchaKey).toBe('fake-token-0');
    expect(net.provider.widgets[0]?.resets).toBe(0);
  });
});

describe('page overrides', () => {
  it('takes its texts from strings, the spec texts included', async () => {
    const r = renderWithStorefront(
      <SiteForm
        formId="form-contact"
        form={schema()}
        strings={{ submit: 'Send', required: 'Needed', formFieldsInvalid: 'Please look again.' }}
      />,
    );
    await r.user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getAllByText('Needed')).toHaveLength(2);
    expect(screen.getByRole('alert').textContent).toBe('Please look again.');
  });
});

describe('loading the schema', () => {
  it('fetches the schema when the block has none', async () => {
    const api = fakeApi({ getFormSchema: async () => okResult(schema()) });
    renderForm({ api, form: undefined });
    expect(screen.getByText('Loading form…')).toBeInstanceOf(HTMLParagraphElement);
    expect(await screen.findByRole('textbox', { name: /Your name/ })).toBeInstanceOf(HTMLInputElement);
    expect(api.getFormSchema).toHaveBeenCalledWith('form-contact');
  });

  it.each([
    [404, 'This form has not been configured yet.'],
    [500, 'Unable to load the form. Please reload the page and try again.'],
  ])('a %i on the schema shows %j', async (status, text) => {
    const api = fakeApi({ getFormSchema: async () => failResult('x', { status }) });
    renderForm({ api, form: undefined });
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });
});
