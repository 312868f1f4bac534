import { describe, expect, it } from 'vitest';
import { SITE_FORM_PAGE_KEYS, SITE_FORM_PROPS_KEYS } from '../../../src/contract.js';
import { parseSiteFormProps } from '../../../widgets/site-form/props.js';

const SCHEMA = {
  id: 'form-contact',
  name: 'Contact',
  fields: [{ id: 'email', type: 'email', title: 'Email', required: true, maxLength: '0' }],
  successRedirect: 'javascript:alert(1)',
};

describe('site-form props', () => {
  it('needs only a formId, and fills the page defaults', () => {
    expect(parseSiteFormProps({ formId: 'form-contact' })).toEqual({
      ok: true,
      value: { formId: 'form-contact', page: { id: '', contentSource: 'c', permissionType: 0 }, strings: {} },
    });
  });

  it.each([
    ['nothing', undefined],
    ['a list', []],
    ['no formId', { page: {} }],
    ['a blank formId', { formId: '  ' }],
    ['a formId that is an object', { formId: {} }],
  ])('refuses %s', (_name, raw) => {
    expect(parseSiteFormProps(raw).ok).toBe(false);
  });

  it('reads the page fields of a contact page', () => {
    const parsed = parseSiteFormProps({
      formId: 'form-contact',
      page: { id: 'page-contact', contentSource: 'i', permissionType: 2 },
    });
    expect(parsed.ok && parsed.value.page).toEqual({
      id: 'page-contact',
      contentSource: 'i',
      permissionType: 2,
    });
  });

  it('drops page fields it cannot use, one by one', () => {
    const parsed = parseSiteFormProps({
      formId: 'f',
      page: { id: 7, contentSource: 'x', permissionType: 'lots' },
    });
    expect(parsed.ok && parsed.value.page).toEqual({ id: '7', contentSource: 'c', permissionType: 0 });
  });

  it('parses an inline schema at the edge: a 0 max length is none, a javascript: redirect is dropped', () => {
    const parsed = parseSiteFormProps({ formId: 'form-contact', form: SCHEMA });
    if (!parsed.ok) throw new Error(parsed.issues.join());
    expect(parsed.value.form?.fields[0]?.maxLength).toBeNull();
    expect(parsed.value.form?.successRedirect).toBeNull();
  });

  it('drops an inline schema that does not parse, so the widget fetches it', () => {
    const parsed = parseSiteFormProps({ formId: 'f', form: { fields: 'nope' } });
    expect(parsed.ok && 'form' in parsed.value).toBe(false);
  });

  it('keeps string overrides only', () => {
    const parsed = parseSiteFormProps({ formId: 'f', strings: { submit: 'Send', loading: 3 } });
    expect(parsed.ok && parsed.value.strings).toEqual({ submit: 'Send' });
  });
});

describe('site-form props and the page contract', () => {
  it('reads the keys the contract pins, and the page keys', () => {
    const raw = Object.fromEntries(SITE_FORM_PROPS_KEYS.map((k) => [k, undefined])) as Record<
      string,
      unknown
    >;
    raw['formId'] = 'f';
    const parsed = parseSiteFormProps(raw);
    expect(parsed.ok && Object.keys(parsed.value.page ?? {})).toEqual([...SITE_FORM_PAGE_KEYS]);
  });
});
