import { describe, expect, it, vi } from 'vitest';
import {
  readEnvironment,
  readPageType,
  visitorEventsUrl,
  warnAboutPlatformKeys,
} from '../../../src/page/platform-keys.js';

describe('platform keys of the site context', () => {
  it.each([
    [{ pageType: 100 }, 100],
    [{ pageType: '100' }, null],
    [{ pageType: 1.5 }, null],
    [{}, null],
    [null, null],
  ])('pageType of %j is %j', (raw, expected) => {
    expect(readPageType(raw)).toBe(expected);
  });
});

// docs/page-contract.md: keys of the wrong type give the defaults for what they got wrong and a
// console warning naming the problem, the platform's keys as the others.
describe('warnAboutPlatformKeys', () => {
  const warnings = (raw: Record<string, unknown>): string[] => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      warnAboutPlatformKeys(raw);
      return warn.mock.calls.map(([text]) => String(text));
    } finally {
      warn.mockRestore();
    }
  };

  it('names each key of the wrong type, while its reader takes the default', () => {
    const raw = {
      environment: 42,
      pageType: '103',
      experiments: ['x'],
      memberLocale: 7,
      visitorEventHosts: 'https://e.example',
    };
    expect(warnings(raw)).toEqual([
      '[storefront] site context: pageType is not a whole number',
      '[storefront] site context: experiments is not an object',
      '[storefront] site context: environment is not one of dev, qa, staging, prod',
      '[storefront] site context: memberLocale is not a non-empty string',
      '[storefront] site context: visitorEventHosts is not an object',
    ]);
    expect(readPageType(raw)).toBeNull();
    expect(readEnvironment(raw)).toBe('prod');
    expect(visitorEventsUrl('/api/', raw)).toBe('/api/v1/clanker/events');
    expect(warnings({ environment: 'production', pageType: 1.5, memberLocale: '  ' })).toEqual([
      '[storefront] site context: pageType is not a whole number',
      '[storefront] site context: environment is not one of dev, qa, staging, prod',
      '[storefront] site context: memberLocale is not a non-empty string',
    ]);
  });

  it('is quiet about good values, absent ones and nulls', () => {
    expect(
      warnings({
        pageType: 103,
        experiments: { hero: { type: 'AB_TEST', variant: 'b' } },
        environment: 'staging',
        memberLocale: 'fr-FR',
        visitorEventHosts: { staging: 'https://events.qa.example' },
        currency: 'GBP',
      }),
    ).toEqual([]);
    expect(warnings({ pageType: null, environment: null, experiments: null })).toEqual([]);
    expect(warnings({})).toEqual([]);
  });
});
