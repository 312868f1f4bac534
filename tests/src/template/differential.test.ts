// @vitest-environment node
/**
 * Differential check: seeded random templates, well-formed and damaged, rendered by our engine
 * and by the reference implementation (a devDependency used only as an oracle). Only
 * locale-free formatters take part, since the reference runs without locale data here.
 * DIFFERENTIAL_SEEDS=40 runs 40 more seeds.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { render } from '../../../src/template/index';

interface ReferenceCompiler {
  execute(props: Record<string, unknown>): { ctx: { render(): string } };
}
const require = createRequire(import.meta.url);
const { Compiler } = require('@squarespace/template-engine') as { Compiler: new () => ReferenceCompiler };
const reference = new Compiler();

const JSON_DATA = {
  a: { b: 1, c: 'two' },
  b: 'bee',
  list: [1, { x: 'X' }, 3],
  n: 3,
  s: 'ab cd',
  zero: 0,
  empty: [],
  obj: { k: 'v', x: 'ox' },
  t: true,
  f: false,
  arr: [[1, 2], { x: 1 }, null, 'q'],
  nested: { inner: { list: [{ b: 1 }, { b: 2 }] } },
  x: 'root-x',
};
const PARTIALS = { p: '({@}:{@args.k}:{x})' };

const REFS = [
  'a',
  'a.b',
  'a.c',
  'b',
  'list',
  'list.0',
  'list.1.x',
  '@',
  '@index',
  '@index0',
  'n',
  's',
  'zero',
  'empty',
  'obj',
  'obj.k',
  'missing',
  'missing.x',
  'x',
  't',
  'f',
  'arr',
  '@v',
  '@v.x',
  'nested.inner.list',
];
const FORMATTERS = [
  'html',
  'htmlattr',
  'json',
  'str',
  'count',
  'pluralize',
  'round',
  'slugify',
  'safe',
  'truncate 3',
  'mod 3',
  'iter',
  'cycle A B',
  'encode-uri-component',
  'raw',
  'prop x',
  'get b',
  'lookup s',
  'smartypants',
  'encode-space',
  'url-encode',
  'output q',
  'truncate:4:~',
  'truncate 2 !!',
  'cycle#x#y',
  'apply m',
  'pluralize one many',
  'json-pretty',
  'htmltag',
  'key-by x',
  'format a.b s',
];
const PREDICATES = [
  'equal? a.b 1',
  'equal? n 3',
  'notEqual? s "x"',
  'greaterThan? n 2',
  'lessThan? @ 2',
  'even?',
  'odd?',
  'plural?',
  'singular?',
  'nth? 2',
  'debug?',
  'equal? @index 2',
  'equal?:s:"ab cd"',
  'greaterThanOrEqual? s "ab"',
  'lessThanOrEqual? n a.b',
  'notEqual? list arr',
];
const EXPRESSIONS = [
  'n + 1',
  'n * 2',
  's + "!"',
  '@v',
  'a.b == 1',
  '!zero',
  'n ** 2 - 1',
  'list.0 < 3',
  'num(s) + 1',
  '@w = n * 3; @w + 1',
  '(n + 2) * (n - 1) / 4',
  'n % 2 == 1 && t',
  'f || zero || "x"',
  '"a" < "b"',
  'n << 2 | 1',
  '~n ^ 5 & 3',
  's === "ab cd"',
  'a.c != "two"',
  '-n + +3',
  '\'\\u0041\' + "\\x42"',
  '0x1F + 1e2 + .5',
  'str(n) + 1',
  'bool(empty)',
];

function generator(seed: number) {
  let state = seed;
  const rnd = (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  const pick = (xs: readonly string[]) => xs[rnd(xs.length)] as string;
  const maybe = (text: () => string) => (rnd(2) === 1 ? text() : '');
  const block = (depth: number): string => {
    if (depth > 3) return pick(['txt', ' ', '\n', '-']);
    let out = '';
    const count = 1 + rnd(4);
    for (let i = 0; i < count; i++) {
      const inner = () => block(depth + 1);
      switch (rnd(12)) {
        case 0:
        case 1:
          out += pick(['a', ' ', '|', '\n', 'x y']);
          break;
        case 2:
        case 3:
          out += `{${pick(REFS)}}`;
          break;
        case 4:
          out += `{${pick(REFS)}|${pick(FORMATTERS)}}`;
          break;
        case 5:
          out += `{.section ${pick(REFS)}}${inner()}${maybe(() => `{.or}${inner()}`)}{.end}`;
          break;
        case 6:
          out += `{.repeated section ${pick(REFS)}}${inner()}${maybe(() => `{.alternates with}${inner()}`)}${maybe(() => `{.or}${inner()}`)}{.end}`;
          break;
        case 7:
          out += `{.${pick(PREDICATES)}}${inner()}${maybe(() => `{.or ${pick(PREDICATES)}}${inner()}`)}${maybe(() => `{.or}${inner()}`)}{.end}`;
          break;
        case 8:
          out += `{.if ${pick(REFS)}${maybe(() => pick([' || ', ' && ']) + pick(REFS))}}${inner()}${maybe(() => `{.or}${inner()}`)}{.end}`;
          break;
        case 9:
          out += `{.var @v ${pick(REFS)}}`;
          break;
        case 10:
          out += `{.eval ${pick(EXPRESSIONS)}}`;
          break;
        default:
          out += pick([
            `{${pick(REFS)}|apply m}`,
            `{${pick(REFS)}|apply m private}`,
            `{${pick(REFS)}|apply p k=1}`,
            '{.include p}',
            '{.include m output}',
            '{.ctx @v x=a.b y=s}',
            `{.var @v ${pick(REFS)}|${pick(FORMATTERS)}}`,
            '{# c }',
            '{## c ##}',
            '{.meta-left}{.space}{.tab}{.newline}{.meta-right}',
            `{.macro q}[{@}{@args.k}]{.end}{${pick(REFS)}|apply q k=z}`,
            `{${pick(REFS)},${pick(REFS)}|${pick(FORMATTERS)}}`,
          ]);
      }
    }
    return out;
  };
  return (damaged: boolean): string => {
    const template = `{.macro m}<{@}|{x}>{.end}${block(0)}`;
    if (!damaged) return template;
    const cut = rnd(template.length);
    return template.slice(0, cut) + template.slice(cut + 1 + rnd(6));
  };
}

const referenceOutput = (template: string): string =>
  reference
    .execute({ code: template, json: JSON_DATA, partials: PARTIALS, enableExpr: true, enableInclude: true })
    .ctx.render();

describe('differential check against the reference implementation', () => {
  // DIFFERENTIAL_SEEDS=N adds N more seeds (alternately well-formed and damaged) for a deeper run.
  const extra = Number(process.env.DIFFERENTIAL_SEEDS ?? 0);
  const seeds: [string, number, boolean][] = [
    ['well-formed', 1, false],
    ['well-formed', 2, false],
    ['damaged', 3, true],
    ['damaged', 4, true],
    ...Array.from({ length: extra }, (_, k): [string, number, boolean] => [
      k % 2 === 1 ? 'damaged' : 'well-formed',
      1000 + k,
      k % 2 === 1,
    ]),
  ];
  it.each(seeds)(
    'renders 200 %s random templates (seed %i) exactly like the reference',
    (_kind, seed, damaged) => {
      const next = generator(seed);
      const mismatches: string[] = [];
      for (let k = 0; k < 200; k++) {
        const template = next(damaged);
        const ours = render(template, JSON_DATA, { partials: PARTIALS }).output;
        const theirs = referenceOutput(template);
        if (ours !== theirs)
          mismatches.push(
            `${JSON.stringify(template)}\n  ours:   ${JSON.stringify(ours)}\n  theirs: ${JSON.stringify(theirs)}`,
          );
      }
      expect(mismatches).toEqual([]);
    },
  );
});
