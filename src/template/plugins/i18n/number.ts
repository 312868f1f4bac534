/** Decimal, percent and money formatting through Intl.NumberFormat (spec 001 §5, §9). */
import { isObject } from '../content/json';
import { cached, type ParsedOptions } from './options';

/** Digit options are capped (spec 001 §9); Intl itself caps significant digits at 21. */
const MAX_DIGITS = 50;
const MAX_SIGNIFICANT = 21;

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** A decimal as Intl accepts it (a finite number or an exact decimal string), else undefined. */
export function toDecimal(value: unknown): number | string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') {
    const text = value.trim();
    return DECIMAL.test(text) ? text : undefined;
  }
  return undefined;
}

const ROUNDING: Readonly<Record<string, Intl.NumberFormatOptions['roundingMode']>> = {
  'half-even': 'halfEven',
  'half-up': 'halfExpand',
  'half-down': 'halfTrunc',
  up: 'expand',
  down: 'trunc',
  ceiling: 'ceil',
  floor: 'floor',
  truncate: 'trunc',
};

function digits(value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n)) return undefined;
  return Math.min(Math.max(n, min), max);
}

/** Shared digit, grouping and rounding options. */
function numberOptions(options: ParsedOptions): Intl.NumberFormatOptions {
  const o = options.named;
  const out: Intl.NumberFormatOptions = {
    roundingMode: ROUNDING[o['round'] ?? o['mode'] ?? ''] ?? 'halfEven',
  };
  const minInt = digits(o['minimumIntegerDigits'] ?? o['minInt'], 1, MAX_SIGNIFICANT);
  if (minInt !== undefined) out.minimumIntegerDigits = minInt;
  let minFrac = digits(o['minimumFractionDigits'] ?? o['minFrac'], 0, MAX_DIGITS);
  let maxFrac = digits(o['maximumFractionDigits'] ?? o['maxFrac'], 0, MAX_DIGITS);
  if (minFrac !== undefined && maxFrac !== undefined && maxFrac < minFrac) maxFrac = minFrac;
  if (maxFrac !== undefined && minFrac === undefined) minFrac = Math.min(maxFrac, 0);
  if (minFrac !== undefined) out.minimumFractionDigits = minFrac;
  if (maxFrac !== undefined) out.maximumFractionDigits = maxFrac;
  let minSig = digits(o['minimumSignificantDigits'] ?? o['minSig'], 1, MAX_SIGNIFICANT);
  const maxSig = digits(o['maximumSignificantDigits'] ?? o['maxSig'], 1, MAX_SIGNIFICANT);
  if (minSig !== undefined && maxSig !== undefined && maxSig < minSig) minSig = maxSig;
  if (minSig !== undefined) out.minimumSignificantDigits = minSig;
  if (maxSig !== undefined) out.maximumSignificantDigits = maxSig;
  const grouping = o['grouping'] ?? o['group'];
  if (grouping === 'false') out.useGrouping = false;
  return out;
}

const formats = new Map<string, Intl.NumberFormat | null>();

function format(locale: string, options: Intl.NumberFormatOptions, value: number | string): string {
  const key = `${locale}|${JSON.stringify(options)}`;
  const formatter = cached(formats, key, () => {
    try {
      return new Intl.NumberFormat(locale, options);
    } catch {
      return null;
    }
  });
  if (formatter === null) return '';
  // Exact decimal strings are accepted by Intl.NumberFormat v3; the typings lag behind.
  return formatter.format(value as number);
}

/** `decimal` with `style:` decimal (default), percent, permille, short, long or scientific. */
export function formatDecimal(value: unknown, options: ParsedOptions, locale: string): string {
  const decimal = toDecimal(value);
  if (decimal === undefined) return '';
  const style = options.named['style'] ?? 'decimal';
  const base = numberOptions(options);
  switch (style) {
    case 'percent':
      return format(locale, { ...base, style: 'percent' }, decimal);
    case 'permille':
      return `${format(locale, base, Number(decimal) * 1000)}\u2030`;
    case 'short':
    case 'long':
      return format(locale, { ...base, notation: 'compact', compactDisplay: style }, decimal);
    case 'scientific':
      return format(locale, { ...base, notation: 'scientific' }, decimal);
    default:
      return format(locale, base, decimal);
  }
}

/** `percent`: the value times 100 with a percent sign, no fraction digits unless asked. */
export function formatPercent(value: unknown, options: ParsedOptions, locale: string): string {
  const decimal = toDecimal(value);
  if (decimal === undefined) return '';
  return format(locale, { ...numberOptions(options), style: 'percent' }, decimal);
}

export interface Money {
  readonly amount: number | string;
  readonly currency: string;
}

/**
 * Money in either shape of spec 001 §3: {decimalValue, currencyCode}, or {value (minor units),
 * currency}, minor units being divided by 100 for display (§9).
 */
export function toMoney(value: unknown): Money | undefined {
  if (!isObject(value)) return undefined;
  const code = value['currencyCode'] ?? value['currency'];
  if (typeof code !== 'string' || !/^[A-Za-z]{3}$/.test(code)) return undefined;
  const decimal = toDecimal(value['decimalValue']);
  if (decimal !== undefined) return { amount: decimal, currency: code.toUpperCase() };
  const minor = toDecimal(value['value']);
  if (minor === undefined) return undefined;
  return { amount: Number(minor) / 100, currency: code.toUpperCase() };
}

/** `money` with `style:` standard (default), short, name, code or accounting. */
export function formatMoney(value: unknown, options: ParsedOptions, locale: string): string {
  const money = toMoney(value);
  if (money === undefined) return '';
  const base: Intl.NumberFormatOptions = {
    ...numberOptions(options),
    style: 'currency',
    currency: money.currency,
  };
  switch (options.named['style']) {
    case 'short':
      return format(locale, { ...base, notation: 'compact' }, money.amount);
    case 'name':
      return format(locale, { ...base, currencyDisplay: 'name' }, money.amount);
    case 'code':
      return format(locale, { ...base, currencyDisplay: 'code' }, money.amount);
    case 'accounting':
      return format(locale, { ...base, currencySign: 'accounting' }, money.amount);
    default:
      return format(locale, base, money.amount);
  }
}
