/** Decimal, percent and money formatting through Intl.NumberFormat (spec 001 §5, §9). */
import { readMoneyFields, type MoneyFields } from '../../../commerce/money';
import { FORMATTER_CACHE_LIMIT, MemoCache } from '../../cache';
import type { ParsedOptions } from './options';

/** Digit options are capped (spec 001 §9); Intl itself caps significant digits at 21. */
const MAX_DIGITS = 50;
const MAX_SIGNIFICANT = 21;

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * A decimal as Intl accepts it (a finite number or an exact decimal string), else undefined: text
 * whose value is not finite ("1e400") prints nothing, as the number would (spec 001 §5).
 */
export function toDecimal(value: unknown): number | string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') {
    const text = value.trim();
    return DECIMAL.test(text) && Number.isFinite(Number(text)) ? text : undefined;
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
  const maxSig = digits(o['maximumSignificantDigits'] ?? o['maxSig'], 1, MAX_SIGNIFICANT);
  // A maximum alone is also the minimum: `maxSig:3` prints 1.5 as 1.50, as the platform does.
  let minSig = digits(o['minimumSignificantDigits'] ?? o['minSig'], 1, MAX_SIGNIFICANT) ?? maxSig;
  if (minSig !== undefined && maxSig !== undefined && maxSig < minSig) minSig = maxSig;
  if (minSig !== undefined) out.minimumSignificantDigits = minSig;
  if (maxSig !== undefined) out.maximumSignificantDigits = maxSig;
  const grouping = o['grouping'] ?? o['group'];
  if (grouping === 'false') out.useGrouping = false;
  return out;
}

const formats = new MemoCache<string, Intl.NumberFormat | null>(FORMATTER_CACHE_LIMIT);

/** The shared formatter for these options; null when Intl refuses them. */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat | null {
  return formats.remember(`${locale}|${JSON.stringify(options)}`, () => {
    try {
      return new Intl.NumberFormat(locale, options);
    } catch {
      return null;
    }
  });
}

/** Fraction digits Intl.NumberFormat takes on every supported Node (20 before Node 22). */
const INTL_FRACTION_LIMIT = 20;

/** Digits of a decimal without exponent: sign, integer digits (no leading zeros), fraction digits. */
function plainDigits(value: number | string): { negative: boolean; int: string; frac: string } {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text);
  if (m === null) return { negative: false, int: '0', frac: '' };
  const digitsOf = `${m[2] ?? ''}${m[3] ?? ''}`;
  const point = (m[2] ?? '').length + Number(m[4] ?? 0);
  const padded = point < 0 ? '0'.repeat(-point) + digitsOf : digitsOf.padEnd(point, '0');
  const at = Math.max(point, 0);
  return {
    negative: m[1] === '-',
    int: padded.slice(0, at).replace(/^0+(?=\d)/, '') || '0',
    frac: padded.slice(at),
  };
}

/** Adds one unit in the last place of a digit string; true when it carried out of the string. */
function increment(digits: string): [string, boolean] {
  const out = digits.split('');
  for (let k = out.length - 1; k >= 0; k--) {
    if (out[k] === '9') out[k] = '0';
    else {
      out[k] = String(Number(out[k]) + 1);
      return [out.join(''), false];
    }
  }
  return [out.join(''), true];
}

/**
 * More fraction digits than Intl takes: the digits are rounded here, in decimal, with the same
 * rounding modes, and Intl formats only the integer part (grouping, digits, sign) and names the
 * locale's decimal separator.
 */
function formatWideFraction(
  locale: string,
  options: Intl.NumberFormatOptions,
  value: number | string,
): string {
  const maxFrac = options.maximumFractionDigits ?? Math.max(options.minimumFractionDigits ?? 0, 3);
  const minFrac = Math.min(options.minimumFractionDigits ?? 0, maxFrac);
  const { negative, int, frac } = plainDigits(value);
  let kept = frac.slice(0, maxFrac).padEnd(maxFrac, '0');
  const rest = frac.slice(maxFrac);
  const restNonZero = /[1-9]/.test(rest);
  const first = rest.charCodeAt(0) - 48;
  const half = first > 5 || (first === 5 && /[1-9]/.test(rest.slice(1)));
  const exactHalf = first === 5 && !/[1-9]/.test(rest.slice(1));
  const lastDigit = Number((kept || int).slice(-1));
  const away = ((): boolean => {
    if (!restNonZero) return false;
    switch (options.roundingMode) {
      case 'expand':
        return true;
      case 'trunc':
        return false;
      case 'ceil':
        return !negative;
      case 'floor':
        return negative;
      case 'halfExpand':
        return half || exactHalf;
      case 'halfTrunc':
        return half;
      default:
        return half || (exactHalf && lastDigit % 2 === 1);
    }
  })();
  let whole = int;
  if (away) {
    let carry: boolean;
    [kept, carry] = increment(kept);
    if (carry) whole = increment(`0${int}`)[0].replace(/^0+(?=\d)/, '');
  }
  kept = kept.replace(/0+$/, '');
  if (kept.length < minFrac) kept = kept.padEnd(minFrac, '0');
  const intOptions: Intl.NumberFormatOptions = { maximumFractionDigits: 0, roundingMode: 'trunc' };
  if (options.useGrouping !== undefined) intOptions.useGrouping = options.useGrouping;
  if (options.minimumIntegerDigits !== undefined)
    intOptions.minimumIntegerDigits = options.minimumIntegerDigits;
  const intFormat = numberFormat(locale, intOptions);
  if (intFormat === null) return '';
  const zero = whole === '0' && kept === '';
  // Exact decimal strings are accepted by Intl.NumberFormat v3; the typings lag behind.
  const head = intFormat.format(`${negative && !zero ? '-' : ''}${whole}` as unknown as number);
  if (kept === '') return head;
  const separator = intFormat.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return head + separator + kept;
}

