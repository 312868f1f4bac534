/** docs/performance.md is a reference of each budget, bench and figure, not a log: at most 400 lines. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

it('docs/performance.md stays within 400 lines (its history is git log)', () => {
  const text = readFileSync(resolve(import.meta.dirname, '../../docs/performance.md'), 'utf8');
  expect(text.split('\n').length).toBeLessThanOrEqual(401);
});
