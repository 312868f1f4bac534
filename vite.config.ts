/**
 * One config, five builds chosen by `--mode` (scripts/build.mjs runs them in order):
 *
 * - `loader`  -> dist/loader.js: classic IIFE, no framework, version baked in.
 * - `widgets` -> dist/widgets/<name>.js: one ESM entry per widgets/<name>/index.ts plus the
 *                framework-free `runtime` entry; react aliased to preact/compat; the api sends
 *                through plain fetch instead of ky; shared code in hashed chunks under
 *                dist/widgets/chunks/.
 * - `lib`     -> dist/lib/src/index.js and dist/lib/widgets/<name>/npm.js: ESM for bundlers,
 *                one file per module so an app splits by route; react, zustand, ky and
 *                floating-ui stay external (react is a peer). Declarations come from tsc.
 * - `template` -> dist/lib/template.js, dist/lib/template-commerce.js: the template engine,
 *                bundled and minified.
 * - `cli`     -> dist/cli/sf-template.js: the template CLI for node, with a shebang.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minifySync } from 'rolldown/experimental';
import { startFiles, type ManifestChunk } from './demo/server/preload.js';
import { chunkRequests } from './scripts/chunk-requests.js';
import { fetchTransport } from './scripts/fetch-transport.js';
import { floatingUiReact } from './scripts/floating-ui-react.js';
import { PREACT_ALIASES, reactShims } from './scripts/react-shims.js';
import { widgetStyles } from './scripts/widget-styles.js';
import { WIDGET_NAMES } from './src/contract.js';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

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

/**
 * Modules of a few hundred bytes that chunks with nothing else in common share: the bundler would
 * make each a file of its own, a request on every page that uses it for less than the request's
 * own headers. Each module that imports one gets its own copy instead (see {@link copiedModules}),
 * which the bundler places in that module's chunk. A copy is a module of its own: these hold no
 * state, so two copies on one page behave as one.
 *
 * - `src/readers.ts` (240 B): the response and schema readers of the cart, forms and restock
 *   endpoints, the form schemas and the session calls.
 * - `src/contract-account.ts` (120 B): the account events' names, shared by the account widget,
 *   the restock tools and the session calls.
 * - `src/react/ui/messages.ts` (600 B): the texts of the additional-fields form and of multi-part
 *   fields, shared by the cart page, the site form and the form dialog.
 * - `src/messages/fields.ts` (170 B): the answers' texts those texts and the cart page's start from.
 * - `src/react/ui/field-parts.tsx` (750 B): the inputs of likert and multi-part fields, shared by the
 *   site form and the additional-fields form.
 */
export const COPIED_MODULES = [
  'src/readers.ts',
  'src/contract-account.ts',
  'src/react/ui/messages.ts',
  'src/messages/fields.ts',
  'src/react/ui/field-parts.tsx',
] as const;

/**
 * The id of the copy of `id` that `importer` imports. An importer that is itself a copy names its
 * own copy too, so each copy of a copied module gets copies of its own of what it imports in turn
 * (one copy shared by several would be one more file of its own). Other queries are left out.
 */
export const copyId = (id: string, importer: string): string => {
  const [file = importer, query = ''] = importer.split('?');
  const name = posix.relative(root, file).replace(/[^\w.-]/g, '_');
  const copyOf = /(?:^|&)sf-copy=([^&]+)/.exec(query)?.[1];
  return `${id}?sf-copy=${copyOf === undefined ? name : `${name}__${copyOf}`}`;
};

/**
 * Gives each module that imports one of {@link COPIED_MODULES} a copy of its own (module ids
 * `<file>?sf-copy=<importer>`), which the chunk plan and the bundler then treat like any module
 * that one importer uses.
 */
function copiedModules(): Plugin {
  const copied = new Set<string>(COPIED_MODULES.map((f) => resolve(root, f)));
  // Only an import whose file name is one of theirs is resolved a second time here.
  const names = new Set(COPIED_MODULES.map((f) => posix.basename(f).replace(/\.tsx?$/, '')));
  return {
    name: 'sf-copied-modules',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !names.has(posix.basename(source).replace(/\.[cm]?[jt]sx?$/, ''))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !copied.has(resolved.id)) return null;
      return copyId(resolved.id, importer);
    },
  };
}

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
 * - `platform` holds what every page loads once its widgets have mounted: the platform layer
 *   (analytics, identity, sessions, flags), the api client it sends with, the store's tab sync.
 *   The account widget runs on its sessions, so it loads this chunk rather than keep a copy.
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
    name: 'platform',
    from: ['src/page/platform-api.ts', 'src/api/analytics.ts', 'src/api/client.ts', 'src/store/sync.ts'],
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

