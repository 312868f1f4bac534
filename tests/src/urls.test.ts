import { describe, expect, it } from 'vitest';
import {
  contentLink,
  pageOrImageUrl,
  sameOriginPath,
  siteOrWebUrl,
  sitePath,
  webAddress,
} from '../../src/urls.js';

const SCRIPT = ['javascript', 'alert(1)'].join(':');

/**
 * What a browser reads as another host or as script, whatever the string looks like: every rule
 * refuses each of these (the URL parser drops tabs and newlines, reads `\` as `/`, trims leading
 * controls and spaces, and reads schemes case-blind).
 */
const HAZARDS: readonly [string, string][] = [
  ['a backslash after the slash', '/\\evil.example'],
  ['two backslashes', '\\\\evil.example'],
  ['a tab between the slashes', '/\t/evil.example'],
  ['a newline between the slashes', '/\n/evil.example'],
  ['a carriage return between the slashes', '/\r/evil.example'],
  ['a backslash later on', '/thanks\\..\\\\evil.example'],
  ['a script address', SCRIPT],
  ['a script address in capitals', 'JAVASCRIPT:alert(1)'],
  ['a script address with a leading space', ' JavaScript:alert(1)'],
  ['a script address with a tab inside', 'java\tscript:alert(1)'],
  ['a script address with a newline inside', 'java\nscript:alert(1)'],
  ['a script address with a leading control', '\u0001javascript:alert(1)'],
  ['an html data address', 'data:text/html,<b>x</b>'],
  ['a vbscript address', 'vbscript:x'],
  ['an https address with a backslash host', 'https:\\\\evil.example'],
];

describe('every rule refuses what a browser reads as another host or as script', () => {
  it.each(HAZARDS)('%s', (_name, value) => {
    expect(sitePath(value)).toBeNull();
    expect(siteOrWebUrl(value)).toBeNull();
    expect(pageOrImageUrl(value)).toBeNull();
    // Owner content may link to another site, never to script.
    expect(contentLink(value, 'https://shop.example/page') ?? '').not.toMatch(
      /^(javascript|data|vbscript):/i,
    );
    const target = sameOriginPath(value, { href: 'https://shop.example/p', origin: 'https://shop.example' });
    expect(target === null || target.startsWith('/')).toBe(true);
  });
});

describe('sitePath', () => {
  it.each<[unknown, string | null]>([
    ['/thanks', '/thanks'],
    ['/thanks?from=form#top', '/thanks?from=form#top'],
    // An encoded slash stays in the path: the browser asks this site for it.
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/%5Cevil.example', '/%5Cevil.example'],
    ['thanks', null],
    ['//evil.example/x', null],
    ['https://shop.example/thanks', null],
    ['/a b', null],
    ['', null],
    [42, null],
  ])('%j -> %j', (value, expected) => {
    expect(sitePath(value)).toBe(expected);
  });
});

describe('webAddress and siteOrWebUrl', () => {
  it.each<[unknown, string | null, string | null]>([
    ['https://shop.example.org/thanks', 'https://shop.example.org/thanks', 'https://shop.example.org/thanks'],
    ['HTTP://shop.example.org/', 'HTTP://shop.example.org/', 'HTTP://shop.example.org/'],
    ['/thanks?x=1', null, '/thanks?x=1'],
    ['ftp://files.example/', null, null],
    ['//evil.example/x', null, null],
    ['https://user:pw@elsewhere.example/', null, null],
    ['https://shop.example.org/a b', null, null],
    ['https:///path', null, null],
    ['http:img.example/a.jpg', null, null],
    ['mailto:a@b.example', null, null],
    [null, null, null],
  ])('%j -> %j, %j', (value, web, either) => {
    expect(webAddress(value)).toBe(web);
    expect(siteOrWebUrl(value)).toBe(either);
  });
});

describe('pageOrImageUrl', () => {
  it.each<[unknown, string | null]>([
    ['https://img.example/a.jpg', 'https://img.example/a.jpg'],
    ['  https://img.example/a.jpg ', 'https://img.example/a.jpg'],
    ['//img.example/a.jpg', 'https://img.example/a.jpg'],
    ['/s/a.jpg', '/s/a.jpg'],
    ['a.jpg', 'a.jpg'],
    ['data:image/png;base64,AAAA', 'data:image/png;base64,AAAA'],
    ['DATA:IMAGE/WEBP;base64,AAAA', 'DATA:IMAGE/WEBP;base64,AAAA'],
    ['data:image/svg+xml;base64,AAAA', null],
    ['HTTPS://img.example/a.jpg', 'HTTPS://img.example/a.jpg'],
    ['https://x.example/a b.jpg', null],
    ['https://x.example/"onerror="x', null],
    ['', null],
    [5, null],
  ])('%j -> %j', (value, expected) => {
    expect(pageOrImageUrl(value)).toBe(expected);
  });
});

describe('sameOriginPath', () => {
  const base = { href: 'https://shop.example.com/products/mug', origin: 'https://shop.example.com' };
  it.each([
    { path: '/cart', expected: '/cart' },
    { path: 'cart', expected: '/products/cart' },
    { path: '/cart?coupon=A#top', expected: '/cart?coupon=A#top' },
    { path: 'https://shop.example.com/cart', expected: '/cart' },
    { path: 'https://evil.example.com/cart', expected: null },
    { path: '//evil.example.com/cart', expected: null },
    { path: '/\\evil.example.com/cart', expected: null },
    { path: '/\t/evil.example.com/cart', expected: null },
    { path: SCRIPT, expected: null },
    { path: ' JavaScript:alert(1)', expected: null },
    { path: 'data:text/html,<b>x</b>', expected: null },
    { path: 'mailto:shop@example.com', expected: null },
    { path: '', expected: null },
    { path: 'http://[::1', expected: null },
  ])('$path -> $expected', ({ path, expected }) => {
    expect(sameOriginPath(path, base)).toBe(expected);
  });

  it('refuses values that are not strings', () => {
    expect(sameOriginPath({ toString: () => '/cart' }, base)).toBeNull();
  });
});

describe('contentLink', () => {
  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    ['HTTP://EXAMPLE.COM/', 'http://example.com/'],
    ['//example.com/x', 'http://example.com/x'],
    ['/about', 'http://shop.test/about'],
    ['mailto:shop@example.com', null],
    ['tel:+15551234', null],
    [SCRIPT, null],
    ['\tjava\nscript:alert(1)', null],
    ['data:text/html,x', null],
    ['blob:https://example.com/1', null],
    ['https://user:pw@example.com/', null],
    ['', null],
    ['http://[bad', null],
  ])('%s gives %s', (raw, expected) => {
    expect(contentLink(raw, 'http://shop.test/page')).toBe(expected);
  });
});
