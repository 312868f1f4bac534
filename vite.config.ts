/**
 * One config, five builds chosen by `--mode` (`BUILDS` below; scripts/build.mjs runs them in order):
 * `widgets` (dist/widgets/: the script-tag build, over preact/compat, its chunks declared by
 * `CHUNKS`), `loader` (dist/loader.js: a classic IIFE, no framework), `lib` (dist/lib/: ESM for
 * bundlers, one file per module; declarations come from tsc), `template` (dist/lib/template*.js:
 * the template engine, minified) and `cli` (dist/cli/sf-template.js: the template CLI for node).
 * This file declares; what the builds run is a module of scripts/ each, tested in tests/scripts/.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chunkSplitting } from './scripts/chunk-plan.js';
import { chunkRequests } from './scripts/chunk-requests.js';
import { copiedModules } from './scripts/copied-modules.js';
import { fetchTransport } from './scripts/fetch-transport.js';
import { floatingUiReact } from './scripts/floating-ui-react.js';
import { cartCode, inContractOrder, loaderFactFiles, packageVersion } from './scripts/loader-defines.js';
import { minifyChunks } from './scripts/minify-chunks.js';
import { PREACT_ALIASES, reactShims } from './scripts/react-shims.js';
import { npmWidgetEntries, styledWidgetNames, widgetEntries, widgetNames } from './scripts/widget-folders.js';
import { widgetStyles } from './scripts/widget-styles.js';
import { defineConfig, type UserConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
/** Where the builds go (`dist`; scripts/build.mjs builds into a scratch folder and swaps it in). */
const out = process.env.SF_OUT_DIR ?? 'dist';

/**
 * Modules of a few hundred bytes that chunks with nothing else in common share: the bundler would
 * make each a file of its own, a request on every page that uses it for less than the request's
 * own headers. Each module that imports one gets its own copy instead (see {@link copiedModules}),
 * which the bundler places in that module's chunk. A copy is a module of its own: these hold no
 * state, so two copies on one page behave as one.
 *
 * - `src/react/ui/messages.ts` (600 B): the texts of the additional-fields form and of multi-part
 *   fields, shared by the cart page, the site form and the form dialog.
 * - `src/messages/fields.ts` (170 B): the answers' texts those texts and the cart page's start from.
 * - `src/react/ui/form-field.tsx`, `src/react/use-field-focus.ts` (210 B): both forms' fields, their focus.
 * - `src/messages/form.ts` (570 B), `src/commerce/validation.ts` (860 B) and
 *   `src/react/use-form-captcha.tsx` (500 B): the forms' texts, the one validation rule and the one
 *   captcha hook, which the site form, the additional-fields form and the account share.
 */
export const COPIED_MODULES = [
  'src/react/ui/messages.ts',
  'src/messages/fields.ts',
  'src/react/ui/form-field.tsx',
  'src/messages/form.ts',
  'src/commerce/validation.ts',
  'src/react/use-form-captcha.tsx',
  'src/react/use-field-focus.ts',
] as const;

/**
 * The chunks of the script-tag build, declared: each row names the entry files whose static
 * imports the chunk may hold and which of them it holds. A module goes to the first row that may
 * hold it; one no row holds is split by the bundler along the dynamic imports (each lazy part: the
 * add flow, a dialog, the response parsers, a catalogue, is a file of its own). Membership follows
 * the import graph, so a module moves with the code that uses it, and a renamed or deleted file
 * leaves no stale rule behind (tests/vite.config.test.ts checks that every file named here exists).
 *
 * `holds`:
 * - `all`: every module those files import statically, directly or not;
 * - `alone`: of those, what no other entry of the build (nor the platform layer) imports;
 * - `shared`: of those, what two of them import, or one of them and another entry.
 *
 * - `product` (`product-form.js`) holds what only the product page's two widgets use: the product
 *   form and what defines the instalment pill (which sits in the form's product block; its own
 *   code loads when the page is idle, widgets/instalment-pill/widget.ts). No other page loads it.
 * - `ui` (`runtime.js`) holds what the start uses: the runtime entry (the loader's), the cart pill
 *   (every storefront page carries one) and what the product widgets share with another widget or
 *   the platform layer. One file gzips smaller than ten, and each file is its own request.
 * - `client`: the api client and its transport, which a cart read at start loads, not the platform.
 * - `platform` holds what every page loads once its widgets are interactive: the platform layer
 *   (analytics, identity, sessions, flags, the account widget's sessions), its analytics endpoints
 *   and the store's tab sync (opened at idle; here, it is off a returning shopper's start).
 * - `later` holds what the product page's later code shares (the instalment pill's code at idle,
 *   the add flow, prefetched, the pill's info popup on a click): one request rather than one per
 *   piece. The cart page loads it too.
 */
