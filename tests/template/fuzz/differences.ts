/**
 * The deliberate differences from the reference (docs/template-differences.md, one row each).
 *
 * Each row names the formatters it concerns and the inputs on which we choose another output.
 * A disagreeing case is documented only when the reference, made to give our output on exactly
 * those inputs of exactly those formatters, then prints what we print: any other disagreement in
 * the same template still counts.
 */

export interface Difference {
  readonly id: string;
  /** Formatter names the row concerns. */
  readonly formatters: readonly string[];
  /** True for a first value on which we deliberately print something else. */
  readonly applies: (value: unknown) => boolean;
  /** What we print (as the formatter's result) on such a value. */
  readonly ours: (value: unknown) => string;
}

/** A value that is no instant: missing, null, a boolean, an array or an object. */
const notAnInstant = (v: unknown): boolean =>
  v === undefined || v === null || typeof v === 'boolean' || typeof v === 'object';

export const DIFFERENCES: readonly Difference[] = [
  {
    id: 'a date formatter on a value that is no date prints nothing',
    formatters: ['date', 'datetime', 'relative-time'],
    applies: notAnInstant,
    ours: () => '',
  },
];
