// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as engine from '../../../src/template/index';
import { createCompiler } from '../../../src/template/compiled';
import { coreRegistry } from '../../../src/template/registry';
import {
  compile,
  compileUncached,
  render,
  renderCompiled,
  type TemplateErrorType,
} from '../../../src/template/index';

describe('template language', () => {
  it('exposes render, compile, compileUncached and renderCompiled as its only runtime exports', () => {
    expect(Object.keys(engine).sort()).toEqual(['compile', 'compileUncached', 'render', 'renderCompiled']);
  });

  it.each([
    ['plain text passes through', 'Hello, world.', {}, 'Hello, world.'],
    ['a dotted variable', '{a.b}', { a: { b: 'x' } }, 'x'],
    ['a missing variable prints nothing', '[{a.b.c}]', {}, '[]'],
    ['objects print nothing, arrays print their items', '{o}|{a}', { o: { x: 1 }, a: [1, 'b'] }, '|1,b'],
    ['numbers print like JSON numbers', '{a} {b} {c}', { a: 1.5, b: 1e21, c: -0 }, '1.5 1e+21 0'],
    ['a formatter chain with arguments', '{s|truncate 5|html}', { s: '<b>bold text' }, '&lt;b&gt;bo...'],
    ['the first character after the name delimits arguments', '{s|truncate:3:!}', { s: 'abcdef' }, 'abc!'],
    ['an unknown formatter leaves the text as written', '{a|nope}', { a: 1 }, '{a|nope}'],
    ['braces that are not instructions stay text', 'a { color: red } {x }', {}, 'a { color: red } {x }'],
    ['a section scopes lookups to its node', '{.section a}{b}{.end}', { a: { b: 'in' }, b: 'out' }, 'in'],
    ['a missing name falls back to outer scopes', '{.section a}{b}{.end}', { a: { c: 1 }, b: 'out' }, 'out'],
    ['a present null does not fall back', '{.section a}[{b}]{.end}', { a: { b: null }, b: 'out' }, '[]'],
    ['an empty section takes the .or branch', '{.section a}A{.or}none{.end}', { a: [] }, 'none'],
    [
      'zero, empty string and false are empty',
      '{.section a}A{.or}-{.end}{.section b}B{.or}-{.end}{.section c}C{.or}-{.end}',
      { a: 0, b: '', c: false },
      '---',
    ],
    [
      'a repeated section with separators',
      '{.repeated section xs}{@}{.alternates with}, {.end}',
      { xs: [1, 2, 3] },
      '1, 2, 3',
    ],
    [
      '@index counts from 1 and @index0 from 0',
      '{.repeated section xs}{@index}{@index0} {.end}',
      { xs: ['a', 'b'] },
      '10 21 ',
    ],
    [
      'an .or chain tries predicates in order',
      '{.equal? a 1}one{.or equal? a 2}two{.or}many{.end}',
      { a: 2 },
      'two',
    ],
    ['.if with ||', '{.if a || b}yes{.or}no{.end}', { b: 1 }, 'yes'],
    ['.if with &&', '{.if a && b}yes{.or}no{.end}', { b: 1 }, 'no'],
    [
      '.if reads operands up to the first other operator',
      '{.if a || b && c}yes{.or}no{.end}',
      { c: 1 },
      'no',
    ],
    ['.var binds a formatted value', '{.var @n name|html}{@n}', { name: 'A&B' }, 'A&amp;B'],
    ['.ctx binds an object of references', '{.ctx @p x=a.b y=c}{@p.x}{@p.y}', { a: { b: 1 }, c: 2 }, '12'],
    ['a macro applies to a node', '{.macro m}<{@}>{.end}{a|apply m}', { a: 'x' }, '<x>'],
    ['macro arguments arrive as @args', '{.macro m}{@args.k}{.end}{@|apply m k=v}', {}, 'v'],
    [
      'a private apply cannot see outer names',
      '{.macro m}[{r}]{.end}{a|apply m private}',
      { a: {}, r: 'R' },
      '[]',
    ],
    ['.eval prints the last value', '{.eval 1 + 2 * 3; 4 ** 2}', {}, '16'],
    ['.eval assigns variables', '{.eval @w = 2 * w}{@w}', { w: 21 }, '42'],
    ['comments print nothing', 'a{# note }b{## multi } line ##}c', {}, 'abc'],
    ['meta and whitespace instructions', '{.meta-left}{.meta-right}{.space}{.tab}{.newline}', {}, '{} \t\n'],
  ])('%s', (_name, template, json, expected) => {
    expect(render(template, json).output).toBe(expected);
  });

  it.each([
    ['a partial through apply', '{a|apply p}', { p: '({@})' }, '(1)'],
    ['.include runs a partial for its bindings only', '{.include p}{@x}', { p: 'hidden{.eval @x = 7}' }, '7'],
    ['.include with output prints it', '{.include p output}', { p: 'shown' }, 'shown'],
  ])('%s', (_name, template, partials, expected) => {
    expect(render(template, { a: 1 }, { partials }).output).toBe(expected);
  });

  it('.inject binds an injected value', () => {
    expect(
      render('{.inject @c conf.json}{@c.name}', {}, { injects: { 'conf.json': { name: 'n' } } }).output,
    ).toBe('n');
  });

  it('skips .eval and .include when they are disabled', () => {
    const r = render(
      '[{.eval 1}][{.include p output}]',
      {},
      {
        enableExpressions: false,
        enableInclude: false,
        partials: { p: 'x' },
      },
    );
    expect(r.output).toBe('[][]');
  });

  it('renders a compiled template many times with the same result as render', () => {
    const compiled = compile('{.repeated section xs}{@|html}{.end}');
    for (const xs of [['<a>'], ['b', 'c']]) {
      expect(renderCompiled(compiled, { xs }).output).toBe(render(compiled.source, { xs }).output);
    }
  });

  it('compileUncached compiles afresh each time, to the same output as the cached compile', () => {
    const source = '{.macro row}[{@}{@args.a}]{.end}{.repeated section xs}{@|apply row a=1}{.end}';
    const first = compileUncached(source);
    const second = compileUncached(source);
    expect(second).not.toBe(first);
    expect(compile(source)).not.toBe(first);
    for (const compiled of [first, second, compile(source)]) {
      expect(renderCompiled(compiled, { xs: ['x', 'y'] }).output).toBe('[x1][y1]');
    }
  });
});

