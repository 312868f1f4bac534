import { describe, expect, it } from 'vitest';
import {
  carriedMoneyText,
  fractionDigits,
  CURRENCY_CODES,
  DEFAULT_CURRENCY,
  decimalStringToMinor,
  formatMoney,
  isCurrencyCode,
  minorToDecimalString,
  moneyFromMinor,
  parseCurrencyCode,
  parseMoney,
  readMoneyFields,
  type CurrencyCode,
  type Money,
} from '../../../src/commerce/money';

const usd = (amount: number): Money => ({ amount, currency: 'USD' });
// Intl separates code and amount with a no-break space (narrow in some locales); compare plainly.
const plain = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

// Spec 000 §3 lists the currencies in this order; §3/§9 give 2 fraction digits except JPY.
// The formatted column is 1234.56 (1235 yen) with the en-US default locale.
const CURRENCY_TABLE: readonly [CurrencyCode, number, string][] = [
  ['EUR', 2, '€1,234.56'],
  ['USD', 2, '$1,234.56'],
  ['AUD', 2, 'A$1,234.56'],
  ['NOK', 2, 'NOK 1,234.56'],
  ['CAD', 2, 'CA$1,234.56'],
  ['NZD', 2, 'NZ$1,234.56'],
  ['DKK', 2, 'DKK 1,234.56'],
  ['GBP', 2, '£1,234.56'],
  ['HKD', 2, 'HK$1,234.56'],
  ['CHF', 2, 'CHF 1,234.56'],
  ['MXN', 2, 'MX$1,234.56'],
  ['SGD', 2, 'SGD 1,234.56'],
  ['SEK', 2, 'SEK 1,234.56'],
  ['CZK', 2, 'CZK 1,234.56'],
  ['ILS', 2, '₪1,234.56'],
  ['PHP', 2, '₱1,234.56'],
  ['RUB', 2, 'RUB 1,234.56'],
  ['PLN', 2, 'PLN 1,234.56'],
  ['THB', 2, 'THB 1,234.56'],
  ['MYR', 2, 'MYR 1,234.56'],
  ['ARS', 2, 'ARS 1,234.56'],
  ['BRL', 2, 'R$1,234.56'],
  ['COP', 2, 'COP 1,234.56'],
  ['IDR', 2, 'IDR 1,234.56'],
  ['INR', 2, '₹1,234.56'],
  ['JPY', 0, '¥1,235'],
  ['ZAR', 2, 'ZAR 1,234.56'],
];

describe('currencies', () => {
  it('knows exactly the 27 currencies of the spec, in its order', () => {
    expect(CURRENCY_CODES).toEqual(CURRENCY_TABLE.map(([code]) => code));
  });

  it('defaults to USD', () => {
    expect(DEFAULT_CURRENCY).toBe('USD');
  });

  it.each(CURRENCY_TABLE)('%s has %i fraction digits', (code, digits) => {
    expect(fractionDigits(code)).toBe(digits);
  });

  it.each(CURRENCY_TABLE)('%s formats in en-US as expected', (code, digits, formatted) => {
    const amount = digits === 2 ? 123456 : 1235;
    expect(plain(formatMoney({ amount, currency: code }))).toBe(formatted);
  });

  it.each(CURRENCY_TABLE)(
    '%s round-trips decimalValue through parse and minorToDecimalString',
    (code, digits) => {
      const decimalValue = digits === 2 ? '1234.56' : '1235';
      const money = parseMoney({ decimalValue, currencyCode: code });
      expect(money).toEqual({ amount: digits === 2 ? 123456 : 1235, currency: code });
      expect(money && minorToDecimalString(money)).toBe(decimalValue);
    },
  );

  it.each(CURRENCY_TABLE)('%s parses the value shape as a major-unit decimal', (code, digits) => {
    const value = digits === 2 ? '19.99' : '1999';
    expect(parseMoney({ value, currency: code })).toEqual({ amount: 1999, currency: code });
  });

  it.each([
    ['USD', 'USD'],
    [' usd ', 'USD'],
    ['jpy', 'JPY'],
    ['XYZ', null],
    ['', null],
    [42, null],
    [null, null],
  ])('parseCurrencyCode(%j) gives %j', (raw, expected) => {
    expect(parseCurrencyCode(raw)).toBe(expected);
  });

  it.each([
    ['USD', true],
    ['usd', false],
    ['toString', false],
    ['__proto__', false],
  ])('isCurrencyCode(%j) is %s', (raw, expected) => {
    expect(isCurrencyCode(raw)).toBe(expected);
  });
});

