import { describe, expect, it } from 'vitest';
import { parseCartPillProps } from '../../../widgets/cart-pill/props.js';

describe('cart pill props (data-sf-props)', () => {
  it.each([
    { raw: undefined, value: {} },
    { raw: null, value: {} },
    { raw: {}, value: {} },
    { raw: { theme: 'dark' }, value: { theme: 'dark' } },
    { raw: { strings: { items: 'articles', item: 7 } }, value: { strings: { items: 'articles' } } },
    { raw: { unknownKey: true }, value: {} },
  ])('accepts $raw', ({ raw, value }) => {
    expect(parseCartPillProps(raw)).toEqual({ ok: true, value });
  });

  it.each([
    { raw: [], issue: 'props is not an object' },
    { raw: 'dark', issue: 'props is not an object' },
    { raw: 3, issue: 'props is not an object' },
    { raw: { theme: 'pink' }, issue: 'theme is not "light" or "dark"' },
    { raw: { strings: 'items' }, issue: 'strings is not an object' },
  ])('refuses $raw', ({ raw, issue }) => {
    expect(parseCartPillProps(raw)).toEqual({ ok: false, issues: [issue] });
  });
});
