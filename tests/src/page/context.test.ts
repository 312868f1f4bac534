import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_CONTEXT,
  isFeatureEnabled,
  normalizeApiRoot,
  parseSiteContext,
  readSiteContext,
} from '../../../src/page/context';
import { CONTEXT_SCRIPT_ID } from '../../../src/contract';

// eslint-disable-next-line no-script-url -- hostile input the parser must refuse
const SCRIPT_URL = 'javascript:alert(1)';

function putContextScript(text: string): void {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = CONTEXT_SCRIPT_ID;
  el.textContent = text;
  document.body.append(el);
}

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('DEFAULT_CONTEXT', () => {
  it.each([
    ['currency', 'USD'],
    ['locale', 'en-US'],
    ['timeZone', 'America/New_York'],
    ['restockSuccessText', 'Signed up!'],
    ['captchaScriptUrl', 'https://www.google.com/recaptcha/api.js?render=explicit'],
    ['apiRoot', '/api/'],
    ['designFrame', false],
    ['pillTheme', 'light'],
    ['useCLDRMoneyFormat', false],
  ] as const)('%s defaults to %j', (key, value) => {
    expect(DEFAULT_CONTEXT[key]).toBe(value);
  });

  it('has empty roles and features, permissive cookies, and reviews off', () => {
    expect(DEFAULT_CONTEXT.websiteRoles).toEqual([]);
    expect(DEFAULT_CONTEXT.features).toEqual({});
    expect(DEFAULT_CONTEXT.cookieSettings).toEqual({
      isRestrictiveCookiePolicyEnabled: false,
      isCookieBannerEnabled: false,
    });
    expect(DEFAULT_CONTEXT.reviews).toEqual({ native: false, imported: false });
    expect(DEFAULT_CONTEXT.websiteId).toBeUndefined();
    expect(DEFAULT_CONTEXT.captchaSiteKey).toBeUndefined();
  });

  it('cannot be mutated by a caller', () => {
    expect(Object.isFrozen(DEFAULT_CONTEXT)).toBe(true);
    expect(Object.isFrozen(DEFAULT_CONTEXT.cookieSettings)).toBe(true);
    expect(Object.isFrozen(DEFAULT_CONTEXT.websiteRoles)).toBe(true);
  });
});

