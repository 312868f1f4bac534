/**
 * Money for the template layer (spec 001 §3): `{value, currency}` or `{decimalValue, currencyCode}`,
 * the value a decimal string of the major unit. Amounts are carried as integer minor units
 * (hundredths, spec 001 §9) and only turned into text by `Intl.NumberFormat` at display time.
 */
import type { TemplateContext } from '../api';
import { isRecord, isTruthy, lookup } from './data';

export interface Money {
  /** Hundredths of the currency unit. */
  readonly minor: number;
  /** ISO 4217 code, when the payload names one. */
  readonly currency: string | undefined;
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/**
 * Parses a decimal amount of the major unit into hundredths without floating point: `"1.00"` ->
 * 100, `".5"` -> 50, `"2.005"` -> 201 (half up). Numbers are read through their shortest text.
 */
export function toMinorUnits(value: unknown): number | undefined {
  let source: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    source = String(value);
    if (/e/i.test(source)) source = value.toFixed(4);
  } else if (typeof value === 'string') {
    source = value.trim();
  } else {
    return undefined;
  }
  const match = DECIMAL.exec(source);
  if (!match) return undefined;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return undefined;
  const cents = Number(whole || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  const roundUp = fraction.length > 2 && fraction.charAt(2) >= '5' ? 1 : 0;
  const minor = cents + roundUp;
  if (!Number.isSafeInteger(minor)) return undefined;
  return sign === '-' ? -minor : minor;
}

/** Reads either money shape; undefined when the amount is missing or not a number. */
export function parseMoney(value: unknown): Money | undefined {
  if (!isRecord(value)) return undefined;
  const amount = value['value'] !== undefined ? value['value'] : value['decimalValue'];
  const minor = toMinorUnits(amount);
  if (minor === undefined) return undefined;
  const code = value['currency'] ?? value['currencyCode'];
  return { minor, currency: typeof code === 'string' && code !== '' ? code : undefined };
}

/** Hundredths back to an exact decimal string for `Intl.NumberFormat#format`. */
export function minorToDecimal(minor: number): `${number}` {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}` as `${number}`;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat | undefined {
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    return undefined;
  }
}

/** `1,234.50` style (grouping and two decimals of the locale); empty without locale data. */
export function formatDecimal(ctx: TemplateContext, minor: number, trim = false): string {
  if (ctx.locale === null) return '';
  const format = numberFormat(ctx.locale, {
    minimumFractionDigits: trim ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return format ? format.format(minorToDecimal(minor)) : '';
}

/** `$1,234.50` in the locale; empty without locale data or without a valid currency. */
export function formatCurrency(ctx: TemplateContext, minor: number, currency: string): string {
  if (ctx.locale === null) return '';
  const format = numberFormat(ctx.locale, { style: 'currency', currency });
  return format ? format.format(minorToDecimal(minor)) : '';
}

/** The website's CLDR money setting (spec 001 §3), which selects the `{value, currency}` display. */
export function usesCldrMoney(ctx: TemplateContext): boolean {
  return isTruthy(lookup(ctx, 'website.useCLDRMoneyFormat'));
}

/**
 * Money as product markup prints it. With the CLDR setting: the locale's currency text. Without it:
 * the bare amount in a `sqs-money-native` span, which the page's own script decorates with the
 * store currency.
 */
export function moneyHtml(ctx: TemplateContext, money: Money | undefined, cldr: boolean): string {
  if (cldr) {
    return money?.currency === undefined ? '' : formatCurrency(ctx, money.minor, money.currency);
  }
  const amount = money === undefined ? '' : formatDecimal(ctx, money.minor);
  return `<span class="sqs-money-native">${amount}</span>`;
}
