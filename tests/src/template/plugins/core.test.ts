// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render } from '../../../../src/template/index';

const out = (template: string, json: unknown = {}, partials: Record<string, string> = {}) =>
  render(template, json, { partials }).output;

describe('core formatters', () => {
  it.each([
    [
      'html escapes &, < and >',
      '{s|html}',
      { s: `<a href="x">&'</a>` },
      `&lt;a href="x"&gt;&amp;'&lt;/a&gt;`,
    ],
    ['htmlattr also escapes double quotes', '{s|htmlattr}', { s: '"<&>' }, '&quot;&lt;&amp;&gt;'],
    ['htmltag escapes like htmlattr', '{s|htmltag}', { s: '"<' }, '&quot;&lt;'],
    ['json cannot close a script element', '{s|json}', { s: '</SCRIPT>' }, '"<\\/SCRIPT>"'],
    ['json-pretty indents by two', '{o|json-pretty}', { o: { a: 1 } }, '{\n  "a": 1\n}'],
    ['raw prints JSON, null for missing', '{o|raw} {m|raw}', { o: [1, 'a'] }, '[1,"a"] null'],
    ['str prints scalars only', '[{o|str}][{n|str}][{b|str}]', { o: {}, n: 2, b: false }, '[][2][false]'],
    [
      'truncate defaults to 100 characters and "..."',
      '{s|truncate}',
      { s: `${'word '.repeat(30)}` },
      `${'word '.repeat(20)}...`,
    ],
    ['truncate breaks at the last whitespace', '{s|truncate 8}', { s: 'one two three' }, 'one two ...'],
    ['truncate cuts a long word where it is', '{s|truncate 3 ~}', { s: 'abcdef' }, 'abc~'],
    ['truncate leaves short text alone', '{s|truncate 10}', { s: 'short' }, 'short'],
    ['pluralize with no arguments adds s', '{n} item{n|pluralize}', { n: 2 }, '2 items'],
    ['pluralize with one argument gives the plural suffix', '1 box{n|pluralize es}', { n: 1 }, '1 box'],
    ['pluralize with two arguments picks a word', '{n|pluralize child children}', { n: 3 }, 'children'],
    ['slugify lowercases and dashes', '{s|slugify}', { s: "Don't Stop  Me Now!" }, 'dont-stop-me-now'],
    ['safe strips tags', '{s|safe}', { s: '<p>hi <b>there</b></p>' }, 'hi there'],
    ['smartypants curls quotes and dashes', '{s|smartypants}', { s: `"It's" -- 'ok'` }, '“It’s” — ‘ok’'],
    [
      'count counts items, keys and characters',
      '{a|count} {o|count} {s|count} {n|count}',
      { a: [1, 2], o: { x: 1 }, s: 'abc', n: 5 },
      '2 1 3 0',
    ],
    ['cycle picks by a 1-based value', '{n|cycle a b c}', { n: 5 }, 'b'],
    ['mod defaults to 2', '{n|mod} {n|mod 4}', { n: 7 }, '1 3'],
    ['round rounds half up', '{a|round} {b|round}', { a: 2.5, b: -2.5 }, '3 -2'],
    ['encode-space', '{s|encode-space}', { s: 'a b' }, 'a&nbsp;b'],
    ['encode-uri keeps reserved characters', '{s|encode-uri}', { s: 'a b&c' }, 'a%20b&c'],
    ['encode-uri-component escapes them', '{s|encode-uri-component}', { s: 'a b&c' }, 'a%20b%26c'],
    ['url-encode', '{s|url-encode}', { s: '“é”' }, '%E2%80%9C%C3%A9%E2%80%9D'],
    [
      'format fills numbered placeholders from references',
      '{m|format a b}',
      { m: '{1}-{0}-{2}', a: 'A', b: 'B' },
      'B-A-',
    ],
    [
      'get follows resolved keys and key paths',
      '{o|get k p}',
      { o: { x: { y: { z: 1 } } }, k: 'x', p: ['y', 'z'] },
      '1',
    ],
    ['prop follows literal keys', '{o|prop a.b c}', { o: { a: { b: { c: 'deep' } } } }, 'deep'],
    ['lookup uses a resolved key', '{o|lookup k}', { o: { name: 'N' }, k: 'name' }, 'N'],
    [
      'key-by indexes an array by a field',
      '{xs|key-by id|prop b.v}',
      {
        xs: [
          { id: 'a', v: 1 },
          { id: 'b', v: 2 },
        ],
      },
      '2',
    ],
    ['iter prints the 1-based index', '{.repeated section xs}{@|iter}{.end}', { xs: ['a', 'b'] }, '12'],
    ['output prints its arguments', '{@|output hello world}', {}, 'hello world'],
    ['legacy names pass the value through', '{n|money-format}', { n: 12.5 }, '12.5'],
  ])('%s', (_name, template, json, expected) => {
    expect(out(template, json)).toBe(expected);
  });

  it.each([
    ['a partial', '{o|apply p}', { p: '<{x}>' }, '<1>'],
    ['a macro with arguments', '{.macro m}{@args.a}{@args.b}{.end}{o|apply m a=1 b=2}', {}, '12'],
    ['privately: outer names are hidden', '{o|apply p private}', { p: '[{y}]' }, '[]'],
    ['publicly: outer names are visible', '{o|apply p}', { p: '[{y}]' }, '[Y]'],
  ])('apply renders %s', (_name, template, partials, expected) => {
    expect(out(template, { o: { x: 1 }, y: 'Y' }, partials)).toBe(expected);
  });

  it.each([
    ['tags', 'a<b>b</b>c', 'abc'],
    ['a tag holding a <', 'a<x<y>b', 'ab'],
    ['a < with no > after it', 'a<b>c<d', 'ac<d'],
    ['a > with no < before it', 'a>b<i>c', 'a>bc'],
  ])('safe strips %s', (_what, s, expected) => {
    expect(out('{s|safe}', { s })).toBe(expected);
  });

  it('safe leaves 100,000 unclosed < as they are', () => {
    // Each < used to be scanned to the end of the text for its >: seconds for this one value.
    const s = `${'<'.repeat(100_000)}a`;
    expect(out('{s|safe}', { s })).toBe(s);
    expect(out('{s|safe}', { s: `x<b>y${s}` })).toBe(`xy${s}`);
    expect(out('{s|safe}', { s: `${s}<i>` })).toBe('');
  });
});