export interface ChunkRow {
  readonly name: string;
  readonly from: readonly string[];
  readonly holds: 'all' | 'alone' | 'shared';
  /** Modules the row never holds, though its files import them. */
  readonly except?: RegExp;
}

export const CHUNKS: readonly ChunkRow[] = [
  {
    name: 'product',
    from: ['widgets/product-form/index.ts', 'widgets/instalment-pill/index.ts'],
    holds: 'alone',
  },
  {
    name: 'ui',
    from: [
      'src/page/runtime.ts',
      'widgets/cart-pill/index.ts',
      'widgets/product-form/index.ts',
      'widgets/instalment-pill/index.ts',
    ],
    holds: 'all',
    // What the start imports and drops unused: the platform layer's tables and readers, the React
    // shim's forwardRef and useImperativeHandle (the lazy lightbox's). Held here, the code that
    // uses them would ship with the start.
    except:
      /\/src\/(page\/(constants|cookies|flags|page-limits|query)|messages\/diagnostic-texts|react\/preact-(forward-ref|imperative-handle))\.ts$/,
  },
  {
    name: 'client',
    from: ['src/api/client.ts', 'src/api/parsers.ts'],
    holds: 'all',
  },
  {
    name: 'platform',
    from: ['src/page/platform-api.ts', 'src/api/analytics.ts', 'src/store/sync.ts'],
    holds: 'all',
  },
  {
    name: 'later',
    from: [
      'widgets/instalment-pill/pill-widget.ts',
      'widgets/product-form/add-flow.ts',
      'widgets/instalment-pill/info-popup.tsx',
    ],
    holds: 'shared',
  },
];

/**
 * The widgets whose code runs from another entry's file, by that file (`{ "cart-pill": "runtime" }`):
 * the page never fetches their own entry file, which stays a small file of its own in
 * dist/widgets/ for a page that imports it by name. The loader reads this (`__SF_HOMES__`), and so
 * do the reference server's preload hints and scripts/size.mjs (`dist/widget-homes.json`).
 */
export const WIDGET_HOMES: Readonly<Record<string, string>> = {
  'cart-pill': 'runtime',
  'instalment-pill': 'product-form',
};

const LIB_EXTERNAL = /^(react|react-dom|zustand|ky|@floating-ui\/react)(\/.*)?$/;

/**
 * Our modules read plain data objects and freeze constant tables: without these hints an unused
 * table (PAGE_TYPES, FEATURE_FLAGS) stays in a bundle, as a property read or a freeze might act.
 */
const TREESHAKE = { propertyReadSideEffects: false, manualPureFunctions: ['Object.freeze'] } as const;

/** Every build writes beside the others' output; `npm run size` measures what they write. */
const EVERY_BUILD = { emptyOutDir: false, reportCompressedSize: false } as const;
/** The two builds for bundlers and servers (lib, template): ES2022, minified, no source maps. */
const LIBRARY = { ...EVERY_BUILD, target: 'es2022', minify: true, sourcemap: false } as const;
const LIBRARY_BUNDLE = { external: (id: string) => LIB_EXTERNAL.test(id), treeshake: TREESHAKE };

