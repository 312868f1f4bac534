// @vitest-environment node
/**
 * Runs the shared conformance corpus (read from ../shared at test time, never copied; without
 * the shared folder it is skipped with one line, see tests/shared-folder.ts).
 * Filters: CONFORMANCE_FAMILY=<family> (exact), CONFORMANCE_ID=<substring of the case id>.
 * Always prints `conformance: P passed, F failed` and a per-family table; when filtered it also
 * prints expected vs actual for every failure.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { render } from '../../../src/template/index';
import { hasSharedFiles, sharedPath } from '../../shared-folder';

interface Case {
  id: string;
  family: string;
  feature: string;
  template: string;
  json: unknown;
  partials?: Record<string, string>;
  injects?: Record<string, unknown>;
  locale: string | null;
  now?: number;
  expected: string;
}

const CORPUS = 'conformance/template-engine/cases.jsonl';
const hasCorpus = hasSharedFiles('the template conformance corpus', [CORPUS]);

const familyFilter = process.env.CONFORMANCE_FAMILY ?? '';
const idFilter = process.env.CONFORMANCE_ID ?? '';
const filtered = familyFilter !== '' || idFilter !== '';

const cases: Case[] = hasCorpus
  ? readFileSync(sharedPath(CORPUS), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Case)
      .filter(
        (c) =>
          (familyFilter === '' || c.family === familyFilter) && (idFilter === '' || c.id.includes(idFilter)),
      )
  : [];

const results: { id: string; family: string; pass: boolean; expected: string; actual: string }[] = [];

function lineDiff(expected: string, actual: string): string {
  const e = expected.split('\n');
  const a = actual.split('\n');
  const out: string[] = [];
  for (let i = 0; i < Math.max(e.length, a.length); i++) {
    if (e[i] === a[i]) out.push(`  ${e[i]}`);
    else {
      if (e[i] !== undefined) out.push(`- ${e[i]}`);
      if (a[i] !== undefined) out.push(`+ ${a[i]}`);
    }
  }
  return out.join('\n');
}

afterAll(() => {
  if (!hasCorpus) return;
  const passed = results.filter((r) => r.pass).length;
  const failed = results.length - passed;
  const families = new Map<string, { p: number; f: number }>();
  for (const r of results) {
    const row = families.get(r.family) ?? { p: 0, f: 0 };
    if (r.pass) row.p++;
    else row.f++;
    families.set(r.family, row);
  }
  const lines = [`conformance: ${passed} passed, ${failed} failed`, 'family                  passed  failed'];
  for (const [family, row] of [...families].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`${family.padEnd(24)}${String(row.p).padStart(6)}  ${String(row.f).padStart(6)}`);
  }
  if (filtered) {
    for (const r of results.filter((x) => !x.pass)) {
      lines.push('', `--- ${r.id} (- expected, + actual)`, lineDiff(r.expected, r.actual));
    }
  }
  console.log(lines.join('\n'));
});

describe.skipIf(!hasCorpus)('template conformance corpus', () => {
  it('reads every case of the shared corpus', () => {
    if (filtered && cases.length === 0) {
      throw new Error(
        `No conformance case matches CONFORMANCE_FAMILY="${familyFilter}" CONFORMANCE_ID="${idFilter}".`,
      );
    }
    expect(filtered || cases.length === 357).toBe(true);
  });

  it.each(cases.map((c) => [c.id, c] as const))('renders %s as expected', (_id, c) => {
    const { output } = render(c.template, c.json, {
      partials: c.partials,
      injects: c.injects,
      locale: c.locale,
      now: c.now,
      enableExpressions: true,
      enableInclude: true,
    });
    const actual = output.trim();
    results.push({ id: c.id, family: c.family, pass: actual === c.expected, expected: c.expected, actual });
    expect(actual).toBe(c.expected);
  });
});
