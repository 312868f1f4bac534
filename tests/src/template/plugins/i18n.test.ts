// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PLATFORM_MESSAGES } from '../../../../src/messages/platform';
import { render } from '../../../../src/template/index';
import { i18nFormatters } from '../../../../src/template/plugins/i18n-formatters';
import { fakeContext, type FakeOptions } from './fake-context';

function format(
  name: string,
  value: unknown,
  args: readonly string[] = [],
  options: FakeOptions = {},
  values: readonly unknown[] = [value],
): unknown {
  const fn = i18nFormatters[name];
  if (fn === undefined) throw new Error(`no formatter ${name}`);
  return fn(value, args, fakeContext({ node: value, ...options }), values);
}

/** Intl's narrow no-break space before AM/PM, as CLDR has it. */
const NNBSP = '\u202f';

describe('numbers and money', () => {
  it.each([
    [[], '123,456.789'],
    [['style:percent'], '12,345,679%'],
    [['style:short'], '123K'],
    [['maximumFractionDigits:1'], '123,456.8'],
    [['maximumFractionDigits:1', 'round:down'], '123,456.7'],
    [['grouping:false', 'maximumFractionDigits:0'], '123457'],
  ])('decimal %j', (args, expected) => {
    expect(format('decimal', '123456.789', args)).toBe(expected);
  });

  it('formats in the requested locale', () => {
    expect(format('decimal', 1234.5, [], { locale: 'de-DE' })).toBe('1.234,5');
  });

  it.each([
    [{ decimalValue: '1234.5', currencyCode: 'USD' }, [], '$1,234.50'],
    [{ decimalValue: '123456.789', currencyCode: 'EUR' }, ['style:short'], '€123K'],
    [{ decimalValue: '2', currencyCode: 'USD' }, ['style:name'], '2.00 US dollars'],
    // Both shapes carry the major unit, as the reference engine reads them.
    [{ value: '25.00', currency: 'USD' }, [], '$25.00'],
    [{ value: '2500', currency: 'JPY' }, [], '¥2,500'],
    [{ decimalValue: 'abc', currencyCode: 'USD' }, [], ''],
    [{ decimalValue: '1', currencyCode: 'bad code' }, [], ''],
  ])('money %j %j', (money, args, expected) => {
    expect(format('money', money, args)).toBe(expected);
  });

  it('prints percentages of a fraction', () => {
    expect(format('percent', 0.256)).toBe('26%');
  });

  it.each(['decimal', 'money', 'percent', 'datetime', 'message'])(
    '%s prints nothing without locale data',
    (name) => {
      const value =
        name === 'money' ? { decimalValue: '1', currencyCode: 'USD' } : name === 'message' ? '{0}' : 1;
      expect(format(name, value, [], { locale: null })).toBe('');
    },
  );
});

describe('datetime', () => {
  const t = 1582571080000; // 2020-02-24 19:04:40 UTC, 2:04:40 PM in New York

  it.each([
    [[], 'February 24, 2020'],
    [['short'], `2/24/20, 2:04${NNBSP}PM`],
    [['date:full', 'time:short'], `Monday, February 24, 2020 at 2:04${NNBSP}PM`],
    [['skeleton:yMMMEEEd'], 'Mon, Feb 24, 2020'],
    [['date:medium', 'time:hm', 'wrap:full'], `Feb 24, 2020 at 2:04${NNBSP}PM`],
    [['date:yMd', 'time:hm'], `2/24/2020, 2:04${NNBSP}PM`],
  ])('%j', (args, expected) => {
    expect(format('datetime', t, args)).toBe(expected);
  });

  it('uses the website time zone', () => {
    expect(format('datetime', t, ['time:short'], { timeZone: 'Asia/Tokyo' })).toBe(`4:04${NNBSP}AM`);
  });

  it('capitalizes at the start of a sentence', () => {
    expect(format('relative-time', 7200000, ['context:begin-sentence'], { now: 0 })).toBe('In 2 hours');
  });

  it.each([
    [1582591080000, [], `2:04 – 7:38${NNBSP}PM`],
    [1592591080000, [], 'Feb 24 – Jun 19, 2020'],
    [1692591080000, ['yMMM'], 'Feb 2020 – Aug 2023'],
  ])('interval to %d %j', (end, args, expected) => {
    expect(format('datetime-interval', t, args, {}, [t, end])).toBe(
      expected.replace(/ – /g, '\u2009–\u2009'),
    );
  });
});

describe('relative times', () => {
  const now = 1502298000000;

  it.each([
    [now + 2 * 3600000, [], 'in 2 hours'],
    [now - 11.2 * 3600000, [], '11 hours ago'],
    [now + 11.5 * 86400000, [], 'in 12 days'],
    [now + 11.5 * 86400000, ['allowWeeks:true'], 'in 2 weeks'],
    [now + 400 * 86400000, [], 'in 1 year'],
    [now - 10000, [], '10 seconds ago'],
  ])('relative-time of %d %j', (when, args, expected) => {
    expect(format('relative-time', when, args, { now })).toBe(expected);
  });

  it.each([
    [now - 20000, 'less than a minute ago'],
    [now - 90000, 'about a minute ago'],
    [now - 3 * 86400000, 'about 3 days ago'],
    [now - 600 * 86400000, 'about a year ago'],
    [now - 70.5 * 365 * 86400000, 'about 70 years ago'],
  ])('timesince of %d', (when, text) => {
    expect(format('timesince', when, [], { now })).toBe(
      `<span class="timesince" data-date="${when}">${text}</span>`,
    );
  });

  it('reports an invalid date', () => {
    expect(format('timesince', 'yesterday', [], { now })).toBe('Invalid date.');
  });

  it("prints the widgets' catalogue text for an invalid date, one text in one place", () => {
    expect(format('timesince', 'yesterday', [], { now })).toBe(PLATFORM_MESSAGES.invalidDate);
  });
});

