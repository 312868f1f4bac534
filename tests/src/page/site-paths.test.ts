import { afterEach, describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../../src/contract.js';
import { notesInto } from '../../../src/result.js';
import {
  contextSitePaths,
  DEFAULT_SITE_PATHS,
  readSitePaths,
  sitePaths,
} from '../../../src/page/site-paths.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('site paths: defaults', () => {
  it('are the routes of PATHS', () => {
    expect(DEFAULT_SITE_PATHS).toEqual({
      cart: '/cart',
      checkout: '/checkout',
      subscription: '/checkout/subscription',
      giftCard: '/checkout/gift-card',
      continueShopping: '/',
    });
    expect(DEFAULT_SITE_PATHS.checkout).toBe(PATHS.checkout);
  });

  it.each([undefined, null])('%s gives the defaults with no issue', (raw) => {
    const issues: string[] = [];
    expect(readSitePaths(raw, notesInto(issues))).toEqual(DEFAULT_SITE_PATHS);
    expect(issues).toEqual([]);
  });

  it.each(['/checkout', 42, ['/checkout'], true])(
    '%j, not an object, gives the defaults and one issue',
    (raw) => {
      const issues: string[] = [];
      expect(readSitePaths(raw, notesInto(issues))).toEqual(DEFAULT_SITE_PATHS);
      expect(issues).toEqual(['paths is not an object']);
    },
  );
});

describe('site paths: each destination by the redirect rule', () => {
  it.each([
    { value: '/pay', expected: '/pay' },
    { value: '  /pay?step=1#top  ', expected: '/pay?step=1#top' },
    { value: 'https://checkout.example/s/42', expected: 'https://checkout.example/s/42' },
    { value: 'http://checkout.example', expected: 'http://checkout.example' },
  ])('takes $value as $expected', ({ value, expected }) => {
    const issues: string[] = [];
    expect(readSitePaths({ checkout: value }, notesInto(issues)).checkout).toBe(expected);
    expect(issues).toEqual([]);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<b>x</b>',
    '//evil.example/checkout',
    '/\\evil.example',
    '/\t/evil.example',
    'https://user:pass@evil.example/',
    'ftp://files.example/',
    'checkout',
    '',
    42,
    { path: '/pay' },
  ])('refuses %j for the default, with an issue', (value) => {
    const issues: string[] = [];
    const paths = readSitePaths({ checkout: value, giftCard: '/gift' }, notesInto(issues));
    expect(paths.checkout).toBe('/checkout');
    // A bad key falls back alone.
    expect(paths.giftCard).toBe('/gift');
    expect(issues).toEqual(['paths.checkout is not a path starting with / or an http(s) address']);
  });
});

describe("site paths: a page's context", () => {
  it('reads the context as given once, warning about each refused key once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const raw = { paths: { subscription: '/subscribe', giftCard: 'javascript:void 0' } };
    const first = contextSitePaths(raw);
    expect(first).toEqual({ ...DEFAULT_SITE_PATHS, subscription: '/subscribe' });
    expect(contextSitePaths(raw)).toBe(first);
    expect(warn.mock.calls).toEqual([
      ['[storefront] site context: paths.giftCard is not a path starting with / or an http(s) address'],
    ]);
  });

  it('gives the defaults without a context', () => {
    expect(contextSitePaths(null)).toBe(DEFAULT_SITE_PATHS);
  });

  it("prefers the provider's paths to the page's", () => {
    const mine = { ...DEFAULT_SITE_PATHS, checkout: '/mine' };
    expect(sitePaths({ paths: mine })).toBe(mine);
  });
});

describe("site paths: the script tag's widgets", () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("read the page's #sf-context when no provider named any", async () => {
    vi.resetModules();
    document.head.innerHTML =
      '<script type="application/json" id="sf-context">{"paths":{"checkout":"/pay","giftCard":"/gift"}}</script>';
    const fresh = await import('../../../src/page/site-paths.js');
    expect(fresh.sitePaths({})).toEqual({ ...DEFAULT_SITE_PATHS, checkout: '/pay', giftCard: '/gift' });
  });
});
