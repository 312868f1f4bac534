/** Wall-clock fields of an instant in an IANA time zone, through the platform Intl. */
import { FORMATTER_CACHE_LIMIT, MemoCache } from '../../cache';

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
  /** The zone's short name in US English as the platform prints it ("EST", "GMT+5:30"). */
  readonly zoneName: string;
}

/** 2000-01-01T00:00:00Z, a Saturday. */
const EPOCH_2000 = Date.UTC(2000, 0, 1);

const formatters = new MemoCache<string, Intl.DateTimeFormat>(FORMATTER_CACHE_LIMIT);

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

/** The Julian day number of 1970-01-01, and the last day dates are printed for (spec 001 §9). */
const JULIAN_DAY_1970 = 2_440_588;
const MAX_JULIAN_DAY = 4_881_503;
const MS_PER_DAY = 86_400_000;

/**
 * The Julian day number of `ms` on the calendar of `zone` when it is outside the range dates are
 * printed for (spec 001 §9: 0 to 4881503, about 4713 BC to 8652 AD), else undefined. The zone is
 * only asked within a day of either end.
 */
export function julianDayOutsideRange(ms: number, zone: string): number | undefined {
  const utcDay = Math.floor(ms / MS_PER_DAY) + JULIAN_DAY_1970;
  if (utcDay > 0 && utcDay < MAX_JULIAN_DAY) return undefined;
  const local = ms + zonedFields(ms, zone).offset * 60_000;
  const day = Math.floor(local / MS_PER_DAY) + JULIAN_DAY_1970;
  return day < 0 || day > MAX_JULIAN_DAY ? day : undefined;
}

/** Zone names already checked (spec 001 §9: a time-zone lookup cache of 100 entries). */
const checkedZones = new MemoCache<string, string>(FORMATTER_CACHE_LIMIT);

/**
 * The zone itself when the platform knows it, else UTC. Checked once per zone name: building a
 * formatter to test the name costs more than most of the formatting that follows.
 */
export function validZone(zone: string): string {
  return checkedZones.remember(zone, () => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return zone;
    } catch {
      return 'UTC';
    }
  });
}

function fieldFormatter(zone: string): Intl.DateTimeFormat {
  return formatters.remember(
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
        // The same call gives the zone's name, which `%Z` would otherwise ask for separately.
        timeZoneName: 'short',
      }),
  );
}

/**
 * What the field formatter's format() prints ("11/14/2023 AD, 17:13:20 EST"): a fraction of the
 * cost of formatToParts, which stays the fallback should a platform print it differently.
 */
const FIELDS_TEXT = /^(\d+)\/(\d+)\/(\d+) ([AB])[^,]*, (\d+):(\d+):(\d+) (\S.*)$/;

/**
 * A span of instants over which a zone keeps one offset and one name: between two of its
 * daylight-saving (or other) transitions, cut at the ends of the year it was found in.
 */
interface Period {
  /** First instant (ms), inclusive. */
  readonly start: number;
  /** Instant after the last (ms). */
  readonly end: number;
  /** Offset from UTC in milliseconds, east positive. */
  readonly offsetMs: number;
  /** The zone's short name in US English all through the period. */
  readonly zoneName: string;
  /** `%Z` of the period, found when first printed. */
  abbreviation?: string;
}

/** Before this, zones had local-mean-time offsets with seconds and transitions at odd instants. */
const PERIODS_FROM = Date.UTC(1980, 0, 1);
/** After this, the year would run past the last instant Intl formats. */
const PERIODS_UNTIL = Date.UTC(275_000, 0, 1);
/** The span over which a zone's transitions are found at once: a mean Gregorian year. */
const YEAR = 31_556_952_000;
/** Steps of the search: no transition of today's zones comes within a day of the next. */
const DAY = 86_400_000;
const SECOND = 1000;
/** Years of periods kept per zone. */
const YEARS_PER_ZONE = 1000;

/** Zone to its years' periods, by year number (spec 001 §9: 100 zones). */
const zonePeriods = new MemoCache<string, MemoCache<number, readonly Period[]>>(FORMATTER_CACHE_LIMIT);

/** The offset (ms) and US name of `zone` at `ms`, from Intl. */
function offsetAt(ms: number, zone: string): { readonly offsetMs: number; readonly zoneName: string } {
  const f = intlFields(ms, zone);
  return { offsetMs: wallOf(f) - ms, zoneName: f.zoneName };
}

/**
 * The periods of `zone` in one year: Intl is asked once a day through the year, and where the
 * offset or name changed between two days, the instant of the change is found to the second by
 * halving. About 400 questions a zone and year, after which every instant of it is arithmetic.
 */
function findPeriods(zone: string, year: number): readonly Period[] {
  const from = year * YEAR;
  const to = from + YEAR;
  const periods: Period[] = [];
  let start = from;
  let current = offsetAt(from, zone);
  const same = (ms: number): boolean => {
    const there = offsetAt(ms, zone);
    return there.offsetMs === current.offsetMs && there.zoneName === current.zoneName;
  };
  let probe = from;
  while (probe < to) {
    const next = Math.min(probe + DAY, to);
    if (same(next)) {
      probe = next;
      continue;
    }
    // Same at `low`, changed at `high`: halve to the first second of the change.
    let low = probe;
    let high = next;
    while (high - low > SECOND) {
      const middle = low + Math.floor((high - low) / 2 / SECOND) * SECOND;
      if (same(middle)) low = middle;
      else high = middle;
    }
    if (high >= to) break;
    periods.push({ start, end: high, ...current });
    start = high;
    current = offsetAt(high, zone);
    probe = high;
  }
  periods.push({ start, end: to, ...current });
  return periods;
}

