/**
 * The script-tag build sends through src/api/transport-fetch.ts instead of the ky transport: the
 * same outcomes (the api suites run over both, tests/src/api/transport-fetch*.test.ts) for
 * several KB less on every page (README "Performance"). npm users keep ky.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

export function fetchTransport(): Plugin {
  const kyTransport = resolve(root, 'src/api/transport.ts');
  const fetchOnly = resolve(root, 'src/api/transport-fetch.ts');
  return {
    name: 'sf-fetch-transport',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith('.') || importer === fetchOnly) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === kyTransport ? fetchOnly : null;
    },
  };
}
