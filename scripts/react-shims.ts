/**
 * The script-tag build's React: `react` and `react-dom/client` from our own modules resolve to the
 * small shims over preact (src/react/preact-shim.ts, src/react/preact-dom-shim.ts); anything else
 * asking for `react-dom` gets preact/compat. Runs after floatingUiReact() (scripts/floating-ui-react.ts),
 * which gives @floating-ui/react its compat namespace.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Alias, Plugin } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where the script-tag build's `react` and `react-dom/client` come from. */
export const REACT_SHIMS: Readonly<Record<string, string>> = {
  react: resolve(root, 'src/react/preact-shim.ts'),
  'react-dom/client': resolve(root, 'src/react/preact-dom-shim.ts'),
};

// Exact-match aliases: a prefix match on `react` would also rewrite `react-dom/client` wrongly.
export const PREACT_ALIASES: Alias[] = [
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
];

export function reactShims(): Plugin {
  return {
    name: 'sf-react-shims',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const shim = REACT_SHIMS[source];
      if (shim) return shim;
      if (source === 'react-dom')
        return this.resolve('preact/compat', importer, { ...options, skipSelf: true });
      return null;
    },
  };
}
