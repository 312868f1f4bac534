import { describe, expect, it } from 'vitest';
import {
  missingOptionsMessage,
  parseQuantity,
  stockCheckPasses,
  validateAddToCart,
} from '../../../src/commerce/add-checks';
import {
  QUANTITY,
  addButtonLabel,
  availableStock,
  findVariant,
  hasVariants,
  missingOptions,
  optionNames,
  optionValues,
  readQuantity,
  showQuantityInput,
} from '../../../src/commerce/choice';
import {
  instalmentPayment,
  instalmentText,
  isInstalmentInRange,
  qualifiesForInstalments,
} from '../../../src/commerce/instalment-price';
import { isOnSale, isSoldOut, isSubscribable, productStatus } from '../../../src/commerce/product-state';
import {
  subscriptionDurationText,
  subscriptionPeriodText,
  subscriptionPriceText,
} from '../../../src/commerce/subscription-text';
import type { ProductType } from '../../../src/constants';
import { createMessages } from '../../../src/messages/index';
import type { Money } from '../../../src/commerce/money';
import type { SubscriptionPlan } from '../../../src/commerce/product';
import { product, shirt, variant } from './fixtures/products';

const usd = (amount: number): Money => ({ amount, currency: 'USD' });
const TYPES: [string, ProductType][] = [
  ['physical', 1],
  ['digital', 2],
  ['service', 3],
  ['gift card', 4],
  ['paywall', 5],
];

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
    ['0', 'Quantity must be at least 1.'],
    ['-3', 'Quantity must be at least 1.'],
    ['10000', 'Quantity must be at most 9999.'],
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

  it('fills only the placeholder of the quantity text refused', () => {
    const messages = createMessages({ quantityTooLow: 'At least {min}, at most {max}.' });
    expect(parseQuantity('0', messages)).toEqual({ ok: false, message: 'At least 1, at most {max}.' });
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

  it('lists missing options in picker order', () => {
    expect(missingOptions(shirt({}, ['Color', 'Size']), { Size: 'M' })).toEqual(['Color']);
    expect(missingOptions(shirt({}, ['Color', 'Size']), {})).toEqual(['Color', 'Size']);
  });
});

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

describe('subscription price text', () => {
  const plan = (
    value: number,
    unit: 'WEEK' | 'MONTH' | 'YEAR',
    numBillingCycles: number,
  ): SubscriptionPlan => ({
    billingPeriod: { value, unit },
    numBillingCycles,
  });

  it.each([
    [plan(1, 'WEEK', 0), 'every week'],
    [plan(1, 'MONTH', 0), 'every month'],
    [plan(1, 'YEAR', 0), 'every year'],
    [plan(2, 'WEEK', 0), 'every 2 weeks'],
    [plan(3, 'MONTH', 0), 'every 3 months'],
    [plan(5, 'YEAR', 0), 'every 5 years'],
  ])('period of %j reads %j', (p, text) => {
    expect(subscriptionPeriodText(p)).toBe(text);
  });

  it.each([
    [plan(1, 'MONTH', 0), true, ''],
    [plan(1, 'MONTH', 1), true, 'for 1 month'],
    [plan(1, 'MONTH', 6), true, 'for 6 months'],
    [plan(1, 'MONTH', 12), true, 'for 1 year'],
    [plan(1, 'MONTH', 24), true, 'for 2 years'],
    [plan(1, 'MONTH', 24), false, 'for 24 months'],
    [plan(3, 'MONTH', 4), true, 'for 1 year'],
    [plan(1, 'WEEK', 1), true, 'for 1 week'],
    [plan(1, 'WEEK', 10), true, 'for 10 weeks'],
    [plan(1, 'WEEK', 52), true, 'for 1 year'],
    [plan(2, 'WEEK', 52), true, 'for 2 years'],
    [plan(2, 'WEEK', 52), false, 'for 104 weeks'],
    [plan(1, 'YEAR', 3), true, 'for 3 years'],
    [plan(1, 'YEAR', 1), true, 'for 1 year'],
  ])('duration of %j (years preferred: %s) reads %j', (p, preferYears, text) => {
    expect(subscriptionDurationText(p, { preferYears })).toBe(text);
  });

  it.each([
    [usd(1000), plan(1, 'MONTH', 0), '$10.00 every month'],
    [usd(1999), plan(2, 'WEEK', 26), '$19.99 every 2 weeks for 1 year'],
    [usd(500), plan(1, 'MONTH', 6), '$5.00 every month for 6 months'],
    [null, plan(1, 'MONTH', 0), 'Unavailable'],
    [usd(500), null, 'Unavailable'],
    [usd(500), plan(0, 'MONTH', 0), 'Unavailable'],
    [usd(500), plan(1, 'DAY' as 'WEEK', 0), 'Unavailable'],
    [usd(500), plan(1, 'MONTH', -1), 'Unavailable'],
    [usd(500), plan(1.5, 'MONTH', 2), 'Unavailable'],
  ])('%j on %j reads %j', (price, p, text) => {
    expect(subscriptionPriceText(price, p)).toBe(text);
  });
});

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
