/**
 * One config, four builds chosen by `--mode` (scripts/build.mjs runs them in order):
 *
 * - `loader`  -> dist/loader.js: classic IIFE, no framework, version baked in.
 * - `widgets` -> dist/widgets/<name>.js: one ESM entry per widgets/<name>/index.ts plus the
 *                framework-free `runtime` entry; react aliased to preact/compat; the api sends
 *                through plain fetch instead of ky; shared code in hashed chunks under
 *                dist/widgets/chunks/.
 * - `lib`     -> dist/lib/{index,template}.js: ESM for bundlers; react, zustand, ky and
 *                floating-ui stay external (react is a peer); the template entry is minified.
 *                Declarations come from tsc.
 * - `cli`     -> dist/cli/sf-template.js: the template CLI for node, with a shebang.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minifySync, type MinifyOptions } from 'rolldown/experimental';
import { defineConfig, type Alias, type Plugin, type UserConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
/**
 * Where the builds go. scripts/build.mjs builds into a scratch folder and swaps it in, so a
 * server reading dist/ (another run's browser tests) never sees it half-written.
 * @default 'dist'
 */
const out = process.env.SF_OUT_DIR ?? 'dist';
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };

/** Widget folders that have an entry module, sorted so chunk names are stable. */
export function widgetNames(): string[] {
  const dir = resolve(root, 'widgets');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(resolve(dir, d.name, 'index.ts')))
    .map((d) => d.name)
    .sort();
}

/** Widgets that ship a stylesheet at widgets/<name>/<name>.css. */
export function styledWidgetNames(): string[] {
  return widgetNames().filter((name) => existsSync(resolve(root, 'widgets', name, `${name}.css`)));
}

// Exact-match aliases: a prefix match on `react` would also rewrite `react-dom/client` wrongly.
const preactAliases: Alias[] = [
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
];

/** Where the script-tag build's `react` and `react-dom/client` come from (src/react/preact-shim.ts). */
export const REACT_SHIMS: Readonly<Record<string, string>> = {
  react: resolve(root, 'src/react/preact-shim.ts'),
  'react-dom/client': resolve(root, 'src/react/preact-dom-shim.ts'),
};

/**
 * `react` and `react-dom/client` from our own modules resolve to the small shims over preact;
 * anything else asking for `react-dom` gets preact/compat. Runs after floatingUiReact(), which
 * gives @floating-ui/react its compat namespace.
 */
