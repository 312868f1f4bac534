/**
 * Every TypeScript sample in the docs (```ts and ```tsx fences of README.md and docs/) compiles
 * against the built package, as a reader would paste it: `storefront-widgets` resolves through the
 * package's own `exports` to dist/lib's declarations, and React's types are this project's. Runs
 * after `npm run build` (vitest.e2e.config.ts). A sample that stops matching the API fails here.
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
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const MODULES = join(ROOT, 'node_modules');

interface Sample {
  readonly file: string;
  readonly line: number;
  readonly code: string;
}

/** The ts/tsx fences of one markdown file, with the line each starts on. */
function samplesOf(path: string): Sample[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  const found: Sample[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```tsx?\s*$/.test(lines[i] ?? '')) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end] !== '```') end++;
    found.push({ file: relative(ROOT, path), line: start + 1, code: lines.slice(start, end).join('\n') });
    i = end;
  }
  return found;
}

const markdown = [
  join(ROOT, 'README.md'),
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(ROOT, 'docs', f)),
];
const samples = markdown.flatMap(samplesOf);

let scratch: string | undefined;
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the code samples of the docs', () => {
  it.each(['README.md', 'docs/npm.md'])('include the npm recipe of %s, with its apiRoot', (file) => {
    expect(samples.some((s) => s.file === file && s.code.includes('<StorefrontProvider apiRoot='))).toBe(
      true,
    );
  });

  it('show the npm component of each widget page in use, as the widget index names it', () => {
    const index = readFileSync(join(ROOT, 'docs/widgets/README.md'), 'utf8');
    // Rows of the index: | [`name`](name.md) | what it is | `Component` or none |
    const rows = [...index.matchAll(/^\| \[`[a-z-]+`\]\(([a-z-]+\.md)\) .*\| `(\w+)`\s*\|$/gm)];
    const missing = rows.flatMap(([, page, component]) =>
      samples.some((s) => s.file === `docs/widgets/${page}` && s.code.includes(`<${component}`))
        ? []
        : [`docs/widgets/${page} has no sample rendering <${component}>`],
    );
    expect(rows.length).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });

  it('type-check against the built package', async () => {
    if (!existsSync(join(ROOT, 'dist/lib/src/index.d.ts')))
      throw new Error('dist/lib not found: run `npm run build` before the package tests');
    scratch = mkdtempSync(join(tmpdir(), 'sf-docs-'));
    const modules = join(scratch, 'node_modules');
    mkdirSync(modules);
    // The package as an app installs it (its package.json and exports), the rest from this project.
    symlinkSync(ROOT, join(modules, 'storefront-widgets'), 'dir');
    for (const name of readdirSync(MODULES)) {
      if (name === '.bin' || name.startsWith('.') || name === 'storefront-widgets') continue;
      symlinkSync(join(MODULES, name), join(modules, name), 'dir');
    }
    const names = samples.map((sample, i) => {
      const name = `sample-${i}.tsx`;
      // Samples showing the repository's own files import them from its root.
      const code = sample.code.replace(/from '\.\/(demo|src)\//g, `from '${ROOT}/$1/`);
      writeFileSync(join(scratch!, name), `${code}\nexport {};\n`);
      return name;
    });
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          jsx: 'react-jsx',
          strict: true,
          // The repository's own files a sample imports are written for these settings.
          exactOptionalPropertyTypes: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        },
        files: names,
      }),
    );
    const output = await run(process.execPath, [join(MODULES, 'typescript/bin/tsc'), '-p', 'tsconfig.json'], {
      cwd: scratch,
    }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    // Name the markdown file and line instead of the scratch file.
    const located = output.replace(
      /sample-(\d+)\.tsx\((\d+),(\d+)\)/g,
      (_m, i: string, line: string, col: string) => {
        const sample = samples[Number(i)];
        return sample ? `${sample.file}:${sample.line + Number(line) - 1}:${col}` : _m;
      },
    );
    expect(located).toBe('');
  }, 120_000);
});
