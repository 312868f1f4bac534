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
  /** True for the values (every variable of the reference, first first) we print otherwise. */
  readonly applies: (values: readonly unknown[]) => boolean;
  /** What we print (as the formatter's result) on such values. */
  readonly ours: (values: readonly unknown[]) => string;
}

import { activateTwitterLinks } from '../../../../src/template/plugins/social-formatters';

/** A value that is no instant: missing, null, a boolean, an array or an object. */
const notAnInstant = (v: unknown): boolean =>
  v === undefined || v === null || typeof v === 'boolean' || typeof v === 'object';

export const DIFFERENCES: readonly Difference[] = [
  {
    id: 'a date formatter on a value that is no date prints nothing',
    formatters: ['date', 'datetime'],
    applies: (values) => notAnInstant(values[0]),
    ours: () => '',
  },
  {
    // `{a|relative-time}` reads one instant, `{a,b|relative-time}` two.
    id: 'a date formatter on a value that is no date prints nothing',
    formatters: ['relative-time'],
    applies: (values) => values.slice(0, 2).some(notAnInstant),
    ours: () => '',
  },
  {
    id: 'activate-twitter-links escapes the text around its links',
    formatters: ['activate-twitter-links'],
    applies: (values) => typeof values[0] === 'string' && /[&<>"']/.test(values[0]),
    ours: (values) => activateTwitterLinks(String(values[0])),
  },
];
