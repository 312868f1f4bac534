/**
 * The demo's own assets (demo/assets/) compressed once at server start into a scratch folder
 * named by their content, so the static server answers `Accept-Encoding` from files as it does
 * for dist/ (whose compressed files the build writes). The source folder stays as it is.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;
/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 256;

/** The folder holding `<name>.br` and `<name>.gz` for each compressible file of `dir` (flat). */
export function precompressedFolder(dir: string): string {
  const files = readdirSync(dir)
    .filter((name) => COMPRESSIBLE.test(name) && statSync(join(dir, name)).isFile())
    .sort()
    .map((name) => ({ name, bytes: readFileSync(join(dir, name)) }))
    .filter((f) => f.bytes.length >= MIN_BYTES);
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.name).update('\0').update(f.bytes);
  // Named by content: an edited asset gets a new folder at the next start, never a stale file.
  const out = join(tmpdir(), `sf-demo-assets-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(join(out, '.complete'))) return out;
  mkdirSync(out, { recursive: true });
  for (const { name, bytes } of files) {
    writeFileSync(join(out, `${name}.gz`), gzipSync(bytes, { level: 9 }));
    writeFileSync(
      join(out, `${name}.br`),
      brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }),
    );
  }
  writeFileSync(join(out, '.complete'), '');
  return out;
}
