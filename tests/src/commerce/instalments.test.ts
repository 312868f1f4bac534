import { describe, expect, it } from 'vitest';
import {
  instalmentLocale,
  instalmentOffer,
  parseInstalmentContext,
  type InstalmentContext,
} from '../../../src/commerce/instalments';
import type { CurrencyCode, Money } from '../../../src/commerce/money';
import { belowInstalmentMinimum } from '../../../src/commerce/cart-rules';
import {
  instalmentCount,
  instalmentPayment,
  instalmentPrice,
  instalmentText,
  isInstalmentInRange,
  qualifiesForInstalments,
} from '../../../src/commerce/instalment-price';
import { product, variant } from './fixtures/products';

const money = (amount: number, currency: CurrencyCode = 'USD'): Money => ({ amount, currency });
const usd = (decimalValue: string) => ({ decimalValue, currencyCode: 'USD' });
const CONTEXT = {
  afterPayAvailable: true,
  afterPayMin: usd('35.00'),
  afterPayMax: usd('1000.00'),
  shopperLanguage: 'en-US',
  stripeAccountCountry: 'US',
};

describe('the instalment context (spec 000 §3)', () => {
  it('reads both money shapes into minor units', () => {
    expect(
      parseInstalmentContext({ ...CONTEXT, afterPayMax: { value: '1000.00', currency: 'USD' } }),
    ).toEqual({
      ok: true,
      value: {
        afterPayAvailable: true,
        afterPayMin: money(3500),
        afterPayMax: money(100000),
        shopperLanguage: 'en-US',
        stripeAccountCountry: 'US',
      },
    });
  });

  it('needs nothing else when the provider is unavailable', () => {
    expect(parseInstalmentContext({ afterPayAvailable: false })).toEqual({
      ok: true,
      value: { afterPayAvailable: false },
    });
  });

  it.each([
    ['not an object', null, ['instalment context is not an object']],
    ['a list', [CONTEXT], ['instalment context is not an object']],
    [
      'no availability flag',
      { ...CONTEXT, afterPayAvailable: undefined },
      ['afterPayAvailable is not a boolean'],
    ],
    ['a string flag', { ...CONTEXT, afterPayAvailable: 'true' }, ['afterPayAvailable is not a boolean']],
    ['no minimum', { ...CONTEXT, afterPayMin: undefined }, ['afterPayMin is not a money value']],
    ['a number for the maximum', { ...CONTEXT, afterPayMax: 1000 }, ['afterPayMax is not a money value']],
    [
      'two currencies',
      { ...CONTEXT, afterPayMax: { decimalValue: '1000', currencyCode: 'EUR' } },
      ['afterPayMin is not an amount from 0 to afterPayMax in its currency'],
    ],
    [
      'a minimum above the maximum',
      { ...CONTEXT, afterPayMin: usd('2000.00') },
      ['afterPayMin is not an amount from 0 to afterPayMax in its currency'],
    ],
    [
      'a negative minimum',
      { ...CONTEXT, afterPayMin: usd('-1.00') },
      ['afterPayMin is not an amount from 0 to afterPayMax in its currency'],
    ],
    ['no language', { ...CONTEXT, shopperLanguage: '' }, ['shopperLanguage is not a string']],
    [
      'a numeric country',
      { ...CONTEXT, stripeAccountCountry: 840 },
      ['stripeAccountCountry is not a string'],
    ],
  ])('refuses %s, saying why', (_name, raw, issues) => {
    expect(parseInstalmentContext(raw)).toEqual({ ok: false, issues });
  });
});

describe('provider locale and brand (spec 000 §7)', () => {
  it.each([
    ['en-US', 'US', 'en-US', 'afterpay'],
    ['en-CA', 'CA', 'en-CA', 'afterpay'],
    ['fr-CA', 'CA', 'fr-CA', 'afterpay'],
    ['en-AU', 'AU', 'en-AU', 'afterpay'],
    ['en-NZ', 'NZ', 'en-NZ', 'afterpay'],
    ['en-GB', 'GB', 'en-GB', 'clearpay'],
    ['en_gb', 'gb', 'en-GB', 'clearpay'],
    ['EN', ' US ', 'en-US', 'afterpay'],
  ])('%s shopping with a %s account gets %s and brand %s', (language, country, locale, brand) => {
    expect(instalmentLocale(language, country)).toBe(locale);
    const context = parseInstalmentContext({
      ...CONTEXT,
      shopperLanguage: language,
      stripeAccountCountry: country,
    });
    expect(context.ok && instalmentOffer(context.value)).toEqual({
      locale,
      brand,
      min: money(3500),
      max: money(100000),
    });
  });

  it.each([
    ['fr-US', 'US'],
    ['fr-FR', 'FR'],
    ['de-DE', 'DE'],
    ['en-US', 'XX'],
    ['es-GB', 'GB'],
    ['en', 'constructor'],
  ])('offers nothing for %s with a %s account', (language, country) => {
    expect(instalmentLocale(language, country)).toBeNull();
  });

  it('offers nothing when the provider is unavailable', () => {
    const unavailable: InstalmentContext = { afterPayAvailable: false };
    expect(instalmentOffer(unavailable)).toBeNull();
  });
});

