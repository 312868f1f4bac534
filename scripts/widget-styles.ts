/**
 * Each widget's stylesheet (widgets/<name>/<name>.css) copied to a fixed name
 * (`<prefix><name>.css`) so the loader can link it next to the chunk without a manifest, its
 * `@import '<relative path>';` lines replaced by the files they name, and theirs in turn, each file
 * once (shared UI rules live once in src/react/ui/ui.css; the quick-view stylesheet is the product
 * form's plus its own). A stylesheet that imports at run time would cost a second request and
 * break under `style-src 'self'` when served from elsewhere. Whitespace and comments are stripped
 * only; the rules ship as written.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

function inlineImports(file: string, seen = new Set<string>([file])): string {
  return readFileSync(file, 'utf8').replace(/^@import\s+['"]([^'"]+)['"];\s*$/gm, (_line, rel: string) => {
    const imported = resolve(dirname(file), rel);
    if (seen.has(imported)) return '';
    seen.add(imported);
    return inlineImports(imported, seen);
  });
}

/**
 * The stylesheets to emit, by file name: each styled widget's own, and a widget that travels in
 * another styled widget's file (`homes`: the instalment pill in `product-form`) is also in that
 * widget's stylesheet, after its own rules, as the loader links it: the product page's three
 * widgets come with two stylesheets. A home that is no widget's (the cart pill's `runtime`) makes
 * no stylesheet: its guests keep their own.
 */
export function styleSheets(
  names: readonly string[],
  homes: Readonly<Record<string, string>>,
): Map<string, string[]> {
  const sheets = new Map<string, string[]>(names.map((name) => [name, [name]]));
  for (const [guest, home] of Object.entries(homes)) {
    const sheet = sheets.get(home);
    if (names.includes(guest) && sheet) sheets.set(home, [...sheet, guest]);
  }
  return sheets;
}

/**
 * `names`: the widgets that have a stylesheet; `homes`: where the build puts a widget's code when
 * another file holds it (none for the npm build, whose stylesheets are one per widget).
 */
export function widgetStyles(
  prefix: string,
  names: () => readonly string[],
  homes: Readonly<Record<string, string>> = {},
): Plugin {
  return {
    name: 'sf-widget-styles',
    generateBundle() {
      for (const [sheet, widgets] of styleSheets(names(), homes)) {
        // One `seen` for the sheet: the shared rules (theme.css, ui.css) once however many
        // widgets' stylesheets import them.
        const seen = new Set<string>();
        const source = widgets
          .map((name) => {
            const file = resolve(root, 'widgets', name, `${name}.css`);
            seen.add(file);
            return inlineImports(file, seen);
          })
          .join('\n')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s*\n\s*/g, '\n')
          .trim();
        this.emitFile({ type: 'asset', fileName: `${prefix}${sheet}.css`, source: `${source}\n` });
      }
    },
  };
}
