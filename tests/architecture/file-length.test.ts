// @vitest-environment node
/**
 * CONTRIBUTING "Folder map": files are cut by topic and named for what they hold, and none of the
 * code outside the template engine (src/template, whose parts are measured against one another)
 * is over 400 lines. A file that grows past it is cut by topic, never to fit a chunk.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const MAX_LINES = 400;
/** The code: the loader, the core, the widgets, the reference server and the build's scripts. */
const FOLDERS = ['loader', 'src', 'widgets', 'demo', 'scripts'];
const EXEMPT_FOLDER = 'src/template/';
const CODE = /\.(ts|tsx|js|mjs|css)$/;

/**
 * Files over the limit whose cut by topic is a change of its own under way, each with where it
 * goes. An entry whose file is gone or back under the limit fails below: remove it then.
 */
const CUT_UNDER_WAY: Readonly<Record<string, string>> = {};

const lineCount = (file: string): number => readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1;

const codeFiles = (): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...FOLDERS], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => CODE.test(file) && !file.startsWith(EXEMPT_FOLDER))
    .filter((file) => existsSync(join(ROOT, file)));

describe('file length', () => {
  it(`keeps every code file outside ${EXEMPT_FOLDER} within ${MAX_LINES} lines`, () => {
    const files = codeFiles();
    expect(files.length).toBeGreaterThan(100);
    const over = files
      .filter((file) => !(file in CUT_UNDER_WAY) && lineCount(file) > MAX_LINES)
      .map((file) => `${file}: ${lineCount(file)} lines`);
    expect(over).toEqual([]);
  });

  it('lists only cuts still under way: files that exist and are over the limit', () => {
    const stale = Object.keys(CUT_UNDER_WAY).filter(
      (file) => !existsSync(join(ROOT, file)) || lineCount(file) <= MAX_LINES,
    );
    expect(stale).toEqual([]);
  });
});
