// @vitest-environment node
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as viteBuild, type Plugin } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { copiedModules, copyId } from '../../scripts/copied-modules.js';

const root = path.resolve(import.meta.dirname, '../..');
const at = (file: string) => path.resolve(root, file);

describe('the id of a copy', () => {
  // Ids are names only: these files need not exist.
  const small = at('src/small.ts');

  it('names each copy by the module that imports it', () => {
    const inCart = copyId(small, at('src/api/cart.ts'));
    expect(inCart).toBe(`${small}?sf-copy=src_api_cart.ts`);
    expect(copyId(small, at('src/api/forms.ts'))).not.toBe(inCart);
    // An importer that is itself a module id with a query is named by its file.
    expect(copyId(small, `${at('src/api/cart.ts')}?x=1`)).toBe(inCart);
  });

  it('gives each copy its own copies of what it imports: two copies of the importer get two', () => {
    const texts = at('src/texts.ts');
    const inCartPage = copyId(texts, at('widgets/cart-page/messages.ts'));
    const inSiteForm = copyId(texts, at('widgets/site-form/messages.ts'));
    expect(copyId(small, inCartPage)).toBe(`${small}?sf-copy=src_texts.ts__widgets_cart-page_messages.ts`);
    expect(copyId(small, inCartPage)).not.toBe(copyId(small, inSiteForm));
  });
});

describe('the plugin in a build', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  // Two entries that share one small module: the bundler would make it a file of its own.
  const build = async (plugins: (dir: string) => Plugin[]) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sf-copied-modules-'));
    folders.push(dir);
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'src/small.ts'), "export const label: string = 'Added';\n");
    writeFileSync(
      path.join(dir, 'a.ts'),
      "import { label } from './src/small.js';\nexport const a = label;\n",
    );
    writeFileSync(
      path.join(dir, 'b.ts'),
      "import { label } from './src/small.js';\nexport const b = label;\n",
    );
    await viteBuild({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      plugins: plugins(dir),
      build: {
        outDir: path.join(dir, 'out'),
        lib: { entry: { a: path.join(dir, 'a.ts'), b: path.join(dir, 'b.ts') }, formats: ['es'] },
        rolldownOptions: { output: { chunkFileNames: '[name]-[hash].js' } },
      },
    });
    return path.join(dir, 'out');
  };

  it('puts a copy of the listed module in each chunk that imports it, not a file of its own', async () => {
    expect(readdirSync(await build(() => []))).toContainEqual(expect.stringMatching(/^small-/));
    const copied = (dir: string) => [copiedModules([path.join(dir, 'src/small.ts')])];
    const out = await build(copied);
    expect(readdirSync(out).sort()).toEqual(['a.mjs', 'b.mjs']);
    const a = (await import(pathToFileURL(path.join(out, 'a.mjs')).href)) as { a: string };
    const b = (await import(pathToFileURL(path.join(out, 'b.mjs')).href)) as { b: string };
    expect([a.a, b.b]).toEqual(['Added', 'Added']);
  });
});
