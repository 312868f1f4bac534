/**
 * fast-check arbitraries for the template language: templates built from the grammar (every
 * instruction, the core formatters and predicates with and without arguments, the number, money
 * and date formatters, nested scopes, `@index`, bound variables, `.var`, `.eval`, `.if` with
 * `&&`/`||`, comments, escapes and damaged input) and the JSON they render against.
 *
 * Templates are built from structure, so a failing case shrinks to fewer, shallower instructions
 * and shorter data.
 */
import fc from 'fast-check';

/** How big the generated templates are. */
export interface Size {
  readonly name: string;
  /** Instructions per level, at most. */
  readonly maxInstructions: number;
  /** Block nesting, at most (1: blocks hold text only). */
  readonly maxDepth: number;
}

export const SMALL: Size = { name: 'small', maxInstructions: 2, maxDepth: 1 };
export const LARGE: Size = { name: 'large', maxInstructions: 4, maxDepth: 3 };

const KEYS = ['a', 'b', 'items', 'x', 'n', 's'] as const;

/** Paths that hit the generated data, miss it, index arrays or read the scope's specials. */
const REF = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...KEYS) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...KEYS), fc.constantFrom('0', '1', 'a', 'b', 'x', 'title', 'length'))
      .map(([a, b]) => `${a}.${b}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('items', 'a'), fc.constantFrom('0', '1'), fc.constantFrom('title', 'a', 'n'))
      .map(([a, b, c]) => `${a}.${b}.${c}`),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom('@', '@index', '@index0', '@v', '@v.a', '@w', 'missing', 'website'),
  },
);

/** Core formatters, each bare and with typical, odd and missing arguments. */
const CORE_FORMATTERS = [
  'apply m',
  'apply p k=1',
  'apply',
  'count',
  'cycle',
  'cycle A B',
  'cycle#x#y',
  'encode-space',
  'encode-uri',
  'encode-uri-component',
  'find-first',
  'find-last',
  'format',
  'format a s',
  'get',
  'get b',
  'get items 0',
  'html',
  'htmlattr',
  'htmltag',
  'iter',
  'json',
  'json-pretty',
  'key-by',
  'key-by a',
  'line-breaks',
  'lookup',
  'lookup s',
  'mod',
  'mod 3',
  'mod 0',
  'output',
  'output q r',
  'pluralize',
  'pluralize es',
  'pluralize one many',
  'prop',
  'prop a',
  'prop a.b',
  'raw',
  'round',
  'safe',
  'slugify',
  'smartypants',
  'str',
  'truncate',
  'truncate 3',
  'truncate:4:~',
  'truncate 2 !!',
  'url-encode',
] as const;

/** Locale formatters (the reference gets CLDR en data) and image formatters on any value. */
const LOCALE_FORMATTERS = [
  'decimal',
  'decimal maxFrac:2',
  'decimal minFrac:3',
  'decimal maxFrac:25',
  'decimal minFrac:22',
  'decimal maxFrac:40 minFrac:21',
  'decimal style:short',
  'decimal group',
  'decimal round:floor maxFrac:0',
  'decimal maxSig:3',
  'decimal style:percent maxFrac:25',
  'decimal style:scientific',
  'decimal style:scientific maxFrac:2',
  'money maxFrac:3',
  'money minimumFractionDigits:22',
  'money',
  'money style:name',
  'money maximumFractionDigits:0',
  'date %Y-%m-%d',
  'date %b %d, %Y %Z',
  'date %A %H:%M %p',
  'datetime',
  'datetime date:long',
  'datetime time:short',
  'message',
  'message n',
  'plural',
  'relative-time',
  'timesince',
  'width',
  'height',
  'capitalize',
] as const;

export const FORMATTER = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...CORE_FORMATTERS) },
  { weight: 1, arbitrary: fc.constantFrom(...LOCALE_FORMATTERS) },
);

const CORE_PREDICATES = [
  'debug?',
  'equal?',
  'equal? a 1',
  'equal? n 3',
  'equal?:s:"ab"',
  'equal? @index 2',
  'notEqual?',
  'notEqual? s "x"',
  'notEqual? items a',
  'greaterThan?',
  'greaterThan? n 2',
  'greaterThanOrEqual? s "ab"',
  'lessThan? @ 2',
  'lessThanOrEqual? n a',
  'even?',
  'even? n',
  'odd?',
  'odd? @index',
  'nth?',
  'nth? 2',
  'nth? n 3',
  'plural?',
  'plural? items',
  'singular?',
  'singular? n',
] as const;
const PREDICATE = fc.constantFrom(...CORE_PREDICATES);

const EXPRESSIONS = [
  'n + 1',
  'n * 2',
  's + "!"',
  '@v',
  'a == 1',
  '!x',
  'n ** 2 - 1',
  'items.0 < 3',
  'num(s) + 1',
  '@w = n * 3; @w + 1',
  '(n + 2) * (n - 1) / 4',
  'n % 2 == 1 && b',
  'x || n || "x"',
  '"a" < "b"',
  'n << 2 | 1',
  '~n ^ 5 & 3',
  's === "ab"',
  'str(n) + 1',
  'bool(items)',
  '1 +',
  '"unterminated',
] as const;

const TEXT = fc.constantFrom('a', ' ', '\n', 'x y', '<b>', '&', '|', '-', '}', '{', '{ a}', '{}', '\\{');

/** `{ref|fmt|fmt}` or `{ref,ref|fmt}`. */
const VARIABLE = fc
  .tuple(REF, fc.option(REF, { nil: undefined, freq: 8 }), fc.array(FORMATTER, { maxLength: 2 }))
  .map(
    ([ref, second, fmts]) =>
      `{${ref}${second === undefined ? '' : `,${second}`}${fmts.map((f) => `|${f}`).join('')}}`,
  );

const COMMENT = fc.constantFrom('{# c }', '{## c {a} ##}', '{#}');
const SPECIAL = fc.constantFrom(
  '{.space}',
  '{.tab}',
  '{.newline}',
  '{.meta-left}',
  '{.meta-right}',
  '{.end}',
  '{.or}',
  '{.alternates with}',
  '{.include p}',
  '{.include p output}',
  '{.inject @v x}',
  '{.macro m}<{@}|{x}>{.end}{a|apply m private}',
  '{.ctx @v x=a y=s}',
  '{.macro q}[{@}]{.end}{a|apply q}',
  '{.unknown}',
  '{a|nosuch}',
);
const BIND = fc
  .tuple(fc.constantFrom('@v', '@w'), REF, fc.array(FORMATTER, { maxLength: 1 }))
  .map(([name, ref, fmts]) => `{.var ${name} ${ref}${fmts.map((f) => `|${f}`).join('')}}`);
const EVAL = fc.constantFrom(...EXPRESSIONS).map((e) => `{.eval ${e}}`);
const IF = fc
  .tuple(REF, fc.array(fc.tuple(fc.constantFrom(' && ', ' || '), REF), { maxLength: 2 }))
  .map(([first, rest]) => `{.if ${first}${rest.map(([op, r]) => op + r).join('')}}`);

/** A block's body: text only at the deepest level, else text and instructions. */
function body(size: Size, depth: number): fc.Arbitrary<string> {
  if (depth >= size.maxDepth) return fc.array(TEXT, { minLength: 0, maxLength: 2 }).map((t) => t.join(''));
  return sequence(size, depth, 0);
}

const maybe = (arb: fc.Arbitrary<string>, freq = 2): fc.Arbitrary<string> =>
  fc.option(arb, { nil: '', freq });

function block(size: Size, depth: number): fc.Arbitrary<string> {
  const inner = () => body(size, depth + 1);
  return fc.oneof(
    fc
      .tuple(REF, inner(), maybe(inner()))
      .map(([ref, a, or]) => `{.section ${ref}}${a}${or === '' ? '' : `{.or}${or}`}{.end}`),
    fc
      .tuple(REF, inner(), maybe(inner()), maybe(inner()))
      .map(
        ([ref, a, alt, or]) =>
          `{.repeated section ${ref}}${a}${alt === '' ? '' : `{.alternates with}${alt}`}${or === '' ? '' : `{.or}${or}`}{.end}`,
      ),
    fc
      .tuple(
        PREDICATE,
        inner(),
        maybe(fc.tuple(PREDICATE, inner()).map(([p, b]) => `{.or ${p}}${b}`)),
        maybe(inner()),
      )
      .map(([p, a, orp, or]) => `{.${p}}${a}${orp}${or === '' ? '' : `{.or}${or}`}{.end}`),
    fc
      .tuple(IF, inner(), maybe(inner()))
      .map(([cond, a, or]) => `${cond}${a}${or === '' ? '' : `{.or}${or}`}{.end}`),
  );
}

function instruction(size: Size, depth: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: VARIABLE },
    { weight: 5, arbitrary: block(size, depth) },
    { weight: 2, arbitrary: BIND },
    { weight: 1, arbitrary: EVAL },
    { weight: 1, arbitrary: COMMENT },
    { weight: 1, arbitrary: SPECIAL },
  );
}

function sequence(size: Size, depth: number, minLength: number): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(maybe(TEXT, 3), instruction(size, depth)), { minLength, maxLength: size.maxInstructions })
    .map((items) => items.map(([t, i]) => t + i).join(''));
}

/** A whole template, sometimes damaged: a few characters cut out at a random place. */
export function template(size: Size): fc.Arbitrary<string> {
  return fc
    .tuple(
      sequence(size, 0, 1),
      fc.option(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 4 })), { nil: undefined, freq: 9 }),
    )
    .map(([source, damage]) => {
      if (damage === undefined) return source;
      const at = damage[0] % Math.max(1, source.length);
      return source.slice(0, at) + source.slice(at + damage[1]);
    });
}

const SCALAR = fc.oneof(
  fc.constantFrom(0, 1, 2, 3, -1, 1.5, 1234.5678, 1e21, 0.000001, 1700000000000),
  fc.integer({ min: -1000, max: 1000 }),
  fc.constantFrom('', 'abc', 'ab', 'a b', '12', '3.5', '<i>&"\'', 'Hello World', '1500x1000', '-', 'x.y'),
  fc.boolean(),
  fc.constant(null),
);

/** JSON of the shape templates read: the template's own names, arrays, money and nesting. */
const VALUE: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: SCALAR },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { value: '12.5', currency: 'EUR' },
        { decimalValue: '3', currencyCode: 'JPY' },
      ),
    },
    { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...KEYS, 'title'), tie('value'), { maxKeys: 3 }) },
  ),
})).value;

export const DATA: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.dictionary(fc.constantFrom(...KEYS), VALUE, { maxKeys: 6 }),
    fc.option(fc.constantFrom('Europe/Berlin', 'America/New_York', 'Asia/Tokyo'), {
      nil: undefined,
      freq: 3,
    }),
  )
  .map(([data, zone]) => (zone === undefined ? data : { ...data, website: { timeZone: zone } }));

export const CASE = (size: Size) => fc.record({ template: template(size), json: DATA });
