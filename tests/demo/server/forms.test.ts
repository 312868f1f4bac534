// @vitest-environment node
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, Visitor } from './visitor';

let app: FastifyInstance;
let visitor: Visitor;
beforeEach(async () => {
  app = await startServer({ rateLimit: { formSubmission: { max: 3, timeWindowMs: 60_000 } } });
  visitor = await new Visitor(app).arrive();
});
afterEach(async () => {
  await app.close();
});

const SCHEMA = '/api/template/GetTemplateSchema';
const VALID_CONTACT = {
  name: { first: 'Ada', last: 'Lovelace' },
  email: 'ada@example.com',
  message: 'Hello',
};
const PAGE = {
  pageTitle: 'Contact',
  pageId: 'page-contact',
  contentSource: 'c',
  pagePath: '/contact',
  pagePermissionTypeValue: 1,
};

async function key(v: Visitor = visitor): Promise<string> {
  const res = await v.post('/api/form/FormSubmissionKey');
  expect(res.statusCode).toBe(200);
  return res.json().key as string;
}

describe('GET /api/template/GetTemplateSchema', () => {
  it('answers a site form schema', async () => {
    const res = await visitor.get(`${SCHEMA}?type=form&formId=form-contact`);
    expect(res.statusCode).toBe(200);
    const form = res.json();
    expect(form).toMatchObject({
      id: 'form-contact',
      name: 'Contact us',
      kind: 'site',
      isNewsletter: false,
      successRedirect: null,
      captchaSettings: { enabled: false, siteKey: null },
      disclaimer: null,
    });
    expect(form.fields.find((f: { id: string }) => f.id === 'message')).toEqual({
      id: 'message',
      type: 'textarea',
      title: 'Message',
      description: 'At most 500 characters.',
      required: true,
      placeholder: null,
      maxLength: 500,
      options: [],
      statements: [],
    });
  });

  it('answers a product additional-fields form by its id', async () => {
    const res = await visitor.get(`${SCHEMA}?type=form&formId=form-engraving`);
    expect(res.json().kind).toBe('additional-fields');
    expect(res.json().fields.map((f: { type: string }) => f.type)).toEqual([
      'text',
      'name',
      'select',
      'checkbox',
      'date',
      'section',
      'likert',
    ]);
  });

  it.each([
    ['?formId=form-contact', 400, 'type must be form.'],
    ['?type=form', 400, 'formId is required.'],
    ['?type=form&formId=form-nope', 404, 'This form has not been configured yet.'],
  ])('answers %s with %i', async (query, status, message) => {
    const res = await visitor.get(`${SCHEMA}${query}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });
});

describe('POST /api/rest/forms/validate/{formId}', () => {
  it('answers 200 {} for valid answers', async () => {
    const res = await visitor.post('/api/rest/forms/validate/form-contact', VALID_CONTACT);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });

  it.each([
    ['an empty required email', { email: '' }, { email: 'Required' }],
    [
      'a malformed email',
      { email: 'ada@example' },
      { email: 'Email is not valid. Email addresses should follow the format user@domain.com.' },
    ],
    [
      'a five-letter TLD',
      { email: 'ada@example.abcde' },
      { email: 'Email is not valid. Email addresses should follow the format user@domain.com.' },
    ],
    [
      'a message over its max length',
      { message: 'x'.repeat(501) },
      { message: 'You have exceeded the character limit.' },
    ],
    ['an empty multi-part name', { name: { first: '', last: ' ' } }, { name: 'Required' }],
    [
      'a first name past 256 characters',
      { name: { first: 'b'.repeat(257), last: 'x' } },
      { name: 'You have exceeded the character limit.' },
    ],
    [
      'a topic not offered',
      { topic: 'Complaint' },
      { topic: 'Complaint is not one of the expected options' },
    ],
    ['a number where text belongs', { message: 42 }, { message: 'Invalid value.' }],
    [
      'a website that is no link',
      { website: 'my shop' },
      { website: 'Links must be formatted as www.example.com or https://www.example.com' },
    ],
  ])('answers 400 with field errors for %s', async (_name, patch, errors) => {
    const res = await visitor.post('/api/rest/forms/validate/form-contact', { ...VALID_CONTACT, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'One or more fields is invalid, please check your entries.',
      errors,
    });
  });

  it('bounds a text answer whose field sets no maxLength at 10,000 characters', async () => {
    const notes = {
      id: 'form-notes',
      name: 'Notes',
      fields: [{ id: 'notes', type: 'textarea', title: 'Notes' }],
    };
    const shop = await startServer({ forms: [notes] });
    try {
      const v = await new Visitor(shop).arrive();
      const at = await v.post('/api/rest/forms/validate/form-notes', { notes: 'n'.repeat(10_000) });
      expect(at.statusCode).toBe(200);
      const past = await v.post('/api/rest/forms/validate/form-notes', { notes: 'n'.repeat(10_001) });
      expect(past.statusCode).toBe(400);
      expect(past.json().errors).toEqual({ notes: 'You have exceeded the character limit.' });
    } finally {
      await shop.close();
    }
  });

  it('accepts an empty optional field', async () => {
    const res = await visitor.post('/api/rest/forms/validate/form-contact', {
      ...VALID_CONTACT,
      website: '',
      topic: '',
    });
    expect(res.statusCode).toBe(200);
  });

  // Spec 000 §8 reads `data.error` under /api/form/: every failure there carries it.
  it.each([
    [
      'a body that is not JSON',
      () => visitor.post('/api/form/SaveFormSubmission', 'x', { headers: { 'content-type': 'text/html' } }),
      415,
      'Unsupported content type.',
    ],
    ['an unknown endpoint', () => visitor.post('/api/form/Nope', {}), 404, 'Not found.'],
  ])('says why in "error" too for %s', async (_name, send, status, message) => {
    const res = await send();
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message, error: message });
  });

  it('answers 404 for an unknown form', async () => {
    const res = await visitor.post('/api/rest/forms/validate/form-nope', VALID_CONTACT);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This form has not been configured yet.' });
  });
});

describe('POST /api/form/FormSubmissionKey', () => {
  it('answers a fresh key for an empty JSON body', async () => {
    const res = await visitor.post('/api/form/FormSubmissionKey', undefined, {
      body: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().key).toMatch(/^[\w-]{43}$/);
  });
});

describe('POST /api/form/SaveFormSubmission', () => {
  it('stores an accepted submission with its page fields in SQLite', async () => {
    const res = await visitor.post('/api/form/SaveFormSubmission', {
      key: await key(),
      formId: 'form-contact',
      form: VALID_CONTACT,
      ...PAGE,
    });
    expect(res.statusCode).toBe(200);
    const { success, submissionId } = res.json();
    expect(success).toBe(true);
    const row = app.db.prepare('SELECT * FROM form_submissions WHERE id = ?').get(submissionId) as Record<
      string,
      unknown
    >;
    expect(JSON.parse(String(row['data_json']))).toEqual(VALID_CONTACT);
    expect(row).toMatchObject({
      form_id: 'form-contact',
      page_title: 'Contact',
      page_id: 'page-contact',
      content_source: 'c',
      page_path: '/contact',
      page_permission_type_value: '1',
    });
  });

  it('accepts the form answers as a JSON string in a form-encoded body', async () => {
    const body = new URLSearchParams({
      key: await key(),
      formId: 'form-newsletter',
      form: JSON.stringify({ email: 'a@b.co' }),
      contentSource: 'i',
    });
    const res = await visitor.post('/api/form/SaveFormSubmission', undefined, {
      body: body.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (
        app.db
          .prepare("SELECT COUNT(*) AS n FROM form_submissions WHERE form_id = 'form-newsletter'")
          .get() as { n: number }
      ).n,
    ).toBe(1);
  });

  it('answers 400 with field errors and data.error, and stores nothing', async () => {
    const res = await visitor.post('/api/form/SaveFormSubmission', {
      key: await key(),
      formId: 'form-contact',
      form: { ...VALID_CONTACT, email: 'nope' },
      ...PAGE,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'One or more fields is invalid, please check your entries.',
      error: 'One or more fields is invalid, please check your entries.',
      errors: { email: 'Email is not valid. Email addresses should follow the format user@domain.com.' },
    });
    expect((app.db.prepare('SELECT COUNT(*) AS n FROM form_submissions').get() as { n: number }).n).toBe(0);
  });

  it.each([
    ['an unknown key', async () => 'not-a-key'],
    ['no key', async () => undefined],
  ])('answers 401 for %s', async (_name, makeKey) => {
    const res = await visitor.post('/api/form/SaveFormSubmission', {
      key: await makeKey(),
      formId: 'form-contact',
      form: VALID_CONTACT,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('The form submission key is missing, used or expired.');
  });

  it('answers 401 when a key is used twice', async () => {
    const k = await key();
    expect(
      (
        await visitor.post('/api/form/SaveFormSubmission', {
          key: k,
          formId: 'form-contact',
          form: VALID_CONTACT,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await visitor.post('/api/form/SaveFormSubmission', {
          key: k,
          formId: 'form-contact',
          form: VALID_CONTACT,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('answers 404 for an unknown form', async () => {
    const res = await visitor.post('/api/form/SaveFormSubmission', {
      key: await key(),
      formId: 'form-nope',
      form: {},
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'This form has not been configured yet.',
      error: 'This form has not been configured yet.',
    });
  });

  it.each([
    [
      'form that is not JSON',
      { form: '{oops' },
      'Could not parse the form fields, please check your entries.',
    ],
    ['contentSource outside i and c', { contentSource: 'x' }, 'contentSource must be i or c.'],
  ])('answers 400 for a %s', async (_name, patch, message) => {
    const res = await visitor.post('/api/form/SaveFormSubmission', {
      key: await key(),
      formId: 'form-contact',
      form: VALID_CONTACT,
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('requires a captcha key when the form has a captcha', async () => {
    const without = await visitor.post('/api/form/SaveFormSubmission', {
      key: await key(),
      formId: 'form-feedback',
      form: { comments: 'Nice' },
    });
    expect(without.statusCode).toBe(400);
    expect(without.json().error).toBe('Complete CAPTCHA before submitting.');
    const withKey = await visitor.post('/api/form/SaveFormSubmission', {
      key: await key(),
      formId: 'form-feedback',
      form: { comments: 'Nice' },
      captchaKey: 'fake-token',
    });
    expect(withKey.statusCode).toBe(200);
    const forged = await visitor.post('/api/form/SaveFormSubmission', {
      key: await key(),
      formId: 'form-feedback',
      form: { comments: 'Nice' },
      captchaKey: 'token',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe('Complete CAPTCHA before submitting.');
  });

  it('answers 500 with data.error when the submission cannot be stored, and the key stays unused', async () => {
    app.db.exec('DROP TABLE form_submissions');
    const k = await key();
    const res = await visitor.post('/api/form/SaveFormSubmission', {
      key: k,
      formId: 'form-contact',
      form: VALID_CONTACT,
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Something went wrong. Please try again later.',
      error: 'Something went wrong. Please try again later.',
    });
    expect(app.db.prepare('SELECT used FROM form_keys WHERE key = ?').get(k)).toEqual({ used: null });
  });

  it('answers 429 once the submission rate limit is used up', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await visitor.post('/api/form/SaveFormSubmission', {
        key: await key(),
        formId: 'form-contact',
        form: VALID_CONTACT,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.headers['retry-after']).toBeDefined();
        expect(res.json().error).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
