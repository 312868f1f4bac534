/**
 * The script-tag build's requests, shaped on the bundle graph the bundler reports (each chunk's
 * static and dynamic imports) and edited where the bundler's own parser places each import, never
 * by a pattern over the minified text:
 *
 * - **What a lazy chunk imports comes with it.** A dynamic import fetches the chunk it names, and
 *   only once that chunk has arrived the chunks it imports statically: a round trip each (the add
 *   flow waited so for the `later` chunk, the form dialog for the lightbox). Vite's application
 *   builds preload these (`__vitePreload`); its library builds, this one, do not, and its helper
 *   would put about 1 KB on every page's start. So each `import()` of a chunk starts, beside it,
 *   every chunk that one loads statically and its importer has not loaded already, each with its
 *   failure caught: the import it serves fails with it, nothing more reaches the page. A chunk
 *   that imports the named one back is left to its turn (imported first, it would run first), and
 *   so are the chunks every page loads anyway (`everyPage`: the platform file), which would cost
 *   each importer bytes for a file that is there by the time a shopper acts.
 * - **No file for the bundler's helper.** The bundler's own module (`\0rolldown/runtime.js`: the
 *   function that builds a module namespace object) becomes a chunk of its own, 154 B that a page
 *   fetches as one more request, as soon as two chunks use it, and no chunk group is offered it.
 *   So that chunk is copied into each chunk that imports it, in place of the import, inside a
 *   function so that its names stay its own, and leaves the output.
 *
 * What this does not recognise (an `import()` of a chunk it cannot find as written, a helper
 * chunk of another shape) fails the build rather than ship a chunk that cannot link.
 */
import { posix } from 'node:path';
import { RUNTIME_MODULE_ID } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';

/** A chunk of the output as the graph reads it. */
export interface GraphChunk {
  readonly fileName: string;
  readonly imports: readonly string[];
  readonly dynamicImports: readonly string[];
}

/**
 * The files each `import()` of `chunk` starts beside the chunk it names, by that chunk's file:
 * what the named chunk imports statically, directly or not, less what `chunk` has loaded, what
 * imports the named chunk back and the files of `everyPage`. Imports that need nothing are left out.
 */
export function besideImports(
  chunk: GraphChunk,
  chunks: ReadonlyMap<string, GraphChunk>,
  everyPage: ReadonlySet<string> = new Set(),
): Map<string, string[]> {
  const closure = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const next of chunks.get(file)?.imports ?? []) closure(next, seen);
    return seen;
  };
  const loaded = closure(chunk.fileName);
  const beside = new Map<string, string[]>();
  for (const target of new Set(chunk.dynamicImports)) {
    if (!chunks.has(target) || loaded.has(target)) continue;
    const files = [...closure(target)].filter(
      (file) => file !== target && !loaded.has(file) && !everyPage.has(file) && !closure(file).has(target),
    );
    if (files.length > 0) beside.set(target, files);
  }
  return beside;
}

/** A helper chunk's code as each importer gets it: its statements, and its exports by name. */
export interface HelperCopy {
  readonly body: string;
  readonly locals: ReadonlyMap<string, string>;
}

interface Node {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** The name of an import's or export's binding (`{ a as b }`, `{ "a" as b }`). */
const bindingName = (node: unknown): string => {
  const named = node as { name?: unknown; value?: unknown };
  return String(named.name ?? named.value);
};

/** Every node of `root`, depth first. */
function* nodes(root: Node): Generator<Node> {
  yield root;
  for (const value of Object.values(root)) {
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) yield* nodes(child);
  }
}

/** The helper chunk's code split into its statements and its one export list. */
export function helperCopy(fileName: string, code: string): HelperCopy {
  const program = parseAst(code) as unknown as { body: Node[] };
  const exports = program.body.filter((node) => node.type.startsWith('Export'));
  const list = exports[0];
  if (exports.length !== 1 || list?.type !== 'ExportNamedDeclaration' || list.declaration || list.source)
    throw new Error(`${fileName} does not end with one export list`);
  if (program.body.some((node) => node.type === 'ImportDeclaration'))
    throw new Error(`${fileName} imports other chunks`);
  const specifiers = list.specifiers as { local: unknown; exported: unknown }[];
  const locals = new Map(specifiers.map((s) => [bindingName(s.exported), bindingName(s.local)]));
  const statements = program.body.filter((node) => node !== list);
  // Each statement ends with `;`, so the copy's own `return` can follow.
  const texts = statements.map((node) => code.slice(node.start, node.end));
  return { body: texts.map((text) => (text.endsWith(';') ? text : `${text};`)).join(''), locals };
}

