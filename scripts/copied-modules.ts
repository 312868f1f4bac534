/**
 * Gives each module that imports one of the listed modules a copy of its own (module ids
 * `<file>?sf-copy=<importer>`), which the chunk plan and the bundler then treat like any module
 * that one importer uses: the copy travels in its importer's chunk rather than as a file of a few
 * hundred bytes of its own. The list, and why each module is on it, is `COPIED_MODULES` of
 * vite.config.ts; a copy is a module of its own, so a listed module holds no state.
 */
import { posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The id of the copy of `id` that `importer` imports. An importer that is itself a copy names its
 * own copy too, so each copy of a copied module gets copies of its own of what it imports in turn
 * (one copy shared by several would be one more file of its own). Other queries are left out.
 */
export const copyId = (id: string, importer: string): string => {
  const [file = importer, query = ''] = importer.split('?');
  const name = posix.relative(root, file).replace(/[^\w.-]/g, '_');
  const copyOf = /(?:^|&)sf-copy=([^&]+)/.exec(query)?.[1];
  return `${id}?sf-copy=${copyOf === undefined ? name : `${name}__${copyOf}`}`;
};

/** `files`: the copied modules, by their path from the repository's root. */
export function copiedModules(files: readonly string[]): Plugin {
  const copied = new Set<string>(files.map((f) => resolve(root, f)));
  // Only an import whose file name is one of theirs is resolved a second time here.
  const names = new Set(files.map((f) => posix.basename(f).replace(/\.tsx?$/, '')));
  return {
    name: 'sf-copied-modules',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !names.has(posix.basename(source).replace(/\.[cm]?[jt]sx?$/, ''))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !copied.has(resolved.id)) return null;
      return copyId(resolved.id, importer);
    },
  };
}
