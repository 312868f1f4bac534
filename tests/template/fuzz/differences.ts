/**
 * The deliberate differences from the reference (docs/template-differences.md, one row each).
 * The fuzzer skips exactly these: a case counts as documented only when its template uses the
 * construct a row names.
 */
import type { FuzzCase } from './oracle';

export interface Difference {
  readonly id: string;
  /** True when the case exercises this difference. */
  readonly applies: (c: FuzzCase, ours: string, theirs: string) => boolean;
}

export const DIFFERENCES: readonly Difference[] = [];

/** The documented difference a disagreeing case falls under, or null. */
export function documentedDifference(c: FuzzCase, ours: string, theirs: string): string | null {
  for (const d of DIFFERENCES) if (d.applies(c, ours, theirs)) return d.id;
  return null;
}
