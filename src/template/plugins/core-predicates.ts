import type { PredicateFn, PredicateTable, TemplateContext } from './api';

const hasOwn = Object.prototype.hasOwnProperty;

function truthy(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'object') {
    if (Array.isArray(v)) return v.length > 0;
    for (const k in v) if (hasOwn.call(v, k)) return true;
    return false;
  }
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  return Boolean(v);
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) =>
      hasOwn.call(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

/** Numbers compare as numbers, strings as strings (code-unit order); mixed pairs do not compare. */
function compare(a: unknown, b: unknown): number | null {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return null;
}

/** One argument compares the current node with it; two compare the arguments. */
function operands(ctx: TemplateContext, args: readonly string[]): [unknown, unknown] | null {
  if (args.length === 0) return null;
  if (args.length === 1) return [ctx.node, ctx.arg(args[0] as string)];
  return [ctx.arg(args[0] as string), ctx.arg(args[1] as string)];
}

const comparison =
  (test: (c: number) => boolean): PredicateFn =>
  (ctx, args) => {
    const pair = operands(ctx, args);
    if (pair === null) return false;
    const c = compare(pair[0], pair[1]);
    return c !== null && !Number.isNaN(c) && test(c);
  };

/** The value a numeric predicate tests: its argument when given, else the current node. */
function subject(ctx: TemplateContext, args: readonly string[]): number {
  const v = args.length > 0 ? ctx.arg(args[0] as string) : ctx.node;
  return typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
}

/** core predicates. */
export const corePredicates: PredicateTable = {
  'equal?': (ctx, args) => {
    const pair = operands(ctx, args);
    return pair !== null && deepEqual(pair[0], pair[1]);
  },
  'notEqual?': (ctx, args) => {
    const pair = operands(ctx, args);
    return pair !== null && !deepEqual(pair[0], pair[1]);
  },
  'greaterThan?': comparison((c) => c > 0),
  'greaterThanOrEqual?': comparison((c) => c >= 0),
  'lessThan?': comparison((c) => c < 0),
  'lessThanOrEqual?': comparison((c) => c <= 0),
  'debug?': (ctx) => truthy(ctx.resolve('debug')),
  'even?': (ctx, args) => {
    const n = subject(ctx, args);
    return Number.isInteger(n) && n % 2 === 0;
  },
  'odd?': (ctx, args) => {
    const n = subject(ctx, args);
    return Number.isInteger(n) && Math.abs(n % 2) === 1;
  },
  /** `{.nth? N}` tests the node; `{.nth? value N}` tests the value. False for non-integers and N = 0. */
  'nth?': (ctx, args) => {
    const value = args.length >= 2 ? ctx.arg(args[0] as string) : ctx.node;
    const divisor = ctx.arg(args[args.length >= 2 ? 1 : 0] ?? '');
    const n = typeof value === 'number' ? value : Number.NaN;
    const d = typeof divisor === 'number' ? divisor : Number.NaN;
    return Number.isInteger(n) && Number.isInteger(d) && d !== 0 && n % d === 0;
  },
  'plural?': (ctx, args) => subject(ctx, args) > 1,
  'singular?': (ctx, args) => subject(ctx, args) === 1,
  'units-metric?': (ctx) => {
    ctx.error('engine', 'The units-metric? formatter is not yet implemented');
    return false;
  },
};