/** Prints one value with fixed options; built once per call site and locale. */
type Printer = (value: number | string) => string;

const OUTPUT_MEMO_LIMIT = 5000;
const outputs = new WeakMap<Intl.NumberFormat, MemoCache<number | string, string>>();

/**
 * The formatter's text for a value. Pages print the same prices and figures render after render,
 * and asking Intl costs many times a lookup: each formatter remembers its recent outputs.
 */
function formatted(formatter: Intl.NumberFormat, value: number | string): string {
  let memo = outputs.get(formatter);
  if (memo === undefined) {
    memo = new MemoCache(OUTPUT_MEMO_LIMIT);
    outputs.set(formatter, memo);
  }
  let text = memo.get(value);
  if (text === undefined) {
    // Exact decimal strings are accepted by Intl.NumberFormat v3; the typings lag behind.
    text = formatter.format(value as number);
    memo.set(value, text);
  }
  return text;
}

function printer(locale: string, options: Intl.NumberFormatOptions): Printer {
  const formatter = numberFormat(locale, options);
  if (formatter !== null) return (value) => formatted(formatter, value);
  const minFrac = options.minimumFractionDigits ?? 0;
  const wide = (options.maximumFractionDigits ?? 0) > INTL_FRACTION_LIMIT || minFrac > INTL_FRACTION_LIMIT;
  if (!wide) return () => '';
  const plain =
    options.style === undefined &&
    options.notation === undefined &&
    options.minimumSignificantDigits === undefined &&
    options.maximumSignificantDigits === undefined;
  if (plain) return (value) => formatWideFraction(locale, options, value);
  // Percent, money and the notations: Intl rounds at 20 digits (all a double holds) and the
  // zeros a larger minimum asks for are added to its fraction.
  const clamped = numberFormat(locale, {
    ...options,
    minimumFractionDigits: Math.min(minFrac, INTL_FRACTION_LIMIT),
    maximumFractionDigits: Math.min(options.maximumFractionDigits ?? minFrac, INTL_FRACTION_LIMIT),
  });
  if (clamped === null) return () => '';
  if (minFrac <= INTL_FRACTION_LIMIT) return (value) => formatted(clamped, value);
  return (value) => padFraction(clamped.formatToParts(value as number), minFrac);
}

/** The parts' text with the fraction padded with zeros to `digits`. */
function padFraction(parts: readonly Intl.NumberFormatPart[], digits: number): string {
  let out = '';
  for (const p of parts) out += p.type === 'fraction' ? p.value.padEnd(digits, '0') : p.value;
  return out;
}

/**
 * Scientific notation as the platform prints it: a positive exponent carries its sign (1.2E+4)
 * and an exponent of 0 is left out (5.00).
 */
function scientificPrinter(locale: string, options: Intl.NumberFormatOptions): Printer {
  const formatter = numberFormat(locale, options);
  if (formatter === null) return printer(locale, options);
  const memo = new MemoCache<number | string, string>(OUTPUT_MEMO_LIMIT);
  return (value) => {
    let text = memo.get(value);
    if (text !== undefined) return text;
    const parts = formatter.formatToParts(value as number);
    const exponent = parts.find((p) => p.type === 'exponentInteger')?.value;
    const negative = parts.some((p) => p.type === 'exponentMinusSign');
    text = '';
    for (const p of parts) {
      if (exponent === '0' && (p.type === 'exponentSeparator' || p.type === 'exponentInteger')) continue;
      text += p.value;
      if (p.type === 'exponentSeparator' && !negative) text += '+';
    }
    memo.set(value, text);
    return text;
  };
}

/** Printers per call site (its parsed options) and locale. */
const printers = new WeakMap<ParsedOptions, MemoCache<string, Printer>>();

function printerFor(options: ParsedOptions, locale: string, make: () => Printer): Printer {
  let byLocale = printers.get(options);
  if (byLocale === undefined) {
    byLocale = new MemoCache(FORMATTER_CACHE_LIMIT);
    printers.set(options, byLocale);
  }
  return byLocale.remember(locale, make);
}

