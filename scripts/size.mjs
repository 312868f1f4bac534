#!/usr/bin/env node
// `npm run size`: gzip size of every shipped entry against its budget (./size-budgets.mjs, each
// with its reason; docs/performance.md).
// Reads dist/ (run `npm run build` first). Exits 1 when anything is over budget or missing.
// `--json` prints the same figures as JSON for tests and tooling.
//
// The page rows (`<page> page 10 s`, `<page> page files`) are measured in Chromium: what the
// demo's product, cart, shop and contact pages fetch within 10 s, served by the reference server
// over dist/ (scripts/page-requests.ts), each script counted at its gzip -9 size like the rows
// above. `--static` leaves them out (no browser needed).
//
// `--diff <ref>` also prints each row against the same row at a git ref (a commit, a branch,
// `HEAD~3`): the ref's tree is exported into a scratch folder, built there with its own build
// script and measured with its own size script, so the figures are what that commit shipped.
//
// An entry's size is its own file plus every chunk it imports statically (what the browser
// must fetch before the entry runs), each gzipped on its own because each is its own request.
// Dynamic imports are not counted: they load later, on demand.
//
// The budgets are for JavaScript (docs/decisions.md: "Budgets count JavaScript"), so the widget rows and
// the product page total count `.js` files only. Stylesheets are measured on their own rows
// (`<entry> css`, `product page css`) against a looser budget: they do not block scripting, and a
// theme may restyle them anyway.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { BUDGETS, KB, PAGE_BUDGETS } from './size-budgets.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(root, 'dist');
const json = process.argv.includes('--json');
/** `--files`: list every file of every entry with its own gzip size. */
const listFiles = process.argv.includes('--files');

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

