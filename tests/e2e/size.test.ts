// Runs with the browser tests because it reads the build: `npm test` builds after the unit tests.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COPIED_MODULES } from '../../vite.config.js';
import { DIST_DIR, PROJECT_ROOT } from './harness.js';

interface Row {
  name: string;
  files: string[];
  gzip: number;
  /** Count rows (`<page> page files`) hold a number of files instead of `gzip`. */
  count?: number;
  /** Language rows: the first part of the catalogue, as the JSON data it is (gzip). */
  texts?: number;
  budget: number;
  ok: boolean;
}

const report = () => {
  const run = spawnSync(process.execPath, [resolve(PROJECT_ROOT, 'scripts/size.mjs'), '--json'], {
    encoding: 'utf8',
  });
  const parsed = JSON.parse(run.stdout) as {
    ok: boolean;
    kb: number;
    rows: Row[];
    localeRows: Row[];
    missing: string[];
  };
  return { ...parsed, status: run.status };
};
const gzipOf = (file: string) => gzipSync(readFileSync(resolve(DIST_DIR, file)), { level: 9 }).length;

describe('npm run size --json', () => {
  const { rows, localeRows, status, ok, kb } = report();
  const row = (name: string) => rows.find((r) => r.name === name);

  it('exits 1 exactly when something is over budget or missing', () => {
    expect(status).toBe(ok ? 0 : 1);
  });

  it.each([
    { name: 'loader', budget: 1.6 },
    { name: 'product page total', budget: 28.09 },
    { name: 'lib/template', budget: 30 },
    { name: 'lib/template/commerce', budget: 45 },
  ])('measures $name against $budget KB', ({ name, budget }) => {
    expect(row(name)?.budget).toBe(budget * kb);
  });

  it('keeps the loader within 1.6 KB gzip and measures the built file itself', () => {
    expect(row('loader')?.gzip).toBe(gzipOf('loader.js'));
    expect(row('loader')?.ok).toBe(true);
  });

  it('counts a widget with every chunk it imports statically', () => {
    const pill = row('widgets/cart-pill');
    // The shared start-up chunk is runtime.js itself (CHUNKS in vite.config.ts).
    expect(pill?.files).toEqual(expect.arrayContaining(['widgets/cart-pill.js', 'widgets/runtime.js']));
    expect(pill?.gzip).toBe(pill?.files.reduce((sum, f) => sum + gzipOf(f), 0));
  });

  it('budgets JavaScript only and measures the product page stylesheets on their own row', () => {
    expect(rows.filter((r) => r.name !== 'product page css').flatMap((r) => r.files)).not.toContainEqual(
      expect.stringMatching(/\.css$/),
    );
    const css = row('product page css');
    expect(css?.files).toEqual(expect.arrayContaining(['widgets/cart-pill.css', 'widgets/product-form.css']));
    expect(css?.gzip).toBe(css?.files.reduce((sum, f) => sum + gzipOf(f), 0));
  });

  it('puts the loader and the chunks that hold the product page widgets in the product page total', () => {
    // The cart pill travels in runtime.js, the instalment pill in product-form.js.
    expect(row('product page total')?.files).toEqual([
      'loader.js',
      'widgets/product-form.js',
      'widgets/runtime.js',
    ]);
  });

  it('counts in the product page total only scripts the product page fetches in Chromium', () => {
    const fetched = row('product page 10 s')?.files ?? [];
    expect(fetched.length).toBeGreaterThan(0);
    expect((row('product page total')?.files ?? []).filter((f) => !fetched.includes(`/dist/${f}`))).toEqual(
      [],
    );
  });

  it.each(['de', 'es', 'fr', 'it', 'ja', 'nl', 'pt-BR'])(
    'measures a %s product page as the English one, its catalogue as data beside it',
    (language) => {
      const page = localeRows.find((r) => r.name === `product page (${language})`);
      expect(page?.budget).toBe(28.09 * kb);
      // No language costs code (src/page/page-language.ts): the page runs the English page's files.
      expect(page?.files).toEqual((row('product page total')?.files ?? []).filter((f) => f.endsWith('.js')));
      expect(page?.gzip).toBe(page?.files.reduce((sum, f) => sum + gzipOf(f), 0));
      expect(page?.texts).toBe(gzipOf(`widgets/messages/${language}.json`));
      expect(page?.ok).toBe((page?.gzip ?? Infinity) <= 28.09 * kb);
    },
  );

  it('builds no catalogue into code: each language is two JSON files beside the widgets', () => {
    const manifest = JSON.parse(readFileSync(resolve(DIST_DIR, 'widgets-manifest.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(Object.keys(manifest).filter((key) => key.includes('messages/languages'))).toEqual([]);
    for (const language of ['de', 'es', 'fr', 'it', 'ja', 'nl', 'pt-BR']) {
      for (const part of [language, `${language}-more`]) {
        const texts = JSON.parse(
          readFileSync(resolve(DIST_DIR, `widgets/messages/${part}.json`), 'utf8'),
        ) as unknown;
        expect(Object.values(texts as object).every((text) => typeof text === 'string')).toBe(true);
      }
    }
  });

  it.each(['product', 'cart', 'shop', 'contact'])(
    'measures what the %s page fetches within 10 s in Chromium: bytes and files',
    (page) => {
      const bytes = row(`${page} page 10 s`);
      const files = row(`${page} page files`);
      expect(bytes?.files).toEqual(expect.arrayContaining(['/dist/loader.js', '/dist/widgets/runtime.js']));
      expect(bytes?.gzip).toBe(bytes?.files.reduce((sum, f) => sum + gzipOf(f.replace(/^\/dist\//, '')), 0));
      expect(files?.count).toBe(bytes?.files.length);
      expect(bytes?.ok).toBe((bytes?.gzip ?? Infinity) <= (bytes?.budget ?? 0));
      expect(files?.ok).toBe((files?.count ?? Infinity) <= (files?.budget ?? 0));
    },
  );

  it('holds the platform chunk to its own row: the one file, measured alone', () => {
    const platform = row('platform chunk');
    expect(platform?.budget).toBe(9.5 * kb);
    expect(platform?.files).toEqual([expect.stringMatching(/^widgets\/chunks\/platform-[\w-]{8}\.js$/)]);
    expect(platform?.gzip).toBe(gzipOf(platform?.files[0] ?? ''));
    expect(platform?.ok).toBe((platform?.gzip ?? Infinity) <= 9.5 * kb);
  });

  it.each(['returning product page', 'cart page start'])(
    'counts the cart code in the %s row and no platform code',
    (name) => {
      const start = row(name);
      expect(start?.files).toEqual(
        expect.arrayContaining([
          'loader.js',
          'widgets/runtime.js',
          expect.stringMatching(/^widgets\/chunks\/cart-read-[\w-]{8}\.js$/),
          expect.stringMatching(/^widgets\/chunks\/client-[\w-]{8}\.js$/),
        ]),
      );
      // The cart's writes wait for the shopper.
      expect(start?.files.filter((f) => /\/cart-[\w-]{8}\.js$/.test(f))).toEqual([]);
      expect(start?.files.filter((f) => f.includes('/platform-'))).toEqual([]);
      expect(start?.gzip).toBe(start?.files.reduce((sum, f) => sum + gzipOf(f), 0));
      expect(start?.ok).toBe((start?.gzip ?? Infinity) <= (start?.budget ?? 0));
    },
  );

  it('holds a returning shopper to the product page total and the cart code', () => {
    const total = row('product page total');
    const returning = row('returning product page');
    expect(returning?.files).toEqual(expect.arrayContaining(total?.files ?? ['missing']));
    expect(returning?.files).toHaveLength((total?.files.length ?? 0) + 2);
  });

  it("counts the product page's own widgets among what it fetches, from the chunks that hold them", () => {
    const fetched = row('product page 10 s')?.files;
    expect(fetched).toContain('/dist/widgets/product-form.js');
    expect(fetched).not.toContain('/dist/widgets/cart-pill.js');
    expect(fetched).not.toContain('/dist/widgets/instalment-pill.js');
  });

  it.each(['product', 'cart', 'contact'])('fetches no file under 1 KB on the %s page', (page) => {
    // The add flow's and the instalment pill's shared parts travel as one `later` chunk
    // (the `later` row of CHUNKS in vite.config.ts); the bundler's helper module and the small shared modules
    // (COPIED_MODULES) are copied into their users; the cart's response parsers travel with its
    // read. The shop page's one widget file, the Quick View buttons, is an exception, and the cart
    // page's writes, which it loads when idle, after its start and before any press, the other
    // (docs/performance.md "Chunks and round trips").
    const writes = /^\/dist\/widgets\/chunks\/cart-[\w-]{8}\.js$/;
    const small = (row(`${page} page 10 s`)?.files ?? []).filter(
      (f) => gzipOf(f.replace(/^\/dist\//, '')) < kb && !(page === 'cart' && writes.test(f)),
    );
    expect(small).toEqual([]);
    expect(row('product page files')?.budget).toBeLessThanOrEqual(8);
  });

  it("ships no chunk of the bundler's helpers: every page would fetch it as one more request", () => {
    const manifest = readFileSync(resolve(DIST_DIR, 'widgets-manifest.json'), 'utf8');
    expect(manifest).not.toMatch(/rolldown-runtime/);
    for (const page of ['product', 'cart', 'shop', 'contact'])
      expect(row(`${page} page 10 s`)?.files.filter((f) => f.includes('rolldown-runtime'))).toEqual([]);
  });

  it('ships the copied modules inside the chunks that use them, never as files of their own', () => {
    // COPIED_MODULES in vite.config.ts: each travelled alone, a request for a few hundred bytes,
    // on the cart, contact, account and restock pages.
    const names = COPIED_MODULES.map((f) => basename(f).replace(/\.tsx?$/, ''));
    // A chunk named by a copy's id (`fields.ts_sf-copy_…`) is a copy shared by several chunks.
    const isCopied = (file: string) =>
      basename(file).includes('sf-copy') ||
      names.some((name) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(basename(file)));
    expect(readdirSync(resolve(DIST_DIR, 'widgets/chunks')).filter(isCopied)).toEqual([]);
    for (const page of ['product', 'cart', 'shop', 'contact'])
      expect(row(`${page} page 10 s`)?.files.filter(isCopied)).toEqual([]);
  });

  it("bakes the cart read's chunk into the loader's cart code, found by its module in the manifest", () => {
    // The server's hints and the loader's cart code both find the cart's files by the module
    // `src/api/cart-read.ts` (demo/server/preload.ts). A build that folded that module into a group
    // chunk would drop its manifest key, and both would then silently stop preloading the cart.
    const manifest = JSON.parse(readFileSync(resolve(DIST_DIR, 'widgets-manifest.json'), 'utf8')) as Record<
      string,
      { file: string; imports?: string[] }
    >;
    const cart = manifest['src/api/cart-read.ts'];
    expect(cart?.file).toMatch(/^chunks\/[\w-]+\.js$/);
    const loader = readFileSync(resolve(DIST_DIR, 'loader.js'), 'utf8');
    expect(loader).toContain(cart?.file);
    // The writes wait for the shopper: the loader never starts them.
    expect(manifest['src/api/cart.ts']?.file).toMatch(/^chunks\/[\w-]+\.js$/);
    expect(loader).not.toContain(manifest['src/api/cart.ts']?.file);
    for (const dep of cart?.imports ?? []) {
      const file = manifest[dep]?.file ?? '';
      if (file !== 'runtime.js') expect(loader).toContain(file);
    }
  });

  it("fetches the shop cards' Quick View buttons, not the product form they open", () => {
    const fetched = row('shop page 10 s')?.files;
    expect(fetched).toContain('/dist/widgets/quick-view.js');
    expect(fetched).not.toContain('/dist/widgets/product-form.js');
  });

  it('prints each row against a git ref with --diff, from that commit built on its own', () => {
    const run = spawnSync(
      process.execPath,
      [resolve(PROJECT_ROOT, 'scripts/size.mjs'), '--json', '--static', '--diff', 'HEAD'],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    const { diff } = JSON.parse(run.stdout) as {
      diff: {
        ref: string;
        rows: { name: string; base: number | null; now: number | null; delta: number | null }[];
      };
    };
    expect(diff.ref).toBe('HEAD');
    const total = diff.rows.find((r) => r.name === 'product page total');
    expect(total?.now).toBe(row('product page total')?.gzip);
    expect(total?.base).toEqual(expect.any(Number));
    for (const r of diff.rows.filter((d) => d.base !== null && d.now !== null)) {
      expect(r.delta).toBe((r.now ?? 0) - (r.base ?? 0));
    }
  });
});