/** A module's static imports, as the bundler reports them while it chunks. */
export type StaticImports = (id: string) => readonly string[];

/**
 * The `name` of the build's one code-splitting group: which row of {@link CHUNKS} holds each module
 * (`null`: none), by the graph the bundler reports. `entries` are the build's entry modules. The
 * roots of a row, the carried widgets' entries and the later code's own modules, are never held.
 */
export function chunkOf(entries: readonly string[], imports: StaticImports): (id: string) => string | null {
  const reach = new Map<string, Set<string>>();
  const reached = (from: string): Set<string> => {
    let seen = reach.get(from);
    if (seen) return seen;
    seen = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...imports(id));
    }
    reach.set(from, seen);
    return seen;
  };
  const abs = (files: readonly string[]) => files.map((f) => resolve(root, f));
  const platform = abs(CHUNKS.find((row) => row.name === 'platform')?.from ?? []);
  const everyEntry = [...new Set([...entries, ...platform])];
  const kept = new Set([
    ...Object.keys(WIDGET_HOMES).map((name) => resolve(root, 'widgets', name, 'index.ts')),
    ...abs(CHUNKS.find((row) => row.name === 'later')?.from ?? []),
  ]);
  const rows = CHUNKS.map((row) => ({ ...row, from: abs(row.from) }));
  return (id) => {
    if (kept.has(id)) return null;
    for (const { name, from, holds, except } of rows) {
      if (except?.test(id)) continue;
      const users = from.filter((f) => reached(f).has(id)).length;
      if (users === 0) continue;
      const others = everyEntry.filter((e) => !from.includes(e) && reached(e).has(id)).length;
      if (
        holds === 'all' ||
        (holds === 'alone' && others === 0) ||
        (holds === 'shared' && users + others > 1)
      )
        return name;
    }
    return null;
  };
}

const LIB_EXTERNAL = /^(react|react-dom|zustand|ky|@floating-ui\/react)(\/.*)?$/;

/**
 * Our modules read plain data objects (no getters with effects) and freeze constant tables: without
 * these two hints an unused table such as PAGE_TYPES or FEATURE_FLAGS stays in a bundle because a
 * property read or a freeze call might have had an effect.
 */
const TREESHAKE = { propertyReadSideEffects: false, manualPureFunctions: ['Object.freeze'] } as const;

/**
 * `dist/widget-homes.json`: {@link WIDGET_HOMES} for what reads the build without this config (the
 * reference server's preload hints, scripts/size.mjs).
 */
function widgetHomesFile(): Plugin {
  return {
    name: 'sf-widget-homes',
    generateBundle() {
      const source = `${JSON.stringify(WIDGET_HOMES)}\n`;
      this.emitFile({ type: 'asset', fileName: 'widget-homes.json', source });
    },
  };
}

/**
 * The chunk files (under dist/widgets/) a cart read at start imports besides the runtime: the cart
 * endpoints, the api client and what they import, read from the widgets build's manifest by the
 * rule the reference server names its preload hints with (demo/server/preload.ts `startFiles`).
 * The loader fetches them beside the runtime when there is a cart to read. Empty, with a warning,
 * when the widgets have not been built first (scripts/build.mjs builds them first).
 */
export function cartCode(dist = resolve(root, out)): string[] {
  const path = resolve(dist, 'widgets-manifest.json');
  if (!existsSync(path)) {
    process.stderr.write(`warning: ${path} not found: the loader will not preload the cart code\n`);
    return [];
  }
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  const homes = new Map(Object.entries(WIDGET_HOMES));
  const runtime = startFiles(manifest, homes, [], { cart: false, forms: false });
  return startFiles(manifest, homes, [], { cart: true, forms: false }).filter((f) => !runtime.includes(f));
}

/** `names` with those of the page contract first, in its order (the order means nothing else). */
const inContractOrder = (names: readonly string[]): string[] => [
  ...WIDGET_NAMES.filter((name) => names.includes(name)),
  ...names.filter((name) => !(WIDGET_NAMES as readonly string[]).includes(name)),
];