/** `decimal` with `style:` decimal (default), percent, permille, short, long or scientific. */
export function formatDecimal(value: unknown, options: ParsedOptions, locale: string): string {
  const decimal = toDecimal(value);
  if (decimal === undefined) return '';
  const style = options.named['style'] ?? 'decimal';
  if (style === 'permille') {
    const print = printerFor(options, locale, () => printer(locale, numberOptions(options)));
    return `${print(Number(decimal) * 1000)}\u2030`;
  }
  const print = printerFor(options, locale, () => {
    const base = numberOptions(options);
    switch (style) {
      case 'percent':
        return printer(locale, { ...base, style: 'percent' });
      case 'short':
      case 'long':
        return printer(locale, { ...base, notation: 'compact', compactDisplay: style });
      case 'scientific':
        return scientificPrinter(locale, {
          ...base,
          notation: 'scientific',
          // No fraction digits unless asked, as on the platform; past 20 a double has no digits.
          minimumFractionDigits: Math.min(base.minimumFractionDigits ?? 0, INTL_FRACTION_LIMIT),
          maximumFractionDigits: Math.min(
            base.maximumFractionDigits ?? base.minimumFractionDigits ?? 0,
            INTL_FRACTION_LIMIT,
          ),
        });
      default:
        return printer(locale, base);
    }
  });
  return print(decimal);
}

/** `percent`: the value times 100 with a percent sign, no fraction digits unless asked. */
export function formatPercent(value: unknown, options: ParsedOptions, locale: string): string {
  const decimal = toDecimal(value);
  if (decimal === undefined) return '';
  // A call site is either `decimal` or `percent`: their options objects are never shared.
  return printerFor(options, `${locale}|percent`, () =>
    printer(locale, { ...numberOptions(options), style: 'percent' }),
  )(decimal);
}

/**
 * Money in either shape of spec 001 §3, read by the commerce core's one reader: the amount is
 * decimal text in the major unit, handed to Intl exactly as written.
 */
export function toMoney(value: unknown): MoneyFields | undefined {
  return readMoneyFields(value) ?? undefined;
}

/** Money formatters by options, then by locale and currency: a call site resolves each once. */
const moneyFormats = new WeakMap<ParsedOptions, MemoCache<string, Printer>>();

function moneyFormatter(options: ParsedOptions, locale: string, currency: string): Printer {
  let byCurrency = moneyFormats.get(options);
  if (byCurrency === undefined) {
    byCurrency = new MemoCache(FORMATTER_CACHE_LIMIT);
    moneyFormats.set(options, byCurrency);
  }
  return byCurrency.remember(`${locale}|${currency}`, () => {
    const base: Intl.NumberFormatOptions = { ...numberOptions(options), style: 'currency', currency };
    // A maximum alone keeps the currency's own digits as the minimum, up to that maximum ($1.50).
    const named = options.named;
    const explicitMin = (named['minimumFractionDigits'] ?? named['minFrac']) !== undefined;
    if (!explicitMin && base.maximumFractionDigits !== undefined) {
      base.minimumFractionDigits = Math.min(
        currencyDigits(locale, currency) ?? 2,
        base.maximumFractionDigits,
      );
    }
    switch (options.named['style']) {
      case 'short':
        return printer(locale, { ...base, notation: 'compact' });
      case 'name':
        return printer(locale, { ...base, currencyDisplay: 'name' });
      case 'code':
        return printer(locale, { ...base, currencyDisplay: 'code' });
      case 'accounting':
        return printer(locale, { ...base, currencySign: 'accounting' });
      default:
        return printer(locale, base);
    }
  });
}

/** `money` with `style:` standard (default), short, name, code or accounting. */
export function formatMoney(value: unknown, options: ParsedOptions, locale: string): string {
  const money = toMoney(value);
  if (money === undefined) return '';
  // The decimal text as written: Intl formats it exactly, with no float in between.
  return moneyFormatter(options, locale, money.currency)(money.amount);
}

/** Digits after the decimal point the locale data gives a currency (JPY 0, USD 2). */
function currencyDigits(locale: string, currency: string): number | undefined {
  const key = `${locale}|${currency}|digits`;
  const formatter = formats.remember(key, () => {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      return null;
    }
  });
  return formatter?.resolvedOptions().maximumFractionDigits;
}

/**
 * `money-format`: a money value's amount without the currency, in the locale's digits and the
 * currency's fraction digits (`1,234.50`; `2,500` for yen). Undefined for anything that is not
 * money, which the formatter passes through as the reference engine does.
 */
export function formatMoneyAmount(
  value: unknown,
  options: ParsedOptions,
  locale: string,
): string | undefined {
  const money = toMoney(value);
  if (money === undefined) return undefined;
  const places = currencyDigits(locale, money.currency);
  if (places === undefined) return '';
  return printer(locale, {
    ...numberOptions(options),
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  })(money.amount);
}
