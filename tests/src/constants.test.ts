import { describe, expect, it } from 'vitest';
import {
  FORM_FIELD_TYPES,
  LIKERT_VALUES,
  MULTI_PART_FIELDS,
  isFormFieldType,
  isMultiPartFieldType,
} from '../../src/commerce/form-fields';
import {
  BREAKPOINT,
  EDITOR_COOKIES,
  LIMITS,
  PRODUCT_TYPES,
  SCROLL_ANIMATION,
  isDarkColor,
  isMobileWidth,
  isProductType,
  readHexColor,
  scrollAnimation,
} from '../../src/constants';
import { COOKIE_POLICY, PAGE_LIMITS, PAGE_TYPES, UNTRACKED_PAGE_TYPES } from '../../src/page/constants';
import { ADD_BUTTON_TIMING } from '../../widgets/product-form/use-add-button';

describe('codes', () => {
  it.each([
    ['mainContent', 1],
    ['page', 2],
    ['splashPage', 3],
    ['contentItem', 50],
    ['notFound', 100],
    ['error', 101],
    ['search', 102],
    ['lockScreen', 103],
    ['popupOverlay', 104],
    ['protectedContent', 105],
    ['memberAreaAccessDenied', 106],
    ['showCart', 200],
    ['checkout', 201],
    ['orderConfirmed', 202],
    ['donate', 203],
    ['contributionConfirmed', 204],
    ['commerceCartV2', 205],
    ['subscriptionConfirmed', 206],
    ['orderReceived', 207],
    ['membershipConfirmed', 208],
    ['reviewsRequest', 209],
    ['newsletterUnsubscribe', 300],
    ['commerceEmailPreview', 301],
  ] as const)('page type %s is %i', (name, code) => {
    expect(PAGE_TYPES[name]).toBe(code);
  });

  it('lists all 23 page types', () => {
    expect(Object.keys(PAGE_TYPES)).toHaveLength(23);
  });

  it('skips tracking on not-found, lock-screen and access-denied pages', () => {
    expect(UNTRACKED_PAGE_TYPES).toEqual([100, 103, 106]);
  });

  it.each([
    ['physical', 1],
    ['digital', 2],
    ['service', 3],
    ['giftCard', 4],
    ['paywall', 5],
  ] as const)('product type %s is %i', (name, code) => {
    expect(PRODUCT_TYPES[name]).toBe(code);
  });

  it.each([
    [1, true],
    [5, true],
    [0, false],
    [6, false],
    ['1', false],
    [1.5, false],
  ])('isProductType(%j) is %s', (v, expected) => {
    expect(isProductType(v)).toBe(expected);
  });

  it('has the nineteen form field types', () => {
    expect(FORM_FIELD_TYPES).toHaveLength(19);
    expect(isFormFieldType('likert')).toBe(true);
    expect(isFormFieldType('toString')).toBe(false);
  });

  it.each([
    ['date', ['month', 'day', 'year']],
    ['name', ['first', 'last']],
    ['time', ['hour', 'minute', 'ampm']],
    ['address', ['line1', 'line2', 'city', 'state', 'zip', 'country']],
    ['phone', ['country', 'areaCode', 'prefix', 'line']],
  ] as const)('the %s field is answered in the parts %j', (type, parts) => {
    expect(isMultiPartFieldType(type)).toBe(true);
    expect(MULTI_PART_FIELDS[type]).toEqual(parts);
  });

  it.each(['text', 'likert', 'toString', '__proto__'])('%s is not a multi-part field', (type) => {
    expect(isMultiPartFieldType(type)).toBe(false);
  });

  it('answers likert statements from -2 to 2', () => {
    expect(LIKERT_VALUES).toEqual(['-2', '-1', '0', '1', '2']);
  });
});

