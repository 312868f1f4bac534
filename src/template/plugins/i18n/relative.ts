/** Relative times: the locale-aware `relative-time` and the English `timesince` (spec 001 §9). */
import { TEMPLATE_TEXTS } from '../../../messages/template-texts';
import { FORMATTER_CACHE_LIMIT, MemoCache } from '../../cache';
import { applyContext, type ParsedOptions } from './options';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** A month counts as 30 days and a year as 365 (spec 001 §9). */
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';

const UNITS: ReadonlyArray<readonly [Unit, number]> = [
  ['year', YEAR],
  ['month', MONTH],
  ['week', WEEK],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
];

const formats = new MemoCache<string, Intl.RelativeTimeFormat | null>(FORMATTER_CACHE_LIMIT);

/**
 * `relative-time`: the difference from the first value to the second (or to now) in the largest
 * unit it reaches, rounded; weeks only with `allowWeeks:true`.
 */
export function formatRelative(deltaMs: number, options: ParsedOptions, locale: string): string {
  const named = options.named;
  const allowWeeks = named['allowWeeks'] === 'true';
  const forced = UNITS.find(([unit]) => unit === named['unit']);
  const abs = Math.abs(deltaMs);
  const [unit, size] =
    forced ??
    UNITS.find(([u, ms]) => (u !== 'week' || allowWeeks) && abs >= ms) ??
    (['second', SECOND] as const);
  const style = named['width'] === 'short' || named['width'] === 'narrow' ? named['width'] : 'long';
  const amount = Math.round(deltaMs / size);
  // No distance at all reads as the locale's "now", as on the platform.
  const numeric = named['numeric'] === 'auto' || amount === 0 ? 'auto' : 'always';
  const f = formats.remember(`${locale}|${style}|${numeric}`, () => {
    try {
      return new Intl.RelativeTimeFormat(locale, { style, numeric });
    } catch {
      return null;
    }
  });
  if (f === null) return '';
  // Rounding can give -0, which Intl reads as "0 ... ago".
  return applyContext(f.format(amount === 0 ? 0 : amount, unit), options, locale);
}

export const INVALID_DATE = TEMPLATE_TEXTS.invalidDate;

const TIMESINCE: ReadonlyArray<readonly [number, string, string]> = [
  [YEAR, 'a year', 'years'],
  [MONTH, 'a month', 'months'],
  [WEEK, 'a week', 'weeks'],
  [DAY, 'a day', 'days'],
  [HOUR, 'an hour', 'hours'],
  [MINUTE, 'a minute', 'minutes'],
];

/** "about 3 days ago", "about a year ago", "less than a minute ago". */
export function timeSince(deltaMs: number): string {
  const future = deltaMs > 0;
  const abs = Math.abs(deltaMs);
  for (const [size, one, many] of TIMESINCE) {
    const count = Math.floor(abs / size);
    if (count >= 1) {
      const phrase = `about ${count === 1 ? one : `${count} ${many}`}`;
      return future ? `in ${phrase}` : `${phrase} ago`;
    }
  }
  return future ? 'in less than a minute' : 'less than a minute ago';
}
