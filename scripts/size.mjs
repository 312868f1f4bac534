#!/usr/bin/env node
// `npm run size`: gzip size of every shipped entry against its budget (design.md "Builds").
// Reads dist/ (run `npm run build` first). Exits 1 when anything is over budget or missing.
// `--json` prints the same figures as JSON for tests and tooling.
//
// An entry's size is its own file plus every chunk it imports statically (what the browser
// must fetch before the entry runs), each gzipped on its own because each is its own request.
// Dynamic imports are not counted: they load later, on demand.
//
// The budgets are for JavaScript (design.md: "all JS for a product page"), so the widget rows and
// the product page total count `.js` files only. Stylesheets are measured on their own rows
// (`<entry> css`, `product page css`) against a looser budget: they do not block scripting, and a
// theme may restyle them anyway.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(root, 'dist');
const json = process.argv.includes('--json');
/** `--files`: list every file of every entry with its own gzip size. */
const listFiles = process.argv.includes('--files');

/** 1 KB = 1000 bytes (the stricter reading). */
const KB = 1000;
export const BUDGETS = {
  loader: 1.6 * KB,
  widget: 30 * KB,
  productPage: 25 * KB,
  /** Not a design.md budget: a ceiling so a stylesheet cannot grow unnoticed. */
  productPageCss: 10 * KB,
  /** storefront-widgets/template: the engine without the commerce family. */
  template: 30 * KB,
  /** storefront-widgets/template/commerce: every family, the sf-block fallbacks included. */
  templateCommerce: 45 * KB,
};

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
  return gzipCache.get(file);
}

function fail(message) {
  if (json) process.stdout.write(`${JSON.stringify({ ok: false, error: message })}\n`);
  else process.stderr.write(`size: ${message}\n`);
  process.exit(1);
}

if (!existsSync(resolve(dist, 'loader.js'))) fail('dist/loader.js is missing: run `npm run build` first');
const manifestPath = resolve(dist, 'widgets-manifest.json');
if (!existsSync(manifestPath)) fail('dist/widgets-manifest.json is missing: run `npm run build` first');

/** @type {Record<string, { file: string, name?: string, isEntry?: boolean, imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entriesByName = new Map(
  Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key, chunk]) => [chunk.name ?? key, key]),
);

/** Files (relative to dist/) of a widgets-build entry and its static imports, with its stylesheet. */
function widgetClosure(name) {
  const key = entriesByName.get(name);
  if (!key) return null;
  const files = new Set();
  const visit = (k) => {
    const chunk = manifest[k];
    if (!chunk || files.has(`widgets/${chunk.file}`)) return;
    files.add(`widgets/${chunk.file}`);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(key);
  const css = `widgets/${name}.css`;
  if (existsSync(resolve(dist, css))) files.add(css);
  return files;
}

// Static `import ... from "./x.js"` / `export ... from "./x.js"` / `import "./x.js"`; a dynamic
// `import("./x.js")` does not match because no quote follows `import` directly.
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["'](\.{1,2}\/[^"']+)["']/g;

/** Files (relative to dist/) of an ESM file and its relative static imports, by reading them. */
function fileClosure(rel) {
  const files = new Set();
  const visit = (r) => {
    if (files.has(r)) return;
    const abs = resolve(dist, r);
    if (!existsSync(abs)) return;
    files.add(r);
    const code = readFileSync(abs, 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) visit(posix.join(posix.dirname(r), m[1]));
  };
  visit(rel);
  return files;
}

const sum = (files) => [...files].reduce((n, f) => n + gzipSize(resolve(dist, f)), 0);

const isJs = (file) => file.endsWith('.js');
const isCss = (file) => file.endsWith('.css');

const rows = [];
const missing = [];
/** A budget row over `files`; `kind` picks which of them count (scripts by default). */
function row(name, files, budget, note = '', kind = isJs) {
  const counted = [...files].filter(kind).sort();
  const gzip = sum(counted);
  rows.push({ name, files: counted, gzip, budget, ok: gzip <= budget, note });
}

row('loader', new Set(['loader.js']), BUDGETS.loader);

const widgetNamesInBuild = [...entriesByName.keys()].sort();
for (const name of widgetNamesInBuild) {
  row(`widgets/${name}`, widgetClosure(name), BUDGETS.widget, 'JS: entry + static imports');
}

// The product page: the loader, the runtime, the cart pill, the product form and the instalment
// pill with all they import statically. A widget not yet built is listed so the total cannot
// silently shrink.
const pageFiles = new Set(['loader.js']);
for (const name of ['runtime', 'cart-pill', 'product-form', 'instalment-pill']) {
  const files = widgetClosure(name);
  if (files) for (const f of files) pageFiles.add(f);
  else missing.push(`widgets/${name}`);
}
row(
  'product page total',
  pageFiles,
  BUDGETS.productPage,
  missing.length
    ? `missing from build: ${missing.join(', ')}`
    : 'JS: loader + runtime + cart-pill + product-form + instalment-pill',
);
row('product page css', pageFiles, BUDGETS.productPageCss, 'stylesheets of the same widgets', isCss);

if (existsSync(resolve(dist, 'lib/template.js'))) {
  row('lib/template', fileClosure('lib/template.js'), BUDGETS.template, 'template core + static imports');
} else {
  missing.push('lib/template.js');
}
if (existsSync(resolve(dist, 'lib/template-commerce.js'))) {
  row(
    'lib/template/commerce',
    fileClosure('lib/template-commerce.js'),
    BUDGETS.templateCommerce,
    'every family + static imports',
  );
} else {
  missing.push('lib/template-commerce.js');
}

if (!existsSync(resolve(dist, 'cli/sf-template.js'))) missing.push('cli/sf-template.js');
for (const file of ['lib/index.js', 'lib/index.d.ts', 'lib/template.d.ts']) {
  if (!existsSync(resolve(dist, file))) missing.push(file);
}

const ok = rows.every((r) => r.ok) && missing.length === 0;

if (json) {
  process.stdout.write(`${JSON.stringify({ ok, kb: KB, rows, missing }, null, 2)}\n`);
} else {
  const fmt = (n) => `${(n / KB).toFixed(2)} KB`;
  const nameWidth = Math.max(...rows.map((r) => r.name.length), 5);
  const lines = [
    `${'entry'.padEnd(nameWidth)}  ${'gzip'.padStart(9)}  ${'budget'.padStart(9)}  status`,
    ...rows.flatMap((r) => [
      `${r.name.padEnd(nameWidth)}  ${fmt(r.gzip).padStart(9)}  ${fmt(r.budget).padStart(9)}  ${r.ok ? 'ok  ' : 'OVER'}  ${r.note}`,
      ...(listFiles
        ? r.files.map((f) => `    ${f.padEnd(nameWidth + 10)} ${fmt(gzipSize(resolve(dist, f))).padStart(9)}`)
        : []),
    ]),
    '',
    `1 KB = ${KB} bytes; sizes are gzip -9 of the minified output, each file gzipped on its own.`,
    ...(listFiles ? [] : ['`npm run size -- --files` lists the files behind each figure.']),
  ];
  if (missing.length) lines.push(`missing: ${missing.join(', ')}`);
  lines.push(ok ? 'all entries within budget' : 'over budget or missing: see above');
  process.stdout.write(`${lines.join('\n')}\n`);
}
process.exit(ok ? 0 : 1);
