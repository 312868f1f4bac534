import { describe, expect, it } from 'vitest';
import { parseQuantity } from '../../../src/commerce/add-checks';
import { QUANTITY } from '../../../src/constants';
import {
  addButtonLabel,
  availableStock,
  findVariant,
  hasVariants,
  missingOptions,
  optionNames,
  optionValues,
  pickerOptions,
  readQuantity,
  showQuantityInput,
} from '../../../src/commerce/choice';
import { isSubscribable } from '../../../src/commerce/product-state';
import { createMessages } from '../../../src/messages/index';
import { TYPES, product, shirt, variant } from './fixtures/products';

describe('add button label', () => {
  it.each([
    ['a plain physical product', product(1, [variant()]), {}, 'Add To Cart'],
    ['a subscribable physical product', product(1, [variant()], { isSubscribable: true }), {}, 'Subscribe'],
    ['a subscribable service', product(3, [variant()], { isSubscribable: true }), {}, 'Subscribe'],
    // The flag decides, as on the platform's pages (template conformance corpus).
    [
      'a digital product flagged subscribable',
      product(2, [variant()], { isSubscribable: true }),
      {},
      'Subscribe',
    ],
    ['express checkout', product(1, [variant()]), { expressCheckout: true }, 'Purchase'],
    [
      'a subscription under express checkout',
      product(1, [variant()], { isSubscribable: true }),
      { expressCheckout: true },
      'Subscribe',
    ],
    [
      'an enabled custom label',
      product(1, [variant()], { useCustomAddButtonText: true, customAddButtonText: 'Pre-order' }),
      {},
      'Pre-order',
    ],
    [
      'a custom label on a subscription',
      product(1, [variant()], {
        isSubscribable: true,
        useCustomAddButtonText: true,
        customAddButtonText: 'Join',
      }),
      {},
      'Join',
    ],
    [
      'a disabled custom label',
      product(1, [variant()], { useCustomAddButtonText: false, customAddButtonText: 'Pre-order' }),
      {},
      'Add To Cart',
    ],
    [
      'a blank custom label',
      product(1, [variant()], { useCustomAddButtonText: true, customAddButtonText: '  ' }),
      {},
      'Add To Cart',
    ],
  ])('%s reads %j', (_label, item, options, text) => {
    expect(addButtonLabel(item, undefined, options)).toBe(text);
  });

  it('uses localized strings when given', () => {
    const strings = { productAddToCartText: 'In den Warenkorb', productSubscribeText: 'Abonnieren' };
    expect(addButtonLabel(product(1, [variant()]), strings)).toBe('In den Warenkorb');
    expect(addButtonLabel(product(1, [variant()], { isSubscribable: true }), strings)).toBe('Abonnieren');
  });

  it('takes the Purchase text from overridden messages', () => {
    const messages = createMessages({ purchase: 'Buy now' });
    expect(addButtonLabel(product(1, [variant()]), undefined, { expressCheckout: true, messages })).toBe(
      'Buy now',
    );
  });

  it.each(TYPES)('a %s product is subscribable exactly when flagged', (_label, type) => {
    expect(isSubscribable(product(type, [variant()], { isSubscribable: true }))).toBe(true);
    expect(isSubscribable(product(type, [variant()]))).toBe(false);
  });
});

describe('quantity input', () => {
  it('is a number input from 1 to 9999 in steps of 1, starting at 1', () => {
    expect(QUANTITY).toEqual({ min: 1, max: 9999, step: 1, default: 1 });
  });

  const allow = { multipleQuantityAllowedForServices: true };
  const deny = { multipleQuantityAllowedForServices: false };
  it.each([
    ['physical with 5 in stock', product(1, [variant({ qtyInStock: 5 })]), allow, true],
    ['physical with 2 in stock', product(1, [variant({ qtyInStock: 2 })]), allow, true],
    ['physical with 1 in stock', product(1, [variant({ qtyInStock: 1 })]), allow, false],
    ['physical with none in stock', product(1, [variant({ qtyInStock: 0 })]), allow, false],
    ['physical unlimited', product(1, [variant({ unlimited: true })]), allow, true],
    [
      'physical subscribable',
      product(1, [variant({ qtyInStock: 5 })], { isSubscribable: true }),
      allow,
      false,
    ],
    ['service with multiple allowed', product(3, [variant({ unlimited: true })]), allow, true],
    ['service with multiple not allowed', product(3, [variant({ unlimited: true })]), deny, false],
    ['digital', product(2, [variant({ unlimited: true })]), allow, false],
    ['gift card', product(4, [variant({ unlimited: true })]), allow, false],
    ['paywall', product(5, [variant({ unlimited: true })]), allow, false],
  ])('%s: shown %s', (_label, item, settings, shown) => {
    expect(showQuantityInput(item, settings)).toBe(shown);
  });

  it('follows the chosen variant when one is given', () => {
    const item = product(1, [variant({ qtyInStock: 1 }), variant({ qtyInStock: 9 })]);
    expect(showQuantityInput(item, allow)).toBe(true);
    expect(showQuantityInput(item, allow, item.structuredContent.variants[0])).toBe(false);
    expect(availableStock(item)).toBe(10);
  });

  it.each([
    [undefined, 1],
    ['1', 1],
    ['3', 3],
    [' 12 ', 12],
    ['2.0', 2],
    ['9999', 9999],
  ])('quantity %j reads as %i', (input, quantity) => {
    expect(parseQuantity(input)).toEqual({ ok: true, quantity });
  });

  it.each([
    ['', 'Quantity must be a number.'],
    ['abc', 'Quantity must be a number.'],
    ['1e3', 'Quantity must be a number.'],
    ['0x10', 'Quantity must be a number.'],
    ['2 3', 'Quantity must be a number.'],
    ['NaN', 'Quantity must be a number.'],
    ['1.5', 'Quantity must be a whole number.'],
    ['.5', 'Quantity must be a whole number.'],
    ['0', 'Quantity must be between 1 and 9999.'],
    ['-3', 'Quantity must be between 1 and 9999.'],
    ['10000', 'Quantity must be between 1 and 9999.'],
  ])('quantity %j is refused with %j', (input, message) => {
    expect(parseQuantity(input)).toEqual({ ok: false, message });
  });

  it.each([
    [undefined, 1],
    [' 12 ', 12],
    ['', 'quantityNotNumber'],
    ['1.5', 'quantityNotWhole'],
    ['0', 'quantityTooLow'],
    ['10000', 'quantityTooHigh'],
  ])('readQuantity(%j) gives %j, the quantity or the key of what is wrong', (input, expected) => {
    expect(readQuantity(input)).toBe(expected);
  });

  it('reads 100,000 digits and a letter as not a number and a number past what a number holds as too high (digits read once: the old pattern took seconds)', () => {
    expect(readQuantity(`${'1'.repeat(100_000)}x`)).toBe('quantityNotNumber');
    expect(readQuantity(`${'1'.repeat(100_000)}`)).toBe('quantityTooHigh');
  });

  it('fills both bounds of the range text, however it is reworded', () => {
    const messages = createMessages({ quantityOutOfRange: 'From {min} to {max}.' });
    expect(parseQuantity('10000', messages)).toEqual({ ok: false, message: 'From 1 to 9999.' });
  });
});