describe('parseMoney', () => {
  it.each([
    [{ value: '19.99', currency: 'USD' }, usd(1999)],
    [{ value: '22.50', currency: 'USD' }, usd(2250)],
    [
      { value: '2500', currency: 'EUR' },
      { amount: 250000, currency: 'EUR' },
    ],
    [{ value: '0', currency: 'USD' }, usd(0)],
    [{ value: '-2.50', currency: 'USD' }, usd(-250)],
    [{ value: '007', currency: 'USD' }, usd(700)],
    [{ value: 19.99, currency: 'USD' }, usd(1999)],
    [{ value: ' 19.99 ', currency: 'usd' }, usd(1999)],
    [{ decimalValue: '19.99', currencyCode: 'USD' }, usd(1999)],
    [{ decimalValue: '19.9', currencyCode: 'USD' }, usd(1990)],
    [{ decimalValue: '19', currencyCode: 'USD' }, usd(1900)],
    [{ decimalValue: '19.', currencyCode: 'USD' }, usd(1900)],
    [{ decimalValue: '.5', currencyCode: 'USD' }, usd(50)],
    [{ decimalValue: '0.07', currencyCode: 'USD' }, usd(7)],
    [{ decimalValue: '-0.07', currencyCode: 'USD' }, usd(-7)],
    [{ decimalValue: '19.990', currencyCode: 'USD' }, usd(1999)],
    [{ decimalValue: 19.99, currencyCode: 'USD' }, usd(1999)],
    [{ decimalValue: '0.1', currencyCode: 'USD' }, usd(10)],
    [
      { decimalValue: '1000', currencyCode: 'JPY' },
      { amount: 1000, currency: 'JPY' },
    ],
    [
      { decimalValue: '1000.00', currencyCode: 'JPY' },
      { amount: 1000, currency: 'JPY' },
    ],
    [{ decimalValue: '90071992547409.91', currencyCode: 'USD' }, usd(9007199254740991)],
  ])('accepts %j', (raw, expected) => {
    expect(parseMoney(raw)).toEqual(expected);
  });

  it.each([
    ['null', null],
    ['a string', '19.99'],
    ['a number', 1999],
    ['an array', ['1999', 'USD']],
    ['an empty object', {}],
    ['an unknown currency', { value: '1999', currency: 'XXX' }],
    ['a missing currency', { value: '1999' }],
    ['too many fraction digits in value', { value: '19.999', currency: 'USD' }],
    ['letters in the value', { value: '19a9', currency: 'USD' }],
    ['NaN text', { value: 'NaN', currency: 'USD' }],
    ['Infinity text', { decimalValue: 'Infinity', currencyCode: 'USD' }],
    ['a NaN number', { value: Number.NaN, currency: 'USD' }],
    ['a number with excess precision', { value: 19.555, currency: 'USD' }],
    ['an empty decimal', { decimalValue: '', currencyCode: 'USD' }],
    ['a lone dot', { decimalValue: '.', currencyCode: 'USD' }],
    ['too many fraction digits', { decimalValue: '19.999', currencyCode: 'USD' }],
    ['a fraction on yen', { decimalValue: '1000.5', currencyCode: 'JPY' }],
    ['thousands separators', { decimalValue: '1,000.00', currencyCode: 'USD' }],
    ['exponent notation', { decimalValue: '1e3', currencyCode: 'USD' }],
    ['a hex number', { value: '0x10', currency: 'USD' }],
    ['an amount beyond safe integers', { value: '9007199254740993', currency: 'USD' }],
    ['a decimal beyond safe integers', { decimalValue: '90071992547409.93', currencyCode: 'USD' }],
    ['an object value', { value: { toString: () => '1' }, currency: 'USD' }],
  ])('rejects %s', (_label, raw) => {
    expect(parseMoney(raw)).toBeNull();
  });
});