describe('template errors are collected, never thrown', () => {
  it.each<[string, string, Record<string, string>, TemplateErrorType, RegExp]>([
    ['unknown formatter', '{a|shout}', {}, 'unknown-formatter', /Formatter 'shout' is unknown/],
    ['unknown predicate', '{.shiny?}x{.end}', {}, 'unknown-predicate', /Predicate 'shiny\?' is unknown/],
    ['block never executes', '{.section a}A{.or}B{.or}C{.end}', {}, 'assembly', /will never execute/],
    [
      'end of input inside a block',
      '{.section a}open',
      {},
      'assembly',
      /end of input in the middle of SECTION/,
    ],
    [
      'unclosed block',
      '{.repeated section a}{.section x}open',
      {},
      'assembly',
      /Unclosed REPEATED_SECTION block/,
    ],
    ['unknown instruction', '{.sektion a}{b}{.end}', {}, 'syntax', /Instruction '.sektion' is unknown/],
    [
      'instruction not allowed inside a block',
      '{.section a}{.alternates with}{.end}',
      {},
      'assembly',
      /ALTERNATES_WITH is not allowed inside SECTION block/,
    ],
    ['instruction not allowed at root', 'text{.end}', {}, 'assembly', /END is not allowed at root/],
    ['partial not found', '{a|apply nowhere}', {}, 'partial', /'nowhere' not found/],
    [
      'partial parse failure',
      '{a|apply bad}',
      { bad: '{x|shout}' },
      'partial',
      /Partial 'bad' failed to parse/,
    ],
    [
      'partial recursion deeper than 16',
      '{.macro m}{@|apply m}{.end}{a|apply m}',
      {},
      'recursion',
      /recursion deeper than 16/,
    ],
    [
      'unexpected error running an instruction',
      '{bad|encode-uri}',
      {},
      'runtime',
      /Unexpected error running formatter encode-uri/,
    ],
    ['invalid function', '{.eval nope(1)}', {}, 'expression', /Invalid function: nope/],
    ['mismatched parenthesis', '{.eval (1 + 2}', {}, 'expression', /Mismatched parenthesis/],
    ['unterminated string', "{.eval 'abc}", {}, 'expression', /Unterminated string/],
    ['bad hex escape', "{.eval '\\xZZ'}", {}, 'expression', /Bad hex escape/],
    ['bad unicode escape', "{.eval '\\u12'}", {}, 'expression', /Bad unicode escape/],
    ['bad number', '{.eval 1.2.3}', {}, 'expression', /Bad number/],
    ['bad hex number', '{.eval 0x}', {}, 'expression', /Expected digits after start of hex number/],
    ['invalid operator arguments', '{.eval 1 + a}', {}, 'expression', /Invalid operator arguments for add/],
    ['units-metric? is not yet implemented', '{.units-metric?}m{.end}', {}, 'engine', /not yet implemented/],
  ])('reports %s', (_name, template, partials, type, message) => {
    let result: ReturnType<typeof render> | undefined;
    expect(() => {
      result = render(template, { a: { x: 1 }, bad: '\ud800' }, { partials });
    }).not.toThrow();
    expect(result?.errors.some((e) => e.type === type && message.test(e.message))).toBe(true);
  });

  it('names an unknown instruction where it stands, prints it as text and takes its .end with it', () => {
    const r = render('<p>\n{.sektion a}{b}{.end}</p>', { b: 'B' });
    expect(r.output).toBe('<p>\n{.sektion a}B</p>');
    expect(r.errors).toEqual([
      { type: 'syntax', message: "Instruction '.sektion' is unknown", line: 2, column: 1 },
    ]);
  });

  it('takes the .end of an unknown instruction inside a block with it too', () => {
    const r = render('{.section a}{.sektion a}{b}{.end}{.end}', { a: 1, b: 'B' });
    expect(r.output).toBe('{.sektion a}B');
    expect(r.errors.map((e) => e.message)).toEqual(["Instruction '.sektion' is unknown"]);
  });

  it.each([
    ['{.sektion}', "Instruction '.sektion' is unknown"],
    ['{.equal a b}x{.end}', "Instruction '.equal' is unknown"],
  ])('names the unknown instruction of %s', (template, message) => {
    expect(render(template, {}).errors.map((e) => e.message)).toEqual([message]);
  });

  it.each(['{.5em}', '{...rest}', '{.section}', '{.alternates}'])(
    'prints %s as text without an error: it is no misspelt keyword',
    (template) => {
      expect(render(template, {})).toEqual({ output: template, errors: [] });
    },
  );

  it('still reports a stray .end when no unknown instruction explains it', () => {
    const r = render('{.section a}{.end}{.end}', { a: 1 });
    expect(r.errors).toEqual([
      { type: 'assembly', message: 'Instruction END is not allowed at root', line: 1, column: 19 },
    ]);
  });

  it('reports one error for one unclosed section', () => {
    const r = render('a\n{.section s}{s}', { s: 'S' });
    expect(r.output).toBe('a\nS');
    expect(r.errors).toEqual([
      {
        type: 'assembly',
        message: 'Reached end of input in the middle of SECTION',
        line: 2,
        column: 1,
      },
    ]);
  });

  it('reports each unclosed block once, innermost first', () => {
    const r = render('{.repeated section xs}{.if @}{@}', { xs: [1, 2] });
    expect(r.output).toBe('12');
    expect(r.errors).toEqual([
      { type: 'assembly', message: 'Reached end of input in the middle of IF', line: 1, column: 23 },
      { type: 'assembly', message: 'Unclosed REPEATED_SECTION block', line: 1, column: 1 },
    ]);
  });

  it('reports data that throws and renders the rest', () => {
    const data = {
      ok: 'fine',
      get bad(): string {
        throw new Error('boom');
      },
    };
    const r = render('[{bad}][{.section bad}x{.end}][{ok}]', data);
    expect(r.output).toBe('[][][fine]');
    expect(r.errors.map((e) => e.message)).toEqual([
      'Unexpected error running VARIABLE: boom',
      'Unexpected error running SECTION: boom',
    ]);
  });

  it('reports cyclic data a formatter cannot serialise', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic['self'] = cyclic;
    const r = render('{c.self.self.name} {c|json}', { c: cyclic });
    expect(r.output).toBe('loop ');
    expect(r.errors[0]?.message).toMatch(/^Unexpected error running formatter json/);
  });

  it('places parser and assembler errors at their line and column', () => {
    const [error] = render('line one\n  {a|shout}', {}).errors;
    expect(error).toMatchObject({ line: 2, column: 3 });
  });

  it('renders what it can around an error', () => {
    expect(render('a{x|shout}b{.eval (}c', {}).output).toBe('a{x|shout}bc');
  });
});

