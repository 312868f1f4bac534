/** Date-time and interval formatting through Intl.DateTimeFormat (CLDR widths and skeletons). */
import { sameDay, validZone, zonedFields } from '../date/zone';
import { FORMATTER_CACHE_LIMIT, MemoCache } from '../../cache';
import { applyContext, type ParsedOptions } from './options';

type Width = 'short' | 'medium' | 'long' | 'full';
const WIDTHS: readonly string[] = ['short', 'medium', 'long', 'full'];

function isWidth(value: string | undefined): value is Width {
  return value !== undefined && WIDTHS.includes(value);
}

type Options = Intl.DateTimeFormatOptions;

const TEXT_WIDTH = (count: number): 'short' | 'long' | 'narrow' =>
  count >= 5 ? 'narrow' : count === 4 ? 'long' : 'short';

/** Maps a CLDR skeleton (yMMMd, Ehm, Bh, ...) to Intl options. */
export function skeletonOptions(skeleton: string): Options {
  const o: Options = {};
  const re = /([A-Za-z])\1*/g;
  for (let m = re.exec(skeleton); m !== null; m = re.exec(skeleton)) {
    const n = m[0].length;
    switch (m[1]) {
      case 'G':
        o.era = TEXT_WIDTH(n);
        break;
      case 'y':
      case 'Y':
      case 'u':
        o.year = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'M':
      case 'L':
        o.month = n === 1 ? 'numeric' : n === 2 ? '2-digit' : TEXT_WIDTH(n);
        break;
      case 'd':
        o.day = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'E':
      case 'c':
      case 'e':
        o.weekday = TEXT_WIDTH(n);
        break;
      case 'h':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        o.hourCycle = 'h12';
        break;
      case 'K':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        o.hourCycle = 'h11';
        break;
      case 'H':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        o.hourCycle = 'h23';
        break;
      case 'k':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        o.hourCycle = 'h24';
        break;
      case 'j':
      case 'J':
      case 'C':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'm':
        o.minute = n === 2 ? '2-digit' : 'numeric';
        break;
      case 's':
        o.second = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'S':
        o.fractionalSecondDigits = Math.min(n, 3) as 1 | 2 | 3;
        break;
      case 'B':
      case 'b':
        o.dayPeriod = TEXT_WIDTH(n);
        break;
      case 'z':
        o.timeZoneName = n >= 4 ? 'long' : 'short';
        break;
      case 'v':
      case 'V':
        o.timeZoneName = n >= 4 ? 'longGeneric' : 'shortGeneric';
        break;
      case 'O':
      case 'Z':
      case 'x':
      case 'X':
        o.timeZoneName = n >= 4 ? 'longOffset' : 'shortOffset';
        break;
      default:
        break;
    }
  }
  return o;
}

const formats = new MemoCache<string, Intl.DateTimeFormat | null>(FORMATTER_CACHE_LIMIT);

function formatter(locale: string, options: Options): Intl.DateTimeFormat | null {
  return formats.remember(`${locale}|${JSON.stringify(options)}`, () => {
    try {
      return new Intl.DateTimeFormat(locale, options);
    } catch {
      return null;
    }
  });
}

type Printer = (ms: number) => string;

const NNBSP = '\u202f';
const partsText = (f: Intl.DateTimeFormat, ms: number): string =>
  f
    .formatToParts(ms)
    .map((p) => p.value)
    .join('');

/** Instants a printer is checked against: every hour of a day, and a day in every month. */
const SAMPLES: readonly number[] = [
  ...Array.from({ length: 24 }, (_, h) => Date.UTC(2021, 5, 14, h, 5, 9)),
  ...Array.from({ length: 12 }, (_, m) => Date.UTC(2020, m, 1 + 2 * m, 2 * m, 30, 45)),
];

/**
 * The text of a formatter as formatToParts has it, through format() where that gives the same text.
 * V8's format() swaps CLDR's narrow no-break space (before AM/PM) for a plain space, while the
 * parts keep the locale data as it is; but formatToParts costs three times as much. So each
 * formatter is tried on sample instants once: format() as it is when it agrees with the parts,
 * else format() with the swapped spaces put back next to the parts they belong to (" PM" ->
 * NNBSP + "PM"), else formatToParts.
 */
function makePrinter(f: Intl.DateTimeFormat): Printer {
  const plain = (ms: number): string => f.format(ms);
  const fixes = new Map<string, string>();
  for (const ms of SAMPLES) {
    const parts = f.formatToParts(ms);
    parts.forEach((p, k) => {
      if (p.type !== 'literal' || !p.value.includes(NNBSP)) return;
      const exact = p.value + (parts[k + 1]?.value ?? '');
      fixes.set(exact.replaceAll(NNBSP, ' '), exact);
    });
  }
  const fixed = (ms: number): string => {
    let text = f.format(ms);
    for (const [from, to] of fixes) text = text.replaceAll(from, to);
    return text;
  };
  const candidate = fixes.size === 0 ? plain : fixed;
  return SAMPLES.every((ms) => candidate(ms) === partsText(f, ms)) ? candidate : (ms) => partsText(f, ms);
}

