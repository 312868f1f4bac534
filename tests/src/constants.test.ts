import { describe, expect, it } from 'vitest';
import {
  BLOCK_TYPES,
  BREAKPOINTS,
  COLLECTION_TYPES,
  COOKIE_POLICY,
  DEFAULT_FOCAL_POINT,
  FORM_FIELD_TYPES,
  GALLERY_ASPECT_RATIOS,
  GALLERY_DEFAULTS,
  IMAGE_WIDTHS,
  LIMITS,
  PAGE_TYPES,
  POSITIONS,
  PRODUCT_TYPES,
  RECORD_TYPES,
  SITE_USER_ROLES,
  UNTRACKED_PAGE_TYPES,
  clampSetting,
  colorWeight,
  isClickableFolderBehavior,
  isDarkColor,
  isFormFieldType,
  isMobileWidth,
  isProductType,
  pickThumbnailWidth,
} from '../../src/constants';

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

  it.each([
    ['navigation', 1],
    ['html', 2],
    ['logo', 3],
    ['map', 4],
    ['image', 5],
    ['accordion', 69],
  ] as const)('block type %s is %i', (name, code) => {
    expect(BLOCK_TYPES[name]).toBe(code);
  });

  it.each([
    ['generic', 1],
    ['subscription', 2],
    ['page', 10],
    ['products', 13],
  ] as const)('collection type %s is %i', (name, code) => {
    expect(COLLECTION_TYPES[name]).toBe(code);
  });

  it.each([
    ['text', 1],
    ['image', 2],
    ['quote', 4],
    ['link', 5],
    ['audio', 7],
    ['video', 8],
    ['storeItem', 11],
    ['event', 12],
    ['gallery', 14],
  ] as const)('record type %s is %i', (name, code) => {
    expect(RECORD_TYPES[name]).toBe(code);
  });

  it('has the twelve site-user roles, including VIEWER', () => {
    expect(Object.values(SITE_USER_ROLES)).toHaveLength(12);
    expect(SITE_USER_ROLES.viewer).toBe('VIEWER');
  });

  it('has the nineteen form field types', () => {
    expect(FORM_FIELD_TYPES).toHaveLength(19);
    expect(isFormFieldType('likert')).toBe(true);
    expect(isFormFieldType('toString')).toBe(false);
  });

  it('crosses top/center/bottom with left/center/right', () => {
    expect(POSITIONS).toEqual([
      'top-left',
      'top-center',
      'top-right',
      'center-left',
      'center-center',
      'center-right',
      'bottom-left',
      'bottom-center',
      'bottom-right',
    ]);
  });

  it.each([
    [undefined, true],
    [null, true],
    ['index', true],
    ['redirect', true],
    ['none', false],
    ['other', false],
  ])('folderBehavior %j clickable: %s', (v, expected) => {
    expect(isClickableFolderBehavior(v)).toBe(expected);
  });
});

describe('gallery settings', () => {
  it.each([
    ['design', 'grid'],
    ['autoplay', false],
    ['controls', false],
    ['autoCrop', true],
    ['squareThumbs', true],
    ['thumbnails', false],
    ['aspectRatio', 'square'],
    ['metaPosition', 'bottom'],
    ['activeAlignment', 'center'],
    ['lightbox', false],
    ['lightboxTheme', 'dark'],
    ['newWindow', false],
    ['transparentBackground', false],
  ] as const)('%s defaults to %j', (key, value) => {
    expect(GALLERY_DEFAULTS[key]).toBe(value);
  });

  it.each([
    ['autoplayDuration', 5, 1, 10],
    ['thumbnailStripHeight', 80, 0, 200],
    ['thumbnailStripMargin', 20, 0, 60],
    ['thumbnailsPerRow', 4, 1, 10],
    ['padding', 20, 0, 50],
    ['maxWidth', 300, 100, 300],
  ] as const)('%s defaults to %i within %i..%i', (key, def, min, max) => {
    expect(GALLERY_DEFAULTS[key]).toEqual({ default: def, min, max });
  });

  it.each([
    [7, 7],
    [0, 1],
    [11, 10],
    ['5', 5],
    [Number.NaN, 5],
  ])('clamps autoplay duration %j to %j', (value, expected) => {
    expect(clampSetting(value, GALLERY_DEFAULTS.autoplayDuration)).toBe(expected);
  });

  it.each([
    ['square', 1],
    ['standard', 1.5],
    ['standard-vertical', 2 / 3],
    ['four-three', 4 / 3],
    ['three-four-vertical', 0.75],
    ['widescreen', 16 / 9],
    ['anamorphic-widescreen', 2.4],
  ] as const)('aspect ratio %s is %d', (name, ratio) => {
    expect(GALLERY_ASPECT_RATIOS[name]).toBeCloseTo(ratio, 10);
  });
});