describe('decimalStringToMinor', () => {
  it.each([
    ['19.99', 'USD', 1999],
    ['+3', 'USD', 300],
    ['000.10', 'USD', 10],
    ['12', 'JPY', 12],
    ['1.23', 'JPY', null],
    ['abc', 'USD', null],
  ] as const)('%s %s -> %j', (raw, currency, expected) => {
    expect(decimalStringToMinor(raw, currency)).toBe(expected);
  });
});

describe('minorToDecimalString', () => {
  it.each([
    [usd(1999), '19.99'],
    [usd(5), '0.05'],
    [usd(-5), '-0.05'],
    [usd(0), '0.00'],
    [usd(-123456), '-1234.56'],
    [{ amount: 1500, currency: 'JPY' } as Money, '1500'],
    [{ amount: -7, currency: 'JPY' } as Money, '-7'],
    [usd(9007199254740991), '90071992547409.91'],
  ])('%j -> %s', (money, expected) => {
    expect(minorToDecimalString(money)).toBe(expected);
  });

  it('accepts an amount and a currency', () => {
    expect(minorToDecimalString(250, 'EUR')).toBe('2.50');
  });
});

describe('formatMoney', () => {
  it.each([
    [usd(1999), {}, '$19.99'],
    [usd(123456789), {}, '$1,234,567.89'],
    [usd(-1999), {}, '-$19.99'],
    [usd(0), {}, '$0.00'],
    [usd(1000), {}, '$10.00'],
    [usd(1000), { trimZeroFraction: true }, '$10'],
    [usd(1050), { trimZeroFraction: true }, '$10.50'],
    [usd(1001), { trimZeroFraction: true }, '$10.01'],
    [usd(0), { trimZeroFraction: true }, '$0'],
    [usd(100000), { trimZeroFraction: true }, '$1,000'],
    [{ amount: 1000, currency: 'JPY' } as Money, { trimZeroFraction: true }, '¥1,000'],
    [usd(1999), { locale: 'not a locale!' }, '$19.99'],
    [usd(1999), { locale: 'de-DE' }, '19,99 $'],
    [{ amount: 1999, currency: 'EUR' } as Money, { locale: 'fr-FR' }, '19,99 €'],
    [{ amount: 1999, currency: 'AUD' } as Money, { currencyDisplay: 'narrowSymbol' }, '$19.99'],
    [{ amount: 1999, currency: 'AUD' } as Money, { currencyDisplay: 'code' }, 'AUD 19.99'],
    [usd(9007199254740991), {}, '$90,071,992,547,409.91'],
  ] as const)('%j with %j shows %s', (money, opts, expected) => {
    expect(plain(formatMoney(money, opts))).toBe(expected);
  });
});

describe('moneyFromMinor', () => {
  it.each([
    [12, usd(12)],
    [-0, usd(0)],
    [1.5, null],
    [Number.POSITIVE_INFINITY, null],
  ])('moneyFromMinor(%d) is %j', (amount, expected) => {
    expect(moneyFromMinor(amount, 'USD')).toEqual(expected);
  });
});

