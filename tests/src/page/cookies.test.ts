import { afterEach, describe, expect, it } from 'vitest';
import { readCookie, shouldLoadCartAtStart } from '../../../src/page/cookies';
import { fakeDoc } from '../api/fixtures.js';

function docWithCookie(cookie: string): Document {
  return { cookie } as unknown as Document;
}

afterEach(() => {
  for (const name of ['crumb', 'hasCart'])
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('readCookie', () => {
  it.each([
    ['crumb=abc; hasCart=true', 'crumb', 'abc'],
    ['crumb=abc; hasCart=true', 'hasCart', 'true'],
    ['crumb=abc;hasCart=true', 'hasCart', 'true'],
    ['xcrumb=1; crumb=2', 'crumb', '2'],
    ['CART=a%20b', 'CART', 'a b'],
    ['CART=%E0%A4%A', 'CART', '%E0%A4%A'],
    ['CART="quoted"', 'CART', 'quoted'],
    ['token=a=b=c', 'token', 'a=b=c'],
    ['flag', 'flag', ''],
    ['crumb=abc', 'CRUMB', null],
    ['crumb=abc', 'hasCart', null],
    ['', 'crumb', null],
  ])('in %j, %s is %j', (jar, name, expected) => {
    expect(readCookie(name, docWithCookie(jar))).toBe(expected);
  });

  it('reads the real document cookie by default', () => {
    document.cookie = 'crumb=xyz; path=/';
    expect(readCookie('crumb')).toBe('xyz');
  });

  it('gives null without a document', () => {
    expect(readCookie('crumb', null)).toBeNull();
  });

  it('gives null for an empty name', () => {
    expect(readCookie('', docWithCookie('=1'))).toBeNull();
  });

  it('gives null when reading cookies throws (sandboxed frame)', () => {
    const doc = {
      get cookie(): string {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Document;
    expect(readCookie('crumb', doc)).toBeNull();
  });
});

describe('loading at page start (spec 000 §4)', () => {
  it.each<[string, { authenticatedAccountId?: string }, string, boolean]>([
    ['a signed-in visitor', { authenticatedAccountId: 'acct-1' }, '', true],
    ['a has-cart cookie of true', {}, 'hasCart=true', true],
    ['a has-cart cookie of false', {}, 'hasCart=false', false],
    ['a cart cookie', {}, 'CART=5d0c', true],
    ['an anonymous visitor without cookies', {}, 'crumb=abc', false],
    ['an empty account id', { authenticatedAccountId: '' }, '', false],
  ])('with %s, loading is %s', (_name, context, cookie, expected) => {
    expect(shouldLoadCartAtStart(context, fakeDoc(cookie))).toBe(expected);
  });
});