function reactShims(): Plugin {
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

/**
 * What goes into the widgets' one shared chunk (`ui`): the UI framework, the React half of the
 * runtime and the framework-free code every storefront page runs at start (site context, cart
 * store, money, their texts). Every product page loads all of it anyway, and
 * one file gzips smaller than ten (each file is its own request and its own compression window).
 * Code only lazy chunks reach (endpoints, parsers of responses, dialogs, analytics) is not listed
 * and stays in those chunks. The runtime entry and the cart pill are in it too: every storefront
 * page carries the cart pill and the runtime, so on any real page they cost less inside this file
 * than as files of their own; `runtime.js` is then this chunk itself.
 */
const UI_CHUNK = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/](preact[\\/](?!compat[\\/])|zustand[\\/])`,
    String.raw`[\\/]src[\\/]react[\\/](boundary|define|mount|provider)\.tsx$`,
    String.raw`[\\/]src[\\/]react[\\/]use-latest\.ts$`,
    String.raw`[\\/]src[\\/]react[\\/]preact(-dom)?-shim\.ts$`,
    // Not the form dialog's loader: only the add flow and the cart page call it, and it travels
    // with the texts those two share.
    String.raw`[\\/]src[\\/]react[\\/]ui[\\/]alert\.tsx$`,
    String.raw`[\\/]src[\\/]page[\\/](context|cookies|navigate|analytics|runtime|create-runtime|choices)\.ts$`,
    String.raw`[\\/]src[\\/](store[\\/]index|api[\\/](page|texts)|contract|result|constants|site-lists)\.ts$`,
    String.raw`[\\/]src[\\/]commerce[\\/](money|instalments)\.ts$`,
    String.raw`[\\/]src[\\/]messages[\\/](format|cart-count|product-labels|instalment|locale|storefront)\.ts$`,
    String.raw`[\\/]widgets[\\/]cart-pill[\\/](cart-pill\.tsx|messages\.ts|props\.ts)$`,
  ].join('|'),
);

/**
 * The product page's two widgets in one file: the product form and the instalment pill (which
 * sits in the form's product block and follows it) load together on every product page, and one
 * file gzips smaller than two. `product-form.js` is that file; `instalment-pill.js` imports it.
 */
const PRODUCT_CHUNK = new RegExp(
  [
    String.raw`[\\/]widgets[\\/]product-form[\\/](index|messages|props|use-add-to-cart|use-add-button)\.ts$`,
    String.raw`[\\/]widgets[\\/]product-form[\\/]product-form\.tsx$`,
    // The product parser, the product rules (state, prices, scarcity, choice, subscription and
    // instalment texts) and the reviews toggle's text (part of the form's
    // catalogue): only the product form and the instalment pill use them at start, so the pages
    // without them (cart, restock, forms) do not carry them in runtime.js, and the parser gzips
    // with the form's own props reader. The reviews toggle itself loads with a product that has
    // reviews (widgets/product-form/product-form.tsx).
    String.raw`[\\/]src[\\/](commerce[\\/](product|product-state|prices|scarcity|choice|subscription-text|instalment-price)|messages[\\/]reviews)\.ts$`,
    String.raw`[\\/]widgets[\\/]instalment-pill[\\/](instalment-pill\.tsx|messages\.ts|props\.ts)$`,
  ].join('|'),
);

const LIB_EXTERNAL = /^(react|react-dom|zustand|ky|@floating-ui\/react)(\/.*)?$/;

/**
 * Copies each widget's stylesheet to a fixed name (`<prefix><name>.css`) so the loader can
 * link it next to the chunk without a manifest. Whitespace and comments are stripped only;
 * the rules ship as written.
 */
/**
 * A widget stylesheet with its `@import '<relative path>';` lines replaced by the files they name
 * (one level: shared UI rules live once in src/react/ui/ui.css). A stylesheet that imports at run time
 * would cost a second request and break under `style-src 'self'` when served from elsewhere.
 */
function inlineImports(file: string): string {
  return readFileSync(file, 'utf8').replace(/^@import\s+['"]([^'"]+)['"];\s*$/gm, (_line, rel: string) =>
    readFileSync(resolve(dirname(file), rel), 'utf8'),
  );
}

function widgetStyles(prefix: string): Plugin {
  return {
    name: 'sf-widget-styles',
    generateBundle() {
      for (const name of styledWidgetNames()) {
        const file = resolve(root, 'widgets', name, `${name}.css`);
        const source = inlineImports(file)
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s*\n\s*/g, '\n')
          .trim();
        this.emitFile({ type: 'asset', fileName: `${prefix}${name}.css`, source: `${source}\n` });
      }
    },
  };
}

/**
 * The script-tag build sends through src/api/transport-fetch.ts instead of the ky transport: the
 * same outcomes (the api suites run over both, tests/src/api/transport-fetch*.test.ts) for
 * several KB less on every page (README "Performance"). npm users keep ky.
 */
function fetchTransport(): Plugin {
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

/**
 * @floating-ui/react copies the whole React namespace (`{ ...React }`), which keeps every export of
 * preact/compat (Children, memo, hydrate, SuspenseList, ...) in the shared chunk of every page,
 * though only the lazily loaded lightbox uses floating-ui. Its `react`/`react-dom` imports get a
 * namespace of exactly {@link FLOATING_UI_REACT_API} instead.
 */
function floatingUiReact(): Plugin {
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

/**
 * Our modules read plain data objects (no getters with effects) and freeze constant tables: without
 * these two hints an unused table such as PAGE_TYPES or FEATURE_FLAGS stays in a bundle because a
 * property read or a freeze call might have had an effect.
 */
const TREESHAKE = { propertyReadSideEffects: false, manualPureFunctions: ['Object.freeze'] } as const;

function loaderConfig(): UserConfig {
  return {
    define: {
      __SF_VERSION__: JSON.stringify(pkg.version),
      __SF_WIDGETS__: JSON.stringify(widgetNames()),
      __SF_STYLED__: JSON.stringify(styledWidgetNames()),
    },
    build: {
      outDir: out,
      emptyOutDir: false,
      target: 'es2020',
      minify: true,
      reportCompressedSize: false,
      lib: {
        entry: resolve(root, 'loader/index.ts'),
        formats: ['iife'],
        name: 'StorefrontLoader',
        fileName: () => 'loader.js',
      },
    },
  };
}

function widgetsConfig(): UserConfig {
  const entries: Record<string, string> = {
    runtime: resolve(root, 'src/page/runtime.ts'),
  };
  for (const name of widgetNames()) entries[name] = resolve(root, 'widgets', name, 'index.ts');
  return {
    resolve: { alias: preactAliases },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [fetchTransport(), floatingUiReact(), reactShims(), widgetStyles('')],
    build: {
      outDir: `${out}/widgets`,
      emptyOutDir: false,
      // Every browser that runs ES modules with dynamic import runs ES2022 too; a lower target
      // would transpile class and private fields into helpers.
      target: 'es2022',
      minify: true,
      manifest: true,
      reportCompressedSize: false,
      lib: { entry: entries, formats: ['es'] },
      rolldownOptions: {
        // Lets the runtime entry hold the framework-free code the widgets share (see below).
        preserveEntrySignatures: 'allow-extension',
        treeshake: TREESHAKE,
        output: {
          entryFileNames: '[name].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
          assetFileNames: 'assets/[name]-[hash][extname]',
          // Lib mode keeps ES output readable by default; these chunks go straight to browsers.
          minify: true,
          comments: false,
          // Every widget needs the UI framework, the React half of the runtime and the shared
          // start-up code (UI_CHUNK): one `ui` chunk rather than pieces split by which lazy chunk
          // shares what (each file is one more request and gzips on its own). runtime.js, the
          // loader's entry, imports it too: every storefront page has a cart pill anyway.
          codeSplitting: {
            includeDependenciesRecursively: false,
            groups: [
              { name: 'ui', test: UI_CHUNK },
              { name: 'product', test: PRODUCT_CHUNK },
              // The failure mapping runs only once a response is in, which takes the client: it
              // travels with it rather than as one more file the first call waits for.
              { name: 'client', test: /[\\/]src[\\/]api[\\/](client|errors|transport-fetch)\.ts$/ },
            ],
          },
        },
      },
    },
  };
}

/**
 * The template engine ships minified: it runs as it is on servers and in browsers, and a bundler
 * has nothing to shake out of it (render() reaches every formatter). Vite leaves library ES output
 * unminified for the npm entry's sake, whose React components need their pure annotations kept
 * for the consumer's bundler; so only the template entry and the chunks no other entry reaches
 * are minified, here.
 */
function minifyTemplateEntry(): Plugin {
  return {
    name: 'sf-minify-template',
    // After Vite's own pass over library output, which would print the code out again.
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const reach = (from: string[]): Set<string> => {
        const seen = new Set<string>();
        const visit = (file: string): void => {
          const c = bundle[file];
          if (c?.type !== 'chunk' || seen.has(file)) return;
          seen.add(file);
          for (const next of [...c.imports, ...c.dynamicImports]) visit(next);
        };
        for (const file of from) visit(file);
        return seen;
      };
      const entries = chunks.filter((c) => c.isEntry);
      const isTemplate = (name: string): boolean => name === 'template' || name === 'template-commerce';
      const template = reach(entries.filter((c) => isTemplate(c.name)).map((c) => c.fileName));
      const others = reach(entries.filter((c) => !isTemplate(c.name)).map((c) => c.fileName));
      for (const chunk of chunks) {
        if (!template.has(chunk.fileName) || others.has(chunk.fileName)) continue;
        // The map is an asset of its own by now; the comment that points at it is put back after.
        const mapFile = `${chunk.fileName}.map`;
        const mapAsset = bundle[mapFile];
        const comment = `//# sourceMappingURL=${posix.basename(mapFile)}`;
        const code = chunk.code.replace(/\n*\/\/# sourceMappingURL=\S+\s*$/, '');
        if (mapAsset?.type !== 'asset') {
          chunk.code = minifySync(chunk.fileName, code).code;
          continue;
        }
        const result = minifySync(chunk.fileName, code, {
          sourcemap: true,
          inputMap: JSON.parse(String(mapAsset.source)) as NonNullable<MinifyOptions['inputMap']>,
        });
        chunk.code = `${result.code}\n${comment}\n`;
        mapAsset.source = JSON.stringify({ ...result.map, file: chunk.fileName });
      }
    },
  };
}

