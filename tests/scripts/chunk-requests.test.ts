// @vitest-environment node
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rolldown, type RolldownPlugin } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';
import { afterEach, describe, expect, it } from 'vitest';
import {
  besideImports,
  chunkRequests,
  helperCopy,
  rewriteChunk,
  type GraphChunk,
} from '../../scripts/chunk-requests.js';

const folders: string[] = [];
const folder = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sf-chunk-requests-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const write = (dir: string, files: Record<string, string>) => {
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), code);
  }
};

/** The files the code's `import()` calls name, in order. */
const dynamicImportsOf = (code: string): string[] => {
  const names: string[] = [];
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    const { type, source } = node as { type?: string; source?: { value?: unknown; quasis?: unknown } };
    if (type === 'ImportExpression') {
      const quasis = source?.quasis as { value: { cooked: string } }[] | undefined;
      names.push(String(source?.value ?? quasis?.[0]?.value.cooked));
    }
    for (const value of Object.values(node)) (Array.isArray(value) ? value : [value]).forEach(visit);
  };
  visit(parseAst(code));
  return names;
};

const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []): GraphChunk => ({
  fileName,
  imports,
  dynamicImports,
});
const graph = (...chunks: GraphChunk[]) => new Map(chunks.map((c) => [c.fileName, c]));

describe('what each import() starts beside the chunk it names', () => {
  it('is what that chunk imports statically, directly or not, less what the importer has', () => {
    const form = chunk('form.js', ['runtime.js'], ['chunks/flow.js']);
    const chunks = graph(
      form,
      chunk('runtime.js'),
      chunk('chunks/flow.js', ['chunks/texts.js', 'runtime.js']),
      chunk('chunks/texts.js', ['chunks/units.js']),
      chunk('chunks/units.js'),
    );
    expect(besideImports(form, chunks)).toEqual(
      new Map([['chunks/flow.js', ['chunks/texts.js', 'chunks/units.js']]]),
    );
  });

  it('names nothing every page loads, nothing that imports the chunk back, nothing for a chunk held already', () => {
    const importer = chunk('a.js', ['shared.js'], ['b.js', 'c.js', 'shared.js']);
    const chunks = graph(
      importer,
      chunk('shared.js'),
      chunk('platform.js'),
      chunk('b.js', ['shared.js', 'platform.js']),
      chunk('c.js', ['back.js']),
      chunk('back.js', ['c.js']),
    );
    expect(besideImports(importer, chunks, new Set(['platform.js']))).toEqual(new Map());
    // Without the platform file among those every page loads, it goes beside its importer's import.
    expect(besideImports(importer, chunks)).toEqual(new Map([['b.js', ['platform.js']]]));
  });
});

describe('a chunk rewritten where the parser places its imports', () => {
  it('starts the chunks beside the import, written as the bundler wrote it, and still yields that chunk', async () => {
    const dir = folder();
    const form = 'import"./runtime.js";export const load=()=>import(`./chunks/flow.js`).then(m=>m.add);';
    const code = rewriteChunk(
      { ...chunk('form.js', ['runtime.js'], ['chunks/flow.js']), code: form },
      new Map([['chunks/flow.js', ['chunks/texts.js']]]),
      new Map(),
    );
    expect(code).toBe(
      'import"./runtime.js";export const load=()=>(import(`./chunks/texts.js`).catch(()=>void 0),import(`./chunks/flow.js`)).then(m=>m.add);',
    );
    write(dir, {
      'form.js': code,
      'runtime.js': 'export const r=1;',
      'chunks/flow.js': 'import{t}from"./texts.js";export const add=()=>t;',
      'chunks/texts.js': 'export const t=`Added!`;',
    });
    const mod = (await import(pathToFileURL(path.join(dir, 'form.js')).href)) as {
      load: () => Promise<() => string>;
    };
    expect((await mod.load())()).toBe('Added!');
  });

  it('leaves a failed chunk to the import it serves: nothing unhandled reaches the page', async () => {
    const dir = folder();
    const code = rewriteChunk(
      { ...chunk('form.js', [], ['flow.js']), code: 'export const load=()=>import("./flow.js");' },
      new Map([['flow.js', ['texts.js']]]),
      new Map(),
    );
    // texts.js is missing: the flow cannot load, and only its own import says so.
    write(dir, { 'form.js': code, 'flow.js': 'import"./texts.js";export const add=1;' });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const mod = (await import(pathToFileURL(path.join(dir, 'form.js')).href)) as {
        load: () => Promise<unknown>;
      };
      await expect(mod.load()).rejects.toThrow();
      // Node reports an unhandled rejection once the microtasks have run, before the next turn.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('fails the build on an import() of a chunk it cannot find as written', () => {
    const importer = { ...chunk('a.js', [], ['b.js']), code: 'export const a=()=>import(someName);' };
    expect(() => rewriteChunk(importer, new Map([['b.js', ['c.js']]]), new Map())).toThrow(
      /a\.js has no import\(\) of b\.js as written/,
    );
  });
});

