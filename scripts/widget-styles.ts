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

/** `names`: the widgets that have a stylesheet. */
export function widgetStyles(prefix: string, names: () => readonly string[]): Plugin {
  return {
    name: 'sf-widget-styles',
    generateBundle() {
      for (const name of names()) {
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
