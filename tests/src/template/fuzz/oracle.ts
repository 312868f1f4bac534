/**
 * Renders a case with our engine and with the reference implementation (a devDependency used
 * only as an oracle, given CLDR en data), and measures how often the two agree byte for byte.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { render } from '../../../../src/template/index';
import { DIFFERENCES } from './differences';
import { CASE, type Size } from './grammar';

interface ReferenceCompiler {
  execute(props: Record<string, unknown>): { ctx: { render(): string } };
}
interface ReferenceVariable {
  node: { value: unknown };
  set(value: unknown): void;
}
interface ReferenceFormatter {
  apply(args: string[], vars: ReferenceVariable[], ctx: unknown): void;
}
interface Framework {
  get(locale: string): unknown;
}
const require = createRequire(import.meta.url);
const { Compiler, Formatter, Formatters, Predicates } = require('@squarespace/template-engine') as {
  Compiler: new (props?: {
    formatters?: Record<string, ReferenceFormatter>;
    predicates?: Record<string, unknown>;
  }) => ReferenceCompiler;
  // The reference ignores table entries that are not instances of its Formatter class.
  Formatter: abstract new () => ReferenceFormatter;
  Formatters: Record<string, ReferenceFormatter>;
  Predicates: Record<string, unknown>;
};
const { CLDRFramework } = require('@phensley/cldr') as {
  CLDRFramework: new (options: { loader: (language: string) => unknown }) => Framework;
};
const cldr = new CLDRFramework({
  loader: (language) =>
    JSON.parse(readFileSync(require.resolve(`@phensley/cldr/packs/${language}.json`), 'utf8')) as unknown,
}).get('en');
const reference = new Compiler();

/**
 * The reference with the documented differences applied: on exactly the inputs a row of
 * DIFFERENCES names, its formatter gives our result; everywhere else it is the reference.
 */
const adjusted = (() => {
  const formatters: Record<string, ReferenceFormatter> = { ...Formatters };
  for (const d of DIFFERENCES) {
    for (const name of d.formatters) {
      const original = Formatters[name];
      if (original === undefined) throw new Error(`the reference has no formatter ${name}`);
      class Adjusted extends Formatter {
        override apply(args: string[], vars: ReferenceVariable[], ctx: unknown): void {
          const values = vars.map((v) => v.node.value);
          const first = vars[0];
          if (first !== undefined && d.applies(values)) first.set(d.ours(values));
          else original?.apply(args, vars, ctx);
        }
      }
      formatters[name] = new Adjusted();
    }
  }
  // Given one table the reference drops the default of the other: both are passed.
  return new Compiler({ formatters, predicates: Predicates });
})();

/** A fixed "now" so relative times agree. */
const NOW = Date.UTC(2024, 4, 17, 12, 30, 0);
const PARTIALS = { p: '({@}:{@args.k}:{a})' };

/**
 * Each render gets its own copy of the data, as parsed JSON would be: generated values may share
 * objects, which real data never does, and an engine may not assume otherwise.
 */
const fresh = (json: unknown): unknown => JSON.parse(JSON.stringify(json)) as unknown;

export interface FuzzCase {
  readonly template: string;
  readonly json: Record<string, unknown>;
}

export const ours = (c: FuzzCase): string =>
  render(c.template, fresh(c.json), { partials: PARTIALS, locale: 'en', now: NOW }).output;

function run(compiler: ReferenceCompiler, c: FuzzCase): string {
  try {
    return compiler
      .execute({
        code: c.template,
        json: fresh(c.json),
        partials: PARTIALS,
        cldr,
        now: NOW,
        enableExpr: true,
        enableInclude: true,
      })
      .ctx.render();
  } catch (e) {
    return `(reference threw: ${e instanceof Error ? e.message : String(e)})`;
  }
}

export const theirs = (c: FuzzCase): string => run(reference, c);

export type Verdict = 'agree' | 'documented' | 'differ';

export function judge(c: FuzzCase): Verdict {
  const a = ours(c);
  const b = theirs(c);
  if (a === b) return 'agree';
  return run(adjusted, c) === a ? 'documented' : 'differ';
}

export interface Measurement {
  readonly size: string;
  readonly runs: number;
  readonly agree: number;
  readonly documented: number;
  readonly differ: number;
  /** Agreeing share of the runs that fall under no documented difference, in percent. */
  readonly agreement: number;
  readonly perSecond: number;
  /** The first undocumented difference, shrunk to a minimal case, as fast-check reports it. */
  readonly counterexample: string | null;
}

/**
 * Renders `runs` random cases of `size` from `seed` and counts verdicts; when some differ outside
 * the documented list, runs the property again from the same seed so fast-check shrinks the first
 * of them. `onDiffer` sees every undocumented difference (for a dump).
 */
export function measure(
  size: Size,
  runs: number,
  seed: number,
  onDiffer?: (c: FuzzCase, ours: string, theirs: string) => void,
): Measurement {
  let agree = 0;
  let documented = 0;
  const start = performance.now();
  for (const c of fc.sample(CASE(size), { seed, numRuns: runs })) {
    const verdict = judge(c);
    if (verdict === 'agree') agree++;
    else if (verdict === 'documented') documented++;
    else onDiffer?.(c, ours(c), theirs(c));
  }
  const seconds = (performance.now() - start) / 1000;
  const differ = runs - agree - documented;
  let counterexample: string | null = null;
  if (differ > 0) {
    const details = fc.check(
      fc.property(CASE(size), (c) => judge(c) !== 'differ'),
      { seed, numRuns: runs },
    );
    if (details.failed && details.counterexample !== null) {
      const [c] = details.counterexample;
      counterexample =
        `template: ${JSON.stringify(c.template)}\n` +
        `json:     ${JSON.stringify(c.json)}\n` +
        `ours:     ${JSON.stringify(ours(c))}\n` +
        `theirs:   ${JSON.stringify(theirs(c))}\n` +
        `(seed ${seed}, ${details.numShrinks} shrinks)`;
    }
  }
  return {
    size: size.name,
    runs,
    agree,
    documented,
    differ,
    agreement: runs === documented ? 100 : (100 * agree) / (runs - documented),
    perSecond: runs / seconds,
    counterexample,
  };
}
