import { describe, expect, it } from 'vitest';
import { cookiesEnabled, credentialsFor } from '../../../src/api/client';

describe('cookiesEnabled', () => {
  it.each([
    [{ cookieEnabled: true }, true],
    [{ cookieEnabled: false }, false],
  ])('follows navigator.cookieEnabled %j', (nav, expected) => {
    expect(cookiesEnabled(nav)).toBe(expected);
  });

  it('is false without a navigator', () => {
    expect(cookiesEnabled(null)).toBe(false);
  });

  it('reads the real navigator by default', () => {
    expect(cookiesEnabled()).toBe(navigator.cookieEnabled);
  });
});

describe('credentialsFor', () => {
  it.each([
    ['/api/', 'http://shop.test', 'same-origin'],
    ['http://shop.test/api/', 'http://shop.test', 'same-origin'],
    ['http://localhost:4173/api/', 'http://localhost:5173', 'include'],
    ['https://api.shop.test/api/', 'https://shop.test', 'include'],
  ] as const)('%s from a page on %s sends cookies %s', (root, page, expected) => {
    expect(credentialsFor(root, page)).toBe(expected);
  });
});
