import { describe, expect, it } from 'vitest';
import { cookiesEnabled } from '../../../src/api/client';

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
