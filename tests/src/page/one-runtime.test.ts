/**
 * One page runtime (src/page/create-runtime.ts) reads the page's `#sf-context` script and holds
 * the page's api client and cart store; every other module is handed a runtime or asks for the
 * page's. A second reader would be a second owner of page state that could disagree with it. The
 * rest of what a page holds lives in its state (src/page/page-state.ts), and no module binding
 * holds page state beside it.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const allFiles = [
  ...sources(join(root, 'src')),
  ...sources(join(root, 'widgets')),
  ...sources(join(root, 'loader')),
]
  .map((path) => ({ path: relative(root, path).replace(/\\/g, '/'), text: readFileSync(path, 'utf8') }))
  // The template engine renders blocks; it never reads a page, and its module caches are memos of
  // pure functions (the same answer on every page), so none of it is page state.
  .filter(({ path }) => !path.startsWith('src/template/'));

const files = allFiles.filter(({ path }) => !path.startsWith('loader/'));

const users = (pattern: RegExp) =>
  files
    .filter(({ text }) => pattern.test(text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')))
    .map(({ path }) => path)
    .sort();

describe('the page runtime', () => {
  it('is the only reader of the #sf-context script', () => {
    // context.ts holds the parser (also public for npm users); the runtime is its one caller.
    expect(users(/readSiteContext\s*\(|getElementById\(\s*CONTEXT_SCRIPT_ID/)).toEqual([
      'src/page/context.ts',
      'src/page/create-runtime.ts',
    ]);
  });

  it('is the only builder of the page-wide api client and cart store', () => {
    expect(users(/\bcreatePageApi\s*\(/)).toEqual(['src/page/create-runtime.ts']);
    expect(users(/\bcreateCartStore\s*\(/)).toEqual(['src/page/create-runtime.ts']);
  });

  it('is built by one builder, which the page runtime and the provider both call', () => {
    const builder = files.find(({ path }) => path === 'src/page/create-runtime.ts')!.text;
    // One object literal of a runtime, which createPageRuntime and the page's own both go through.
    expect(builder.match(/\bcreateProductChoices\s*\(/g)).toHaveLength(1);
    expect(builder).toMatch(/createPageRuntime = [^;]*=>\s*runtimeOver\(/);
    expect(builder).toMatch(/\.runtime \?\?= runtimeOver\(/);
    expect(users(/\bcreatePageRuntime\s*\(/)).toContain('src/react/provider.tsx');
  });

  it('has no value cycle between its builder and the script-tag entry', () => {
    const builder = files.find(({ path }) => path === 'src/page/create-runtime.ts')!.text;
    expect(builder).not.toMatch(/^import (?!type)[^;]*from '\.\/runtime\.js'/m);
  });
});

/**
 * Every module-level binding that can change (a `let`, a `var`, a Map, Set, WeakMap, WeakSet,
 * array or object made at the top level) outside src/template, by `path name`, with why it is not
 * page state. Page state goes in src/page/page-state.ts, the one entry of its kind here.
 */
const NOT_PAGE_STATE: Readonly<Record<string, string>> = {
  'src/page/page-state.ts pages': "the one home of page state: each page's record, by its document",
  'src/page/blocks.ts definedWidgets':
    "the widgets' code as each chunk defines it: the same code on every page",
  'src/page/site-paths.ts readFromContext':
    "a memo of a pure reader, by the context object it read: each runtime's context is its own",
  'src/react/provider.tsx storefrontOf': 'a memo of the storefront built over a runtime, by the runtime',
  'src/react/ui/load-form-dialog.ts pending': "the dialog's code while it loads: the same code on every page",
  'src/react/preact-forward-ref.ts hooked': "preact's own options patched once: the library's, not a page's",
  'src/react/mount.tsx rootCount':
    'a counter whose only duty is uniqueness of id prefixes: shared, it stays unique on every page',
  'src/commerce/money.ts parsedAmounts': 'a memo of a pure parser, by its input string',
  'src/commerce/money.ts formatterCache': 'a memo of Intl.NumberFormat, by locale and currency',
  'src/store/selectors.ts subtotalOf': 'a memo of a pure selector: the last cart it was asked of',
  'src/store/selectors.ts subtotal': 'a memo of a pure selector: its answer for that cart',
  'widgets/site-form/post-submit.ts TAGS': 'a constant table of allowed tags, never written',
  'widgets/site-form/post-submit.ts DROPPED': 'a constant table of dropped tags, never written',
  'widgets/instalment-pill/info-popup.tsx cache':
    "the provider's published texts, by their address (which names the locale): the same on every page",
  'widgets/instalment-pill/instalment-pill.tsx popupCode':
    "the popup's code while it loads: the same code on every page",
  'widgets/product-form/use-add-to-cart.ts flowModule':
    "the add flow's code once loaded: the same code on every page",
  'widgets/product-form/use-add-to-cart.ts flowLoading':
    "the add flow's code while it loads: the same code on every page",
};

/** A top-level binding that can change: `let`/`var`, or a `const` of a new collection. */
const MUTABLE_BINDING =
  /^(?:export\s+)?(?:(?:let|var)\s+([A-Za-z_$][\w$]*)|const\s+([A-Za-z_$][\w$]*)\s*(?::(?!\s*Readonly)[^=]+)?=\s*(?:new\s+(?:Map|Set|WeakMap|WeakSet)\b|\[\s*\]|\{\s*\}))/gm;

/** The module-level bindings of a source text that can change, by name. */
function mutableBindings(text: string): string[] {
  return [...text.matchAll(MUTABLE_BINDING)].map((match) => (match[1] ?? match[2]) as string);
}

describe('page-wide state', () => {
  const found = allFiles
    .flatMap(({ path, text }) => mutableBindings(text).map((name) => `${path} ${name}`))
    .sort();

  it.each([
    ['let count = 0;', ['count']],
    ['export let current: Platform | null = null;', ['current']],
    ['const pending: AnalyticsEvent[] = [];', ['pending']],
    ['const loads = new Map<string, Promise<unknown>>();', ['loads']],
    ['const seen = new WeakSet();', ['seen']],
    ['const KNOWN: ReadonlySet<string> = new Set(CODES);', []],
    ['const LIMIT = 50;', []],
    ['  let local = 1;', []],
  ])('the rule reads %s as %j', (text, names) => {
    expect(mutableBindings(text)).toEqual(names);
  });

  it("lives in the page's state: no other module binding that can change but the listed ones", () => {
    const unlisted = found.filter((binding) => !Object.hasOwn(NOT_PAGE_STATE, binding));
    // A new one holding page state belongs in src/page/page-state.ts; one that is not page state
    // (a memo of a pure function, code while it loads) joins NOT_PAGE_STATE with its reason.
    expect(unlisted).toEqual([]);
  });

  it('has no reason listed for a binding that is gone', () => {
    expect(Object.keys(NOT_PAGE_STATE).filter((binding) => !found.includes(binding))).toEqual([]);
  });
});
