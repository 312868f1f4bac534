/**
 * The shared folder beside the project (`../shared`: the specifications and the conformance
 * corpora) is not part of the repository, so a fresh clone has none. The tests that read it ask
 * here for the files they need: when they are there the tests run; when not, one line says what is
 * skipped and why, and they skip; with `SF_REQUIRE_SHARED=1` (CI, `.ci/run`) a missing file fails
 * the test file instead, so the gate never passes without the corpus.
 */
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';

/** The shared folder: beside the project's own folder. */
export const SHARED_DIR = resolve(import.meta.dirname, '../../shared');

/** The path of `name` (e.g. `spec/000_c3f0b60b2df6fc6d.txt`) in the shared folder. */
export const sharedPath = (name: string): string => resolve(SHARED_DIR, name);

/**
 * Whether every file of `names` is in the shared folder, for the tests that read them (`what`,
 * e.g. "the spec's quoted texts"). When one is missing it prints one line naming what is skipped
 * and why, or throws under `SF_REQUIRE_SHARED=1`. Called once per test file, at collection.
 */
export function hasSharedFiles(what: string, names: readonly string[]): boolean {
  const missing = names.map(sharedPath).filter((path) => !existsSync(path));
  if (missing.length === 0) return true;
  const files = missing.map((path) => relative(process.cwd(), path)).join(' and ');
  const shown = `${files} ${missing.length === 1 ? 'is' : 'are'}`;
  if (process.env['SF_REQUIRE_SHARED'] === '1') {
    throw new Error(
      `SF_REQUIRE_SHARED=1 and ${shown} missing, so ${what} cannot run: put the shared folder ` +
        '(specifications and conformance corpora) beside the project.',
    );
  }
  console.log(`skipped: ${what}, because ${shown} missing (no shared folder beside the project)`);
  return false;
}