function loaderConfig(): UserConfig {
  return {
    plugins: [widgetHomesFile()],
    define: {
      __SF_VERSION__: JSON.stringify(pkg.version),
      // In the page contract's order, as its WIDGET_NAMES the loader also holds: the same list
      // three times gzips to one copy.
      __SF_WIDGETS__: JSON.stringify(inContractOrder(widgetNames())),
      __SF_STYLED__: JSON.stringify(inContractOrder(styledWidgetNames())),
      __SF_HOMES__: JSON.stringify(WIDGET_HOMES),
      __SF_CART_CODE__: JSON.stringify(cartCode()),
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

/** The script-tag build. */
function widgetsConfig(): UserConfig {
  const entries: Record<string, string> = {
    runtime: resolve(root, 'src/page/runtime.ts'),
  };
  for (const name of widgetNames()) entries[name] = resolve(root, 'widgets', name, 'index.ts');
  const name = (id: string, ctx: ChunkingContext): string | null =>
    (held ??= chunkOf(Object.values(entries), (m) => ctx.getModuleInfo(m)?.importedIds ?? []))(id);
  let held: ((id: string) => string | null) | undefined;
  return {
    resolve: { alias: PREACT_ALIASES },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [
      fetchTransport(),
      floatingUiReact(),
      reactShims(),
      copiedModules(),
      widgetStyles('', styledWidgetNames),
      // Each import() with what its chunk imports; the bundler's helper inside its users.
      chunkRequests({ everyPage: ['platform'] }),
    ],
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
          // The chunks of CHUNKS, by the graph the bundler reports (chunkOf above).
          codeSplitting: { includeDependenciesRecursively: false, groups: [{ name }] },
        },
      },
    },
  };
}

/**
 * The template engine ships minified: it runs as it is on servers and in browsers, and a bundler
 * has nothing to shake out of it (render() reaches every formatter). Vite leaves library ES output
 * unminified (whitespace kept, for the pure annotations a consumer's bundler reads), so the
 * template build's chunks are minified here, after Vite's own pass, which would print them again.
 */
function minifyTemplateEntry(): Plugin {
  return {
    name: 'sf-minify-template',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk') chunk.code = minifySync(chunk.fileName, chunk.code).code;
      }
    },
  };
}

/**
 * The package's widgets, each an entry of its own (`storefront-widgets/<name>`, widgets/<name>/npm.ts),
 * by the folders that have one.
 */
export function npmWidgetNames(): string[] {
  return widgetNames().filter((name) => existsSync(resolve(root, 'widgets', name, 'npm.ts')));
}

/**
 * The npm entry and the widgets' entries, one output file per source module (`preserveModules`),
 * beside tsc's declarations (dist/lib/src/..., dist/lib/widgets/...). A bundler splits an app by
 * module, never inside one: bundled into shared chunks, the cart page and the product form would
 * load with the first route of any app that imports the pill, however lazily the other routes
 * import them. With `"sideEffects"` in package.json, a name imported from the root brings only the
 * modules it needs. No source maps: 1.36 MB of the tarball were maps.
 */
function libConfig(): UserConfig {
  const widgetEntries = Object.fromEntries(
    npmWidgetNames().map((name) => [`widgets/${name}/npm`, resolve(root, 'widgets', name, 'npm.ts')]),
  );
  return {
    plugins: [widgetStyles('styles/', styledWidgetNames)],
    build: {
      outDir: `${out}/lib`,
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      reportCompressedSize: false,
      lib: {
        entry: { 'src/index': resolve(root, 'src/index.ts'), ...widgetEntries },
        formats: ['es'],
      },
      rolldownOptions: {
        external: (id) => LIB_EXTERNAL.test(id),
        treeshake: TREESHAKE,
        output: {
          preserveModules: true,
          preserveModulesRoot: root,
          entryFileNames: '[name].js',
        },
      },
    },
  };
}

/**
 * The template engine's two entries, bundled and minified (dist/lib/template.js,
 * dist/lib/template-commerce.js): they run as they are on servers and in browsers.
 */
function templateConfig(): UserConfig {
  return {
    plugins: [minifyTemplateEntry()],
    build: {
      outDir: `${out}/lib`,
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      reportCompressedSize: false,
      lib: {
        entry: {
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
    case 'template':
      return templateConfig();
    case 'cli':
      return cliConfig();
    default:
      throw new Error(`vite.config.ts: unknown mode "${mode}" (use loader, widgets, lib, template or cli)`);
  }
});