function libConfig(): UserConfig {
  return {
    plugins: [widgetStyles('styles/'), minifyTemplateEntry()],
    build: {
      outDir: `${out}/lib`,
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: true,
      reportCompressedSize: false,
      lib: {
        entry: {
          index: resolve(root, 'src/index.ts'),
          // storefront-widgets/template: the engine without the commerce formatters;
          // storefront-widgets/template/commerce: every family (what the sf-block fallbacks need).
          template: resolve(root, 'src/template/core.ts'),
          'template-commerce': resolve(root, 'src/template/index.ts'),
        },
        formats: ['es'],
      },
      rolldownOptions: {
        external: (id) => LIB_EXTERNAL.test(id),
        treeshake: TREESHAKE,
        output: {
          entryFileNames: '[name].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
        },
      },
    },
  };
}

function cliConfig(): UserConfig {
  return {
    build: {
      outDir: `${out}/cli`,
      emptyOutDir: false,
      target: 'node20',
      ssr: resolve(root, 'src/template/cli.ts'),
      minify: false,
      reportCompressedSize: false,
      rolldownOptions: {
        output: {
          format: 'es',
          // The source's own `#!/usr/bin/env node` line is kept; scripts/build.mjs checks it.
          entryFileNames: 'sf-template.js',
        },
      },
    },
    // The CLI is shipped on its own: bundle everything but node's builtins.
    ssr: { noExternal: true, target: 'node' },
  };
}

export default defineConfig(({ mode }) => {
  switch (mode) {
    case 'loader':
      return loaderConfig();
    case 'widgets':
      return widgetsConfig();
    case 'lib':
      return libConfig();
    case 'cli':
      return cliConfig();
    default:
      throw new Error(`vite.config.ts: unknown mode "${mode}" (use loader, widgets, lib or cli)`);
  }
});