describe('parseSiteContext', () => {
  it('reads a complete context', () => {
    const { context, issues } = parseSiteContext({
      websiteId: 'w1',
      templateId: 't1',
      authenticatedAccountId: 'a1',
      websiteRoles: ['VIEWER'],
      cookieSettings: { isRestrictiveCookiePolicyEnabled: true, isCookieBannerEnabled: true },
      currency: 'EUR',
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
      restockSuccessText: 'Thanks!',
      captchaSiteKey: 'key',
      captchaScriptUrl: '/captcha/fake.js',
      apiRoot: 'https://shop.example/api',
      features: { afterpay: true, clearpay: false },
      designFrame: true,
      pillTheme: 'dark',
      reviews: { native: true, imported: false },
      useCLDRMoneyFormat: true,
      instalmentTextsUrl: 'https://texts.provider.example/{locale}.json',
      instalmentTermsUrl: '/bnpl/{locale}/terms',
      mockCart: true,
    });
    expect(issues).toEqual([]);
    expect(context).toEqual({
      websiteId: 'w1',
      templateId: 't1',
      authenticatedAccountId: 'a1',
      websiteRoles: ['VIEWER'],
      cookieSettings: { isRestrictiveCookiePolicyEnabled: true, isCookieBannerEnabled: true },
      currency: 'EUR',
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
      restockSuccessText: 'Thanks!',
      captchaSiteKey: 'key',
      captchaScriptUrl: '/captcha/fake.js',
      apiRoot: 'https://shop.example/api/',
      features: { afterpay: true, clearpay: false },
      designFrame: true,
      pillTheme: 'dark',
      reviews: { native: true, imported: false },
      useCLDRMoneyFormat: true,
      instalmentTextsUrl: 'https://texts.provider.example/{locale}.json',
      instalmentTermsUrl: '/bnpl/{locale}/terms',
      mockCart: true,
    });
  });

  it('gives the defaults and no issue for an empty object (every key is optional)', () => {
    expect(parseSiteContext({})).toEqual({ context: DEFAULT_CONTEXT, issues: [], raw: {} });
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['a string', '{"currency":"EUR"}'],
    ['a number', 42],
    ['an array', [{ currency: 'EUR' }]],
    ['a boolean', true],
  ])('gives the defaults and exactly one issue when the context is %s', (_label, raw) => {
    const { context, issues } = parseSiteContext(raw);
    expect(context).toEqual(DEFAULT_CONTEXT);
    expect(issues).toEqual(['#sf-context is not an object']);
  });

  it.each([
    ['currency', 'XYZ'],
    ['currency', 12],
    ['locale', 'not a locale!'],
    ['locale', 5],
    ['timeZone', ''],
    ['timeZone', 3],
    ['restockSuccessText', ''],
    ['restockSuccessText', ['Signed']],
    ['apiRoot', `${SCRIPT_URL}//`],
    ['apiRoot', '//evil.example/api/'],
    ['apiRoot', 'api/'],
    ['apiRoot', ''],
    ['apiRoot', 7],
    ['apiRoot', '/api?x=1'],
    ['apiRoot', '/api#frag'],
    ['apiRoot', 'https://shop.example/api/?key=1'],
    ['apiRoot', '/api/#'],
    ['designFrame', 'yes'],
    ['pillTheme', 'blue'],
    ['websiteRoles', 'VIEWER'],
    ['websiteRoles', ['VIEWER', 3]],
    ['cookieSettings', 'restrictive'],
    ['reviews', true],
    ['features', ['afterpay']],
    ['websiteId', ''],
    ['websiteId', { id: 1 }],
    ['captchaSiteKey', false],
    ['captchaScriptUrl', 'javascript:alert(1)'],
    ['captchaScriptUrl', '//evil.example/api.js'],
    ['captchaScriptUrl', 'data:text/javascript,alert(1)'],
    ['captchaScriptUrl', 'captcha.js'],
    ['captchaScriptUrl', 3],
    ['useCLDRMoneyFormat', 1],
    ['instalmentTextsUrl', 'javascript:alert(1)//{locale}'],
    ['instalmentTextsUrl', '//evil.example/{locale}.json'],
    ['instalmentTextsUrl', ''],
    ['instalmentTermsUrl', 'javascript:alert(1)//{locale}'],
    ['instalmentTermsUrl', '//evil.example/{locale}/terms'],
  ])('falls back to the default %s when given %j, with one issue', (key, value) => {
    const { context, issues } = parseSiteContext({
      [key]: value,
      currency: key === 'currency' ? value : 'GBP',
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toContain(key);
    const expected = key === 'currency' ? DEFAULT_CONTEXT : { ...DEFAULT_CONTEXT, currency: 'GBP' };
    expect(context).toEqual(expected);
  });

  it('keeps good keys when a neighbouring key is bad', () => {
    const { context, issues } = parseSiteContext({ currency: 'nope', locale: 'fr-FR', pillTheme: 'dark' });
    expect(context.currency).toBe('USD');
    expect(context.locale).toBe('fr-FR');
    expect(context.pillTheme).toBe('dark');
    // One wording for every key: the key, then what it should have been.
    expect(issues).toEqual(['currency is not a supported currency code']);
  });

  it.each([
    [
      'cookieSettings',
      { isRestrictiveCookiePolicyEnabled: 'yes', isCookieBannerEnabled: true },
      'cookieSettings',
      { isRestrictiveCookiePolicyEnabled: false, isCookieBannerEnabled: true },
    ],
    ['reviews', { native: true, imported: 'no' }, 'reviews', { native: true, imported: false }],
    ['features', { good: true, bad: 'on' }, 'features', { good: true }],
  ] as const)('falls back per nested key in %s', (key, value, field, expected) => {
    const { context, issues } = parseSiteContext({ [key]: value });
    expect(context[field]).toEqual(expected);
    expect(issues).toHaveLength(1);
  });

  it.each([
    [{ currency: 'eur' }, 'currency', 'EUR'],
    [{ locale: 'en-gb' }, 'locale', 'en-GB'],
    [{ locale: ' fr-CA ' }, 'locale', 'fr-CA'],
    [{ websiteId: 123 }, 'websiteId', '123'],
    [{ websiteId: '  w9 ' }, 'websiteId', 'w9'],
    [{ apiRoot: '/shop/api' }, 'apiRoot', '/shop/api/'],
    [{ apiRoot: 'http://localhost:3000/api/' }, 'apiRoot', 'http://localhost:3000/api/'],
  ] as const)('normalises %j', (raw, key, value) => {
    const { context, issues } = parseSiteContext(raw);
    expect(context[key]).toBe(value);
    expect(issues).toEqual([]);
  });

  it('treats null keys as absent', () => {
    const raw = { websiteId: null, captchaSiteKey: null, currency: null };
    expect(parseSiteContext(raw)).toEqual({ context: DEFAULT_CONTEXT, issues: [], raw });
  });

  it('keeps page-supplied flag names away from Object.prototype', () => {
    const { context } = parseSiteContext(JSON.parse('{"features":{"__proto__":true,"toString":true}}'));
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(isFeatureEnabled(context, 'toString')).toBe(true);
    expect(isFeatureEnabled(context, 'hasOwnProperty')).toBe(false);
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it('returns a frozen context', () => {
    const { context } = parseSiteContext({ websiteRoles: ['VIEWER'] });
    expect(Object.isFrozen(context)).toBe(true);
    expect(Object.isFrozen(context.websiteRoles)).toBe(true);
  });
});

describe('the time zone check', () => {
  it('builds no Intl.DateTimeFormat while the context is parsed, one on the first read of timeZone', () => {
    const constructed = vi.spyOn(Intl, 'DateTimeFormat');
    const { context, issues } = parseSiteContext({ timeZone: 'Europe/Berlin' });
    expect(issues).toEqual([]);
    expect(constructed).not.toHaveBeenCalled();
    expect(context.timeZone).toBe('Europe/Berlin');
    expect(context.timeZone).toBe('Europe/Berlin');
    expect(constructed).toHaveBeenCalledTimes(1);
    expect(Object.isFrozen(context)).toBe(true);
  });

  it('falls back to America/New_York for a zone Intl does not know, warning once when first read', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { context, issues } = parseSiteContext({ timeZone: 'Mars/Olympus_Mons', currency: 'GBP' });
    expect(issues).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    expect(context.timeZone).toBe('America/New_York');
    expect(context).toEqual({ ...DEFAULT_CONTEXT, currency: 'GBP' });
    expect(warn.mock.calls).toEqual([
      ['[storefront] site context: Failed to load timezone: timeZone is not a known time zone'],
    ]);
  });
});

describe('readSiteContext', () => {
  it('reads the JSON of the #sf-context script', () => {
    putContextScript('{"currency":"JPY","websiteId":"site-7"}');
    const { context, issues } = readSiteContext();
    expect(issues).toEqual([]);
    expect(context.currency).toBe('JPY');
    expect(context.websiteId).toBe('site-7');
  });

  it.each([
    ['broken JSON', '{"currency": "EUR"', 'JSON'],
    ['empty text', '', 'JSON'],
    ['JSON that is not an object', '"EUR"', 'an object'],
    ['JSON null', 'null', 'an object'],
  ])('gives the defaults and one issue for %s', (_label, text, expected) => {
    putContextScript(text);
    const { context, issues } = readSiteContext();
    expect(context).toEqual(DEFAULT_CONTEXT);
    expect(issues).toEqual([`#sf-context is not ${expected}`]);
  });

  it('gives the defaults and one issue when the script is missing', () => {
    const { context, issues } = readSiteContext();
    expect(context).toEqual(DEFAULT_CONTEXT);
    expect(issues).toEqual(['#sf-context is not on the page']);
  });

  it('reads from a given document', () => {
    const doc = document.implementation.createHTMLDocument('other');
    const el = doc.createElement('script');
    el.id = CONTEXT_SCRIPT_ID;
    el.textContent = '{"pillTheme":"dark"}';
    doc.body.append(el);
    expect(readSiteContext(doc).context.pillTheme).toBe('dark');
  });
});

describe('normalizeApiRoot', () => {
  it.each([
    ['/api/', '/api/'],
    ['/api', '/api/'],
    [' /api/ ', '/api/'],
    ['https://x.example/api', 'https://x.example/api/'],
    [SCRIPT_URL, null],
    ['data:text/html,hi', null],
    ['//x.example/api', null],
    ['/\\x.example', null],
    ['/a\\b/', null],
    ['HTTP://x.example/', 'HTTP://x.example/'],
    ['https:///x.example', null],
    ['https://', null],
    ['/a b/', null],
    ['', null],
    // Every endpoint's path goes at the root's end: a query or a fragment would swallow it.
    ['/api?x=1', null],
    ['/api#frag', null],
    ['/api/?', null],
    ['https://x.example/api/#', null],
  ])('%j -> %j', (raw, expected) => {
    expect(normalizeApiRoot(raw)).toBe(expected);
  });

  it('is refused with a query or a fragment, the issue saying why, and the default used', () => {
    for (const apiRoot of ['/api?x=1', '/api#frag']) {
      expect(parseSiteContext({ apiRoot })).toMatchObject({
        context: { apiRoot: '/api/' },
        issues: ['apiRoot is not a path starting with / or an http(s) address, without ? or #'],
      });
    }
  });
});
