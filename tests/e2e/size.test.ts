// Runs with the browser tests because it reads the build: `npm test` builds after the unit tests.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DIST_DIR, PROJECT_ROOT } from './harness.js';

interface Row {
  name: string;
  files: string[];
  gzip: number;
  budget: number;
  ok: boolean;
}

const report = () => {
  const run = spawnSync(process.execPath, [resolve(PROJECT_ROOT, 'scripts/size.mjs'), '--json'], {
    encoding: 'utf8',
  });
  const parsed = JSON.parse(run.stdout) as { ok: boolean; kb: number; rows: Row[]; missing: string[] };
  return { ...parsed, status: run.status };
};
const gzipOf = (file: string) => gzipSync(readFileSync(resolve(DIST_DIR, file)), { level: 9 }).length;

describe('npm run size --json', () => {
  const { rows, status, ok, kb } = report();
  const row = (name: string) => rows.find((r) => r.name === name);

  it('exits 1 exactly when something is over budget or missing', () => {
    expect(status).toBe(ok ? 0 : 1);
  });

  it.each([
    { name: 'loader', budget: 1.6 },
    { name: 'product page total', budget: 25 },
    { name: 'lib/template', budget: 30 },
    { name: 'lib/template/commerce', budget: 45 },
  ])('measures $name against $budget KB', ({ name, budget }) => {
    expect(row(name)?.budget).toBe(budget * kb);
  });

  it('keeps the loader within 1.6 KB gzip and measures the built file itself', () => {
    expect(row('loader')?.gzip).toBe(gzipOf('loader.js'));
    expect(row('loader')?.ok).toBe(true);
  });

  it('counts a widget with every chunk it imports statically', () => {
    const pill = row('widgets/cart-pill');
    // The shared start-up chunk is runtime.js itself (UI_CHUNK in vite.config.ts).
    expect(pill?.files).toEqual(expect.arrayContaining(['widgets/cart-pill.js', 'widgets/runtime.js']));
    expect(pill?.gzip).toBe(pill?.files.reduce((sum, f) => sum + gzipOf(f), 0));
  });

  it('budgets JavaScript only and measures the product page stylesheets on their own row', () => {
    expect(rows.filter((r) => r.name !== 'product page css').flatMap((r) => r.files)).not.toContainEqual(
      expect.stringMatching(/\.css$/),
    );
    const css = row('product page css');
    expect(css?.files).toEqual(expect.arrayContaining(['widgets/cart-pill.css', 'widgets/product-form.css']));
    expect(css?.gzip).toBe(css?.files.reduce((sum, f) => sum + gzipOf(f), 0));
  });

  it('puts the loader, the runtime and the product page widgets in the product page total', () => {
    expect(row('product page total')?.files).toEqual(
      expect.arrayContaining([
        'loader.js',
        'widgets/runtime.js',
        'widgets/cart-pill.js',
        'widgets/product-form.js',
        'widgets/instalment-pill.js',
      ]),
    );
  });
});
