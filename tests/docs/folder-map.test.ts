// @vitest-environment node
/**
 * CONTRIBUTING's folder map is how a newcomer finds where a thing lives, so it names every folder
 * of the repository's first level and the folders directly under src/, demo/ and tests/.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** The map: the first fenced block under "## Folder map". */
function folderMap(): string {
  const text = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
  const section = text.slice(text.indexOf('## Folder map'));
  const block = /```\n([\s\S]*?)```/.exec(section);
  return block?.[1] ?? '';
}

/** Folders holding tracked files, at `under` (the repository's first level when empty). */
function trackedFolders(under: string): string[] {
  const files = execFileSync('git', ['ls-files', '--', under === '' ? '.' : under], {
    cwd: ROOT,
    encoding: 'utf8',
  }).split('\n');
  const depth = under === '' ? 0 : under.split('/').length;
  const folders = files.flatMap((file) => {
    const parts = file.split('/');
    return parts.length > depth + 1 ? [parts[depth] ?? ''] : [];
  });
  // Dot folders (.ci) hold tooling, not code.
  return [...new Set(folders)].filter((name) => name !== '' && !name.startsWith('.')).sort();
}

describe("CONTRIBUTING's folder map", () => {
  const map = folderMap();
  const named = new Set([...map.matchAll(/(?:^|[\s/])([\w.<>-]+)\//gm)].map((m) => m[1]));

  it.each([
    ['the repository', ''],
    ['src/', 'src'],
    ['demo/', 'demo'],
    ['tests/', 'tests'],
  ])('names every folder of %s', (_label, under) => {
    const folders = trackedFolders(under);
    expect(folders.length).toBeGreaterThan(2);
    expect(folders.filter((name) => !named.has(name))).toEqual([]);
  });
});
