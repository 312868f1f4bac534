// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render } from '../../../../src/template/index';
import { dateFormatters } from '../../../../src/template/plugins/date-formatters';
import { fakeContext } from './fake-context';

function date(value: unknown, pattern: string, timeZone = 'America/New_York'): unknown {
  const fn = dateFormatters['date'];
  if (fn === undefined) throw new Error('no date formatter');
  return fn(value, pattern.split(' '), fakeContext({ node: value, timeZone }), [value]);
}

// 2021-02-17T21:26:05.345Z: Wednesday afternoon in New York, Thursday morning in Tokyo.
const T = 1613597165345;

describe('date', () => {
  it.each([
    ['%Y-%m-%d %H:%M:%S', 'America/New_York', '2021-02-17 16:26:05'],
    ['%Y-%m-%d %H:%M:%S', 'Asia/Tokyo', '2021-02-18 06:26:05'],
    ['%a %A %b %B', 'Asia/Tokyo', 'Thu Thursday Feb February'],
    ['%c', 'America/New_York', 'Wed, Feb 17, 2021 4:26:05 PM EST'],
    ['%D %F %x %v', 'America/New_York', '02/17/21 2021-02-17 02/17/2021 17-Feb-2021'],
    ['%I %l %p %P %r', 'America/New_York', '04  4 PM pm 4:26:05 PM'],
    ['%j %U %W %V %G %g %u %w %q %C', 'America/New_York', '048 08 08 07 2021 21 3 3 1 20'],
    ['%s %N', 'America/New_York', '1613597165 345000000'],
    ['%z %Z', 'Asia/Tokyo', '+09:00 JST'],
    ['%z %Z', 'Asia/Kolkata', '+05:30 IST'],
    ['%Z', 'Europe/Paris', 'CET'],
    ['%Z', 'America/Sao_Paulo', '-03'],
    ['%Y %% %d', 'America/New_York', '2021 % 17'],
  ])('%s in %s reads %s', (pattern, zone, expected) => {
    expect(date(T, pattern, zone)).toBe(expected);
  });

  it('pads single-digit days and hours with spaces for %e and %k', () => {
    expect(date(Date.UTC(2021, 0, 5, 3), '%e|%k', 'UTC')).toBe(' 5| 3');
  });

  it('counts ISO weeks into the previous year at New Year', () => {
    expect(date(Date.UTC(2021, 0, 1, 12), '%V %G', 'UTC')).toBe('53 2020');
  });

  it.each([
    [Date.UTC(2023, 3, 25, 12), '17 17'],
    [Date.UTC(2029, 11, 31, 12), '01 01'],
  ])('numbers %%U and %%W as Sunday weeks holding 1 January, for %d', (ms, weeks) => {
    expect(date(ms, '%U %W', 'UTC')).toBe(weeks);
  });

  it('pads the day of %v with a space', () => {
    expect(date(Date.UTC(1999, 0, 2, 12), '%v', 'UTC')).toBe(' 2-Jan-1999');
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(date(T, '%H %Z', 'Not/AZone')).toBe('21 UTC');
  });

  it.each([['not a date'], [1e20], [null]])('prints nothing for %j', (value) => {
    expect(date(value, '%Y')).toBe('');
  });

  it.each([
    [Date.UTC(-1, 0, 1, 12), '%Y-%m-%d %A', 'UTC', '-1-01-01 Friday'],
    [Date.UTC(1880, 0, 1, 12), '%T %z %Z', 'America/New_York', '07:03:58 -04:56 -0456'],
    [Date.UTC(2021, 6, 1, 12), '%H:%M %z %Z', 'America/New_York', '08:00 -04:00 EDT'],
    [Date.UTC(2021, 6, 1, 12), '%H:%M %z %Z', 'Asia/Dubai', '16:00 +04:00 GST'],
  ])('reads %d with %s in %s as %s', (ms, pattern, zone, expected) => {
    expect(date(ms, pattern, zone)).toBe(expected);
  });

  it('reads every zone alike after older zones have left the formatter caches', () => {
    // More zones than the caches keep (100, spec 001 §9), read twice: the second pass rebuilds
    // what the first evicted.
    const zones = Intl.supportedValuesOf('timeZone').slice(0, 150);
    const platform = (zone: string): string => {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }).formatToParts(T);
      const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
      return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
    };
    const expected = zones.map(platform);
    for (let pass = 0; pass < 2; pass++) {
      expect(zones.map((zone) => date(T, '%F %T', zone))).toEqual(expected);
    }
  });
});

describe('date outside the Julian-day range (spec 001 §8, §9)', () => {
  const message = (day: number): string =>
    `Julian day ${day} is outside the supported range (roughly 4713 BC to 8652 AD)`;

  it.each([
    [300_000_000_000_000, 5912810],
    [-300_000_000_000_000, -1031635],
    // The first instant of 8653 in UTC: Julian day 4881504.
    [210_895_142_400_000, 4881504],
  ])('prints nothing for %d and reports Julian day %d', (t, day) => {
    const result = render('[{t|date %Y-%m-%d}]', { t, website: { timeZone: 'UTC' } });
    expect(result.output).toBe('[]');
    expect(result.errors.map((e) => e.message)).toEqual([message(day)]);
  });

  it('prints the last day of the range, 31 December 8652', () => {
    const result = render('{t|date %Y-%m-%d}', {
      t: 210_895_142_399_999,
      website: { timeZone: 'UTC' },
    });
    expect(result.output).toBe('8652-12-31');
    expect(result.errors).toEqual([]);
  });

  it('reads the day on the site calendar: 1 January 8653 in Tokyo is out while UTC is still in 8652', () => {
    const t = 210_895_142_400_000 - 3_600_000;
    expect(render('{t|date %Y}', { t, website: { timeZone: 'UTC' } }).output).toBe('8652');
    const tokyo = render('{t|date %Y}', { t, website: { timeZone: 'Asia/Tokyo' } });
    expect(tokyo.output).toBe('');
    expect(tokyo.errors.map((e) => e.message)).toEqual([message(4881504)]);
  });
});
