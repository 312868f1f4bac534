/**
 * @floating-ui/react copies the whole React namespace (`{ ...React }`), which keeps every export of
 * preact/compat (Children, memo, hydrate, SuspenseList, ...) in the shared chunk of every page,
 * though only the lazily loaded lightbox uses floating-ui. In the script-tag build its
 * `react`/`react-dom` imports get a namespace of exactly {@link FLOATING_UI_REACT_API} instead.
 */
import type { Plugin } from 'vite';

const FLOATING_REACT = '\0sf-floating-ui-react';

/**
 * The React API @floating-ui/react uses, all of it from preact/compat. tests/vite.config.test.ts
 * reads floating-ui's files and fails when it starts using a name missing here (a namespace
 * member that is not exported would be `undefined` at run time, not a build error).
 */
export const FLOATING_UI_REACT_API = [
  'cloneElement',
  'createContext',
  'createPortal',
  'flushSync',
  'forwardRef',
  'useCallback',
  'useContext',
  'useEffect',
  'useId',
  'useInsertionEffect',
  'useLayoutEffect',
  'useMemo',
  'useReducer',
  'useRef',
  'useState',
] as const;

export function floatingUiReact(): Plugin {
  return {
    name: 'sf-floating-ui-react',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.includes('/node_modules/@floating-ui/')) return null;
      return /^(react|react-dom|preact\/compat)$/.test(source) ? FLOATING_REACT : null;
    },
    load(id) {
      if (id !== FLOATING_REACT) return null;
      return `export { ${FLOATING_UI_REACT_API.join(', ')} } from 'preact/compat';\n`;
    },
  };
}