describe('template limits', () => {
  it.each([
    [
      'too many tokens',
      '{.eval 1 + 1 + 1 + 1}',
      { maxTokens: 5 },
      /Too many tokens: 7 exceeds the limit of 5/,
    ],
    ['a string literal too long', "{.eval 'abcdef'}", { maxStringLength: 5 }, /String too long/],
    ['a built string too long', "{.eval 'abc' + 'def'}", { maxStringLength: 5 }, /String too long/],
  ])('rejects %s in an expression', (_name, template, options, message) => {
    const r = render(template, {}, options);
    expect(r.output).toBe('');
    expect(r.errors.some((e) => e.type === 'expression' && message.test(e.message))).toBe(true);
  });

  it.each([
    ['too many tokens', '{.eval 1 + 1 + 1 + 1}', { maxTokens: 7 }, '4'],
    ['a string literal', "{.eval 'abcde'}", { maxStringLength: 5 }, 'abcde'],
  ])('accepts %s at the limit', (_name, template, options, expected) => {
    expect(render(template, {}, options)).toEqual({ output: expected, errors: [] });
  });

  it('stops mutual recursion at depth 16', () => {
    const template =
      '{.macro emit}{@}{.end}{.macro foo}{@|apply emit}{@|apply bar}{.end}{.macro bar}{@|apply foo}{.end}{n|apply foo}';
    const r = render(template, { n: 1 });
    expect(r.output).toBe('11111111');
    expect(r.errors.some((e) => e.type === 'recursion')).toBe(true);
  });

  const fanOut = `{.macro m}x${'{@|apply m}'.repeat(10)}{.end}{@|apply m}`;
  const nested = '{.repeated section a}'.repeat(6) + '{@}' + '{.end}'.repeat(6);
  // 40^6 leaves built from shared rows: tiny JSON, astronomically large output.
  let wide: unknown = { a: Array.from({ length: 40 }, () => 'x') };
  for (let k = 0; k < 5; k++) wide = { a: Array.from({ length: 40 }, () => wide) };
  const deep = '{.section a}'.repeat(5000) + 'x' + '{.end}'.repeat(5000);

  it.each([
    [
      'branching self recursion',
      fanOut,
      {},
      { maxInstructions: 100_000 },
      /instruction count exceeded the limit of 100000/,
    ],
    [
      'huge repetition',
      nested,
      wide,
      { maxOutputLength: 100_000 },
      /output length exceeded the limit of 100000/,
    ],
    [
      'huge repetition, counted',
      nested,
      wide,
      { maxInstructions: 100_000 },
      /instruction count exceeded the limit of 100000/,
    ],
    ['deep nesting', deep, { a: { a: 1 } }, {}, /nested deeper than 128/],
  ])('finishes a hostile template (%s) and says why', (_name, template, json, options, message) => {
    const r = render(template, json, options);
    expect(r.errors.some((e) => message.test(e.message))).toBe(true);
  });

  it('reports the output limit when the last value passes it, and cuts the output there', () => {
    const r = render('{s|html}', { s: 'x'.repeat(6_000_000) });
    expect(r.errors).toEqual([
      { type: 'runtime', message: 'Render stopped: output length exceeded the limit of 5000000' },
    ]);
    expect(r.output).toHaveLength(5_000_000);
  });

  it('accepts output exactly at the limit', () => {
    expect(render('{s}', { s: 'abcde' }, { maxOutputLength: 5 })).toEqual({ output: 'abcde', errors: [] });
  });

  it('counts the output around a macro toward the limit while the macro renders', () => {
    const r = render(
      '{.macro m}{.repeated section xs}{@}{.end}{.end}abcdefgh{@|apply m}',
      { xs: ['1', '2', '3', '4', '5'] },
      { maxOutputLength: 10 },
    );
    expect(r.output).toBe('abcdefgh');
    expect(r.errors.map((e) => e.message)).toEqual([
      'Render stopped: output length exceeded the limit of 10',
    ]);
  });

  it('keeps the first 1000 compile errors of a template full of them', () => {
    const r = render('{a|nope}\n'.repeat(5000), {});
    expect(r.errors).toHaveLength(1001);
    expect(r.errors[999]).toMatchObject({ line: 1000, column: 1 });
    expect(r.errors[1000]?.message).toBe('More than 1000 errors; the rest are not reported');
  });

  it('rejects an expression nested deeper than 256 and keeps the message short', () => {
    const r = render(`{.eval ${'('.repeat(5000)}1${')'.repeat(5000)}}`, {});
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]?.message).toMatch(
      /^Error parsing expression "\({80}…": Expression nested deeper than 256$/,
    );
  });

  it('keeps at most maxErrors errors', () => {
    const r = render('{a|apply nowhere}'.repeat(50), { a: 1 }, { maxErrors: 10 });
    expect(r.errors).toHaveLength(10);
  });

  it('never throws on random fragments of the language', () => {
    const pieces = [
      '{',
      '}',
      '.section a',
      '.or',
      '.end',
      '.repeated section b',
      '|',
      'html',
      '.eval ',
      '(',
      "'",
      '@',
      '.macro m',
      'apply m',
      '.if a',
      '||',
      ' ',
      'x',
      '.alternates with',
      '#',
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (let n = 0; n < 300; n++) {
      let template = '';
      for (let k = 0; k < 30; k++) template += pieces[next() % pieces.length];
      const r = render(template, { a: { b: [1, 2] }, b: [{ a: 1 }] });
      expect(typeof r.output).toBe('string');
    }
  });
});

