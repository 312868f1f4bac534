/**
 * The `<link rel="modulepreload">` hints of a server-rendered page. The loader finds the page's
 * blocks, imports their widgets, and the widgets import what their first data call needs: each
 * step waits for the one before, so a cart page waited through six levels of requests before
 * asking for its cart. The server knows which widgets it placed and whether the visitor has a
 * cart, so it names those chunks in the page's `<head>` and the browser fetches them beside the
 * loader, in one round trip (docs/performance.md "Chunks and round trips").
 *
 * The chunk files come from the build's manifest (dist/widgets-manifest.json), read again when
 * the build changes it. A widget another chunk holds (dist/widget-homes.json: the cart pill in
 * `runtime.js`) is named by that chunk, as the loader fetches it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { styleFile } from '../../src/page/widget-files';

export interface ManifestChunk {
  readonly file: string;
  /** The chunk's name: a `CHUNKS` row's for a group (its key then starts with `_`). */
  readonly name?: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
}

/** What a page will load at start besides its widgets' own chunks. */
export interface PageNeeds {
  /** The page reads the visitor's cart at start (a cart cookie, a signed-in visitor, the cart page). */
  readonly cart: boolean;
  /**
   * A site form on the page fetches its schema through the forms api at start. Sending goes
   * through it too, but only once the visitor has filled the form in: not a start need.
   */
  readonly forms: boolean;
}

export interface WidgetChunks {
  /** The URLs to preload for a page placing `widgets`, the runtime first; none without a build. */
  hints(widgets: readonly string[], needs: PageNeeds): string[];
  /**
   * The URL of the stylesheet that holds a widget's rules, as the loader links it: where another
   * styled widget's file holds its code, that widget's (`product-form.css` for the instalment
   * pill), else its own.
   */
  styleSheet(widget: string): string;
}

/**
 * The modules behind each need: their chunks and what those import. A name without a path is a
 * chunk of `CHUNKS` (vite.config.ts) by its name: the api client's `client` groups modules and has
 * no module's key in the manifest.
 */
export const NEED_MODULES: Readonly<Record<'cart' | 'forms', readonly string[]>> = {
  // The cart read at start and the client it sends with (src/api/page.ts loads them side by side);
  // the writes (src/api/cart.ts) wait for the shopper.
  cart: ['src/api/cart-read.ts', 'client'],
  forms: ['src/api/forms.ts'],
};

/** Where the page loads the widgets build from (the loader's own folder). */
const WIDGETS_URL = '/dist/widgets/';

/** The widget names placed in `html`: every `data-sf-widget` attribute the server wrote. */
export function placedWidgets(html: string): string[] {
  return [...new Set([...html.matchAll(/\sdata-sf-widget="([a-z][a-z-]*)"/g)].map((m) => m[1] ?? ''))];
}

interface Build {
  readonly mtimeMs: number;
  readonly manifest: Readonly<Record<string, ManifestChunk>>;
  /** Widgets a chunk of another name holds, by that chunk's entry name. */
  readonly homes: ReadonlyMap<string, string>;
  /** The same homes as a record, and the widgets whose stylesheet the build wrote. */
  readonly files: { readonly homes: Readonly<Record<string, string>>; readonly styled: readonly string[] };
}

/**
 * The chunk files (paths under dist/widgets/) a page placing `widgets` loads at start for them and
 * for `needs`, each with what it imports, from the build's manifest: the runtime first, then what
 * the page's first data calls need, then the widgets' own files. The order is the order of the
 * hints, and over HTTP/1.1 (six connections to a host) the hints after the sixth request wait for
 * a free one: a data call that goes out before the widgets' files have arrived overlaps its round
 * trip with theirs. The cart page under slow 4G showed its entries 0.6 s sooner for it
 * (docs/performance.md "Chunks and round trips"). The reference server's hints name these; the
 * loader's build bakes in the cart's (vite.config.ts `__SF_CART_CODE__`).
 */
export function startFiles(
  manifest: Readonly<Record<string, ManifestChunk>>,
  homes: ReadonlyMap<string, string>,
  widgets: readonly string[],
  needs: PageNeeds,
): string[] {
  const files: string[] = [];
  const visit = (key: string): void => {
    const chunk = manifest[key] ?? manifest[groups.get(key) ?? ''];
    if (!chunk || files.includes(chunk.file)) return;
    files.push(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  const entries = new Map(
    Object.entries(manifest)
      .filter(([, c]) => c.isEntry)
      .map(([key, c]) => [c.file.replace(/\.js$/, ''), key]),
  );
  // The chunks of CHUNKS rows (groups, keyed `_<file>`) by their names, as NEED_MODULES names them.
  const groups = new Map(
    Object.entries(manifest)
      .filter(([key]) => key.startsWith('_'))
      .map(([key, c]) => [c.name, key]),
  );
  const widget = (name: string): void => {
    const key = entries.get(homes.get(name) ?? name);
    if (key) visit(key);
  };
  widget('runtime');
  for (const need of Object.keys(NEED_MODULES) as (keyof typeof NEED_MODULES)[]) {
    if (needs[need]) for (const key of NEED_MODULES[need]) visit(key);
  }
  for (const name of widgets) widget(name);
  return files;
}

export function widgetChunks(distDir: string): WidgetChunks {
  const path = resolve(distDir, 'widgets-manifest.json');
  const homesPath = resolve(distDir, 'widget-homes.json');
  let read: Build | null = null;
  const build = (): Build | null => {
    if (!existsSync(path)) return null;
    const { mtimeMs } = statSync(path);
    if (read?.mtimeMs !== mtimeMs) {
      const homes = existsSync(homesPath)
        ? (JSON.parse(readFileSync(homesPath, 'utf8')) as Record<string, string>)
        : {};
      const widgetsDir = resolve(distDir, 'widgets');
      const styled = existsSync(widgetsDir)
        ? readdirSync(widgetsDir)
            .filter((file) => file.endsWith('.css'))
            .map((file) => file.slice(0, -'.css'.length))
        : [];
      read = {
        mtimeMs,
        manifest: JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>,
        homes: new Map(Object.entries(homes)),
        files: { homes, styled },
      };
    }
    return read;
  };

  return {
    hints(widgets, needs) {
      const current = build();
      if (!current) return [];
      return startFiles(current.manifest, current.homes, widgets, needs).map((file) => WIDGETS_URL + file);
    },
    // Read with the build, once: a page render asks for each stylesheet it links.
    styleSheet: (widget) => {
      const files = build()?.files;
      return WIDGETS_URL + styleFile(widget, files?.homes, files?.styled ?? []);
    },
  };
}
