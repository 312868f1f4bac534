/** strftime-style date formatting in a time zone (the `date` formatter), English names. */
import { MemoCache } from '../../cache';
import { daysFromCivil, zoneAbbreviation, zonedFields, type ZonedFields } from './zone';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const pad = (n: number, width = 2, fill = '0'): string => {
  const sign = n < 0 ? '-' : '';
  return sign + String(Math.abs(n)).padStart(width, fill);
};

function dayOfYear(f: ZonedFields): number {
  return daysFromCivil(f.year, f.month, f.day) - daysFromCivil(f.year, 1, 1) + 1;
}

/**
 * Week of the year as %U and %W print it: weeks start on Sunday, week 1 is the week holding
 * January 1st, so the last days of December can already be week 1 of the next year.
 */
function weekOfYear(f: ZonedFields): number {
  const days = daysFromCivil(f.year, f.month, f.day);
  const weekStart = days - f.weekday;
  const nextJan1 = daysFromCivil(f.year + 1, 1, 1);
  if (weekStart + 6 >= nextJan1) return 1;
  const jan1 = daysFromCivil(f.year, 1, 1);
  const jan1Weekday = (((jan1 + 6) % 7) + 7) % 7;
  return Math.floor((weekStart - (jan1 - jan1Weekday)) / 7) + 1;
}

/** ISO 8601 week number and week-based year. */
function isoWeek(f: ZonedFields): { readonly week: number; readonly year: number } {
  const days = daysFromCivil(f.year, f.month, f.day);
  const isoDay = f.weekday === 0 ? 7 : f.weekday;
  const thursday = days + 4 - isoDay;
  // The ISO year is the calendar year of that week's Thursday.
  let year = f.year;
  if (thursday < daysFromCivil(f.year, 1, 1)) year -= 1;
  else if (thursday >= daysFromCivil(f.year + 1, 1, 1)) year += 1;
  const week = Math.floor((thursday - daysFromCivil(year, 1, 1)) / 7) + 1;
  return { week, year };
}

function hour12(f: ZonedFields): number {
  const h = f.hour % 12;
  return h === 0 ? 12 : h;
}

function offsetText(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

type Directive = (f: ZonedFields, ms: number, zone: string) => string;

const shortDay = (f: ZonedFields): string => DAYS[f.weekday]?.slice(0, 3) ?? '';
const shortMonth = (f: ZonedFields): string => MONTHS[f.month - 1]?.slice(0, 3) ?? '';
const ampm = (f: ZonedFields): string => (f.hour < 12 ? 'AM' : 'PM');
const time12 = (f: ZonedFields): string => `${hour12(f)}:${pad(f.minute)}:${pad(f.second)} ${ampm(f)}`;

const DIRECTIVES: Readonly<Record<string, Directive>> = {
  a: shortDay,
  A: (f) => DAYS[f.weekday] ?? '',
  b: shortMonth,
  B: (f) => MONTHS[f.month - 1] ?? '',
  c: (f, ms, zone) =>
    `${shortDay(f)}, ${shortMonth(f)} ${f.day}, ${f.year} ${time12(f)} ${zoneAbbreviation(ms, zone, f)}`,
  C: (f) => pad(Math.floor(f.year / 100)),
  d: (f) => pad(f.day),
  D: (f) => `${pad(f.month)}/${pad(f.day)}/${pad(((f.year % 100) + 100) % 100)}`,
  e: (f) => pad(f.day, 2, ' '),
  F: (f) => `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}`,
  g: (f) => pad(((isoWeek(f).year % 100) + 100) % 100),
  G: (f) => String(isoWeek(f).year),
  h: shortMonth,
  H: (f) => pad(f.hour),
  I: (f) => pad(hour12(f)),
  j: (f) => pad(dayOfYear(f), 3),
  k: (f) => pad(f.hour, 2, ' '),
  l: (f) => pad(hour12(f), 2, ' '),
  m: (f) => pad(f.month),
  M: (f) => pad(f.minute),
  n: () => '\n',
  N: (f) => pad(f.millisecond * 1_000_000, 9),
  p: ampm,
  P: (f) => ampm(f).toLowerCase(),
  q: (f) => String(Math.floor((f.month - 1) / 3) + 1),
  r: time12,
  R: (f) => `${pad(f.hour)}:${pad(f.minute)}`,
  s: (_f, ms) => String(Math.floor(ms / 1000)),
  S: (f) => pad(f.second),
  t: () => '\t',
  T: (f) => `${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`,
  u: (f) => String(f.weekday === 0 ? 7 : f.weekday),
  U: (f) => pad(weekOfYear(f)),
  v: (f) => `${pad(f.day, 2, ' ')}-${shortMonth(f)}-${f.year}`,
  V: (f) => pad(isoWeek(f).week),
  w: (f) => String(f.weekday),
  W: (f) => pad(weekOfYear(f)),
  x: (f) => `${pad(f.month)}/${pad(f.day)}/${pad(f.year, 4)}`,
  X: (f) => `${pad(hour12(f))}:${pad(f.minute)}:${pad(f.second)} ${ampm(f)}`,
  y: (f) => pad(((f.year % 100) + 100) % 100),
  Y: (f) => String(f.year),
  z: (f) => offsetText(f.offset),
  Z: (f, ms, zone) => zoneAbbreviation(ms, zone, f),
  '%': () => '%',
};

type Piece = string | Directive;

/** Patterns already split into text and directives (a template repeats the same few). */
const PATTERN_CACHE_LIMIT = 100;
const compiledPatterns = new MemoCache<string, readonly Piece[]>(PATTERN_CACHE_LIMIT);

function compilePattern(pattern: string): readonly Piece[] {
  let pieces = compiledPatterns.get(pattern);
  if (pieces !== undefined) return pieces;
  const out: Piece[] = [];
  let text = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch !== '%') {
      text += ch;
      continue;
    }
    const directive = pattern[i + 1];
    if (directive === undefined) break;
    i++;
    const fn = DIRECTIVES[directive];
    // Unknown directives print nothing.
    if (fn === undefined) continue;
    if (text !== '') out.push(text);
    text = '';
    out.push(fn);
  }
  if (text !== '') out.push(text);
  pieces = out;
  compiledPatterns.set(pattern, pieces);
  return pieces;
}

/** Formats epoch milliseconds with a strftime pattern; unknown directives print nothing. */
export function strftime(ms: number, pattern: string, zone: string): string {
  const fields = zonedFields(ms, zone);
  let out = '';
  for (const piece of compilePattern(pattern))
    out += typeof piece === 'string' ? piece : piece(fields, ms, zone);
  return out;
}