function loaderConfig(): UserConfig {
  const cart = cartCode(resolve(root, out), WIDGET_HOMES);
  return {
    plugins: [loaderFactFiles(WIDGET_HOMES, cart)],
    define: {
      __SF_VERSION__: JSON.stringify(packageVersion()),
      __SF_WIDGETS__: JSON.stringify(inContractOrder(widgetNames())),
      __SF_STYLED__: JSON.stringify(inContractOrder(styledWidgetNames())),
      __SF_HOMES__: JSON.stringify(WIDGET_HOMES),
      __SF_CART_CODE__: JSON.stringify(cart),
    },
    build: {
      ...EVERY_BUILD,
      outDir: out,
      target: 'es2020',
      minify: true,
      lib: {
        entry: resolve(root, 'loader/index.ts'),
        formats: ['iife'],
        name: 'StorefrontLoader',
        fileName: () => 'loader.js',
      },
    },
  };
}

/** The script-tag build. */
function widgetsConfig(): UserConfig {
  const entries = { runtime: resolve(root, 'src/page/runtime.ts'), ...widgetEntries() };
  return {
    resolve: { alias: PREACT_ALIASES },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [
      fetchTransport(),
      floatingUiReact(),
      reactShims(),
      copiedModules(COPIED_MODULES),
      widgetStyles('', styledWidgetNames, WIDGET_HOMES),
      // Each import() with what its chunk imports; the bundler's helper inside its users.
      chunkRequests({ everyPage: ['platform'] }),
    ],
    build: {
      ...EVERY_BUILD,
      outDir: `${out}/widgets`,
      // Every browser that runs ES modules with dynamic import runs ES2022 too; a lower target
      // would transpile class and private fields into helpers.
      target: 'es2022',
      minify: true,
      manifest: true,
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
          // The chunks of CHUNKS, by the graph the bundler reports (scripts/chunk-plan.ts).
          codeSplitting: chunkSplitting(CHUNKS, WIDGET_HOMES, Object.values(entries)),
        },
      },
    },
  };
}

/**
 * The npm entry and the widgets' entries, one output file per source module beside tsc's
 * declarations: an app's bundler splits by module, never inside one, so each route takes only the
 * modules it imports (docs/npm.md: 113.0 KB of first route where shared chunks made 142.3 KB).
 */
function libConfig(): UserConfig {
  return {
    plugins: [widgetStyles('styles/', styledWidgetNames)],
    build: {
      ...LIBRARY,
      outDir: `${out}/lib`,
      lib: { entry: { 'src/index': resolve(root, 'src/index.ts'), ...npmWidgetEntries() }, formats: ['es'] },
      rolldownOptions: {
        ...LIBRARY_BUNDLE,
        output: { preserveModules: true, preserveModulesRoot: root, entryFileNames: '[name].js' },
      },
    },
  };
}

/**
 * The template engine, bundled and minified (scripts/minify-chunks.ts): `template` without the
 * commerce formatters, `template-commerce` with every family (the sf-block fallbacks need them).
 */
function templateConfig(): UserConfig {
  return {
    plugins: [minifyChunks()],
    build: {
      ...LIBRARY,
      outDir: `${out}/lib`,
      lib: {
        entry: {
          template: resolve(root, 'src/template/core.ts'),
          'template-commerce': resolve(root, 'src/template/index.ts'),
        },
        formats: ['es'],
      },
      rolldownOptions: {
        ...LIBRARY_BUNDLE,
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  };
}

function cliConfig(): UserConfig {
  return {
    build: {
      ...EVERY_BUILD,
      outDir: `${out}/cli`,
      target: 'node20',
      ssr: resolve(root, 'src/template/cli.ts'),
      minify: false,
      rolldownOptions: {
        // The source's own `#!/usr/bin/env node` line is kept; scripts/build.mjs checks it.
        output: { format: 'es', entryFileNames: 'sf-template.js' },
      },
    },
    // The CLI is shipped on its own: bundle everything but node's builtins.
    ssr: { noExternal: true, target: 'node' },
  };
}

/** The builds by `--mode`. */
const BUILDS: Readonly<Record<string, () => UserConfig>> = {
  loader: loaderConfig,
  widgets: widgetsConfig,
  lib: libConfig,
  template: templateConfig,
  cli: cliConfig,
};

export default defineConfig(({ mode }) => {
  const build = BUILDS[mode];
  if (!build) throw new Error(`vite.config.ts: unknown --mode ${mode}: ${Object.keys(BUILDS).join(', ')}`);
  return build();
});
