/**
 * Money is an integer count of minor units plus a currency code (spec 000 §3, CONTRIBUTING.md).
 * Prices are never touched with float arithmetic: parsing works on the digits of the string, and
 * formatting hands Intl.NumberFormat an exact decimal string.
 */
import { isRecord } from '../result.js';

/** The currencies a store can sell in (spec 000 §3). */
export const CURRENCY_CODES = [
  'EUR',
  'USD',
  'AUD',
  'NOK',
  'CAD',
  'NZD',
  'DKK',
  'GBP',
  'HKD',
  'CHF',
  'MXN',
  'SGD',
  'SEK',
  'CZK',
  'ILS',
  'PHP',
  'RUB',
  'PLN',
  'THB',
  'MYR',
  'ARS',
  'BRL',
  'COP',
  'IDR',
  'INR',
  'JPY',
  'ZAR',
] as const;

export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** The store currency when the site context names none (spec 000 §9). */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

/*
 * No symbol or display template per currency (spec 000 §3 gives each one): Intl.NumberFormat in the
 * page's locale decides the symbol and where it goes, as shoppers of that locale read prices
 * (docs/decisions.md). Our table holds only what Intl gets wrong for the spec: the fraction digits.
 */
const KNOWN_CODES: ReadonlySet<string> = new Set(CURRENCY_CODES);

/** Digits after the decimal point: 2, except JPY with 0 (spec 000 §3). */
export const fractionDigits = (code: CurrencyCode): number => (code === 'JPY' ? 0 : 2);

export interface Money {
  /** Integer count of minor units (cents; yen for JPY). Always a safe integer. */
  readonly amount: number;
  readonly currency: CurrencyCode;
}

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && KNOWN_CODES.has(value);
}

/** Reads a currency code, tolerating case and surrounding spaces; unknown codes give null. */
export function parseCurrencyCode(value: unknown): CurrencyCode | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  return isCurrencyCode(code) ? code : null;
}

/** Builds a Money from a minor-unit integer; null when the amount is not a safe integer. */
export function moneyFromMinor(amount: number, currency: CurrencyCode): Money | null {
  return Number.isSafeInteger(amount) ? { amount: amount === 0 ? 0 : amount, currency } : null;
}

const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * An amount from JSON as text: a string trimmed, a finite number as JavaScript prints it (an
 * exponent then, for very large or small numbers, which only the exponent-aware readers accept).
 */
const amountOf = (raw: unknown): string | null =>
  typeof raw === 'string' ? raw.trim() : typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : null;

/**
 * Converts a decimal string ("19.99") to minor units for a currency by moving the decimal point
 * in the digits. Extra fraction digits are accepted only when they are zeros ("19.990"); any other
 * excess precision ("19.999") is rejected rather than rounded, since silently rounding a price is
 * worse than showing none. Exponents ("1e3") are not read.
 */
export function decimalStringToMinor(raw: unknown, currency: CurrencyCode): number | null {
  const m = DECIMAL_RE.exec(amountOf(raw) ?? '');
  const whole = m?.[2] ?? '';
  const fraction = m?.[3] ?? '';
  if (whole === '' && fraction === '') return null;
  const digits = fractionDigits(currency);
  if (/[^0]/.test(fraction.slice(digits))) return null;
  // Number() reads leading zeros as decimal digits ("007" is 7).
  const n = Number((whole || '0') + fraction.slice(0, digits).padEnd(digits, '0'));
  if (!Number.isSafeInteger(n)) return null;
  return m?.[1] === '-' && n !== 0 ? -n : n;
}

/** A money value as written: the amount in the currency's major unit, and the currency code. */
export interface MoneyFields {
  /** The amount as decimal text ("25.00", "-3.5", "1e3"), checked but not rounded. */
  readonly amount: string;
  /** Three letters, upper case. Not checked against the store currencies. */
  readonly currency: string;
}

const AMOUNT_RE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
const CODE_RE = /^[A-Za-z]{3}$/;

