// @vitest-environment node
/**
 * Money against the reference implementation (`@squarespace/template-engine`, a devDependency used
 * only as an oracle), given the locale data of `@phensley/cldr`: `money`, `money-format`,
 * `money-string` and the product price formatters, on both money shapes, in several currencies and
 * locales. Where the reference reads one shape only (its product prices read `value`), ours on the
 * other shape must print what the reference prints for the same amount.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { render } from '../../../src/template/index';

interface ReferenceCompiler {
  execute(props: Record<string, unknown>): { ctx: { render(): string } };
}
interface Framework {
  get(locale: string): unknown;
}
const require = createRequire(import.meta.url);
const { Compiler } = require('@squarespace/template-engine') as { Compiler: new () => ReferenceCompiler };
const { CLDRFramework } = require('@phensley/cldr') as {
  CLDRFramework: new (options: { loader: (language: string) => unknown }) => Framework;
};
const framework = new CLDRFramework({
  loader: (language) =>
    JSON.parse(readFileSync(require.resolve(`@phensley/cldr/packs/${language}.json`), 'utf8')) as unknown,
});
const reference = new Compiler();

const theirs = (template: string, json: unknown, locale: string): string =>
  reference
    .execute({ code: template, json, cldr: framework.get(locale) })
    .ctx.render()
    .trim();
const ours = (template: string, json: unknown, locale: string): string =>
  render(template, json, { locale }).output.trim();

/** Locales whose data agree between the runtime's Intl and the reference's CLDR release. */
const LOCALES = ['en', 'en-GB', 'de', 'ja', 'es', 'it'];

/** [amount, currency]: grouping, a trailing zero, yen, negatives, rounding past the digits. */
const AMOUNTS: readonly (readonly [string, string])[] = [
  ['25.00', 'USD'],
  ['1234.5', 'EUR'],
  ['0.99', 'GBP'],
  ['2500', 'JPY'],
  ['-3.456', 'USD'],
  ['1234567.891', 'CHF'],
  ['19.99', 'CAD'],
  ['1.5', 'JPY'],
];

const valueShape = (amount: string, currency: string) => ({ value: amount, currency });
const decimalShape = (amount: string, currency: string) => ({ decimalValue: amount, currencyCode: currency });

const moneyCases = LOCALES.flatMap((locale) =>
  AMOUNTS.flatMap(([amount, currency]) => [
    { locale, shape: 'value', money: valueShape(amount, currency) },
    { locale, shape: 'decimalValue', money: decimalShape(amount, currency) },
  ]),
);

describe('money against the reference', () => {
  it.each(moneyCases)('money of $money in $locale', ({ locale, money }) => {
    const template = '{m|money}|{m|money style:name}|{m|money maximumFractionDigits:0}';
    expect(ours(template, { m: money }, locale)).toBe(theirs(template, { m: money }, locale));
  });

  it.each(moneyCases)('money-string prints what money prints for $money in $locale', ({ locale, money }) => {
    expect(ours('{m|money-string}', { m: money }, locale)).toBe(theirs('{m|money}', { m: money }, locale));
  });

  it.each(moneyCases)(
    'money-format prints the amount as the reference formats it for $money in $locale',
    ({ locale, money }) => {
      const amount = 'decimalValue' in money ? money.decimalValue : money.value;
      const currency = 'currencyCode' in money ? money.currencyCode : money.currency;
      const digits = currency === 'JPY' ? 0 : 2;
      const expected = theirs(
        `{a|decimal minimumFractionDigits:${digits} maximumFractionDigits:${digits}}`,
        { a: amount },
        locale,
      );
      expect(ours('{m|money-format}', { m: money }, locale)).toBe(expected);
    },
  );

  it.each([
    ['a number', 12],
    ['text', 'twelve'],
    ['an object without money', { a: 1 }],
    ['an amount without a currency', { value: '12.00' }],
    ['a value with the other shape’s code', { value: '12.00', currencyCode: 'USD' }],
    ['an amount that is not a number', { value: 'abc', currency: 'USD' }],
  ])('leaves %s as the reference does', (_label, value) => {
    const template = '{m|money}|{m|money-format}|{m|money-string}';
    expect(ours(template, { m: value }, 'en')).toBe(theirs(template, { m: value }, 'en'));
  });
});

