/**
 * Money for the template layer. Money values are read by the commerce core's one reader
 * (src/commerce/money.ts); the bookkeeping formats here take plain numbers of hundredths.
 */
import { minorToDecimalString, type Money } from '../../../commerce/money';
import { FORMATTER_CACHE_LIMIT, MemoCache } from '../../cache';
import type { TemplateContext } from '../api';
import { isTruthy, lookup } from './data';

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

/** Hundredths back to an exact decimal string for `Intl.NumberFormat#format`. */
export function minorToDecimal(minor: number): `${number}` {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}` as `${number}`;
}

const formats = new MemoCache<string, Intl.NumberFormat | null>(FORMATTER_CACHE_LIMIT);

/** One formatter per locale and options: a product listing formats hundreds of prices. */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat | undefined {
  const key = `${locale}|${options.style ?? ''}|${options.currency ?? ''}|${options.minimumFractionDigits ?? ''}|${options.maximumFractionDigits ?? ''}`;
  let format = formats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      format = null;
    }
    // Locales and currencies come from data; the cap keeps hostile churn from growing the map.
    formats.set(key, format);
  }
  return format ?? undefined;
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

/**
 * The website's CLDR money setting (spec 001 §3), which selects the currency display. The
 * platform's pages also carry it as a feature flag, which the reference engine reads; either counts.
 */
export function usesCldrMoney(ctx: TemplateContext): boolean {
  return (
    isTruthy(lookup(ctx, 'website.useCLDRMoneyFormat')) ||
    isTruthy(lookup(ctx, 'featureFlags.useCLDRMoneyFormat'))
  );
}

/**
 * Money as product markup prints it. With the CLDR setting: the locale's currency text. Without
 * it: the bare amount in a `sqs-money-native` span, which the page's own script decorates with the
 * store currency, so its digits are always en-US with two decimals, whatever the page locale.
 */
export function moneyHtml(ctx: TemplateContext, money: Money | null, cldr: boolean): string {
  if (cldr) {
    if (money === null || ctx.locale === null) return '';
    const format = numberFormat(ctx.locale, { style: 'currency', currency: money.currency });
    return format ? format.format(minorToDecimalString(money) as `${number}`) : '';
  }
  const amount = money === null ? '' : legacyFormat().format(minorToDecimalString(money) as `${number}`);
  return `<span class="sqs-money-native">${amount}</span>`;
}

let legacy: Intl.NumberFormat | undefined;
const legacyFormat = (): Intl.NumberFormat =>
  (legacy ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