/** Amount text, when it is a decimal whose value is finite ("1e400" is not: spec 001 §5). */
function amountText(raw: unknown): string | null {
  const text = amountOf(raw);
  return text !== null && AMOUNT_RE.test(text) && Number.isFinite(Number(text)) ? text : null;
}

function codeText(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const code = raw.trim();
  return CODE_RE.test(code) ? code.toUpperCase() : null;
}

const given = (v: unknown): boolean => v !== undefined && v !== null;

/**
 * The one reader of both money shapes of spec 001 §3, for the template engine, the widgets and the
 * reference server alike: `{ decimalValue, currencyCode }`, else `{ value, currency }`, each pair
 * read together as the reference engine reads them. With `valueFirst` (a template's product prices
 * under the CLDR money setting, where §3 uses the `value` form) the `value` pair is read first. Both amounts are decimal text in the major
 * unit: spec 001 §3 calls `value` a "decimal string in minor units", but the platform's own
 * rendered output (the template conformance corpus: `"22.50"` prints $22.50, `"2500"` EUR prints
 * €2,500.00) and the reference engine show the major unit. A pair without its currency takes
 * `defaultCurrency` when one is given (product prices default to the store currency), else none.
 */
export function readMoneyFields(
  raw: unknown,
  defaultCurrency?: string,
  valueFirst = false,
): MoneyFields | null {
  if (!isRecord(raw)) return null;
  const r = raw;
  const decimal = [r['decimalValue'], r['currencyCode']] as const;
  const value = [r['value'], r['currency']] as const;
  const pairs: readonly (readonly [unknown, unknown])[] = valueFirst ? [value, decimal] : [decimal, value];
  // A complete pair wins; only then does an amount without its currency take the default.
  for (const [amount, code] of pairs) {
    if (given(amount) && given(code)) {
      const a = amountText(amount);
      const c = codeText(code);
      return a !== null && c !== null ? { amount: a, currency: c } : null;
    }
  }
  if (defaultCurrency === undefined) return null;
  for (const [amount] of pairs) {
    if (given(amount)) {
      const a = amountText(amount);
      return a === null ? null : { amount: a, currency: defaultCurrency };
    }
  }
  return null;
}

export interface ParseMoneyOptions {
  /**
   * Currency for an amount written without one (the store currency for product prices).
   * @default undefined (such an amount is not money)
   */
  readonly defaultCurrency?: CurrencyCode | undefined;
  /**
   * Read the `{ value, currency }` pair before `{ decimalValue, currencyCode }` (spec 001 §3: the
   * form a template's product prices use under the CLDR money setting).
   * @default false
   */
  readonly valueFirst?: boolean | undefined;
}

/**
 * Money for arithmetic: {@link readMoneyFields}, then a store currency and an exact conversion to
 * integer minor units. Unknown currencies, exponents and excess precision ("19.999" USD) give
 * null: a price is never rounded silently. Never throws.
 */
export function parseMoney(raw: unknown, options: ParseMoneyOptions = {}): Money | null {
  const fields = readMoneyFields(raw, options.defaultCurrency, options.valueFirst === true);
  // readMoneyFields gives the code trimmed and upper-cased already.
  if (!fields || !isCurrencyCode(fields.currency)) return null;
  // A product listing reads the same few prices over and over; the conversion is remembered.
  const key = `${fields.amount}|${fields.currency}`;
  const known = parsedAmounts.get(key);
  if (known !== undefined) return known;
  const amount = decimalStringToMinor(fields.amount, fields.currency);
  const money = amount === null ? null : Object.freeze({ amount, currency: fields.currency });
  if (parsedAmounts.size >= 1000) parsedAmounts.clear();
  parsedAmounts.set(key, money);
  return money;
}

// Module-level on purpose: a memo of a pure conversion (the same text and currency give the same
// frozen Money on every page and runtime), not page state.
const parsedAmounts = new Map<string, Money | null>();

/**
 * The amount as a plain decimal string with the currency's fraction digits, e.g. 1999 USD ->
 * "19.99", -5 USD -> "-0.05", 1500 JPY -> "1500". Exact: built from digits, not by division.
 */