const printers = new WeakMap<Intl.DateTimeFormat, Printer>();
const printNothing: Printer = () => '';

/** The printer of the formatter for these options; prints nothing when Intl refuses them. */
function printerFor(locale: string, options: Options): Printer {
  const f = formatter(locale, options);
  if (f === null) return printNothing;
  let p = printers.get(f);
  if (p === undefined) {
    p = makePrinter(f);
    printers.set(f, p);
  }
  return p;
}

function fmt(locale: string, options: Options, ms: number): string {
  return printerFor(locale, options)(ms);
}

function fmtRange(locale: string, options: Options, start: number, end: number): string {
  const f = formatter(locale, options);
  if (f === null) return '';
  return f
    .formatRangeToParts(start, end)
    .map((p) => p.value)
    .join('');
}

interface Glue {
  readonly before: string;
  readonly between: string;
  readonly after: string;
  readonly dateFirst: boolean;
}

const glues = new MemoCache<string, Glue | null>(FORMATTER_CACHE_LIMIT);

/** How the locale joins a date and a time at a given width ("{1}, {0}", "{1} 'at' {0}"). */
function glue(locale: string, width: Width, base: Options): Glue | null {
  return glues.remember(`${locale}|${width}|${JSON.stringify(base)}`, () => {
    const sample = Date.UTC(2020, 0, 15, 12);
    const opts = { ...base, timeZone: 'UTC' };
    const both = fmt(locale, { ...opts, dateStyle: width, timeStyle: width }, sample);
    const date = fmt(locale, { ...opts, dateStyle: width }, sample);
    const time = fmt(locale, { ...opts, timeStyle: width }, sample);
    const d = both.indexOf(date);
    const t = both.indexOf(time);
    if (date === '' || time === '' || d < 0 || t < 0) return null;
    if (d <= t) {
      if (d + date.length > t) return null;
      return {
        before: both.slice(0, d),
        between: both.slice(d + date.length, t),
        after: both.slice(t + time.length),
        dateFirst: true,
      };
    }
    if (t + time.length > d) return null;
    return {
      before: both.slice(0, t),
      between: both.slice(t + time.length, d),
      after: both.slice(d + date.length),
      dateFirst: false,
    };
  });
}

function join(locale: string, width: Width, base: Options, date: string, time: string): string {
  return joinWith(glue(locale, width, base), date, time);
}

function joinWith(g: Glue | null, date: string, time: string): string {
  if (g === null) return `${date} ${time}`;
  return g.dateFirst
    ? g.before + date + g.between + time + g.after
    : g.before + time + g.between + date + g.after;
}

/** Base options every date-time format carries: zone and calendar. */
function baseOptions(zone: string, options: ParsedOptions): Options {
  const base: Options = { timeZone: validZone(zone) };
  const calendar = options.named['calendar'];
  if (calendar !== undefined && /^[a-z0-9-]+$/i.test(calendar)) base.calendar = calendar;
  return base;
}

/** Printers by options and by locale and zone: a template's call sites resolve once. */
const plans = new WeakMap<ParsedOptions, MemoCache<string, Printer>>();

/**
 * `datetime`: `date:` and `time:` take a width (short, medium, long, full) or a skeleton;
 * `skeleton:` or a bare skeleton formats by fields; a bare width sets both date and time;
 * `wrap:` picks the width of the date-time glue. Without any of them, the long date.
 */
export function formatDateTime(ms: number, options: ParsedOptions, locale: string, zone: string): string {
  let byPlace = plans.get(options);
  if (byPlace === undefined) {
    byPlace = new MemoCache(FORMATTER_CACHE_LIMIT);
    plans.set(options, byPlace);
  }
  return byPlace.remember(`${locale}|${zone}`, () => dateTimePlan(options, locale, zone))(ms);
}

function dateTimePlan(options: ParsedOptions, locale: string, zone: string): Printer {
  const base = baseOptions(zone, options);
  const named = options.named;
  const bareWidth = options.bare.find(isWidth);
  const bareSkeleton = options.bare.find((a) => !isWidth(a));
  const skeleton = named['skeleton'] ?? bareSkeleton;
  let date = named['date'];
  let time = named['time'];
  if (bareWidth !== undefined) {
    date ??= bareWidth;
    time ??= bareWidth;
  }
  let print: Printer;
  if (skeleton !== undefined && date === undefined && time === undefined) {
    print = printerFor(locale, { ...base, ...skeletonOptions(skeleton) });
  } else if (date === undefined && time === undefined) {
    print = printerFor(locale, { ...base, dateStyle: 'long' });
  } else {
    print = dateAndTime(locale, base, date, time, named['wrap']);
  }
  return (ms) => applyContext(print(ms), options, locale);
}

