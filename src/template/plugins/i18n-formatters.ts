import type { FormatterFn, FormatterTable, TemplateContext } from './api';
import { escapeHtml } from './content/html';
import { toNumber } from './content/json';
import { errors } from '../errors';
import { julianDayOutsideRange, toInstant } from './date/zone';
import { formatDateTime, formatInterval } from './i18n/datetime';
import { formatMessage, parseMessage, type MessageArgs } from './i18n/message';
import { formatDecimal, formatMoney, formatMoneyAmount, formatPercent, toMoney } from './i18n/number';
import { parseOptions, type ParsedOptions } from './i18n/options';
import { formatRelative, INVALID_DATE, timeSince } from './i18n/relative';

/**
 * A locale-aware formatter: without locale data (`locale: null`) it prints nothing, since any
 * output would be in the wrong language.
 */
function localized(
  fn: (
    value: unknown,
    options: ParsedOptions,
    locale: string,
    ctx: TemplateContext,
    values: readonly unknown[],
  ) => string | undefined,
): FormatterFn {
  return (value, args, ctx, values) => {
    if (ctx.locale === null) return '';
    return fn(value, parseOptions(args), ctx.locale, ctx, values);
  };
}

/**
 * Message arguments: each formatter argument is a reference, optionally `name=reference`; every
 * argument takes its position (from 0), named ones are also reachable by name.
 */
function messageArgs(args: readonly string[], ctx: TemplateContext): MessageArgs {
  const positional: unknown[] = [];
  // No prototype: argument names come from templates and must not reach Object.prototype.
  const named: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const arg of args) {
    const eq = arg.indexOf('=');
    if (eq > 0) {
      const value = ctx.resolve(arg.slice(eq + 1));
      named[arg.slice(0, eq)] = value;
      positional.push(value);
    } else {
      positional.push(ctx.resolve(arg));
    }
  }
  return { positional, named };
}

/**
 * The legacy money names. The reference engine leaves their value as it is; on a money value of
 * either shape they print it (the amount alone, or with its currency), and anything else still
 * passes through unchanged.
 */
function legacyMoney(
  print: (value: unknown, options: ParsedOptions, locale: string) => string | undefined,
): FormatterFn {
  return (value, args, ctx) => {
    if (toMoney(value) === undefined) return value;
    return ctx.locale === null ? '' : print(value, parseOptions(args), ctx.locale);
  };
}

const message: FormatterFn = (value, args, ctx) => {
  if (ctx.locale === null) return '';
  // A number or boolean is a message without placeholders: its own text.
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') return '';
  const nodes = parseMessage(value);
  if (nodes instanceof Error) {
    ctx.error('runtime', nodes.message);
    return '';
  }
  return formatMessage(nodes, messageArgs(args, ctx), { locale: ctx.locale, timeZone: ctx.timeZone });
};

/**
 * The instant `timesince` reads. Text is read up to its first character that cannot continue a
 * decimal ("1500x1000" is 1500), and text with no leading number is an invalid date (spec 001
 * §5); other values that are no number (missing, null, structures) count from the epoch, booleans
 * as 0 and 1, as on the platform.
 */
function sinceInstant(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return Number(value);
  if (typeof value !== 'string') return 0;
  const m = /^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))/.exec(value);
  return m === null ? undefined : Number(m[1]);
}

/** Whether `ms` is outside the dates printed (spec 001 §9), reported as the error of §8 when so. */
function outsideDates(ctx: TemplateContext, ms: number): boolean {
  const day = julianDayOutsideRange(ms, ctx.timeZone);
  if (day === undefined) return false;
  const e = errors.julianDayOutOfRange(day);
  ctx.error(e.type, e.message);
  return true;
}

/** i18n formatters: numbers, money, dates, intervals, relative times and messages. */
export const i18nFormatters: FormatterTable = {
  datetime: localized((value, options, locale, ctx) => {
    const ms = toInstant(value);
    if (ms === undefined || outsideDates(ctx, ms)) return '';
    return formatDateTime(ms, options, locale, ctx.timeZone);
  }),

  'datetime-interval': localized((_value, options, locale, ctx, values) => {
    const start = toInstant(values[0]);
    const end = toInstant(values[1]);
    if (start === undefined || end === undefined) return '';
    if (outsideDates(ctx, start) || outsideDates(ctx, end)) return '';
    return formatInterval(start, end, options, locale, ctx.timeZone);
  }),

  decimal: localized((value, options, locale) => formatDecimal(value, options, locale)),

  message,

  money: localized((value, options, locale) => formatMoney(value, options, locale)),

  /** `{price|money-format}` -> `25.00`: the amount in the locale's digits, no currency. */
  'money-format': legacyMoney(formatMoneyAmount),

  /** `{price|money-string}` -> `$25.00`: the same text as `money`. */
  'money-string': legacyMoney(formatMoney),

  percent: localized((value, options, locale) => formatPercent(value, options, locale)),

  /** `{msg|plural count}`: the same as `message`, named for messages that choose plural forms. */
  plural: message,

  'relative-time': localized((value, options, locale, ctx, values) => {
    const from = values.length > 1 ? toNumber(values[0]) : ctx.now;
    const to = values.length > 1 ? toNumber(values[1]) : toNumber(value);
    if (from === undefined || to === undefined) return '';
    return formatRelative(to - from, options, locale);
  }),

  /** English "about N units ago" inside a span carrying the instant for client-side refresh. */
  timesince: (value, _args, ctx) => {
    const ms = sinceInstant(value);
    if (ms === undefined || Number.isNaN(new Date(ms).getTime())) return INVALID_DATE;
    return `<span class="timesince" data-date="${escapeHtml(String(ms))}">${timeSince(ms - ctx.now)}</span>`;
  },
};