describe('readMoneyFields', () => {
  it.each([
    ['the value shape', { value: '25.00', currency: 'USD' }, undefined, { amount: '25.00', currency: 'USD' }],
    [
      'the decimal shape',
      { decimalValue: '25', currencyCode: 'jpy' },
      undefined,
      { amount: '25', currency: 'JPY' },
    ],
    ['a number amount', { value: 19.5, currency: 'EUR' }, undefined, { amount: '19.5', currency: 'EUR' }],
    [
      'an exponent',
      { decimalValue: '1e3', currencyCode: 'USD' },
      undefined,
      { amount: '1e3', currency: 'USD' },
    ],
    [
      'both shapes: the decimal pair first',
      { decimalValue: '2', currencyCode: 'GBP', value: '3', currency: 'EUR' },
      undefined,
      { amount: '2', currency: 'GBP' },
    ],
    [
      'a half decimal pair: the value pair',
      { decimalValue: '2', value: '3', currency: 'EUR' },
      undefined,
      { amount: '3', currency: 'EUR' },
    ],
    ['no currency, with a default', { value: '1' }, 'USD', { amount: '1', currency: 'USD' }],
    ['no currency, without a default', { value: '1' }, undefined, null],
    ['the other shape’s code', { value: '1.5', currencyCode: 'USD' }, undefined, null],
    ['a bad code', { value: '1', currency: 'US dollars' }, 'USD', null],
    ['a bad amount', { value: '1,000', currency: 'USD' }, undefined, null],
    ['an amount that is not finite', { decimalValue: '1e309', currencyCode: 'EUR' }, undefined, null],
    ['a negative amount that is not finite', { value: '-1E400', currency: 'USD' }, 'USD', null],
    ['not an object', '25.00', 'USD', null],
  ])('reads %s', (_label, raw, fallback, expected) => {
    expect(readMoneyFields(raw, fallback)).toEqual(expected);
  });

  it('reads the value pair first when asked, as product prices under the CLDR setting are', () => {
    const raw = { decimalValue: '2', currencyCode: 'GBP', value: '3', currency: 'EUR' };
    expect(readMoneyFields(raw, undefined, true)).toEqual({ amount: '3', currency: 'EUR' });
    expect(readMoneyFields({ decimalValue: '2', currencyCode: 'GBP' }, undefined, true)).toEqual({
      amount: '2',
      currency: 'GBP',
    });
    expect(parseMoney(raw, { valueFirst: true })).toEqual({ amount: 300, currency: 'EUR' });
    expect(parseMoney(raw)).toEqual({ amount: 200, currency: 'GBP' });
  });

  it('gives parseMoney the store currency for an amount without one', () => {
    expect(parseMoney({ value: '2.50' }, { defaultCurrency: 'USD' })).toEqual(usd(250));
    expect(parseMoney({ value: '2.50' })).toBeNull();
  });
});

describe("carriedMoneyText: the page's own text for an amount", () => {
  const texts = ['$1,250.00', '1 250,00 €', '¥980', '٣٠٫٠٠ US$'];
  it.each([
    { amount: 125000, currency: 'USD', expected: '$1,250.00' },
    { amount: 980, currency: 'JPY', expected: '¥980' },
    { amount: 5, currency: 'USD', expected: undefined },
    // Other digits than 0-9 spell nothing: that amount is formatted.
    { amount: 3000, currency: 'USD', expected: undefined },
  ] as const)('$amount $currency gives $expected', ({ amount, currency, expected }) => {
    expect(carriedMoneyText(texts, { amount, currency })).toBe(expected);
  });
});

describe('readMoneyFields on hostile amounts', () => {
  // A run of digits that ends in no amount once backtracked for every split of the run: 100,000
  // digits took seconds. The check is linear now, so these return at once.
  const digits = '1'.repeat(100_000);

  it('rejects 100,000 digits followed by a letter', () => {
    expect(readMoneyFields({ value: `${digits}x`, currency: 'USD' })).toBeNull();
    expect(readMoneyFields({ decimalValue: `${digits}.${digits}x`, currencyCode: 'USD' })).toBeNull();
  });

  it('still reads the amounts it read before', () => {
    expect(readMoneyFields({ value: '12.', currency: 'USD' })).toEqual({ amount: '12.', currency: 'USD' });
    expect(readMoneyFields({ value: '.5e-2', currency: 'USD' })).toEqual({
      amount: '.5e-2',
      currency: 'USD',
    });
    expect(readMoneyFields({ value: '1.2.3', currency: 'USD' })).toBeNull();
  });
});
