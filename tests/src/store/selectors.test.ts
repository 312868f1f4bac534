// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CartState } from '../../../src/store/index.js';
import { selectCount, selectSubtotal } from '../../../src/store/selectors.js';
import type { ShoppingCart } from '../../../src/store/types.js';
import { cart, entry } from '../api/fixtures.js';

describe('selectors', () => {
  const state = (c: ShoppingCart | null): CartState => ({
    cart: c,
    status: 'idle',
    initialised: c !== null,
    receivedAt: 0,
    error: null,
  });

  it.each<[string, ShoppingCart | null, number]>([
    ['no cart yet', null, 0],
    ['an empty cart', cart([]), 0],
    ['two entries', cart([entry({ quantity: 2 }), entry({ id: 'e2', quantity: 3 })]), 5],
  ])('counts items for %s', (_name, c, count) => {
    expect(selectCount(state(c))).toBe(count);
  });

  it.each<[string, ShoppingCart | null, { amount: number; currency: string } | null]>([
    ['no cart yet', null, null],
    ['a dollar cart', cart([entry({ subTotal: 1999 })]), { amount: 1999, currency: 'USD' }],
    ['a yen cart', cart([entry({ subTotal: 2500 })], { currency: 'JPY' }), { amount: 2500, currency: 'JPY' }],
  ])('gives the subtotal in minor units for %s', (_name, c, subtotal) => {
    expect(selectSubtotal(state(c))).toEqual(subtotal);
  });

  it('gives the same subtotal object for the same cart, so identity subscribers do not loop', () => {
    const c = cart([entry({ subTotal: 1999 })]);
    expect(selectSubtotal(state(c))).toBe(selectSubtotal(state(c)));
    expect(selectSubtotal(state(cart([entry({ subTotal: 1999 })])))).not.toBe(selectSubtotal(state(c)));
  });
});