type Shape = (amount: string, currency: string) => Record<string, string>;

/** The platform's variants carry the legacy cents beside the money (the reference compares those). */
const cents = (amount: string): number => Math.round(Number(amount) * 100);

const physical = (shape: Shape, currency: string, prices: readonly (readonly [string, string?])[]) => ({
  id: 'p1',
  structuredContent: {
    productType: 1,
    variants: prices.map(([price, sale]) => ({
      priceMoney: shape(price, currency),
      price: cents(price),
      ...(sale !== undefined && {
        salePriceMoney: shape(sale, currency),
        salePrice: cents(sale),
        onSale: true,
      }),
      qtyInStock: 4,
    })),
  },
});

const digital = (shape: Shape, currency: string, price: string, sale?: string) => ({
  id: 'd1',
  structuredContent: {
    productType: 2,
    priceMoney: shape(price, currency),
    ...(sale !== undefined && { salePriceMoney: shape(sale, currency), onSale: true }),
  },
});

const PRODUCTS: readonly (readonly [string, (shape: Shape) => unknown])[] = [
  ['one price', (s) => physical(s, 'USD', [['25.00']])],
  ['varied prices', (s) => physical(s, 'EUR', [['25.00'], ['19.50'], ['30']])],
  ['a sale', (s) => physical(s, 'GBP', [['25.00', '19.99']])],
  [
    'varied prices on sale',
    (s) =>
      physical(s, 'USD', [
        ['25.00', '20.00'],
        ['40.00', '35.00'],
      ]),
  ],
  ['yen', (s) => physical(s, 'JPY', [['2500'], ['3000']])],
  ['a digital product', (s) => digital(s, 'USD', '9.99')],
  ['a digital product on sale', (s) => digital(s, 'JPY', '1200', '1000')],
];

const PRICE_TEMPLATE = '{item|product-price}|{item|from-price}|{item|normal-price}|{item|sale-price}';
/** Digital products leave out from-price: see the last test. */
const DIGITAL_TEMPLATE = '{item|product-price}|{item|normal-price}|{item|sale-price}';

const priceCases = ['en', 'de', 'ja'].flatMap((locale) =>
  [true, false].flatMap((cldr) =>
    PRODUCTS.map(([label, build]) => ({ label, build, locale, cldr: cldr ? 'CLDR money' : 'native money' })),
  ),
);

describe('product price formatters against the reference', () => {
  it.each(priceCases)(
    '$label, $cldr, $locale: both shapes print as the reference',
    ({ label, build, locale, cldr }) => {
      const flags = { useCLDRMoneyFormat: cldr === 'CLDR money' };
      const json = (shape: Shape) => ({ item: build(shape), website: flags, featureFlags: flags });
      const template = label.startsWith('a digital') ? DIGITAL_TEMPLATE : PRICE_TEMPLATE;
      const expected = theirs(template, json(valueShape), locale);
      expect(ours(template, json(valueShape), locale)).toBe(expected);
      expect(ours(template, json(decimalShape), locale)).toBe(expected);
    },
  );

  it('gives a digital product on sale its sale price as from-price, where the reference keeps the regular one', () => {
    const json = { item: digital(decimalShape, 'USD', '12.00', '10.00') };
    expect(ours('{item|from-price}', json, 'en')).toBe('1000');
    expect(theirs('{item|from-price}', { item: digital(valueShape, 'USD', '12.00', '10.00') }, 'en')).toBe(
      '1200',
    );
  });
});
