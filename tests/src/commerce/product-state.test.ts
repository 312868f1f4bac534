import { describe, expect, it } from 'vitest';
import { isOnSale, isSoldOut, productStatus } from '../../../src/commerce/product-state';
import { product, variant } from './fixtures/products';

describe('product status', () => {
  it.each([
    // type, variants (stock, unlimited, onSale), product onSale, expected
    ['physical', 1, [[0, false, false]], false, 'sold-out'],
    ['physical', 1, [[0, false, true]], false, 'sold-out'],
    ['physical', 1, [[1, false, false]], false, 'none'],
    ['physical', 1, [[0, true, false]], false, 'none'],
    [
      'physical',
      1,
      [
        [0, false, false],
        [2, false, true],
      ],
      false,
      'on-sale',
    ],
    ['physical', 1, [], false, 'sold-out'],
    ['service', 3, [[0, false, false]], false, 'sold-out'],
    ['service', 3, [[0, true, true]], false, 'on-sale'],
    ['digital', 2, [[0, false, false]], false, 'none'],
    ['digital', 2, [[0, false, false]], true, 'on-sale'],
    ['digital', 2, [[0, false, true]], false, 'on-sale'],
    ['gift card', 4, [[0, false, false]], false, 'none'],
    // Gift cards sell at face value: a sale flag on a denomination is not a sale.
    ['gift card', 4, [[0, false, true]], false, 'none'],
    ['gift card', 4, [[0, false, false]], true, 'none'],
    ['paywall', 5, [[0, false, false]], false, 'none'],
    ['physical with product-level onSale only', 1, [[5, false, false]], true, 'none'],
  ] as const)('%s %#: %s', (_label, type, specs, productOnSale, expected) => {
    const item = product(
      type,
      specs.map(([qtyInStock, unlimited, onSale]) => variant({ qtyInStock, unlimited, onSale })),
      { onSale: productOnSale },
    );
    expect(productStatus(item)).toBe(expected);
    expect(isSoldOut(item)).toBe(expected === 'sold-out');
    if (expected === 'on-sale') expect(isOnSale(item)).toBe(true);
  });
});
