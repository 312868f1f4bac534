// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

const SPECIFIER =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

const resolveLocal = (from: string, specifier: string): string => {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    path.join(base, 'index.ts'),
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`cannot resolve ${specifier} from ${from}`);
  return found;
};

/** Every file reachable from the entry through static and dynamic imports, and the packages they import. */
const moduleGraph = (entries: string[]) => {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = entries.map((entry) => path.join(root, entry));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? '';
      if (specifier.startsWith('.')) queue.push(resolveLocal(file, specifier));
      else packages.add(specifier);
    }
  }
  return {
    files: [...files].map((file) => path.relative(root, file)).sort(),
    packages: [...packages].sort(),
  };
};

const REACT =
  /^(react|react-dom|preact)(\/|$)|^zustand(\/(react|shallow|traditional))?$|^@floating-ui\/react/;

describe('the store and the api are framework-free (CONTRIBUTING.md "Folder map")', () => {
  it.each(['src/store/index.ts', 'src/api/index.ts', 'src/page/reporter.ts'])(
    '%s reaches no React, directly or through its imports',
    (entry) => {
      const { files, packages } = moduleGraph([entry]);
      expect(files.length).toBeGreaterThan(1);
      expect(packages.filter((name) => REACT.test(name))).toEqual([]);
      expect(files.filter((file) => file.endsWith('.tsx'))).toEqual([]);
    },
  );

  it('imports only ky and zustand/vanilla from packages', () => {
    const { packages } = moduleGraph(['src/store/index.ts', 'src/page/reporter.ts']);
    expect(packages).toEqual(['ky', 'zustand/vanilla']);
  });

  it('builds its store with zustand/vanilla', () => {
    const source = readFileSync(path.join(root, 'src/store/index.ts'), 'utf8');
    expect(source).toMatch(/from 'zustand\/vanilla'/);
  });
});
