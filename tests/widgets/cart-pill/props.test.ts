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
    { raw: [], issue: 'cart-pill props must be an object' },
    { raw: 'dark', issue: 'cart-pill props must be an object' },
    { raw: 3, issue: 'cart-pill props must be an object' },
    { raw: { theme: 'pink' }, issue: 'cart-pill props: "theme" must be "light" or "dark"' },
    { raw: { strings: 'items' }, issue: 'cart-pill props: "strings" must be an object' },
  ])('refuses $raw', ({ raw, issue }) => {
    expect(parseCartPillProps(raw)).toEqual({ ok: false, issues: [issue] });
  });
});