describe('the range, compared in minor units (spec 000 §4, §9)', () => {
  it.each([
    ['equal to the minimum', 3500, false],
    ['one cent above the minimum', 3501, true],
    ['one cent below the minimum', 3499, false],
    ['equal to the maximum', 100000, true],
    ['one cent below the maximum', 99999, true],
    ['one cent above the maximum', 100001, false],
  ])('a USD price %s is in range: %s', (_name, price, inRange) => {
    expect(isInstalmentInRange(price, 3500, 100000)).toBe(inRange);
  });

  it.each([
    ['equal to the minimum', 5000, false],
    ['one yen above the minimum', 5001, true],
    ['one yen below the minimum', 4999, false],
    ['equal to the maximum', 150000, true],
    ['one yen above the maximum', 150001, false],
  ])('a JPY price %s is in range: %s', (_name, price, inRange) => {
    expect(isInstalmentInRange(price, 5000, 150000)).toBe(inRange);
  });

  it.each([
    ['physical', 1, true],
    ['digital', 2, false],
    ['service', 3, false],
    ['gift card', 4, false],
    ['paywall', 5, false],
  ] as const)('a %s product qualifies: %s', (_name, type, qualifies) => {
    expect(qualifiesForInstalments(product(type, [variant()]))).toBe(qualifies);
  });
});

describe('the amount the pill speaks of', () => {
  const tee = product(1, [
    variant({ sku: 'S', price: money(2700), qtyInStock: 5 }),
    variant({ sku: 'M', price: money(2500), salePrice: money(1950), onSale: true, unlimited: true }),
    variant({ sku: 'L', price: null, qtyInStock: 5 }),
    variant({ sku: 'XL', price: money(2700), qtyInStock: 0 }),
  ]);
  const [small, medium, large, soldOut] = tee.structuredContent.variants;

  it.each([
    ['the chosen variant times the quantity', small, 3, money(8100)],
    ['the sale price of a variant on sale', medium, 2, money(3900)],
    ['the lowest price before a complete choice', null, 1, money(1950)],
    ['the lowest price times the quantity', null, 4, money(7800)],
    ['nothing for a variant without a price', large, 1, null],
    ['nothing for a sold-out variant', soldOut, 1, null],
    ['nothing for a quantity below 1', small, 0, null],
    ['nothing for a fractional quantity', small, 1.5, null],
  ])('is %s', (_name, chosen, quantity, expected) => {
    expect(instalmentPrice(tee, chosen ?? null, quantity)).toEqual(expected);
  });

  it('is nothing for a product without prices', () => {
    expect(instalmentPrice(product(1, [variant({ price: null })]), null, 1)).toBeNull();
  });

  it('is nothing for a sold-out product before a choice, the lowest price once a variant has stock', () => {
    expect(instalmentPrice(product(1, [variant({ qtyInStock: 0 })]), null, 1)).toBeNull();
    expect(instalmentPrice(product(1, [variant({ qtyInStock: 2 })]), null, 1)).toEqual(money(1000));
  });

  it('is nothing beyond exact arithmetic', () => {
    const dear = product(1, [variant({ price: money(Number.MAX_SAFE_INTEGER - 1), unlimited: true })]);
    expect(instalmentPrice(dear, null, 2)).toBeNull();
  });
});

describe('payments', () => {
  it.each([
    [money(2500), 4, money(625)],
    [money(2501), 4, money(625)],
    [money(2502), 4, money(626)],
    [money(10000), 3, money(3333)],
    [money(5001, 'JPY'), 4, money(1250, 'JPY')],
    [money(5002, 'JPY'), 4, money(1251, 'JPY')],
  ])('%j in %i payments is %j each', (price, count, each) => {
    expect(instalmentPayment(price, count)).toEqual(each);
  });

  it.each([
    [4, 4],
    [6, 6],
    [0, 4],
    [-2, 4],
    [2.5, 4],
    [Number.NaN, 4],
    [undefined, 4],
    [null, 4],
  ])('count %s counts as %i', (count, expected) => {
    expect(instalmentCount(count)).toBe(expected);
  });
});

describe('texts (spec 000 §5)', () => {
  const usdRange = { min: money(3500), max: money(100000) };

  it.each([
    ['in range', money(2500 * 4), false, 4, '4 interest-free payments of $25.00'],
    ['in range, one line', money(4500), true, 4, 'or 4 interest-free payments of $11.25 with'],
    ['in range with 6 payments', money(6000), false, 6, '6 interest-free payments of $10.00'],
    ['with an unusable count', money(6000), false, 0, '4 interest-free payments of $15.00'],
    ['at the maximum', money(100000), false, 4, '4 interest-free payments of $250.00'],
    ['at the minimum', money(3500), false, 4, 'Available for orders over $35.00'],
    ['one cent below the minimum', money(3499), true, 4, 'Available for orders over $35.00'],
    ['one cent above the maximum', money(100001), true, 4, 'Available for orders up to $1,000.00'],
  ])('%s reads %j', (_name, price, inline, count, text) => {
    expect(instalmentText({ price, ...usdRange, inline, count })).toBe(text);
  });

  it.each([
    [money(5001, 'JPY'), '4 interest-free payments of ¥1,250'],
    [money(5000, 'JPY'), 'Available for orders over ¥5,000'],
    [money(150001, 'JPY'), 'Available for orders up to ¥150,000'],
  ])('JPY %j reads %j', (price, text) => {
    expect(instalmentText({ price, min: money(5000, 'JPY'), max: money(150000, 'JPY') })).toBe(text);
  });
});

describe('the cart page minimum (spec 000 §5)', () => {
  it.each([
    [3499, true],
    [3500, false],
    [3501, false],
    [0, true],
  ])('a subtotal of %i cents with a $35.00 minimum is below it: %s', (subtotal, below) => {
    expect(belowInstalmentMinimum(subtotal, 3500)).toBe(below);
  });
});