describe('message', () => {
  const data = { name: 'Bob', count: 3, one: 1, money: { decimalValue: '5', currencyCode: 'USD' } };

  it.each([
    ['Hi {name}, {0}.', ['name=name', 'count'], 'Hi Bob, Bob.'],
    ['{1} {1 plural one{item} other{items}}', ['name', 'count'], '3 items'],
    ['{0 plural =0{none} one{# item} other{# items}}', ['one'], '1 item'],
    ['{0 selectordinal one{#st} two{#nd} few{#rd} other{#th}}', ['count'], '3rd'],
    ['{0 select Bob{hello Bob} other{hello}}', ['name'], 'hello Bob'],
    ['{0 money}', ['money'], '$5.00'],
    ['{0 decimal style:percent}', ['one'], '100%'],
    ["It''s '{'literal'}'", [], "It's {literal}"],
    ['{missing}', [], ''],
  ])('%s with %j', (msg, args, expected) => {
    expect(format('message', msg, args, { scopes: [data] })).toBe(expected);
  });

  it.each([
    ['en', '1.0', 'other'],
    ['en', '1', 'one'],
    ['fr-FR', '1.5', 'one'],
    ['fr-FR', '2', 'other'],
  ])('plural rules of %s pick %s for %s', (locale, n, category) => {
    const msg = '{0 plural one{one} other{other}}';
    expect(format('message', msg, ['n'], { locale, scopes: [{ n }] })).toBe(category);
  });

  it('keeps # as written', () => {
    expect(
      format('plural', '{0 plural one{# ONE} other{# OTHER}}', ['n'], {
        locale: 'fr-FR',
        scopes: [{ n: '0.0' }],
      }),
    ).toBe('0.0 ONE');
  });

  it('records an invalid plural key and prints nothing', () => {
    const ctx = fakeContext({ scopes: [data] });
    const fn = i18nFormatters['message'];
    expect(fn?.('{0 plural lots{x} other{y}}', ['count'], ctx, [])).toBe('');
    expect(ctx.errors[0]?.message).toMatch(/valid keys are zero, one, two, few, many, other/);
  });

  it('records a syntax error and prints nothing', () => {
    const ctx = fakeContext();
    const fn = i18nFormatters['message'];
    expect(fn?.('{0 plural one{x}', [], ctx, [])).toBe('');
    expect(ctx.errors[0]?.message).toMatch(/^Expected .* but end of input found\.$/);
  });
});

describe('numbers from hostile text', () => {
  // 100,000 digits that end in no number: the check used to backtrack over every split of the run.
  const digits = '1'.repeat(100_000);

  it('gives nothing for 100,000 digits followed by a letter', () => {
    expect(format('decimal', `${digits}x`)).toBe('');
    expect(format('percent', `${digits}.5x`)).toBe('');
    expect(format('money', { decimalValue: `${digits}x`, currencyCode: 'USD' })).toBe('');
  });

  it('reads the numbers it read before', () => {
    expect(format('decimal', '12.')).toBe('12');
    expect(format('decimal', '-.5')).toBe('-0.5');
    expect(format('decimal', '1.5e3')).toBe('1,500');
    expect(format('decimal', '1.2.3')).toBe('');
  });
});

describe('amounts that are not finite (spec 001 §5)', () => {
  it.each([
    ['decimal', '1e400', []],
    ['decimal', '-1e400', ['style:percent']],
    ['percent', '1E999', []],
    ['money', { decimalValue: '1e309', currencyCode: 'EUR' }, []],
    ['money', { value: '-1e309', currency: 'USD' }, ['style:code']],
  ])('%s of %j prints nothing', (name, value, args) => {
    expect(format(name, value, args)).toBe('');
  });

  it('prints a large finite amount in full', () => {
    expect(format('decimal', '1e21')).toBe('1,000,000,000,000,000,000,000');
    expect(format('money', { decimalValue: '1e21', currencyCode: 'USD' })).toBe(
      '$1,000,000,000,000,000,000,000.00',
    );
  });
});

describe('datetime outside the Julian-day range (spec 001 §8, §9)', () => {
  it('prints nothing and reports the Julian day', () => {
    const json = { a: 300_000_000_000_000, b: 0, website: { timeZone: 'UTC' } };
    const result = render('[{a|datetime}][{b,a|datetime-interval}][{b|datetime}]', json, { locale: 'en' });
    expect(result.output).toBe('[][][January 1, 1970]');
    expect(result.errors.map((e) => e.message)).toEqual([
      'Julian day 5912810 is outside the supported range (roughly 4713 BC to 8652 AD)',
      'Julian day 5912810 is outside the supported range (roughly 4713 BC to 8652 AD)',
    ]);
  });
});
