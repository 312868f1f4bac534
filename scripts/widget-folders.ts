/**
 * The widgets the builds find by their folders: widgets/<name>/ with an entry module (index.ts),
 * a stylesheet (<name>.css) or an npm entry (npm.ts). Sorted, so chunk names and the loader's
 * lists are stable.
 */
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const widgets = fileURLToPath(new URL('../widgets', import.meta.url));

/** Widget folders that have an entry module. */
export function widgetNames(): string[] {
  if (!existsSync(widgets)) return [];
  return readdirSync(widgets, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(resolve(widgets, d.name, 'index.ts')))
    .map((d) => d.name)
    .sort();
}

/** Widgets that ship a stylesheet at widgets/<name>/<name>.css. */
export function styledWidgetNames(): string[] {
  return widgetNames().filter((name) => existsSync(resolve(widgets, name, `${name}.css`)));
}

/** The script-tag build's widget entries: `<name>` -> widgets/<name>/index.ts. */
export function widgetEntries(): Record<string, string> {
  return Object.fromEntries(widgetNames().map((name) => [name, resolve(widgets, name, 'index.ts')]));
}

/**
 * The package's widgets, each an entry of its own (`storefront-widgets/<name>`):
 * `widgets/<name>/npm` -> widgets/<name>/npm.ts, for the folders that have one.
 */
export function npmWidgetEntries(): Record<string, string> {
  return Object.fromEntries(
    widgetNames()
      .filter((name) => existsSync(resolve(widgets, name, 'npm.ts')))
      .map((name) => [`widgets/${name}/npm`, resolve(widgets, name, 'npm.ts')]),
  );
}