/** The period of `zone` holding `ms`; undefined outside the instants periods are kept for. */
function periodAt(ms: number, zone: string): Period | undefined {
  if (!(ms >= PERIODS_FROM && ms < PERIODS_UNTIL)) return undefined;
  const years = zonePeriods.remember(zone, () => new MemoCache(YEARS_PER_ZONE));
  const periods = years.remember(Math.floor(ms / YEAR), (year) => findPeriods(zone, year));
  for (const period of periods) if (ms < period.end) return period;
  return undefined;
}

/**
 * Wall-clock fields of `ms` in `zone`. A listing formats many instants in one zone, over years,
 * and asking Intl costs far more than arithmetic: the zone's transitions are found once a year
 * (`findPeriods`) and the fields of any instant then follow from its period's offset.
 */
export function zonedFields(ms: number, zone: string): ZonedFields {
  const period = periodAt(ms, zone);
  if (period === undefined) return intlFields(ms, zone);
  const wall = new Date(ms + period.offsetMs);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    millisecond: ((ms % 1000) + 1000) % 1000,
    weekday: wall.getUTCDay(),
    offset: Math.round(period.offsetMs / 60000),
    zoneName: period.zoneName,
  };
}

/** The fields read back as a UTC instant: the instant plus the zone's offset. */
function wallOf(f: ZonedFields): number {
  const days = daysFromCivil(f.year, f.month, f.day);
  return EPOCH_2000 + days * 86400000 + ((f.hour * 60 + f.minute) * 60 + f.second) * 1000 + f.millisecond;
}

/** Wall-clock fields of `ms` in `zone`, as Intl prints them. */
function intlFields(ms: number, zone: string): ZonedFields {
  const formatter = fieldFormatter(zone);
  let month: number;
  let day: number;
  let yearOfEra: number;
  let before: boolean;
  let hour: number;
  let minute: number;
  let second: number;
  let zoneName: string;
  const m = FIELDS_TEXT.exec(formatter.format(ms));
  if (m !== null) {
    month = Number(m[1]);
    day = Number(m[2]);
    yearOfEra = Number(m[3]);
    before = m[4] === 'B';
    hour = Number(m[5]);
    minute = Number(m[6]);
    second = Number(m[7]);
    zoneName = m[8] as string;
  } else {
    const parts = formatter.formatToParts(ms);
    const get = (type: Intl.DateTimeFormatPartTypes): number => {
      const part = parts.find((p) => p.type === type);
      return part === undefined ? 0 : Number(part.value);
    };
    month = get('month');
    day = get('day');
    yearOfEra = get('year');
    before = (parts.find((p) => p.type === 'era')?.value ?? 'AD').startsWith('B');
    hour = get('hour');
    minute = get('minute');
    second = get('second');
    zoneName = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  }
  const year = before ? 1 - yearOfEra : yearOfEra;
  hour %= 24;
  const millisecond = ((ms % 1000) + 1000) % 1000;
  const days = daysFromCivil(year, month, day);
  const wall = EPOCH_2000 + days * 86400000 + ((hour * 60 + minute) * 60 + second) * 1000 + millisecond;
  const offset = Math.round((wall - ms) / 60000);
  const weekday = (((days + 6) % 7) + 7) % 7;
  return { year, month, day, hour, minute, second, millisecond, weekday, offset, zoneName };
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

const names = new MemoCache<string, Intl.DateTimeFormat[]>(FORMATTER_CACHE_LIMIT);

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
export function zoneAbbreviation(ms: number, zone: string, fields?: ZonedFields): string {
  const valid = validZone(zone);
  // The abbreviation is the same all through a period: found once per period.
  const period = periodAt(ms, valid);
  if (period !== undefined) {
    return (period.abbreviation ??= abbreviationFor(ms, valid, period.zoneName));
  }
  // Before 1980: once per zone, US name and year.
  const at = fields ?? zonedFields(ms, valid);
  return abbreviations.remember(`${valid}|${at.zoneName}|${at.year}`, () =>
    abbreviationFor(ms, valid, at.zoneName),
  );
}

function abbreviationFor(ms: number, valid: string, usName: string): string {
  // The US name is most often the answer (for UTC itself too: "UTC").
  if (usName !== '' && !/^(?:GMT|UTC)[+-]/.test(usName)) return usName;
  if (valid === 'UTC' || valid === 'Etc/UTC') return 'UTC';
  return abbreviationOf(ms, valid);
}

/** Abbreviations found before 1980, by zone, US name and year. */
const abbreviations = new MemoCache<string, string>(FORMATTER_CACHE_LIMIT);

function abbreviationOf(ms: number, valid: string): string {
  const [us, gb, long] = names.remember(valid, () => [
    new Intl.DateTimeFormat('en-US', { timeZone: valid, timeZoneName: 'short' }),
    new Intl.DateTimeFormat('en-GB', { timeZone: valid, timeZoneName: 'short' }),
    new Intl.DateTimeFormat('en-US', { timeZone: valid, timeZoneName: 'long' }),
  ]);
  const nameOf = (f: Intl.DateTimeFormat | undefined): string => {
    if (f === undefined) return '';
    // "11/14/2023, EST": the name follows the numeric date; format() costs far less than parts.
    const text = f.format(ms);
    const comma = text.indexOf(', ');
    if (comma >= 0 && /^[\d/.-]+$/.test(text.slice(0, comma))) return text.slice(comma + 2);
    return f.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? '';
  };
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
