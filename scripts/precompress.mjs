// Writes a `.br` and a `.gz` beside every text file the reference server sends from dist/, so it
// answers `Accept-Encoding` with bytes compressed once at build time (@fastify/static's
// `preCompressed`) instead of sending them raw or compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|map|txt)$/;
/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 256;

function* files(path) {
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path)) yield* files(join(path, name));
  } else if (COMPRESSIBLE.test(path)) {
    yield path;
  }
}

/** Compresses every file under `paths` (files or folders); returns the bytes before and after. */
export function precompress(paths) {
  const totals = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  for (const root of paths) {
    for (const file of files(root)) {
      const raw = readFileSync(file);
      if (raw.length < MIN_BYTES) continue;
      const gz = gzipSync(raw, { level: 9 });
      const br = brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      });
      writeFileSync(`${file}.gz`, gz);
      writeFileSync(`${file}.br`, br);
      totals.files += 1;
      totals.raw += raw.length;
      totals.gzip += gz.length;
      totals.brotli += br.length;
    }
  }
  return totals;
}