describe('variants and options', () => {
  it.each(TYPES)('a %s product with one variant has no picker', (_label, type) => {
    expect(hasVariants(product(type, [variant()]))).toBe(false);
  });

  it.each(TYPES)('a %s product with two variants has a picker unless digital', (_label, type) => {
    expect(hasVariants(product(type, [variant(), variant({ sku: 'B' })]))).toBe(type !== 2);
  });

  it.each([
    [undefined, ['Size', 'Color']],
    [
      ['Color', 'Size'],
      ['Color', 'Size'],
    ],
    [['Color'], ['Color', 'Size']],
    [
      ['Material', 'Color'],
      ['Color', 'Size'],
    ],
    [
      ['Size', 'Size'],
      ['Size', 'Color'],
    ],
  ])('with ordering %j the options read %j', (ordering, names) => {
    expect(optionNames(shirt({}, ordering))).toEqual(names);
  });

  it('lists option values in first-seen order without repeats', () => {
    expect(optionValues(shirt(), 'Size')).toEqual(['S', 'M']);
    expect(optionValues(shirt(), 'Color')).toEqual(['Red', 'Blue']);
    expect(optionValues(shirt(), 'Material')).toEqual([]);
  });

  it.each([
    [{ Size: 'M', Color: 'Blue' }, 'TS-M-Blue'],
    [{ Size: 'S', Color: 'Red' }, 'TS-S-Red'],
    [{ Size: 'M' }, null],
    [{ Size: 'M', Color: '' }, null],
    [{ Size: 'L', Color: 'Red' }, null],
    [{}, null],
  ])('selection %j finds %j', (selection, sku) => {
    expect(findVariant(shirt(), selection)?.sku ?? null).toBe(sku);
  });

  it('finds the only variant of a product without options', () => {
    const item = product(1, [variant({ sku: 'ONLY' })]);
    expect(findVariant(item, {})?.sku).toBe('ONLY');
  });

  // Spec 001: the picker shows only for more than one variant, and a digital product never has
  // variants; what has no picker asks for no choice.
  it('needs no choice for a single variant that carries an option', () => {
    const item = product(1, [variant({ sku: 'ONE', attributes: { Size: 'One Size' } })]);
    expect(pickerOptions(item)).toEqual([]);
    expect(missingOptions(item, {})).toEqual([]);
    expect(findVariant(item, {})?.sku).toBe('ONE');
  });

  it("needs no choice for a digital product's variants: the first is the one bought", () => {
    const item = product(2, [
      variant({ sku: 'PDF', attributes: { Format: 'PDF' } }),
      variant({ sku: 'EPUB', attributes: { Format: 'EPUB' } }),
    ]);
    expect(pickerOptions(item)).toEqual([]);
    expect(missingOptions(item, {})).toEqual([]);
    expect(findVariant(item, {})?.sku).toBe('PDF');
  });

  it('finds no variant among several that carry no options', () => {
    expect(findVariant(product(1, [variant({ sku: 'A' }), variant({ sku: 'B' })]), {})).toBeNull();
  });

  it('lists missing options in picker order', () => {
    expect(missingOptions(shirt({}, ['Color', 'Size']), { Size: 'M' })).toEqual(['Color']);
    expect(missingOptions(shirt({}, ['Color', 'Size']), {})).toEqual(['Color', 'Size']);
  });
});
