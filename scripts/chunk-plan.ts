/**
 * Reads the declared chunk table (`CHUNKS` of vite.config.ts: which entry files each chunk may hold
 * from, and which of their imports it holds) against the import graph the bundler reports while it
 * chunks, and hands the result to the bundler's own code splitting as its one group.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChunkingContext, CodeSplittingOptions } from 'rolldown';
import type { ChunkRow } from '../vite.config.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A module's static imports, as the bundler reports them while it chunks. */
export type StaticImports = (id: string) => readonly string[];

/**
 * Which row of `rows` holds each module (`null`: none), by the graph `imports` describes. `entries`
 * are the build's entry modules; the `platform` row's files count as entries too. The roots of a
 * row are never held: the widgets `homes` carries (their entries) and the `later` row's files.
 */
export function chunkOf(
  rows: readonly ChunkRow[],
  homes: Readonly<Record<string, string>>,
  entries: readonly string[],
  imports: StaticImports,
): (id: string) => string | null {
  const reach = new Map<string, Set<string>>();
  const reached = (from: string): Set<string> => {
    let seen = reach.get(from);
    if (seen) return seen;
    seen = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...imports(id));
    }
    reach.set(from, seen);
    return seen;
  };
  const abs = (files: readonly string[]) => files.map((f) => resolve(root, f));
  const platform = abs(rows.find((row) => row.name === 'platform')?.from ?? []);
  const everyEntry = [...new Set([...entries, ...platform])];
  const kept = new Set([
    ...Object.keys(homes).map((name) => resolve(root, 'widgets', name, 'index.ts')),
    ...abs(rows.find((row) => row.name === 'later')?.from ?? []),
  ]);
  const held = rows.map((row) => ({ ...row, from: abs(row.from) }));
  return (id) => {
    if (kept.has(id)) return null;
    for (const { name, from, holds, except } of held) {
      if (except?.test(id)) continue;
      const users = from.filter((f) => reached(f).has(id)).length;
      if (users === 0) continue;
      const others = everyEntry.filter((e) => !from.includes(e) && reached(e).has(id)).length;
      if (
        holds === 'all' ||
        (holds === 'alone' && others === 0) ||
        (holds === 'shared' && users + others > 1)
      )
        return name;
    }
    return null;
  };
}

/**
 * The bundler's code splitting by the table: one group that names each module's chunk by
 * {@link chunkOf}. A row holds what its rule says and no more (not the dependencies of what it
 * holds); what no row holds the bundler splits along the dynamic imports.
 */
export function chunkSplitting(
  rows: readonly ChunkRow[],
  homes: Readonly<Record<string, string>>,
  entries: readonly string[],
): CodeSplittingOptions {
  // The graph is complete once the bundler asks for the first module's chunk.
  let held: ((id: string) => string | null) | undefined;
  const name = (id: string, ctx: ChunkingContext): string | null =>
    (held ??= chunkOf(rows, homes, entries, (m) => ctx.getModuleInfo(m)?.importedIds ?? []))(id);
  return { includeDependenciesRecursively: false, groups: [{ name, debugName: 'CHUNKS' }] };
}
