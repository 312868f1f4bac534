import { describe, expect, it } from 'vitest';
import { missingOptionsMessage, validateAddToCart } from '../../../src/commerce/add-checks';
import { createMessages } from '../../../src/messages/index';
import { product, shirt, variant } from './fixtures/products';

describe('missing options message', () => {
  it.each([
    [['Size'], 'Please select the Size option.'],
    [['Size', 'Color'], 'Please select the Size and Color options.'],
    [['Size', 'Color', 'Material'], 'Please select the Size, Color and Material options.'],
    [['A', 'B', 'C', 'D'], 'Please select the A, B, C and D options.'],
    [[], ''],
  ])('%j reads %j', (missing, text) => {
    expect(missingOptionsMessage(missing)).toBe(text);
  });
});

describe('validateAddToCart', () => {
  const giftCard = product(4, [
    variant({ sku: 'GC-25', attributes: { Amount: '$25' }, unlimited: true }),
    variant({ sku: 'GC-50', attributes: { Amount: '$50' }, unlimited: true }),
  ]);

  it.each([
    ['one option missing', shirt(), { Size: 'M' }, '1', 'Please select the Color option.'],
    ['two options missing', shirt(), {}, '1', 'Please select the Size and Color options.'],
    [
      'no such variant',
      shirt(),
      { Size: 'L', Color: 'Red' },
      '1',
      'Sorry, that item variant is unavailable. Please select another variant.',
    ],
    [
      'a sold-out variant',
      shirt({ 'M-Red': 0 }),
      { Size: 'M', Color: 'Red' },
      '1',
      'Sorry, we do not have enough of that item available.',
    ],
    [
      'more than in stock',
      shirt({ 'M-Red': 2 }),
      { Size: 'M', Color: 'Red' },
      '3',
      'Sorry, we do not have enough of that item available.',
    ],
    [
      'a quantity that is not a number',
      shirt(),
      { Size: 'M', Color: 'Red' },
      'two',
      'Quantity must be a number.',
    ],
    ['an empty quantity', shirt(), { Size: 'M', Color: 'Red' }, '', 'Quantity must be a number.'],
    [
      'a fractional quantity',
      shirt(),
      { Size: 'M', Color: 'Red' },
      '1.5',
      'Quantity must be a whole number.',
    ],
    [
      'a gift card without a denomination',
      giftCard,
      {},
      undefined,
      'Select a denomination for the Gift Card.',
    ],
    [
      'a gift card with an unknown denomination',
      giftCard,
      { Amount: '$1000' },
      undefined,
      'Select a denomination for the Gift Card.',
    ],
  ])('refuses %s', (_label, item, selection, quantityInput, message) => {
    expect(validateAddToCart({ item, selection, quantityInput })).toEqual({ ok: false, message });
  });

  it.each([
    ['in-stock variant', shirt(), { Size: 'M', Color: 'Red' }, '2', 2, 'TS-M-Red'],
    ['exactly the stock', shirt({ 'S-Blue': 3 }), { Size: 'S', Color: 'Blue' }, '3', 3, 'TS-S-Blue'],
    ['no quantity input', shirt(), { Size: 'S', Color: 'Red' }, undefined, 1, 'TS-S-Red'],
    ['a gift card denomination', giftCard, { Amount: '$50' }, undefined, 1, 'GC-50'],
    ['a digital product without stock', product(2, [variant({ sku: 'EBOOK' })]), {}, undefined, 1, 'EBOOK'],
    ['an unlimited variant', product(1, [variant({ sku: 'U', unlimited: true })]), {}, '500', 500, 'U'],
  ])('accepts %s', (_label, item, selection, quantityInput, quantity, sku) => {
    const result = validateAddToCart({ item, selection, quantityInput });
    expect(result.ok).toBe(true);
    expect(result.ok && [result.quantity, result.variant.sku]).toEqual([quantity, sku]);
  });

  it('uses the variant the caller passes', () => {
    const item = shirt();
    const chosen = item.structuredContent.variants[3];
    const result = validateAddToCart({
      item,
      selection: { Size: 'M', Color: 'Blue' },
      variant: chosen ?? null,
    });
    expect(result.ok && result.variant).toBe(chosen);
    expect(validateAddToCart({ item, selection: { Size: 'M', Color: 'Blue' }, variant: null })).toEqual({
      ok: false,
      message: 'Sorry, that item variant is unavailable. Please select another variant.',
    });
  });

  it('treats a product as a gift card when told', () => {
    expect(validateAddToCart({ item: shirt(), selection: {}, isGiftCard: true })).toEqual({
      ok: false,
      message: 'Select a denomination for the Gift Card.',
    });
  });

  it('speaks overridden messages', () => {
    const messages = createMessages({ selectOneOption: 'Bitte {option} wählen.' });
    expect(validateAddToCart({ item: shirt(), selection: { Size: 'M' }, messages })).toEqual({
      ok: false,
      message: 'Bitte Color wählen.',
    });
  });
});