describe("the bundler's helper chunk, copied into the chunks that use it", () => {
  // The shape of the helper chunk the bundler writes (a namespace object builder), minified.
  const helperFile = 'chunks/rolldown-runtime-AbCd1234.js';
  const helperCode =
    'var e=Object.defineProperty,t=(t,n)=>{let r={};for(var i in t)e(r,i,{get:t[i],enumerable:!0});return n||e(r,Symbol.toStringTag,{value:`Module`}),r};export{t};';
  const helpers = new Map([[helperFile, helperCopy(helperFile, helperCode)]]);

  it('replaces the import with a copy that links and builds the same namespace object', async () => {
    const dir = folder();
    const code = rewriteChunk(
      {
        ...chunk('chunks/pill-widget-EfGh5678.js', [helperFile, 'chunks/other.js']),
        code: 'import{t as e}from"./rolldown-runtime-AbCd1234.js";import{x as t}from"./other.js";var n=1,r=e({widget:()=>n});export{r as t,t as x};',
      },
      new Map(),
      helpers,
    );
    expect(code).not.toContain('rolldown-runtime');
    write(dir, { 'chunks/other.js': 'export const x = 2;', 'chunks/chunk.mjs': code });
    const mod = (await import(pathToFileURL(path.join(dir, 'chunks/chunk.mjs')).href)) as {
      t: { widget: number; [Symbol.toStringTag]: string };
      x: number;
    };
    expect(mod.t.widget).toBe(1);
    expect(mod.t[Symbol.toStringTag]).toBe('Module');
    expect(Object.keys(mod.t)).toEqual(['widget']);
    expect(mod.x).toBe(2);
  });

  it('finds the helper from an entry at the top of the folder too', () => {
    const code = rewriteChunk(
      {
        ...chunk('account.js', [helperFile]),
        code: 'import{t as n}from"./chunks/rolldown-runtime-AbCd1234.js";export const a=n({});',
      },
      new Map(),
      helpers,
    );
    expect(code).toMatch(
      /^const\[n\]=\(\(\)=>\{var e=Object\.defineProperty,t=.*;return\[t\]\}\)\(\);export const a=n\(\{\}\);$/,
    );
  });

  it('fails the build on what it does not recognise rather than ship a chunk that cannot link', () => {
    expect(() => helperCopy(helperFile, `import"./x.js";${helperCode}`)).toThrow(/imports other chunks/);
    expect(() => helperCopy(helperFile, 'var t=1;')).toThrow(/one export list/);
    expect(() => helperCopy(helperFile, 'export var t=1;')).toThrow(/one export list/);
    const importing = (code: string) => () =>
      rewriteChunk({ ...chunk('chunks/a.js', [helperFile]), code }, new Map(), helpers);
    expect(importing('import*as e from"./rolldown-runtime-AbCd1234.js";e.t({});')).toThrow(
      /other than by a name it exports/,
    );
    expect(importing('import{u as e}from"./rolldown-runtime-AbCd1234.js";e({});')).toThrow(
      /other than by a name it exports/,
    );
    expect(importing('export{t}from"./rolldown-runtime-AbCd1234.js";')).toThrow(
      /other than by an import declaration/,
    );
  });
});

describe('the plugin in a build', () => {
  // Two entries that each build a module namespace object (the bundler's helper, shared, becomes a
  // chunk of its own), and a lazy module whose import the other entry shares (a chunk of its own).
  const sources = {
    'a.js':
      "import * as texts from './texts.js';\nexport const load = () => import('./lazy.js').then((m) => m.value);\nexport const all = texts;\n",
    'b.js':
      "import * as units from './units.js';\nimport { shared } from './shared.js';\nexport const b = shared;\nexport const all = units;\n",
    'lazy.js': "import { shared } from './shared.js';\nexport const value = `${shared}!`;\n",
    'shared.js': "export const shared = 'shared';\n",
    'texts.js': "export const hello = 'hello';\n",
    'units.js': "export const kg = 'kg';\n",
  };
  const build = async (plugins: RolldownPlugin[]) => {
    const dir = folder();
    write(dir, sources);
    const bundle = await rolldown({
      input: { a: path.join(dir, 'a.js'), b: path.join(dir, 'b.js') },
      plugins,
    });
    await bundle.write({
      dir: path.join(dir, 'out'),
      format: 'es',
      minify: true,
      chunkFileNames: 'chunks/[name]-[hash].js',
    });
    await bundle.close();
    return path.join(dir, 'out');
  };
  const plugin = chunkRequests({ everyPage: [] }) as RolldownPlugin;

  it('ships no file for the helper, and each entry still links and runs', async () => {
    // Without the plugin, the bundler writes the helper's own chunk.
    expect(readdirSync(path.join(await build([]), 'chunks'))).toContainEqual(
      expect.stringMatching(/^rolldown-runtime-/),
    );
    const out = await build([plugin]);
    expect(readdirSync(path.join(out, 'chunks'))).not.toContainEqual(
      expect.stringMatching(/^rolldown-runtime-/),
    );
    const a = (await import(pathToFileURL(path.join(out, 'a.js')).href)) as {
      all: Record<string | symbol, unknown>;
      load: () => Promise<string>;
    };
    const b = (await import(pathToFileURL(path.join(out, 'b.js')).href)) as { all: { kg: string } };
    expect(a.all.hello).toBe('hello');
    expect(a.all[Symbol.toStringTag]).toBe('Module');
    expect(b.all.kg).toBe('kg');
    expect(await a.load()).toBe('shared!');
  });

  it('starts what the lazy chunk imports beside the import of that chunk', async () => {
    const out = await build([plugin]);
    const chunks = readdirSync(path.join(out, 'chunks'));
    const lazy = chunks.find((f) => f.startsWith('lazy-'));
    const shared = chunks.find((f) => f.startsWith('shared-'));
    expect(dynamicImportsOf(readFileSync(path.join(out, 'a.js'), 'utf8'))).toEqual([
      `./chunks/${shared}`,
      `./chunks/${lazy}`,
    ]);
    // b.js imports the shared chunk statically: it names nothing beside anything.
    expect(dynamicImportsOf(readFileSync(path.join(out, 'b.js'), 'utf8'))).toEqual([]);
  });

  it('fails the build when a chunk every page loads is not there to leave out', async () => {
    await expect(build([chunkRequests({ everyPage: ['platform'] }) as RolldownPlugin])).rejects.toThrow(
      /expected one platform chunk, found 0/,
    );
  });
});
