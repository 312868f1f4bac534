// @vitest-environment node
/**
 * CONTRIBUTING.md "Tests": a test file is named for the file it tests, at the mirrored path
 * (tests/src/commerce/money.test.ts for src/commerce/money.ts; a folder's for the folder, as
 * tests/src/template/plugins/content.test.ts for src/template/plugins/content/), or it is one of
 * the behaviour tests listed here, named for what it holds across files. A new test named for
 * neither fails here: name it for its file, or list it with the behaviour tests.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Folders of tests/ that mirror the source folders (tests/ itself for the root's files). */
const MIRRORED = ['src/', 'widgets/', 'loader/', 'demo/'];

/** Tests named for a behaviour across files, not for one file (chunk failures, hardening, ...). */
const BEHAVIOUR_TESTS = [
  'demo/server/cli.test.ts',
  'demo/server/concurrency.test.ts',
  'demo/server/crumb.test.ts',
  'demo/server/hardening.test.ts',
  'demo/server/head.test.ts',
  'demo/server/owner-pages.test.ts',
  'demo/server/performance.test.ts',
  'demo/server/platform.test.ts',
  'demo/server/restock.test.ts',
  'demo/server/security.test.ts',
  'demo/server/timeouts.test.ts',
  'loader/platform.test.ts',
  'src/api/api.test.ts',
  'src/api/integration.test.ts',
  'src/api/transport-fetch.integration.test.ts',
  'src/commerce/rules-paths.test.ts',
  'src/page/one-runtime.test.ts',
  'src/react/ui/autofill.test.tsx',
  'src/store/no-react.test.ts',
  'src/template/conformance.test.ts',
  'src/template/differential.fuzz.test.ts',
  'src/template/differential.test.ts',
  'src/template/fuzz-regressions.test.ts',
  'src/template/money-differential.test.ts',
  'src/template/plugins/core.test.ts',
  'src/template/plugins/sf-block-widgets.test.ts',
  'src/template/plugins/social.test.ts',
  'src/template/plugins/zone.test.ts',
  'widgets/cart-page/chunk-failure.test.tsx',
  'widgets/cart-page/instalments.test.tsx',
  'widgets/cart-page/writes-warm.test.tsx',
  'widgets/engine-blocks.test.tsx',
  'widgets/inline-callbacks.test.tsx',
  'widgets/product-form/chunk-failure.test.tsx',
  'widgets/product-form/flow-chunk-failure.test.tsx',
  'widgets/product-form/flow-prefetch.test.tsx',
  'widgets/restock-form/slot.test.tsx',
  'widgets/site-form/captcha-chunk.test.tsx',
];

const testFiles = (): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'tests'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => file.slice('tests/'.length))
    .filter((file) => existsSync(join(ROOT, 'tests', file)))
    .filter((file) => !file.includes('/') || MIRRORED.some((folder) => file.startsWith(folder)));

/** Whether tests/<file> is named for a file or folder at the mirrored path. */
function namedForSource(file: string): boolean {
  const base = file.replace(/\.test\.tsx?$/, '');
  const sources = ['.ts', '.tsx', '.js', '.mjs', '.css'].map((ext) => base + ext);
  return [...sources, base].some((path) => existsSync(join(ROOT, path)));
}

describe('test file names', () => {
  it('name the file they test, or are listed as behaviour tests', () => {
    const unnamed = testFiles().filter((file) => !namedForSource(file) && !BEHAVIOUR_TESTS.includes(file));
    expect(unnamed).toEqual([]);
  });

  it('list only behaviour tests that exist and are named for no file', () => {
    const stale = BEHAVIOUR_TESTS.filter(
      (file) => !existsSync(join(ROOT, 'tests', file)) || namedForSource(file),
    );
    expect(stale).toEqual([]);
  });
});
