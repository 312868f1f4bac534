// @vitest-environment node
import path from 'node:path';
import type { ChunkingContext } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { chunkOf, chunkSplitting } from '../../scripts/chunk-plan.js';
import type { ChunkRow } from '../../vite.config.js';

const root = path.resolve(import.meta.dirname, '../..');
const id = (file: string) => path.resolve(root, file);

// A table of the same shape as CHUNKS, over a small graph of made-up files.
const ROWS: readonly ChunkRow[] = [
  { name: 'page', from: ['page/entry.ts'], holds: 'alone' },
  { name: 'start', from: ['start.ts', 'page/entry.ts'], holds: 'all', except: /\/dropped\.ts$/ },
  { name: 'platform', from: ['platform.ts'], holds: 'all' },
  { name: 'later', from: ['flow.ts', 'popup.ts'], holds: 'shared' },
];
const HOMES = { pill: 'start' };
const GRAPH: Record<string, string[]> = {
  'start.ts': ['store.ts', 'dropped.ts'],
  'widgets/pill/index.ts': ['pill.ts'],
  'page/entry.ts': ['rules.ts', 'alert.ts', 'flags.ts', 'widgets/pill/index.ts'],
  'other/entry.ts': ['alert.ts', 'texts.ts'],
  'platform.ts': ['flags.ts', 'dropped.ts'],
  'flow.ts': ['texts.ts', 'flow-only.ts'],
  'popup.ts': ['popup-texts.ts'],
};
const ENTRIES = ['start.ts', 'page/entry.ts', 'other/entry.ts', 'widgets/pill/index.ts'].map(id);
const imports = (m: string) => (GRAPH[path.relative(root, m)] ?? []).map(id);

describe('the chunk each module goes to, by the declared table', () => {
  const name = chunkOf(ROWS, HOMES, ENTRIES, imports);
  const held = (file: string) => name(id(file));

  it('gives an `alone` row what only its files import', () => {
    expect(held('rules.ts')).toBe('page');
    // The platform row's files count as entries: a module they share is not the page's alone.
    expect(held('flags.ts')).toBe('start');
  });

  it('gives an `all` row everything its files import, but what it excepts', () => {
    expect(held('store.ts')).toBe('start');
    expect(held('alert.ts')).toBe('start');
    expect(held('pill.ts')).toBe('start');
    expect(held('dropped.ts')).toBe('platform');
  });

  it('gives a `shared` row what two of its files, or one and another entry, import', () => {
    expect(held('texts.ts')).toBe('later');
    expect(held('flow-only.ts')).toBeNull();
    expect(held('popup-texts.ts')).toBeNull();
  });

  it('never holds the roots: a carried widget entry, the later files themselves', () => {
    expect(held('widgets/pill/index.ts')).toBeNull();
    expect(held('flow.ts')).toBeNull();
    expect(held('popup.ts')).toBeNull();
    expect(held('unrelated.ts')).toBeNull();
  });
});

describe("the bundler's code-splitting group", () => {
  it('reads the graph the bundler reports once it names the first chunk', () => {
    let asked = 0;
    const ctx = {
      getModuleInfo: (m: string) => {
        asked += 1;
        return { importedIds: imports(m) };
      },
    } as unknown as ChunkingContext;
    const splitting = chunkSplitting(ROWS, HOMES, ENTRIES);
    expect(splitting.includeDependenciesRecursively).toBe(false);
    const [group] = splitting.groups ?? [];
    expect(group?.debugName).toBe('CHUNKS');
    expect(asked).toBe(0);
    const name = group?.name as (id: string, ctx: ChunkingContext) => string | null;
    expect(name(id('rules.ts'), ctx)).toBe('page');
    expect(asked).toBeGreaterThan(0);
    expect(name(id('store.ts'), ctx)).toBe('start');
    expect(name(id('texts.ts'), ctx)).toBe('later');
  });
});