export function minorToDecimalString(money: Money): string;
export function minorToDecimalString(amount: number, currency: CurrencyCode): string;
export function minorToDecimalString(moneyOrAmount: Money | number, currency?: CurrencyCode): string {
  const amount = typeof moneyOrAmount === 'number' ? moneyOrAmount : moneyOrAmount.amount;
  const code = typeof moneyOrAmount === 'number' ? (currency ?? DEFAULT_CURRENCY) : moneyOrAmount.currency;
  const digits = fractionDigits(code);
  const abs = String(Math.abs(Math.trunc(amount))).padStart(digits + 1, '0');
  const cut = abs.length - digits;
  return (amount < 0 ? '-' : '') + abs.slice(0, cut) + (digits > 0 ? '.' + abs.slice(cut) : '');
}

export interface FormatMoneyOptions {
  /**
   * BCP 47 locale for separators and symbol placement; an invalid tag falls back to the default.
   * @default 'en-US'
   */
  locale?: string | undefined;
  /**
   * Drop the fraction when it is all zeros ($10 rather than $10.00; $10.50 is kept), as the cart
   * pill shows money (spec 000 §9).
   * @default false
   */
  trimZeroFraction?: boolean | undefined;
  /**
   * How the currency is shown, passed to Intl.NumberFormat.
   * @default 'symbol'
   */
  currencyDisplay?: 'symbol' | 'narrowSymbol' | 'code' | 'name' | undefined;
}

/** Comma thousands and dot decimal (spec 000 §9). */
export const DEFAULT_MONEY_LOCALE = 'en-US';

// Module-level on purpose: Intl formatters by their options, a memo of a pure constructor that
// any runtime may share; no page state.
const formatterCache = new Map<string, Intl.NumberFormat>();

function formatterFor(
  locale: string,
  currency: CurrencyCode,
  digits: number,
  display: string,
): Intl.NumberFormat {
  const key = `${locale}|${currency}|${digits}|${display}`;
  let f = formatterCache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: display as Intl.NumberFormatOptions['currencyDisplay'],
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    // A handful of formatters covers a page; the cap only guards against hostile locale churn.
    if (formatterCache.size > 100) formatterCache.clear();
    formatterCache.set(key, f);
  }
  return f;
}

/**
 * Formats money for display with Intl.NumberFormat. The number handed to Intl is the exact
 * decimal string, so amounts beyond float precision still print every digit. The page's locale
 * picks the separators: a deliberate departure from spec 001 §9's one format, which `en-US`
 * prints exactly (docs/decisions.md).
 */
export function formatMoney(money: Money, opts: FormatMoneyOptions = {}): string {
  const places = fractionDigits(money.currency);
  const trim = opts.trimZeroFraction === true && money.amount % 10 ** places === 0;
  const digits = trim ? 0 : places;
  const display = opts.currencyDisplay ?? 'symbol';
  const value = minorToDecimalString(money) as Intl.StringNumericLiteral;
  let formatter: Intl.NumberFormat;
  try {
    formatter = formatterFor(opts.locale ?? DEFAULT_MONEY_LOCALE, money.currency, digits, display);
  } catch {
    formatter = formatterFor(DEFAULT_MONEY_LOCALE, money.currency, digits, display);
  }
  return formatter.format(value);
}

/**
 * The text among `texts` that spells `money` (the page's own price texts: the server's fallback of
 * a product block), or undefined. A text spells an amount when its digits are the amount's in
 * minor units (`$1,250.00` and `1 250,00 €` both spell 125000): the texts come from the block of
 * one product, so one currency, and the symbol and separators are the server's, made for the page's
 * locale. A first render shows that text and builds no `Intl.NumberFormat` (14 to 35 ms for the
 * page's first); an amount no text spells, or a text in other digits than 0-9, is formatted.
 */
export function carriedMoneyText(texts: readonly string[], money: Money): string | undefined {
  const digits = minorToDecimalString(money).replace(/\D/g, '');
  return texts.find((t) => t.replace(/\D/g, '') === digits);
}