describe('the work budget', () => {
  it('stops nested loops with empty bodies and reports it, without throwing', () => {
    // 400 x 400 x 400 = 64 million passes of a body that holds no instruction.
    const c = Array.from({ length: 400 }, (_, k) => k);
    const b = Array.from({ length: 400 }, () => ({ c }));
    const a = Array.from({ length: 400 }, () => ({ b }));
    const template = '{.repeated section a}{.repeated section b}{.repeated section c}{.end}{.end}{.end}done';
    // The 160,400 instructions alone are well inside the default budget (2,000,000); the passes are not.
    const result = engine.render(template, { a });
    expect(result.output).toBe('');
    expect(result.errors.map((e) => e.message)).toEqual([expect.stringContaining('instruction count')]);
  });
});

describe('entries and the compile cache', () => {
  it('the core entry knows no commerce formatter; the commerce entry renders it', async () => {
    const core = await import('../../../src/template/core');
    const template = '{item|sale-price}|{.sold-out? item}x{.end}';
    const item = { structuredContent: { variants: [{ price: 1000, onSale: true, salePrice: 800 }] } };
    expect(core.render(template, { item }).errors.map((e) => e.message)).toEqual([
      expect.stringContaining('sale-price'),
      expect.stringContaining('sold-out?'),
    ]);
    const full = render(template, { item });
    expect(full.errors).toEqual([]);
  });

  it('keeps as many templates as its limit, and starts afresh past it', () => {
    const { compile: compileIn } = createCompiler(coreRegistry, 3);
    const [a, b, c] = ['{a}', '{b}', '{c}'].map((t) => compileIn(t));
    expect(compileIn('{a}')).toBe(a);
    expect(compileIn('{b}')).toBe(b);
    expect(compileIn('{c}')).toBe(c);
    const d = compileIn('{d}');
    expect(compileIn('{d}')).toBe(d);
    // The fourth template emptied the cache: the first three compile again, to the same tree.
    const again = compileIn('{a}');
    expect(again).not.toBe(a);
    expect(again).toEqual(a);
  });

  it('keeps 2,000 templates in turn without compiling any of them twice', () => {
    const sources = Array.from({ length: 2000 }, (_, k) => `{a}turn-${k}`);
    const first = sources.map((s) => compile(s));
    sources.forEach((s, k) => expect(compile(s)).toBe(first[k]));
  });
});
