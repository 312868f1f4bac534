/**
 * Which static files the server may send: inside their root with symlinks followed, and never a
 * database file (the live database through another handle would leak it and drop its locks).
 */
import { realpathSync } from 'node:fs';
import { resolve, sep } from 'node:path';

/** SQLite's own files: the database, its log and its shared memory. */
const DATABASE_FILE = /\.(sqlite3?|db)(-wal|-shm|-journal)?$/i;

/**
 * Whether a static file may be served: its real path (symlinks followed) lies inside the real
 * root, and it is no database file. Reading the live database through another file handle is
 * not only a leak: closing that handle drops SQLite's locks, which can cost acknowledged writes.
 */
export function staticFileGuard(dbPath: string): (pathName: string, root: string | undefined) => boolean {
  const dbFiles =
    dbPath === ':memory:' ? [] : ['', '-wal', '-shm', '-journal'].map((s) => resolve(dbPath) + s);
  const realRoots = new Map<string, string | null>();
  const realRoot = (root: string): string | null => {
    if (!realRoots.has(root)) {
      try {
        realRoots.set(root, realpathSync(root));
      } catch {
        realRoots.set(root, null);
      }
    }
    return realRoots.get(root) ?? null;
  };
  return (pathName, root) => {
    if (root === undefined) return false;
    const base = realRoot(root);
    if (base === null) return false;
    const full = resolve(root, `.${pathName.startsWith('/') ? '' : '/'}${pathName}`);
    let real: string;
    try {
      real = realpathSync(full);
    } catch {
      // Missing: nothing to leak; the static server answers 404 itself.
      return !DATABASE_FILE.test(full);
    }
    if (real !== base && !real.startsWith(base + sep)) return false;
    return !DATABASE_FILE.test(real) && !dbFiles.includes(real) && !dbFiles.includes(full);
  };
}
