import { describe, expect, it } from 'vitest';
import { stockCheckPasses } from '../../../src/commerce/stock';

describe('stock check', () => {
  it.each([
    [[{ unlimited: true, qtyInStock: 0 }], 5, true],
    [[{ unlimited: false, qtyInStock: 3 }], 2, true],
    [[{ unlimited: false, qtyInStock: 3 }], 3, false],
    [[{ unlimited: false, qtyInStock: 0 }], 0, false],
    [[{ unlimited: false, qtyInStock: 1 }], 0, true],
    [
      [
        { unlimited: false, qtyInStock: 0 },
        { unlimited: false, qtyInStock: 4 },
      ],
      3,
      true,
    ],
    [[], 0, false],
  ])('results %j with %i in the cart pass: %s', (results, inCart, passes) => {
    expect(stockCheckPasses(results, inCart)).toBe(passes);
  });
});
