/**
 * Template engine throughput, side by side with the reference implementation (a devDependency
 * used only as a yardstick and a differential check). Corpus templates are read from
 * ../shared at run time. Run: npm run bench:template
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { compileUncached } from '../src/template/compiled';
import { compile, renderCompiled } from '../src/template/index';

interface Case {
  id: string;
  template: string;
  json: unknown;
  partials?: Record<string, string>;
  injects?: Record<string, unknown>;
  locale: string | null;
  expected: string;
}

interface ReferenceCompiler {
  parse(source: string): { code: unknown };
  execute(props: Record<string, unknown>): { ctx: { render(): string } };
}

const corpus = path.resolve(process.cwd(), '../shared/conformance/template-engine/cases.jsonl');
const cases = new Map<string, Case>(
  readFileSync(corpus, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Case)
    .map((c) => [c.id, c]),
);

const require = createRequire(import.meta.url);
const reference = require('@squarespace/template-engine') as { Compiler: new () => ReferenceCompiler };
const refCompiler = new reference.Compiler();

const SUBJECTS: readonly [string, string][] = [
  ['commerce product-checkout', 'plugins/f-product-checkout-1'],
  ['predicate-heavy comparisons', 'plugins/p-comparisons-1'],
  ['macros with @args', 'plugins/f-macro-8'],
  ['nested repeated sections', 'bindvar-1'],
];

const DURATION_MS = Number(process.env.BENCH_MS ?? 1000);

/** Runs fn repeatedly for about DURATION_MS after a warm-up and returns operations per second. */
function measure(fn: () => unknown): number {
  const warmEnd = performance.now() + DURATION_MS / 4;
  while (performance.now() < warmEnd) fn();
  let ops = 0;
  const start = performance.now();
  let now = start;
  while (now - start < DURATION_MS) {
    for (let k = 0; k < 20; k++) fn();
    ops += 20;
    now = performance.now();
  }
  return (ops * 1000) / (now - start);
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(11);

const rows: string[] = [];
let worst = Number.POSITIVE_INFINITY;
for (const [label, id] of SUBJECTS) {
  const c = cases.get(id);
  if (c === undefined) throw new Error(`corpus case ${id} not found in ${corpus}`);
  const options = {
    partials: c.partials,
    injects: c.injects,
    locale: c.locale,
    enableExpressions: true,
    enableInclude: true,
  };
  const refProps = { json: c.json, partials: c.partials ?? {}, injects: c.injects ?? {}, enableExpr: true, enableInclude: true };
  const compiled = compile(c.template);
  const refCode = refCompiler.parse(c.template).code;

  const ours = renderCompiled(compiled, c.json, options).output.trim();
  const theirs = refCompiler.execute({ ...refProps, code: c.template }).ctx.render().trim();

  const oursFull = measure(() => renderCompiled(compileUncached(c.template), c.json, options));
  const refFull = measure(() => refCompiler.execute({ ...refProps, code: c.template }).ctx.render());
  const oursRender = measure(() => renderCompiled(compiled, c.json, options));
  const refRender = measure(() => refCompiler.execute({ ...refProps, code: refCode }).ctx.render());
  worst = Math.min(worst, oursFull / refFull, oursRender / refRender);
  rows.push(
    [
      label.padEnd(30),
      fmt(oursFull),
      fmt(refFull),
      `${(oursFull / refFull).toFixed(2)}x`.padStart(7),
      fmt(oursRender),
      fmt(refRender),
      `${(oursRender / refRender).toFixed(2)}x`.padStart(7),
      ours === c.expected ? '  yes' : '   NO',
      ours === theirs ? '  yes' : '   no',
    ].join(' '),
  );
}

console.log(
  [
    'template engine throughput (ops/s; higher is better)',
    `${'template'.padEnd(30)} ${'ours c+r'.padStart(11)} ${'ref c+r'.padStart(11)} ${'ratio'.padStart(7)} ${'ours r'.padStart(11)} ${'ref r'.padStart(11)} ${'ratio'.padStart(7)} corpus  =ref`,
    ...rows,
    `lowest ratio: ${worst.toFixed(2)}x (target >= 2x)`,
    'c+r = compile and render each time; r = render a compiled template; corpus = output matches the',
    'expected corpus output; =ref = same output as the reference (which runs without locale data here).',
  ].join('\n'),
);
