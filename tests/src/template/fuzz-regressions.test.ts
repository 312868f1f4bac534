// @vitest-environment node
/**
 * Classes of disagreement with the reference implementation found by the differential fuzzer
 * (tests/src/template/differential.fuzz.test.ts), each pinned by the minimal template it shrank to.
 * The expected outputs are the reference's.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../../src/template/index';

const out = (template: string, json: unknown): string => render(template, json, { locale: 'en' }).output;

interface Row {
  readonly template: string;
  readonly json: unknown;
  readonly expected: string;
}

const cases = (rows: readonly Row[]) => rows.map((r) => ({ ...r, data: JSON.stringify(r.json) }));

describe('a section name is looked up in the current frame only', () => {
  it.each(
    cases([
      {
        template: '{.section x}{.section items}Y{.or}N{.end}{.end}',
        json: { x: { y: 1 }, items: [1] },
        expected: 'N',
      },
      { template: '{.section a}{.repeated section a}<p>{.end}{.end}', json: { a: [1, 2] }, expected: '' },
      {
        template: '{.repeated section a}{.section b}Y{.or}N{.end}{.end}',
        json: { a: [1, 2], b: 1 },
        expected: 'NN',
      },
      {
        template: '{.var @v x}{.section x}{.section @v}Y{.or}N{.end}{.end}',
        json: { x: { y: 1 } },
        expected: 'N',
      },
      {
        template: '{.repeated section a}{.var @v @}{.section @v}Y{.or}N{.end}{.end}',
        json: { a: [1, 2] },
        expected: 'YY',
      },
      {
        template: '{.repeated section a}{.section @index}Y{.or}N{.end}{.end}',
        json: { a: [1, 2] },
        expected: 'NN',
      },
      {
        template: '{.section x}{.section y}{.section items}{@}{.end}{.end}{.end}',
        json: { x: { y: { items: 2 } }, items: [1] },
        expected: '2',
      },
    ]),
  )('$template with $data prints $expected', ({ template, json, expected }) => {
    expect(out(template, json)).toBe(expected);
  });

  it('while a variable still walks up the stack', () => {
    expect(out('{.section x}{items}{.end}', { x: { y: 1 }, items: [1] })).toBe('1');
  });
});

describe('image size formatters on what is not an image', () => {
  it.each(
    cases([
      { template: '{x|width}', json: { x: 'abc' }, expected: '' },
      { template: '{x|height}', json: { x: { originalSize: '10x20' } }, expected: '' },
      { template: '{x|width}', json: { x: 'abcxdef' }, expected: 'NaN' },
      { template: '{x|height}', json: { x: '1.5x2.5' }, expected: '2' },
      { template: '{x|resizedHeightForWidth 100}', json: { x: 'abcxdef' }, expected: '0' },
      { template: '{x|squarespaceThumbnailForWidth 100}', json: { x: 'abc' }, expected: '100w' },
      {
        template: '{x|resizedHeightForWidth 100}',
        json: { x: 'abc' },
        expected: "Invalid source parameter. Pass in 'originalSize'",
      },
    ]),
  )('$template with $data prints $expected', ({ template, json, expected }) => {
    expect(out(template, json)).toBe(expected);
  });
});

describe('core formatters on missing and odd values', () => {
  it.each(
    cases([
      { template: '{items.0.title|iter|json}', json: { items: [{ title: 'abc' }] }, expected: '""' },
      { template: '{x|json|json}', json: {}, expected: '""' },
      { template: '{x|json}', json: { x: '<b>x</b>' }, expected: '"<b>x<\\/b>"' },
      { template: '{x|apply m|json}', json: { x: 1 }, expected: '""' },
      { template: '{x|key-by a|json}', json: { x: 'abc' }, expected: '{}' },
      { template: '{x|lookup|json}', json: {}, expected: '""' },
      { template: '{x|lookup s}', json: { x: { c: 1 }, s: 'a.b', a: { b: 3 } }, expected: '3' },
      { template: '{x|mod 0}', json: { x: 1.5 }, expected: '1.5' },
      { template: '{x|prop}', json: { x: 'abc' }, expected: 'abc' },
      { template: '{x|safe|json}', json: { x: 0 }, expected: '0' },
      { template: '{x|safe|json}', json: { x: 1.5 }, expected: '"1.5"' },
      {
        template: '{x|url-encode}',
        json: { x: "a/b?c=d&e f+g:h@i#j!'()*~é" },
        expected: 'a/b%3Fc%3Dd%26e%20f+g%3Ah@i%23j%21%27%28%29*%7E%C3%A9',
      },
      { template: '{x|line-breaks}', json: { x: 'a\nb<c>' }, expected: 'a<br/>b<c>' },
      { template: '{x|find-first|json}', json: { x: [0, 1] }, expected: '0' },
      { template: '{x|find-first a|json}', json: { x: [{ a: [] }, { a: '0' }] }, expected: '{"a":"0"}' },
      { template: '{x|find-last a|json}', json: { x: [{ a: 1 }, { a: 2 }, { a: 0 }] }, expected: '{"a":2}' },
    ]),
  )('$template with $data prints $expected', ({ template, json, expected }) => {
    expect(out(template, json)).toBe(expected);
  });
});

describe('comments, braces and names', () => {
  it.each(
    cases([
      { template: '{## c ', json: {}, expected: '' },
      { template: '{##}x', json: {}, expected: '' },
      { template: '{# c {a}', json: { a: 1 }, expected: '{# c 1' },
      { template: '{{## c {a} ##}', json: { a: 'A' }, expected: '{{## c A ##}' },
      { template: '{x\n{## c }y', json: {}, expected: '{x\ny' },
      { template: '{a@index0}', json: {}, expected: '{a@index0}' },
      { template: '{a$b}', json: { a$b: 1 }, expected: '{a$b}' },
      { template: '{.ctx @v x y=a}', json: { a: 1 }, expected: '{.ctx @v x y=a}' },
      { template: '{.ctx @v x=a y}{@v.x}', json: { a: 1 }, expected: '1' },
    ]),
  )('$template with $data prints $expected', ({ template, json, expected }) => {
    expect(out(template, json)).toBe(expected);
  });
});

describe('expressions, predicates, messages and or chains', () => {
  it.each(
    cases([
      { template: '{.eval str(n) + 1}', json: {}, expected: 'null1' },
      { template: '{.eval false && b}', json: { b: { a: 1 } }, expected: '' },
      { template: '{.eval num(s)}', json: { s: [1] }, expected: '' },
      { template: '{.lessThan? @ 2}Y{.or}N{.end}', json: { a: 1 }, expected: 'Y' },
      { template: '{.greaterThan? n}Y{.or}N{.end}', json: { n: 3 }, expected: 'N' },
      { template: '{.plural? n}Y{.or}N{.end}', json: { n: 2.5 }, expected: 'N' },
      { template: '{.section n}{.singular? x}Y{.or}N{.end}{.end}', json: { n: 1, x: 3 }, expected: 'Y' },
      { template: '{a|message}', json: { a: 991 }, expected: '991' },
      { template: '{.section a}A{.or}B{.or equal? 1 2}C{.or}D{.end}', json: {}, expected: 'BCD' },
      {
        template: '{x|timesince}',
        json: {},
        expected: '<span class="timesince" data-date="0">about 54 years ago</span>',
      },
    ]),
  )('$template with $data prints $expected', ({ template, json, expected }) => {
    expect(render(template, json, { locale: 'en', now: Date.UTC(2024, 4, 17) }).output).toBe(expected);
  });
});

describe('.if with both operators', () => {
  it.each(
    cases([
      { template: '{.if a && a || x}Y{.or}N{.end}', json: { x: [0] }, expected: 'N' },
      { template: '{.if a || x && a}Y{.or}N{.end}', json: { x: [0] }, expected: 'Y' },
      { template: '{.if a && x || x}Y{.or}N{.end}', json: { x: 1 }, expected: 'N' },
    ]),
  )(
    '$template with $data prints $expected (the first operator joins all)',
    ({ template, json, expected }) => {
      expect(out(template, json)).toBe(expected);
    },
  );
});

describe('decimal with 21 to 50 fraction digits (more than Intl takes on Node 20)', () => {
  it.each(
    cases([
      { template: '{n|decimal maxFrac:40}', json: { n: 1.5 }, expected: '1.5' },
      { template: '{n|decimal minFrac:22}', json: { n: 3 }, expected: '3.0000000000000000000000' },
      {
        template: '{n|decimal maxFrac:40 minFrac:21}',
        json: { n: 1234.5678 },
        expected: '1,234.567800000000000000000',
      },
      {
        template: '{n|decimal maxFrac:30}',
        json: { n: '0.1234567890123456789012345678' },
        expected: '0.1234567890123456789012345678',
      },
      { template: '{n|decimal minFrac:25}', json: { n: -1e-7 }, expected: '-0.0000001000000000000000000' },
      { template: '{n|decimal maxFrac:50}', json: { n: 1e21 }, expected: '1,000,000,000,000,000,000,000' },
      {
        template: '{n|decimal maxFrac:21}',
        json: { n: '0.1234567890123456789025' },
        expected: '0.123456789012345678902',
      },
      { template: '{n|decimal maxFrac:21}', json: { n: '-9.9999999999999999999995' }, expected: '-10' },
      { template: '{n|decimal maxFrac:22 group:false}', json: { n: 12345.5 }, expected: '12345.5' },
      { template: '{n|decimal maxFrac:22}', json: { n: -1e-25 }, expected: '0' },
    ]),
  )('$template with $data prints $expected', ({ template, json, expected }) => {
    expect(out(template, json)).toBe(expected);
  });
});

describe('arrays inside arrays', () => {
  it.each(
    cases([
      { template: '{x}', json: { x: [null] }, expected: 'null' },
      { template: '{x}', json: { x: [1, [null, 2]] }, expected: '1,,2' },
      { template: '{x}', json: { x: [[{}, true, 'a']] }, expected: '[object Object],true,a' },
    ]),
  )('$template with $data prints $expected', ({ template, json, expected }) => {
    expect(out(template, json)).toBe(expected);
  });
});

describe('comparisons, significant digits and formatter chains over several variables', () => {
  it.each(
    cases([
      { template: '{.equal? a b}Y{.or}N{.end}', json: { a: null }, expected: 'Y' },
      { template: '{.greaterThan? s "ab"}Y{.or}N{.end}', json: { s: 4 }, expected: 'Y' },
      { template: '{.lessThan? s "5"}Y{.or}N{.end}', json: { s: 4 }, expected: 'Y' },
      { template: '{.lessThanOrEqual? n a}Y{.or}N{.end}', json: { n: 0 }, expected: 'Y' },
      { template: '{.greaterThan? n a}Y{.or}N{.end}', json: { n: 5, a: [1] }, expected: 'Y' },
      { template: '{.lessThan? n a}Y{.or}N{.end}', json: { n: 'a', a: true }, expected: 'Y' },
      { template: '{.lessThanOrEqual? n a}Y{.or}N{.end}', json: { n: true, a: 5 }, expected: 'Y' },
      { template: '{.eval ~n}', json: { n: 5 }, expected: '-1' },
      { template: '{.eval ~(n + 0)}', json: { n: 5 }, expected: '-6' },
      { template: '{x|decimal maxSig:3}', json: { x: 1.5 }, expected: '1.50' },
      { template: '{x|decimal maxSig:3}', json: { x: 0.000001 }, expected: '0.00000100' },
      { template: '{a,b|mod 3|relative-time}', json: { a: 5, b: 2 }, expected: 'now' },
      { template: '{a,b|relative-time}', json: { a: 0, b: -400 }, expected: 'now' },
    ]),
  )('$template with $data prints $expected', ({ template, json, expected }) => {
    expect(out(template, json)).toBe(expected);
  });
});

describe('the .or branches of a section run in the section value’s scope', () => {
  it.each(
    cases([
      { template: '{.section a}{.or}[{@}]{.end}', json: { a: 0 }, expected: '[0]' },
      { template: '{.section a}{.or}{.var @v x}{.end}{@v}', json: { x: 1 }, expected: '' },
      { template: '{.section a}{.or}{.section x}&{.end}{.end}', json: { x: 1 }, expected: '' },
      { template: '{.section a}{.or}{x}{.end}', json: { x: 1 }, expected: '1' },
    ]),
  )('$template with $data prints $expected', ({ template, json, expected }) => {
    expect(out(template, json)).toBe(expected);
  });
});

describe('timesince of text, .ctx spacing and numbers in expressions', () => {
  it.each(
    cases([
      {
        template: '{x|timesince}',
        json: { x: '1500x1000' },
        expected: '<span class="timesince" data-date="1500">about 54 years ago</span>',
      },
      { template: '{x|timesince}', json: { x: 'abc' }, expected: 'Invalid date.' },
      { template: '{.ctx @v  y=s}', json: { s: 1 }, expected: '{.ctx @v  y=s}' },
      { template: '{.eval num(n)}', json: { n: '' }, expected: '0' },
      { template: '{.eval n - 1}', json: { n: ' 3 ' }, expected: 'NaN' },
    ]),
  )('$template with $data prints $expected', ({ template, json, expected }) => {
    expect(render(template, json, { locale: 'en', now: Date.UTC(2024, 4, 17) }).output).toBe(expected);
  });
});

describe('blocks inside .alternates with', () => {
  it.each(
    cases([
      {
        template: '{.repeated section a}{.alternates with}{.if b}Y{.end}X{.end}',
        json: { a: [1] },
        expected: 'X',
      },
      {
        template: '{.repeated section a}B{.alternates with}{.if b}{.or}X{.end}{.end}',
        json: { a: [1, 2] },
        expected: 'BXBX',
      },
      {
        template: '{.repeated section a}B{.alternates with}-{.if b}{.or}X{.end}Z{.end}',
        json: { a: [1, 2] },
        expected: 'BXZ-BXZ',
      },
    ]),
  )('$template with $data prints $expected', ({ template, json, expected }) => {
    expect(out(template, json)).toBe(expected);
  });
});

describe('number formatters past 20 fraction digits, scientific notation, money digits', () => {
  it.each(
    cases([
      { template: '{n|decimal style:percent maxFrac:25}', json: { n: 0.5 }, expected: '50%' },
      {
        template: '{n|decimal style:percent minFrac:22}',
        json: { n: 0.5 },
        expected: '50.0000000000000000000000%',
      },
      {
        template: '{n|money minimumFractionDigits:22}',
        json: { n: { value: '1.5', currency: 'USD' } },
        expected: '$1.5000000000000000000000',
      },
      { template: '{n|money maxFrac:3}', json: { n: { value: '1.5', currency: 'USD' } }, expected: '$1.50' },
      { template: '{n|money maxFrac:1}', json: { n: { value: '1.55', currency: 'USD' } }, expected: '$1.6' },
      { template: '{n|decimal style:scientific}', json: { n: 12345 }, expected: '1E+4' },
      { template: '{n|decimal style:scientific maxFrac:25}', json: { n: 12345 }, expected: '1.2345E+4' },
      { template: '{n|decimal style:scientific minFrac:2}', json: { n: 5 }, expected: '5.00' },
    ]),
  )('$template with $data prints $expected', ({ template, json, expected }) => {
    expect(out(template, json)).toBe(expected);
  });
});
