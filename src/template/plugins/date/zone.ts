/** Wall-clock fields of an instant in an IANA time zone, through the platform Intl. */
import { cached } from '../i18n/options';

export const DEFAULT_TIME_ZONE = 'America/New_York';

export interface ZonedFields {
  readonly year: number;
  /** 1..12 */
  readonly month: number;
  readonly day: number;
  /** 0..23 */
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
  /** 0 = Sunday .. 6 = Saturday */
  readonly weekday: number;
  /** Offset from UTC in minutes, east positive. */
  readonly offset: number;
}

/** 2000-01-01T00:00:00Z, a Saturday. */
const EPOCH_2000 = Date.UTC(2000, 0, 1);

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The instant range of ECMAScript dates (±100,000,000 days around 1970). */
const MAX_INSTANT = 8.64e15;

/** Whether `ms` is an instant Intl can format. */
export function isInstant(ms: number): boolean {
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_INSTANT;
}

/** Epoch milliseconds from a number or numeric string, when Intl can format that instant. */
export function toInstant(value: unknown): number | undefined {
  let n: number | undefined;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && value.trim() !== '') n = Number(value);
  return n !== undefined && isInstant(n) ? n : undefined;
}

/** The zone itself when the platform knows it, else UTC. */
export function validZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

function fieldFormatter(zone: string): Intl.DateTimeFormat {
  return cached(
    formatters,
    zone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: validZone(zone),
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        era: 'short',
      }),
  );
}

/** Wall-clock fields of `ms` in `zone`. */
export function zonedFields(ms: number, zone: string): ZonedFields {
  const parts = fieldFormatter(zone).formatToParts(ms);
  const get = (type: Intl.DateTimeFormatPartTypes): number => {
    const part = parts.find((p) => p.type === type);
    return part === undefined ? 0 : Number(part.value);
  };
  const era = parts.find((p) => p.type === 'era')?.value ?? 'AD';
  const yearOfEra = get('year');
  const year = era.startsWith('B') ? 1 - yearOfEra : yearOfEra;
  const month = get('month');
  const day = get('day');
  const hour = get('hour') % 24;
  const minute = get('minute');
  const second = get('second');
  const millisecond = ((ms % 1000) + 1000) % 1000;
  const days = daysFromCivil(year, month, day);
  const wall = EPOCH_2000 + days * 86400000 + ((hour * 60 + minute) * 60 + second) * 1000 + millisecond;
  const offset = Math.round((wall - ms) / 60000);
  const weekday = (((days + 6) % 7) + 7) % 7;
  return { year, month, day, hour, minute, second, millisecond, weekday, offset };
}

/** Days between 2000-01-01 and the given proleptic Gregorian date. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 730425;
}

/** Whether two instants fall on the same calendar day in `zone`. */
export function sameDay(a: number, b: number, zone: string): boolean {
  const x = zonedFields(a, zone);
  const y = zonedFields(b, zone);
  return x.year === y.year && x.month === y.month && x.day === y.day;
}

const names = new Map<string, Intl.DateTimeFormat[]>();

/** Zones whose English long name has a customary initialism (JST, IST, AEDT, ...). */
const INITIALISM_ZONES =
  /^(?:Japan|Korean|China|India|Israel|Hong Kong|Australian|New Zealand|Pakistan|South Africa|Moscow|Philippine)/;

function numericOffset(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  const minutes = abs % 60;
  return `${sign}${hours}${minutes === 0 ? '' : String(minutes).padStart(2, '0')}`;
}

/**
 * The customary abbreviation of the zone at `ms` (EST, CET, JST); zones without one print their
 * numeric offset (+04) the way the tz database does.
 */
export function zoneAbbreviation(ms: number, zone: string): string {
  const valid = validZone(zone);
  if (valid === 'UTC' || valid === 'Etc/UTC') return 'UTC';
  const [us, gb, long] = cached(names, valid, () => [
    new Intl.DateTimeFormat('en-US', { timeZone: valid, timeZoneName: 'short' }),
    new Intl.DateTimeFormat('en-GB', { timeZone: valid, timeZoneName: 'short' }),
    new Intl.DateTimeFormat('en-US', { timeZone: valid, timeZoneName: 'long' }),
  ]);
  const nameOf = (f: Intl.DateTimeFormat | undefined): string =>
    f?.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? '';
  for (const f of [us, gb]) {
    const name = nameOf(f);
    if (name !== '' && !/^(?:GMT|UTC)[+-]/.test(name)) return name;
  }
  const longName = nameOf(long);
  if (INITIALISM_ZONES.test(longName)) {
    return longName
      .split(/\s+/)
      .map((w) => w.charAt(0).toUpperCase())
      .join('');
  }
  return numericOffset(zonedFields(ms, valid).offset);
}
