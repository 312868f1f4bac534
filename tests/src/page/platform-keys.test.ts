import { describe, expect, it } from 'vitest';
import { readPageType } from '../../../src/page/platform-keys.js';

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