/** The path `from`'s code imports `to` by. */
const importPath = (from: string, to: string): string => {
  const path = posix.relative(posix.dirname(from), to);
  return path.startsWith('.') ? path : `./${path}`;
};

/** The file a static string specifier of `from`'s code names, or null for any other source. */
const importedFile = (from: string, source: unknown): string | null => {
  if (!isNode(source)) return null;
  let specifier: unknown = null;
  if (source.type === 'Literal') specifier = source.value;
  const quasis = source.quasis as { value: { cooked: unknown } }[] | undefined;
  const expressions = source.expressions as unknown[] | undefined;
  if (source.type === 'TemplateLiteral' && expressions?.length === 0) specifier = quasis?.[0]?.value.cooked;
  return typeof specifier === 'string' ? posix.join(posix.dirname(from), specifier) : null;
};

/**
 * `chunk`'s code with each `import()` of `beside` starting those files first, and each import of a
 * helper of `helpers` (by file) replaced by a copy of it.
 */
export function rewriteChunk(
  chunk: GraphChunk & { readonly code: string },
  beside: ReadonlyMap<string, readonly string[]>,
  helpers: ReadonlyMap<string, HelperCopy>,
): string {
  const { code, fileName } = chunk;
  const edits: { start: number; end: number; text: string }[] = [];
  const found = new Set<string>();
  for (const node of nodes(parseAst(code) as unknown as Node)) {
    const file = importedFile(fileName, node.source);
    if (file === null) continue;
    const helper = helpers.get(file);
    if (helper && node.type !== 'ImportDeclaration')
      throw new Error(`${fileName} refers to ${file} other than by an import declaration`);
    if (helper) {
      const specifiers = node.specifiers as { type: string; imported: unknown; local: unknown }[];
      const names = specifiers.map((s) => {
        const local = s.type === 'ImportSpecifier' ? helper.locals.get(bindingName(s.imported)) : undefined;
        if (local === undefined)
          throw new Error(`${fileName} imports ${file} other than by a name it exports`);
        return { alias: bindingName(s.local), local };
      });
      const aliases = names.map((n) => n.alias).join(',');
      const values = names.map((n) => n.local).join(',');
      edits.push({
        start: node.start,
        end: node.end,
        text: `const[${aliases}]=(()=>{${helper.body}return[${values}]})();`,
      });
    } else if (node.type === 'ImportExpression' && beside.has(file)) {
      found.add(file);
      // Each path written as the bundler wrote the one it names (a file name needs no escape).
      const quote = code[(node.source as Node).start] ?? '"';
      const first = (beside.get(file) ?? []).map((dep) => {
        const path = importPath(fileName, dep);
        const written = /^[\w./-]+$/.test(path) ? `${quote}${path}${quote}` : JSON.stringify(path);
        return `import(${written}).catch(()=>void 0),`;
      });
      const call = code.slice(node.start, node.end);
      edits.push({ start: node.start, end: node.end, text: `(${first.join('')}${call})` });
    }
  }
  const missing = [...beside.keys()].filter((file) => !found.has(file));
  if (missing.length > 0) throw new Error(`${fileName} has no import() of ${missing.join(', ')} as written`);
  return edits
    .sort((a, b) => b.start - a.start)
    .reduce((text, edit) => text.slice(0, edit.start) + edit.text + text.slice(edit.end), code);
}

/** `everyPage`: the names of the chunks every page loads anyway (each must name one chunk). */
export function chunkRequests({ everyPage }: { readonly everyPage: readonly string[] }): Plugin {
  return {
    name: 'sf-chunk-requests',
    // After the bundler has written the chunks, before Vite's manifest records them.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      try {
        const helpers = new Map(
          chunks
            .filter((c) => c.moduleIds.length === 1 && c.moduleIds[0] === RUNTIME_MODULE_ID)
            .map((c) => [c.fileName, helperCopy(c.fileName, c.code)] as const),
        );
        const graph = new Map(
          chunks.map((c) => [c.fileName, { ...c, imports: c.imports.filter((f) => !helpers.has(f)) }]),
        );
        const everyPageFiles = new Set(
          everyPage.map((name) => {
            const named = chunks.filter((c) => c.name === name);
            if (named.length !== 1) throw new Error(`expected one ${name} chunk, found ${named.length}`);
            return named[0]?.fileName ?? '';
          }),
        );
        for (const chunk of chunks) {
          if (helpers.has(chunk.fileName)) continue;
          const beside = besideImports(chunk, graph, everyPageFiles);
          chunk.code = rewriteChunk(chunk, beside, helpers);
          chunk.imports = graph.get(chunk.fileName)?.imports ?? chunk.imports;
        }
        for (const file of helpers.keys()) delete bundle[file];
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
