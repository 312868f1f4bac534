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
  // Missing and null are the same value to the language.
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
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

/**
 * Ordering for the comparison predicates, as the platform orders mixed values. Nothing (missing
 * or null) and structures sort first; against nothing or a structure a value is greater when it
 * is true in the language's sense, else level with it; a boolean against a number compares both
 * as truth values, against text as 0 or 1 with the text as 0; text against a boolean is lower,
 * against a number compares as text; a number against text compares as numbers when the text is
 * one, else the number is greater. Level values need not be equal (`equal?` stays strict), so
 * `lessThanOrEqual?` and `greaterThanOrEqual?` hold for them.
 */
function compare(a: unknown, b: unknown): number {
  const aNull = a === null || a === undefined;
  const bNull = b === null || b === undefined;
  if (aNull) return bNull ? 0 : -1;
  if (typeof a === 'object') return deepEqual(a, b) ? 0 : -1;
  if (bNull || typeof b === 'object') return truthy(a) ? 1 : 0;
  switch (typeof a) {
    case 'boolean':
      if (typeof b === 'number') return Number(a) - Number(truthy(b));
      return Number(a) - (typeof b === 'boolean' ? Number(b) : 0);
    case 'number':
      if (typeof b === 'string') {
        const n = b.trim() === '' ? Number.NaN : Number(b);
        return Number.isNaN(n) ? 1 : a - n;
      }
      return a - Number(b);
    case 'string': {
      if (typeof b === 'boolean') return -1;
      const y = String(b);
      return a < y ? -1 : a > y ? 1 : 0;
    }
    default:
      return 0;
  }
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
    return !Number.isNaN(c) && test(c);
  };

/** The value a numeric predicate tests: its argument when given, else the current node. */
function subjectOf(ctx: TemplateContext, args: readonly string[]): unknown {
  return args.length > 0 ? ctx.arg(args[0] as string) : ctx.node;
}

/** Counting predicates (plural?, singular?) read numbers, numeric text and booleans. */
function count(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return Number.NaN;
}

/** Parity predicates (even?, odd?, nth?) read integers only. */
const integer = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) ? v : Number.NaN);

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
  'even?': (ctx, args) => integer(subjectOf(ctx, args)) % 2 === 0,
  'odd?': (ctx, args) => Math.abs(integer(subjectOf(ctx, args)) % 2) === 1,
  /** `{.nth? N}` tests the node; `{.nth? value N}` tests the value. False for non-integers and N = 0. */
  'nth?': (ctx, args) => {
    const value = args.length >= 2 ? ctx.arg(args[0] as string) : ctx.node;
    const divisor = ctx.arg(args[args.length >= 2 ? 1 : 0] ?? '');
    const d = integer(divisor);
    return d !== 0 && integer(value) % d === 0;
  },
  // Counting predicates test the node; arguments are not read.
  'plural?': (ctx) => count(ctx.node) > 1,
  'singular?': (ctx) => count(ctx.node) === 1,
  'units-metric?': (ctx) => {
    ctx.error('engine', 'The units-metric? formatter is not yet implemented');
    return false;
  },
};