function part(kind: 'date' | 'time', spec: string): Options {
  if (isWidth(spec)) return kind === 'date' ? { dateStyle: spec } : { timeStyle: spec };
  return skeletonOptions(spec);
}

function dateAndTime(
  locale: string,
  base: Options,
  date: string | undefined,
  time: string | undefined,
  wrap: string | undefined,
): Printer {
  if (date === undefined || time === undefined) {
    const spec = date ?? time ?? 'long';
    return printerFor(locale, { ...base, ...part(date === undefined ? 'time' : 'date', spec) });
  }
  const wrapWidth: Width | undefined = isWidth(wrap) ? wrap : undefined;
  if (isWidth(date) && isWidth(time) && (wrapWidth === undefined || wrapWidth === date)) {
    return printerFor(locale, { ...base, dateStyle: date, timeStyle: time });
  }
  if (!isWidth(date) && !isWidth(time) && wrapWidth === undefined) {
    return printerFor(locale, { ...base, ...skeletonOptions(date), ...skeletonOptions(time) });
  }
  const width: Width = wrapWidth ?? (isWidth(date) ? date : isWidth(time) ? time : 'medium');
  const printDate = printerFor(locale, { ...base, ...part('date', date) });
  const printTime = printerFor(locale, { ...base, ...part('time', time) });
  const g = glue(locale, width, base);
  return (ms) => joinWith(g, printDate(ms), printTime(ms));
}

const DATE_FIELDS: Readonly<Record<'y' | 'M' | 'd', RegExp>> = {
  y: /[yYu]/,
  M: /[ML]/,
  d: /d/,
};

/** The largest calendar field in which the two instants differ, or 'time'. */
function greatestDifference(start: number, end: number, zone: string): 'y' | 'M' | 'd' | 'time' {
  const a = zonedFields(start, zone);
  const b = zonedFields(end, zone);
  if (a.year !== b.year) return 'y';
  if (a.month !== b.month) return 'M';
  if (a.day !== b.day) return 'd';
  return 'time';
}

const separators = new MemoCache<string, string>(FORMATTER_CACHE_LIMIT);

/** The locale's range separator (" – " in English). */
function rangeSeparator(locale: string): string {
  return separators.remember(locale, () => {
    // Full date-times with seconds have no interval pattern of their own in CLDR, so ICU joins
    // them with the locale's fallback separator; letters glued to it (a seconds suffix) are not
    // part of it.
    const f = formatter(locale, {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
      timeZone: 'UTC',
    });
    const parts = f?.formatRangeToParts(Date.UTC(2000, 0, 1, 10), Date.UTC(2000, 0, 3, 14)) ?? [];
    const shared = parts
      .filter((p) => p.type === 'literal' && p.source === 'shared')
      .map((p) => p.value.replace(/^\p{L}+|\p{L}+$/gu, ''))
      .find((v) => v.trim() !== '');
    return shared ?? ' \u2013 ';
  });
}

/**
 * `datetime-interval`: a skeleton argument picks the fields; without one, a same-day range shows
 * times and a longer one the medium date. A skeleton without the field the range spans (a weekday
 * across weeks) shows each end with its time.
 */
export function formatInterval(
  start: number,
  end: number,
  options: ParsedOptions,
  locale: string,
  zone: string,
): string {
  const base = baseOptions(zone, options);
  const skeleton = options.named['skeleton'] ?? options.bare[0];
  let text: string;
  if (skeleton === undefined) {
    const same = sameDay(start, end, base.timeZone ?? zone);
    const fields: Options = same
      ? { hour: 'numeric', minute: 'numeric' }
      : { year: 'numeric', month: 'short', day: 'numeric' };
    text = fmtRange(locale, { ...base, ...fields }, start, end);
  } else {
    const diff = greatestDifference(start, end, base.timeZone ?? zone);
    const fields = skeletonOptions(skeleton);
    const hasTime = fields.hour !== undefined || fields.minute !== undefined;
    if (diff !== 'time' && !hasTime && !DATE_FIELDS[diff].test(skeleton)) {
      const time: Options = { hour: 'numeric', minute: 'numeric' };
      const one = (ms: number): string =>
        join(
          locale,
          'medium',
          base,
          fmt(locale, { ...base, ...fields }, ms),
          fmt(locale, { ...base, ...time }, ms),
        );
      text = one(start) + rangeSeparator(locale) + one(end);
    } else {
      text = fmtRange(locale, { ...base, ...fields }, start, end);
    }
  }
  return applyContext(text, options, locale);
}