describe('core predicates', () => {
  it.each([
    [
      'equal? compares two arguments strictly',
      '{.equal? a "3"}y{.or}n{.end}{.equal? a 3}y{.or}n{.end}',
      { a: 3 },
      'ny',
    ],
    [
      'equal? with one argument compares the node',
      '{.section a}{.equal? 3}y{.or}n{.end}{.end}',
      { a: 3 },
      'y',
    ],
    [
      'equal? compares structures deeply',
      '{.equal? a b}y{.or}n{.end}',
      { a: [1, { x: 2 }], b: [1, { x: 2 }] },
      'y',
    ],
    ['notEqual?', '{.notEqual? a b}y{.or}n{.end}', { a: 1, b: 2 }, 'y'],
    ['greaterThan? on numbers', '{.greaterThan? a 2}y{.or}n{.end}', { a: 3 }, 'y'],
    ['greaterThanOrEqual? on strings', '{.greaterThanOrEqual? a "abc"}y{.or}n{.end}', { a: 'abc' }, 'y'],
    ['a number against numeric text compares as numbers', '{.lessThan? a "10"}y{.or}n{.end}', { a: 9 }, 'y'],
    ['a number against other text is the greater', '{.greaterThan? a "ab"}y{.or}n{.end}', { a: 4 }, 'y'],
    ['null sorts before everything', '{.lessThan? a -5}y{.or}n{.end}', { a: null }, 'y'],
    ['booleans compare as numbers', '{.greaterThan? a true}y{.or}n{.end}', { a: 3 }, 'y'],
    ['lessThanOrEqual?', '{.lessThanOrEqual? a 3}y{.or}n{.end}', { a: 3 }, 'y'],
    [
      'even? and odd? need integers',
      '{.repeated section xs}{.even?}e{.end}{.odd?}o{.end}.{.end}',
      { xs: [2, 3, 2.5, '4'] },
      'e.o...',
    ],
    [
      'plural? and singular? read numeric text',
      '{.repeated section xs}{.plural?}p{.end}{.singular?}s{.end}.{.end}',
      { xs: ['2', '1', true] },
      'p.s.s.',
    ],
    ['single quotes are not string literals', "{.equal? s 'x'}y{.or}n{.end}", { s: 'x' }, 'n'],
    ['nth? is false for a zero divisor', '{.section n}{.nth? 0}y{.or}n{.end}{.end}', { n: 4 }, 'n'],
    ['nth? with two arguments', '{.nth? a 3}y{.or}n{.end}', { a: 9 }, 'y'],
    [
      'plural? means above 1',
      '{.repeated section xs}{.plural?}p{.or}-{.end}{.end}',
      { xs: [0, 1, 2] },
      '--p',
    ],
    [
      'singular? means exactly 1',
      '{.repeated section xs}{.singular?}s{.or}-{.end}{.end}',
      { xs: [0, 1, 2] },
      '-s-',
    ],
    ['debug? reads the root flag', '{.debug?}d{.or}-{.end}', { debug: true }, 'd'],
  ])('%s', (_name, template, json, expected) => {
    expect(out(template, json)).toBe(expected);
  });

  it('units-metric? is an engine error, and false', () => {
    const r = render('{.units-metric?}metric{.or}imperial{.end}', {});
    expect(r.output).toBe('imperial');
    expect(r.errors).toEqual([
      { type: 'engine', message: 'The units-metric? formatter is not yet implemented' },
    ]);
  });
});