describe('images', () => {
  it('serves the seven width steps', () => {
    expect(IMAGE_WIDTHS).toEqual([100, 300, 500, 750, 1000, 1500, 2500]);
  });

  it.each([
    [2000, 1500],
    [1001, 1500],
    [1000, 1000],
    [751, 1000],
    [750, 750],
    [501, 750],
    [500, 500],
    [301, 500],
    [300, 300],
    [101, 300],
    [100, 100],
    [0, 100],
    [-5, 100],
  ])('a %ipx thumbnail uses the %iw image', (size, width) => {
    expect(pickThumbnailWidth(size)).toBe(width);
  });

  it('centres the focal point by default', () => {
    expect(DEFAULT_FOCAL_POINT).toEqual({ x: 0.5, y: 0.5 });
  });
});

describe('colour', () => {
  it.each([
    [0xffffff, 'light'],
    [0x000000, 'dark'],
    [0x7fffff, 'dark'],
    [0x800000, 'light'],
    ['#ffffff', 'light'],
    ['fff', 'light'],
    ['#000', 'dark'],
    ['#808080', 'light'],
    ['#7f7f7f', 'dark'],
    ['nope', 'dark'],
  ] as const)('colour weight of %j is %s', (value, weight) => {
    expect(colorWeight(value)).toBe(weight);
  });

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

describe('layout and limits', () => {
  it.each([
    [320, true],
    [432, true],
    [433, false],
    [1280, false],
  ])('%ipx wide is mobile: %s', (w, mobile) => {
    expect(isMobileWidth(w)).toBe(mobile);
    expect(BREAKPOINTS.desktopMin).toBe(433);
  });

  it.each([
    ['partialDepth', 16],
    ['truncateLength', 100],
    ['queryKeys', 1000],
    ['errorReporterSends', 20],
    ['errorReporterQueue', 10],
    ['errorReporterDebounceMs', 1000],
    ['errorReporterStackChars', 5000],
    ['censusTimeoutMs', 2500],
    ['cartCountMax', 100],
    ['emailMinLength', 3],
    ['emailMaxLength', 256],
    ['tagLength', 50],
    ['categoryLength', 25],
    ['weeksPerYear', 52],
    ['monthsPerYear', 12],
    ['performanceFlushMs', 30000],
    ['captchaCompactWidth', 320],
    ['numberFormatDigits', 50],
  ] as const)('%s is %i', (key, value) => {
    expect(LIMITS[key]).toBe(value);
  });

  it.each([
    ['visitorIdLifetimeMs', 2 * 365 * 24 * 3600 * 1000],
    ['visitLifetimeMs', 30 * 60 * 1000],
    ['analyticsLifetimeMs', 390 * 24 * 3600 * 1000],
  ] as const)('cookie lifetime %s is %i ms', (key, ms) => {
    expect(COOKIE_POLICY[key]).toBe(ms);
  });

  it.each([
    ['visitorCookieLifetimeMs', 2 * 365 * 24 * 3600 * 1000],
    ['visitCookieLifetimeMs', 30 * 60 * 1000],
    ['analyticsCookieLifetimeMs', 390 * 24 * 3600 * 1000],
  ] as const)('LIMITS.%s is %i ms', (key, ms) => {
    expect(LIMITS[key]).toBe(ms);
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
