/**
 * The demo's own assets (demo/assets/) compressed at server start, so the static server answers
 * `Accept-Encoding` from files as it does for dist/ (whose compressed files the build writes).
 * The copies go into a folder the server makes for itself with `mkdtemp`: a fresh name nobody
 * could have made first, mode 0700. A folder that already exists is never used, whatever it
 * holds: whoever made it would decide what `/demo-assets/outbox.js` runs on the owner's page.
 * The source folder stays as it is.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;
/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 256;

interface Compressed {
  readonly name: string;
  readonly gzip: Buffer;
  readonly br: Buffer;
}

/**
 * The compressed copies made in this process, by the content they were made of: brotli at its
 * best quality takes a quarter of a second for the demo's assets, and tests start many servers.
 * Memory only, so nothing another user can write is ever read back.
 */
const madeInThisProcess = new Map<string, readonly Compressed[]>();

function compressAll(dir: string): readonly Compressed[] {
  const files = readdirSync(dir)
    .filter((name) => COMPRESSIBLE.test(name) && statSync(join(dir, name)).isFile())
    .sort()
    .map((name) => ({ name, bytes: readFileSync(join(dir, name)) }))
    .filter((f) => f.bytes.length >= MIN_BYTES);
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.name).update('\0').update(f.bytes);
  const key = hash.digest('hex');
  let compressed = madeInThisProcess.get(key);
  if (compressed === undefined) {
    compressed = files.map(({ name, bytes }) => ({
      name,
      gzip: gzipSync(bytes, { level: 9 }),
      br: brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }),
    }));
    madeInThisProcess.set(key, compressed);
  }
  return compressed;
}

export interface PrecompressedFolder {
  /** The folder holding `<name>.br` and `<name>.gz` for each compressible file of the source (flat). */
  readonly path: string;
  /** Deletes the folder (the server does when it closes). */
  remove(): void;
}

/** Compresses the files of `dir` into a new folder of this server's own. */
export function precompressedFolder(dir: string): PrecompressedFolder {
  const compressed = compressAll(dir);
  // mkdtemp creates the folder with mode 0700 and fails rather than reuse one; the random
  // suffix is chosen by the system, so no one can plant the folder before the server starts.
  const path = mkdtempSync(join(tmpdir(), 'sf-demo-assets-'));
  for (const { name, gzip, br } of compressed) {
    // `wx`: never write through a file (or a link) that appeared in the folder meanwhile.
    writeFileSync(join(path, `${name}.gz`), gzip, { flag: 'wx', mode: 0o600 });
    writeFileSync(join(path, `${name}.br`), br, { flag: 'wx', mode: 0o600 });
  }
  return {
    path,
    remove() {
      rmSync(path, { recursive: true, force: true });
    },
  };
}
