/**
 * The package as a theme developer gets it: `npm pack` of the built tree, unpacked into the
 * node_modules of a scratch Vite + React 19 app in a temp folder, which must type-check with tsc
 * and build with Vite, importing the library, the template entry and a widget stylesheet through
 * the package's `exports`. The app's other dependencies are links to this project's installed
 * node_modules, so the test needs no network. Runs after `npm run build` (vitest.e2e.config.ts).
 */
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const MODULES = join(ROOT, 'node_modules');

let scratch: string;
let app: string;
let packed: string[];
let manifest: { exports: Record<string, unknown>; sideEffects: unknown };

/** Whether a path matches a `sideEffects` pattern as bundlers read one: no slash, the file's name. */
function matchesSideEffect(pattern: string, path: string): boolean {
  const glob = pattern.includes('/') ? pattern.replace(/^\.\//, '') : `**/${pattern}`;
  const source = glob
    .split(/(\*\*\/|\*)/)
    .map((part) =>
      part === '**/' ? '(?:.*/)?' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`).test(path);
}

const APP_SOURCE = `import { createRoot } from 'react-dom/client';
import { StorefrontProvider, parseProductItem } from 'storefront-widgets';
import { CartPill, type CartPillProps } from 'storefront-widgets/cart-pill';
import { CartPage } from 'storefront-widgets/cart-page';
import { InstalmentPill } from 'storefront-widgets/instalment-pill';
import { ProductForm, parseProductFormProps } from 'storefront-widgets/product-form';
import { RestockAdmin } from 'storefront-widgets/restock-admin';
import { RestockForm } from 'storefront-widgets/restock-form';
import { SiteForm } from 'storefront-widgets/site-form';
import { render } from 'storefront-widgets/template';
import 'storefront-widgets/styles/cart-pill.css';
import 'storefront-widgets/styles/product-form.css';

const { output } = render('<p>{title|html}</p>', { title: 'Trail Tee' });
const pill: CartPillProps = { theme: 'dark' };
// Each widget's own entry resolves, with its types (tsc fails on a name that is not there).
export const widgets = [CartPage, InstalmentPill, ProductForm, RestockAdmin, RestockForm, SiteForm];
export const parsers = [parseProductItem, parseProductFormProps];
const host = document.getElementById('root');
if (host) {
  host.insertAdjacentText('beforeend', output.length > 0 ? 'rendered' : 'empty');
  createRoot(host).render(
    <StorefrontProvider>
      <CartPill {...pill} />
    </StorefrontProvider>,
  );
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'bundler',
    jsx: 'react-jsx',
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    types: [],
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  },
  include: ['src'],
};

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist/lib/src/index.js')))
    throw new Error('dist/lib not found: run `npm run build` before the package test');
  scratch = mkdtempSync(join(tmpdir(), 'sf-pack-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', scratch], { cwd: ROOT });
  const report = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  const first = report[0];
  if (!first) throw new Error(`npm pack reported nothing: ${stdout}`);
  packed = first.files.map((f) => f.path);

  app = join(scratch, 'app');
  const modules = join(app, 'node_modules');
  const installed = join(modules, 'storefront-widgets');
  mkdirSync(installed, { recursive: true });
  await run('tar', ['-xzf', join(scratch, first.filename), '-C', installed, '--strip-components=1']);
  // Every other package comes from this project's install (scoped folders linked whole).
  for (const name of readdirSync(MODULES)) {
    if (name === '.bin' || name === 'storefront-widgets' || name.startsWith('.')) continue;
    symlinkSync(join(MODULES, name), join(modules, name), 'dir');
  }
  mkdirSync(join(app, 'src'));
  writeFileSync(join(app, 'src/main.tsx'), APP_SOURCE);
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  writeFileSync(
    join(app, 'index.html'),
    '<!doctype html><html lang="en"><head><title>App</title></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
  );
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'scratch-app', private: true, type: 'module' }),
  );
  manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as typeof manifest;
}, 120_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('holds the built entries, the stylesheets, the README and the LICENSE, and nothing of the sources', () => {
    expect(packed).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'package.json',
        'dist/loader.js',
        'dist/lib/src/index.js',
        'dist/lib/src/index.d.ts',
        'dist/lib/widgets/cart-pill/npm.js',
        'dist/lib/widgets/cart-pill/npm.d.ts',
        'dist/lib/styles/product-form.css',
      ]),
    );
    expect(packed.filter((p) => /^(src|demo|tests|widgets)\//.test(p))).toEqual([]);
    expect(manifest.exports['./styles/*']).toBe('./dist/lib/styles/*');
  });

  it("resolves every link of its README to a file it holds, the docs and the example's among them", () => {
    const readme = readFileSync(join(app, 'node_modules/storefront-widgets/README.md'), 'utf8');
    const targets = [...readme.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => m[1] ?? '')
      .filter((href) => !/^(?:[a-z]+:|#)/i.test(href))
      .map((href) => href.replace(/#.*$/, ''));
    expect(targets.length).toBeGreaterThan(20);
    expect(targets.filter((target) => !packed.includes(target))).toEqual([]);
  });

  it('ships no source maps', () => {
    expect(packed.filter((p) => p.endsWith('.map'))).toEqual([]);
    const comments = packed
      .filter((p) => p.endsWith('.js'))
      .filter((p) =>
        readFileSync(join(app, 'node_modules/storefront-widgets', p), 'utf8').includes(
          '//# sourceMappingURL=',
        ),
      );
    expect(comments).toEqual([]);
  });

  it('marks every stylesheet as a side effect and no script', () => {
    const patterns = Array.isArray(manifest.sideEffects) ? (manifest.sideEffects as string[]) : [];
    const kept = (path: string) => patterns.some((pattern) => matchesSideEffect(pattern, path));
    const css = packed.filter((p) => p.endsWith('.css'));
    expect(css.length).toBeGreaterThan(0);
    expect(css.filter((p) => !kept(p))).toEqual([]);
    expect(packed.filter((p) => p.endsWith('.js') && kept(p))).toEqual([]);
  });

  it('has an entry of its own for each widget, resolving to the files it ships', () => {
    const widgets = [
      'cart-page',
      'cart-pill',
      'instalment-pill',
      'product-form',
      'restock-admin',
      'restock-form',
      'site-form',
    ];
    for (const name of widgets) {
      expect(manifest.exports[`./${name}`]).toEqual({
        types: `./dist/lib/widgets/${name}/npm.d.ts`,
        default: `./dist/lib/widgets/${name}/npm.js`,
      });
      expect(packed).toEqual(
        expect.arrayContaining([`dist/lib/widgets/${name}/npm.js`, `dist/lib/widgets/${name}/npm.d.ts`]),
      );
    }
  });

  it('type-checks in a React 19 app with tsc', async () => {
    const tsc = join(MODULES, 'typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: app }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe('');
  }, 120_000);

  it('builds with Vite, the widget stylesheets included', async () => {
    const vite = join(MODULES, 'vite/bin/vite.js');
    await run(process.execPath, [vite, 'build', '--logLevel', 'error'], { cwd: app });
    const assets = readdirSync(join(app, 'dist/assets'));
    const css = assets
      .filter((f) => f.endsWith('.css'))
      .map((f) => readFileSync(join(app, 'dist/assets', f), 'utf8'));
    expect(css.join('\n')).toContain('sf-cart-pill');
    expect(css.join('\n')).toContain('sf-product-form');
    const js = assets.filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(0);
  }, 180_000);
});
