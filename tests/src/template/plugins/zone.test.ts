// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { zonedFields } from '../../../../src/template/plugins/date/zone.js';

/** What Intl says of `ms` in `zone`, read with formatToParts: the truth the fast path must match. */
function intlTruth(ms: number, zone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
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
  }).formatToParts(ms);
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
});
