/**
 * Group commit for the reference server's writes. better-sqlite3 runs on the event loop, and with
 * `synchronous = FULL` every commit waited there for the disk (an fsync of the log): each add to
 * cart stalled every other request, by tens of milliseconds when the disk was busy.
 *
 * Here the connection runs with `synchronous = NORMAL`, so a commit only hands its log frames to
 * the kernel (a `write()`, microseconds), and the fsync of the log runs in libuv's thread pool.
 * A response that follows a write waits for an fsync that started after that write: the answer
 * still means "on disk", as with FULL, and every write committed meanwhile shares the next fsync.
 *
 * What each failure costs:
 * - kill -9 (the process dies, the kernel lives): nothing. Committed frames are in the kernel's
 *   page cache once `write()` returns and SQLite replays the log on the next open.
 * - Power cut or kernel crash: writes whose fsync had not finished are lost, and none of them was
 *   acknowledged. The database stays consistent (SQLite's WAL rules; checkpoints still sync).
 */
import { open, type FileHandle } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db';

declare module 'fastify' {
  interface FastifyInstance {
    /** Group commit of a file database; null in memory (nothing to sync). */
    groupCommit: GroupCommit | null;
  }
}

export interface GroupCommit {
  /** Resolves once everything committed before the call is on disk. */
  durable(): Promise<void>;
  /** fsyncs run so far (tests: concurrent writes share them). */
  readonly syncs: number;
}

/**
 * Switches `db` (a file database in WAL mode) to group commit and makes every response that
 * follows a write wait for its fsync. An in-memory database has nothing to sync: null.
 */
export function registerGroupCommit(app: FastifyInstance, db: Db): GroupCommit | null {
  if (db.memory || String(db.pragma('journal_mode', { simple: true })).toLowerCase() !== 'wal') {
    app.decorate('groupCommit', null);
    return null;
  }
  db.pragma('synchronous = NORMAL');
  const walPath = `${db.name}-wal`;
  // Rows changed by this connection since it opened: a response waits only when it moved.
  const changes = db.prepare('SELECT total_changes()').pluck();
  let syncedChanges = changes.get() as number;
  let wal: Promise<FileHandle> | null = null;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let syncs = 0;

  const fsync = async (): Promise<void> => {
    const upTo = changes.get() as number;
    // Kept open for the server's life: the handle is the log's, never the database file's.
    wal ??= open(walPath, 'r');
    try {
      await (await wal).datasync();
    } catch (error) {
      wal = null;
      throw error;
    }
    syncs += 1;
    syncedChanges = Math.max(syncedChanges, upTo);
  };

  const durable = (): Promise<void> => {
    // A sync queued behind the running one starts after the caller's commit: join it.
    if (queued !== null) return queued;
    if (running === null) {
      running = fsync().finally(() => {
        running = null;
      });
      return running;
    }
    // The running sync may have started before the caller's commit: wait for the next one.
    queued = running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return durable();
      });
    return queued;
  };

  // A response waits only when rows changed while its request ran (its own writes or others'
  // it may have read), so reads between write bursts are not held back.
  const changesAtStart = new WeakMap<object, number>();
  app.addHook('onRequest', async (request) => {
    changesAtStart.set(request, changes.get() as number);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const now = changes.get() as number;
    if (now !== syncedChanges && now !== changesAtStart.get(request)) await durable();
    return payload;
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([running, queued]);
    if (wal !== null) await (await wal).close();
  });
  const groupCommit: GroupCommit = {
    durable,
    get syncs() {
      return syncs;
    },
  };
  app.decorate('groupCommit', groupCommit);
  return groupCommit;
}
