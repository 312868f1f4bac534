import { describe, expect, it } from 'vitest';
import { PAGE_LIMITS } from '../../../src/page/constants.js';
import { parseQuery } from '../../../src/page/query.js';

describe('parseQuery', () => {
  it.each([
    { search: '', expected: {} },
    { search: '?', expected: {} },
    { search: '?q=tee', expected: { q: 'tee' } },
    { search: 'q=tee&size=M', expected: { q: 'tee', size: 'M' } },
    { search: '?q=caf%C3%A9+au+lait', expected: { q: 'café au lait' } },
    { search: '?q=first&q=second', expected: { q: 'first' } },
    { search: '?flag', expected: { flag: '' } },
    // Broken percent-encoding decodes as browsers decode it: a replacement character.
    { search: '?bad=%E0%A4%A', expected: { bad: '\uFFFD%A' } },
  ])('$search gives $expected', ({ search, expected }) => {
    expect({ ...parseQuery(search) }).toEqual(expected);
  });

  it('keeps __proto__ as a plain key', () => {
    const query = parseQuery('?__proto__=x&constructor=y');
    expect(query['__proto__']).toBe('x');
    expect(query['constructor']).toBe('y');
    expect(Object.getPrototypeOf(query)).toBeNull();
  });

  it('reads at most 1000 keys', () => {
    expect(PAGE_LIMITS.queryKeys).toBe(1000);
    const search = Array.from({ length: 1500 }, (_, i) => `k${i}=${i}`).join('&');
    const query = parseQuery(search);
    expect(Object.keys(query)).toHaveLength(1000);
    expect(query['k999']).toBe('999');
    expect(query['k1000']).toBeUndefined();
  });

  it('takes a smaller limit when asked', () => {
    expect(Object.keys(parseQuery('a=1&b=2&c=3', 2))).toEqual(['a', 'b']);
    expect(parseQuery('a=1', 0)).toEqual({});
  });
});
