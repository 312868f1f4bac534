// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { zonedFields } from '../../../../src/template/plugins/date/zone.js';

/** What Intl says of `ms` in `zone`, read with formatToParts: the truth the fast path must match. */
const truthFormats = new Map<string, Intl.DateTimeFormat>();

function intlTruth(ms: number, zone: string) {
  let format = truthFormats.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
      timeZoneName: 'short',
    });
    truthFormats.set(zone, format);
  }
  const parts = format.formatToParts(ms);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday: weekdays.indexOf(get('weekday')),
    zoneName: get('timeZoneName'),
  };
}

// Instants on both sides of daylight-saving changes, in zones with whole, half and
// three-quarter hour offsets (Lord Howe moves by half an hour), every 7 min 37.5 s.
const WINDOWS: readonly [string, string][] = [
  ['America/New_York', '2024-03-10T06:00:00Z'],
  ['America/New_York', '2024-11-03T05:00:00Z'],
  ['Europe/London', '2024-03-31T00:00:00Z'],
  ['Europe/Berlin', '2024-10-27T00:00:00Z'],
  ['Australia/Lord_Howe', '2024-04-06T14:00:00Z'],
  ['Australia/Lord_Howe', '2024-10-05T15:00:00Z'],
  ['Asia/Kathmandu', '2024-06-01T00:00:00Z'],
  ['Australia/Eucla', '2024-06-01T00:00:00Z'],
  ['America/St_Johns', '2024-03-10T04:00:00Z'],
  ['Asia/Gaza', '2024-04-19T20:00:00Z'],
  ['Pacific/Chatham', '2024-04-06T13:00:00Z'],
  ['UTC', '2024-01-01T00:00:00Z'],
];

describe('zonedFields', () => {
  it.each(WINDOWS)('gives the fields Intl gives in %s around %s', (zone, from) => {
    const start = Date.parse(from);
    for (let ms = start; ms < start + 4 * 3_600_000; ms += 457_500) {
      // Twice: the second read comes from the quarter-hour cache.
      for (const read of [zonedFields(ms, zone), zonedFields(ms, zone)]) {
        const { year, month, day, hour, minute, second, weekday, zoneName } = read;
        expect(
          { year, month, day, hour, minute, second, weekday, zoneName },
          `${zone} ${new Date(ms).toISOString()}`,
        ).toEqual(intlTruth(ms, zone));
      }
    }
  });

  it('reads dates before 1980 straight from Intl, offsets with seconds included', () => {
    const ms = Date.parse('1900-06-01T12:00:00Z');
    const { hour, minute, second } = zonedFields(ms, 'Africa/Monrovia');
    const truth = intlTruth(ms, 'Africa/Monrovia');
    expect({ hour, minute, second }).toEqual({
      hour: truth.hour,
      minute: truth.minute,
      second: truth.second,
    });
  });

  /** Offset in minutes Intl's fields imply for `ms`. */
  const truthOffset = (ms: number, zone: string): number => {
    const t = intlTruth(ms, zone);
    const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
    return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
  };
  const fieldsOf = (ms: number, zone: string) => {
    const { year, month, day, hour, minute, second, weekday, zoneName } = zonedFields(ms, zone);
    return {
      year,
      month,
      day,
      hour,
      minute,
      second,
      weekday,
      zoneName,
      offset: zonedFields(ms, zone).offset,
    };
  };
  const truthOf = (ms: number, zone: string) => ({ ...intlTruth(ms, zone), offset: truthOffset(ms, zone) });

  // Berlin and New York move by an hour, Lord Howe by half an hour, Kolkata never.
  const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata'];
  const HOUR = 3_600_000;

  it.each(ZONES)(
    'gives the fields and offset Intl gives on both sides of every change in %s, 2023-2025',
    (zone) => {
      let changes = 0;
      for (let hour = Date.UTC(2023, 0, 1); hour < Date.UTC(2026, 0, 1); hour += HOUR) {
        // Intl's own offsets an hour apart say where a change lies; every 15 s of that hour is checked,
        // with the millisecond before each.
        if (truthOffset(hour, zone) === truthOffset(hour + HOUR, zone)) continue;
        changes++;
        for (let ms = hour; ms <= hour + HOUR; ms += 15_000) {
          for (const at of [ms - 1, ms]) {
            expect(fieldsOf(at, zone), `${zone} ${new Date(at).toISOString()}`).toEqual(truthOf(at, zone));
          }
        }
      }
      expect(changes).toBe(zone === 'Asia/Kolkata' ? 0 : 6);
    },
  );

  it.each(ZONES)(
    'gives the fields and offset Intl gives at instants spread from 1980 to 2100 in %s',
    (zone) => {
      const from = Date.UTC(1980, 0, 1);
      const span = Date.UTC(2100, 0, 1) - from;
      for (let k = 0; k < 2000; k++) {
        // A fixed spread (golden ratio steps), milliseconds included.
        const ms = from + Math.floor(((k * 0.6180339887) % 1) * span);
        expect(fieldsOf(ms, zone), `${zone} ${new Date(ms).toISOString()}`).toEqual(truthOf(ms, zone));
      }
    },
  );
});