/** Files (relative to dist/) of the widgets-build chunk of manifest key `key` and its static imports. */
function chunkClosure(key) {
  const files = new Set();
  const visit = (k) => {
    const chunk = manifest[k];
    if (!chunk || files.has(`widgets/${chunk.file}`)) return;
    files.add(`widgets/${chunk.file}`);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(key);
  return files;
}

/** Files (relative to dist/) of a widgets-build entry and its static imports, with its stylesheet. */
function widgetClosure(name) {
  const key = entriesByName.get(name);
  if (!key) return null;
  const files = chunkClosure(key);
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
// pill with all they import statically, each widget from the file the loader fetches it from: a
// widget another chunk holds (dist/widget-homes.json, WIDGET_HOMES in vite.config.ts) comes
// with that chunk, never as its own entry file. A widget not yet built is listed so the total
// cannot silently shrink.
const homesPath = resolve(dist, 'widget-homes.json');
/** @type {Record<string, string>} */
const homes = existsSync(homesPath) ? JSON.parse(readFileSync(homesPath, 'utf8')) : {};
if (!existsSync(homesPath)) missing.push('widget-homes.json');
const pageFiles = new Set(['loader.js']);
const pageChunks = [];
for (const name of ['runtime', 'cart-pill', 'product-form', 'instalment-pill']) {
  const chunk = homes[name] ?? name;
  const files = widgetClosure(chunk);
  // A widget another styled widget's file holds is styled by that widget's stylesheet, any other
  // by its own: src/page/widget-files.ts's rule, read here from the files the build wrote.
  const css = existsSync(resolve(dist, `widgets/${chunk}.css`))
    ? `widgets/${chunk}.css`
    : `widgets/${name}.css`;
  if (existsSync(resolve(dist, css))) pageFiles.add(css);
  if (!files) missing.push(`widgets/${chunk}`);
  else if (!pageChunks.includes(chunk)) {
    pageChunks.push(chunk);
    for (const f of files) pageFiles.add(f);
  }
}
row(
  'product page total',
  pageFiles,
  BUDGETS.productPage,
  missing.length
    ? `missing from build: ${missing.join(', ')}`
    : `JS: loader + ${pageChunks
        .map((chunk) => [chunk, ...Object.keys(homes).filter((w) => homes[w] === chunk)].join(' with '))
        .join(' + ')}`,
);
row('product page css', pageFiles, BUDGETS.productPageCss, 'stylesheets of the same widgets', isCss);

// A page that reads the cart at start (a returning shopper's: a cart cookie; the cart page) runs
// the cart code besides its widgets before data-sf-ready: the cart read, the api client and what
// they import, the files the loader starts beside the runtime (dist/cart-code.json, written by the
// loader's build with its `__SF_CART_CODE__`) and the reference server names in its hints.
const cartCodePath = resolve(dist, 'cart-code.json');
/** @type {string[]} */
const cartFiles = existsSync(cartCodePath) ? JSON.parse(readFileSync(cartCodePath, 'utf8')) : [];
const cartCode = new Set(cartFiles.map((file) => `widgets/${file}`));
if (cartCode.size === 0) missing.push('the cart code (cart-code.json)');
const firstVisit = rows[rows.length - 2];
row('returning product page', new Set([...pageFiles, ...cartCode]), BUDGETS.returningProductPage);
const returning = rows[rows.length - 1];
returning.note = `JS: product page total + cart code: first visit + ${(returning.gzip - firstVisit.gzip).toLocaleString('en-US')} B (goal: + 2,000 B)`;
row(
  'cart page start',
  new Set([
    'loader.js',
    ...(widgetClosure('runtime') ?? []),
    ...(widgetClosure('cart-page') ?? []),
    ...cartCode,
  ]),
  BUDGETS.cartPageStart,
  'JS: loader + runtime + cart-page + cart code, before the entries show',
);

// The platform layer's chunk alone (the `platform` row of CHUNKS in vite.config.ts): its own file, not the
// chunks it imports, which other code loads as well.
const platformChunk = Object.values(manifest).find((chunk) => !chunk.isEntry && chunk.name === 'platform');
if (platformChunk) {
  row(
    'platform chunk',
    new Set([`widgets/${platformChunk.file}`]),
    BUDGETS.platform,
    'JS: the file every page loads after its first mount',
  );
} else {
  missing.push('widgets/chunks/platform-*.js');
}

// The product page in each catalogue language: its texts are data, not code (the page carries the
// first part of its catalogue in #sf-messages, or fetches it as JSON: src/page/page-language.ts),
// so every language runs the English page's JavaScript. Each row checks that it does and reports
// the catalogue's first part beside it, as the data it is.
const LANGUAGE_DIR = 'widgets/messages/';
const languages = existsSync(resolve(dist, LANGUAGE_DIR))
  ? readdirSync(resolve(dist, LANGUAGE_DIR))
      .filter((name) => name.endsWith('.json') && !name.endsWith('-more.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .sort()
  : [];
if (languages.length === 0) missing.push(`${LANGUAGE_DIR}*.json`);
/** Reported beside the rows: a figure per locale, against the product page budget. */
const localeRows = languages.map((language) => {
  const files = [...pageFiles].filter(isJs).sort();
  const gzip = sum(files);
  return {
    name: `product page (${language})`,
    files,
    gzip,
    texts: gzipSize(resolve(dist, `${LANGUAGE_DIR}${language}.json`)),
    budget: BUDGETS.productPage,
    ok: gzip <= BUDGETS.productPage,
  };
});

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

const staticOnly = process.argv.includes('--static');
if (!staticOnly) {
  // The browser half runs under tsx: it starts the reference server, which is TypeScript.
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/page-requests.ts', '--json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) fail(`measuring the pages in Chromium failed:\n${run.stderr || run.stdout}`);
  const { pages } = JSON.parse(run.stdout);
  // Every page measured has its budget: a page added to MEASURED_PAGES without one fails here.
  for (const name of Object.keys(pages))
    if (!(name in PAGE_BUDGETS)) missing.push(`a budget for the ${name} page (scripts/size-budgets.mjs)`);
  for (const [name, budget] of Object.entries(PAGE_BUDGETS)) {
    const load = pages[name];
    if (!load) {
      missing.push(`${name} page (not measured)`);
      continue;
    }
    const files = load.scripts.map((s) => s.path);
    rows.push({
      name: `${name} page 10 s`,
      files,
      gzip: load.jsBytes,
      budget: budget.bytes,
      ok: load.jsBytes <= budget.bytes,
      note: `JS fetched in Chromium within 10 s: ${load.path} (${load.requestCount} requests of any kind)`,
    });
    rows.push({
      name: `${name} page files`,
      files,
      count: files.length,
      budget: budget.files,
      ok: files.length <= budget.files,
      note: 'script files of the same',
    });
  }
}

if (!existsSync(resolve(dist, 'cli/sf-template.js'))) missing.push('cli/sf-template.js');
for (const file of ['lib/src/index.js', 'lib/src/index.d.ts', 'lib/template.d.ts']) {
  if (!existsSync(resolve(dist, file))) missing.push(file);
}

// Every catalogue language is held to the product page budget too (docs/languages.md).
const ok = rows.every((r) => r.ok) && localeRows.every((r) => r.ok) && missing.length === 0;

/** The value a row holds: bytes, or files for a count row. */
const valueOf = (r) => r.count ?? r.gzip;

/**
 * The rows of `npm run size --json` at git ref `ref`, built and measured by that commit's own
 * scripts in a scratch folder (the repository's node_modules lent to it). Null when that fails.
 */
function rowsAt(ref) {
  const scratch = mkdtempSync(join(tmpdir(), 'sf-size-base-'));
  const run = (cmd, args, options = {}) =>
    spawnSync(cmd, args, { cwd: scratch, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  try {
    const tree = spawnSync('git', ['archive', '--format=tar', ref], {
      cwd: root,
      maxBuffer: 256 * 1024 * 1024,
    });
    if (tree.status !== 0) return { error: `git archive ${ref} failed: ${String(tree.stderr).trim()}` };
    const untar = run('tar', ['-x'], { input: tree.stdout });
    if (untar.status !== 0) return { error: `unpacking ${ref} failed: ${untar.stderr}` };
    symlinkSync(resolve(root, 'node_modules'), join(scratch, 'node_modules'), 'dir');
    const build = run(process.execPath, ['scripts/build.mjs']);
    if (build.status !== 0) return { error: `building ${ref} failed:\n${build.stderr || build.stdout}` };
    // With --static the ref is measured without the browser too (a ref older than the page rows
    // ignores the flag).
    const size = run(process.execPath, ['scripts/size.mjs', '--json', ...(staticOnly ? ['--static'] : [])]);
    try {
      return { rows: JSON.parse(size.stdout).rows };
    } catch {
      return { error: `measuring ${ref} failed:\n${size.stderr || size.stdout}` };
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const diffAt = process.argv.indexOf('--diff');
const diffRef = diffAt === -1 ? null : process.argv[diffAt + 1];
if (diffAt !== -1 && (!diffRef || diffRef.startsWith('--'))) fail('--diff needs a git ref: `--diff HEAD~1`');
const base = diffRef ? rowsAt(diffRef) : null;
if (base?.error) fail(base.error);
const baseRows = new Map((base?.rows ?? []).map((r) => [r.name, r]));

if (json) {
  const diff = diffRef
    ? {
        ref: diffRef,
        rows: [...new Set([...rows.map((r) => r.name), ...baseRows.keys()])].map((name) => {
          const now = rows.find((r) => r.name === name);
          const then = baseRows.get(name);
          return {
            name,
            base: then ? valueOf(then) : null,
            now: now ? valueOf(now) : null,
            delta: now && then ? valueOf(now) - valueOf(then) : null,
          };
        }),
      }
    : undefined;
  process.stdout.write(
    `${JSON.stringify({ ok, kb: KB, rows, localeRows, missing, ...(diff && { diff }) }, null, 2)}\n`,
  );
} else {
  const fmt = (n) => `${(n / KB).toFixed(2)} KB`;
  // A count row (`files`) prints numbers of files, the others sizes.
  const figure = (r, n) => (r.count === undefined ? fmt(n) : `${n} files`);
  const nameWidth = Math.max(...rows.map((r) => r.name.length), 5);
  const lines = [
    `${'entry'.padEnd(nameWidth)}  ${'gzip'.padStart(9)}  ${'budget'.padStart(9)}  status`,
    ...rows.flatMap((r) => [
      `${r.name.padEnd(nameWidth)}  ${figure(r, r.count ?? r.gzip).padStart(9)}  ${figure(r, r.budget).padStart(9)}  ${r.ok ? 'ok  ' : 'OVER'}  ${r.note}`,
      ...(listFiles && r.count === undefined
        ? r.files.map((f) => {
            const file = resolve(dist, f.replace(/^\/dist\//, ''));
            return `    ${f.padEnd(nameWidth + 10)} ${fmt(gzipSize(file)).padStart(9)}`;
          })
        : []),
    ]),
    '',
    'product page by catalogue language (each held to the product page budget: see docs/languages.md)',
    ...localeRows.flatMap((r) => [
      `${r.name.padEnd(nameWidth)}  ${fmt(r.gzip).padStart(9)}  ${fmt(r.budget).padStart(9)}  ${r.ok ? 'ok  ' : 'OVER'}  ${r.ok ? '' : `by ${r.gzip - r.budget} B; `}texts: ${r.texts} B of JSON`,
      ...(listFiles
        ? r.files.map((f) => `    ${f.padEnd(nameWidth + 10)} ${fmt(gzipSize(resolve(dist, f))).padStart(9)}`)
        : []),
    ]),
    '',
    `1 KB = ${KB} bytes; sizes are gzip -9 of the minified output, each file gzipped on its own.`,
    ...(listFiles ? [] : ['`npm run size -- --files` lists the files behind each figure.']),
  ];
  if (diffRef) {
    const signed = (n, count) =>
      `${n > 0 ? '+' : n < 0 ? '-' : '±'}${count ? Math.abs(n) : Math.abs(n).toLocaleString('en-US')}`;
    lines.push('', `against ${diffRef} (bytes, or files for a files row):`);
    for (const name of new Set([...rows.map((r) => r.name), ...baseRows.keys()])) {
      const now = rows.find((r) => r.name === name);
      const then = baseRows.get(name);
      const count = (now ?? then)?.count !== undefined;
      const show = (r) => (r ? (count ? String(valueOf(r)) : valueOf(r).toLocaleString('en-US')) : '-');
      const delta = now && then ? signed(valueOf(now) - valueOf(then), count) : now ? 'new' : 'gone';
      lines.push(
        `${name.padEnd(nameWidth)}  ${show(then).padStart(9)} -> ${show(now).padStart(9)}  ${delta}`,
      );
    }
  }
  if (missing.length) lines.push(`missing: ${missing.join(', ')}`);
  lines.push(ok ? 'all entries within budget' : 'over budget or missing: see above');
  process.stdout.write(`${lines.join('\n')}\n`);
}
process.exit(ok ? 0 : 1);
