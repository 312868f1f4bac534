/**
 * `npm run fuzz:template`: agreement with the reference on random templates at two sizes.
 *
 *   npm run fuzz:template                       10,000 templates per size, seed 1
 *   npm run fuzz:template -- --runs 2000 --seed 7
 *   npm run fuzz:template -- --dump /tmp/diffs.jsonl   every undocumented difference, one a line
 *
 * Prints the agreement, the documented differences skipped and templates per second, and for
 * each size the first undocumented difference shrunk to a minimal case. Exits 1 below 99.5%.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { LARGE, SMALL } from './grammar';
import { measure } from './oracle';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const raw = at >= 0 ? process.argv[at + 1] : undefined;
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} takes a positive integer`);
  return n;
}

const runs = option('runs', 10_000);
const seed = option('seed', 1);
const dumpAt = process.argv.indexOf('--dump');
const dump = dumpAt >= 0 ? process.argv[dumpAt + 1] : undefined;
if (dump !== undefined) writeFileSync(dump, '');
let ok = true;
for (const size of [SMALL, LARGE]) {
  const m = measure(size, runs, seed, (c, a, b) => {
    if (dump !== undefined)
      appendFileSync(dump, `${JSON.stringify({ size: size.name, ...c, ours: a, theirs: b })}\n`);
  });
  console.log(
    `${m.size.padEnd(6)} ${m.agreement.toFixed(2)}% agree (${m.agree} of ${m.runs - m.documented}; ` +
      `${m.documented} of ${m.runs} skipped as documented differences) ${Math.round(m.perSecond)} templates/s`,
  );
  if (m.counterexample !== null)
    console.log(`  first difference, shrunk:\n${m.counterexample.replace(/^/gm, '    ')}`);
  if (m.agreement < 99.5) ok = false;
}
process.exitCode = ok ? 0 : 1;