describe('colour', () => {
  it.each([
    [0, 0, 0, true],
    [255, 255, 255, false],
    [128, 128, 128, true],
    [166, 166, 166, false],
    [165, 165, 165, true],
    [255, 0, 0, true],
    [0, 255, 0, true],
    [255, 255, 0, false],
    [0, 0, 255, true],
  ])('rgb(%i, %i, %i) is dark: %s', (r, g, b, dark) => {
    expect(isDarkColor(r, g, b)).toBe(dark);
  });
});

describe('timing and limits', () => {
  it.each([
    ['queryKeys', 1000],
    ['errorReporterSends', 20],
    ['errorReporterQueue', 10],
    ['errorReporterDebounceMs', 1000],
    ['errorReporterStackChars', 5000],
    ['censusTimeoutMs', 2500],
    ['performanceFlushMs', 30000],
    ['performanceSettingsTimeoutMs', 30000],
    ['performanceMetricsMaxMs', 60000],
  ] as const)('platform limit %s is %i', (key, value) => {
    expect(PAGE_LIMITS[key]).toBe(value);
  });

  it.each([
    ['cartCountMax', 100],
    ['emailMinLength', 3],
    ['emailMaxLength', 256],
    ['weeksPerYear', 52],
    ['monthsPerYear', 12],
  ] as const)('%s is %i', (key, value) => {
    expect(LIMITS[key]).toBe(value);
  });

  it('times the add button: Added! after 1 s for 2 s, idle 1 s after a failure', () => {
    expect(ADD_BUTTON_TIMING).toEqual({ addedDelayMs: 1000, addedDurationMs: 2000, errorResetMs: 1000 });
  });

  it.each([
    ['visitorIdLifetimeMs', 2 * 365 * 24 * 3600 * 1000],
    ['visitLifetimeMs', 30 * 60 * 1000],
    ['analyticsLifetimeMs', 390 * 24 * 3600 * 1000],
  ] as const)('cookie lifetime %s is %i ms', (key, ms) => {
    expect(COOKIE_POLICY[key]).toBe(ms);
  });

  it('removes the five visitor cookies under a restrictive policy', () => {
    expect(COOKIE_POLICY.restrictedCookies).toEqual([
      'ss_cid',
      'ss_cpvisit',
      'ss_cvisit',
      'ss_cvr',
      'ss_cvt',
    ]);
  });
});

describe('editor and site constants (spec 001 §9)', () => {
  it('names the scroll animation figures', () => {
    expect(SCROLL_ANIMATION).toEqual({
      minDuration: 50,
      defaultDuration: 50,
      defaultOffset: 30,
      tweenMs: 300,
    });
  });

  it.each([
    [{}, { durationMs: 300, offsetPx: 30 }],
    [
      { duration: 10, offset: 0 },
      { durationMs: 300, offsetPx: 0 },
    ],
    [
      { duration: '100', offset: '12' },
      { durationMs: 600, offsetPx: 12 },
    ],
    [
      { duration: 75, offset: 'far' },
      { durationMs: 450, offsetPx: 30 },
    ],
    [{ duration: Number.NaN }, { durationMs: 300, offsetPx: 30 }],
  ])('reads the animation setting %j as %j', (input, expected) => {
    expect(scrollAnimation(input)).toEqual(expected);
  });

  it.each([
    [320, true],
    [432, true],
    [433, false],
    [1024, false],
  ])('a window %i px wide is mobile: %s', (width, mobile) => {
    expect(BREAKPOINT).toEqual({ mobileMaxPx: 432, desktopMinPx: 433 });
    expect(isMobileWidth(width)).toBe(mobile);
  });

  it('names the four editor cookies', () => {
    expect(Object.keys(EDITOR_COOKIES)).toEqual([
      'preview',
      'override',
      'expandedFrame',
      'disableUserScripts',
    ]);
  });

  it.each([
    ['#ABC', '#abc'],
    ['c00000', '#c00000'],
    [' #0b5 ', '#0b5'],
    ['#abcd', null],
    ['red', null],
    ['#12345g', null],
    [7, null],
  ])('reads the hex colour %j as %j', (input, expected) => {
    expect(readHexColor(input)).toBe(expected);
  });
});
