/**
 * What the loader's build bakes in (vite.config.ts `loader` mode): the package's version, the
 * widgets' names, which file holds each widget another chunk carries, and the files of the cart's
 * code, read from the widgets build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { startFiles, type ManifestChunk } from '../demo/server/preload.js';
import { WIDGET_NAMES } from '../src/contract.js';

/** The version of package.json. */
export function packageVersion(): string {
  const file = fileURLToPath(new URL('../package.json', import.meta.url));
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * The chunk files (under dist/widgets/) a cart read at start imports besides the runtime: the cart
 * endpoints, the api client and what they import, read from the widgets build's manifest in `dist`
 * by the rule the reference server names its preload hints with (demo/server/preload.ts
 * `startFiles`). The loader fetches them beside the runtime when there is a cart to read. Empty,
 * with a warning, when the widgets have not been built first (scripts/build.mjs builds them first).
 */
export function cartCode(dist: string, widgetHomes: Readonly<Record<string, string>>): string[] {
  const path = resolve(dist, 'widgets-manifest.json');
  if (!existsSync(path)) {
    process.stderr.write(`warning: ${path} not found: the loader will not preload the cart code\n`);
    return [];
  }
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  const homes = new Map(Object.entries(widgetHomes));
  const runtime = startFiles(manifest, homes, [], { cart: false, forms: false });
  return startFiles(manifest, homes, [], { cart: true, forms: false }).filter((f) => !runtime.includes(f));
}

/**
 * `names` with those of the page contract first, in its order: the loader holds the contract's
 * WIDGET_NAMES too, and the same list three times gzips to one copy (the order means nothing else).
 */
export const inContractOrder = (names: readonly string[]): string[] => [
  ...WIDGET_NAMES.filter((name) => names.includes(name)),
  ...names.filter((name) => !(WIDGET_NAMES as readonly string[]).includes(name)),
];

/**
 * What the loader's build knows of the widgets build, as files for what reads the build without
 * vite.config.ts: `dist/widget-homes.json`, which file holds each widget another chunk carries (the
 * reference server's preload hints, scripts/size.mjs), and `dist/cart-code.json`, the files the
 * loader starts for a cart read (`cartFiles`, {@link cartCode}'s: scripts/size.mjs counts them).
 */
export function loaderFactFiles(
  widgetHomes: Readonly<Record<string, string>>,
  cartFiles: readonly string[],
): Plugin {
  return {
    name: 'sf-loader-facts',
    generateBundle() {
      const json = (value: unknown) => `${JSON.stringify(value)}\n`;
      this.emitFile({ type: 'asset', fileName: 'widget-homes.json', source: json(widgetHomes) });
      this.emitFile({ type: 'asset', fileName: 'cart-code.json', source: json(cartFiles) });
    },
  };
}
