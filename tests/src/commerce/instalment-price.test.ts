import { describe, expect, it } from 'vitest';
import {
  instalmentPayment,
  instalmentText,
  isInstalmentInRange,
  qualifiesForInstalments,
} from '../../../src/commerce/instalment-price';
import type { Money } from '../../../src/commerce/money';
import { TYPES, product, variant } from './fixtures/products';

const usd = (amount: number): Money => ({ amount, currency: 'USD' });

describe('instalments', () => {
  it.each([
    [3500, 3500, 100000, false],
    [3501, 3500, 100000, true],
    [100000, 3500, 100000, true],
    [100001, 3500, 100000, false],
    [0, 0, 0, false],
  ])('price %i with min %i and max %i is in range: %s', (price, min, max, inRange) => {
    expect(isInstalmentInRange(price, min, max)).toBe(inRange);
  });

  it.each(TYPES)('only physical products qualify (%s)', (_label, type) => {
    expect(qualifiesForInstalments(product(type, [variant()]))).toBe(type === 1);
  });

  it.each([
    [usd(1000), 4, usd(250)],
    [usd(1001), 4, usd(250)],
    [usd(1003), 4, usd(251)],
    [usd(999), 3, usd(333)],
    [usd(1000), 0, usd(250)],
  ])('%j in %i payments is %j each', (price, count, each) => {
    expect(instalmentPayment(price, count)).toEqual(each);
  });

  it.each([
    [usd(10000), false, '4 interest-free payments of $25.00'],
    [usd(10000), true, 'or 4 interest-free payments of $25.00 with'],
    [usd(3500), false, 'Available for orders over $35.00'],
    [usd(1000), false, 'Available for orders over $35.00'],
    [usd(200000), false, 'Available for orders up to $1,000.00'],
  ])('price %j (inline %s) reads %j', (price, inline, text) => {
    expect(instalmentText({ price, min: usd(3500), max: usd(100000), inline })).toBe(text);
  });
});
