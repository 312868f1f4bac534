#!/usr/bin/env node
// `npm run build`: the five vite builds of vite.config.ts, then the library's declarations.
// Output layout is documented in vite.config.ts and docs/performance.md.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { precompress } from './precompress.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const finalDist = resolve(root, 'dist');
// Built into a scratch folder and swapped in at the end: whoever serves dist/ meanwhile keeps
// serving the previous build, never a half-written one.
const scratch = `dist.building-${process.pid}`;
const dist = resolve(root, scratch);
process.env.SF_OUT_DIR = scratch;

const step = (text) => process.stdout.write(`\n> ${text}\n`);

step(`build into ${scratch}/`);
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
process.on('exit', () => rmSync(dist, { recursive: true, force: true }));

// The widgets first: the loader's build reads their manifest (the cart code it preloads).
for (const mode of ['widgets', 'loader', 'lib', 'template', 'cli']) {
  if (mode === 'cli' && !existsSync(resolve(root, 'src/template/cli.ts'))) {
    // Lets the other builds be used while the CLI is written; `npm run size` still fails on it.
    process.stderr.write('\nWARNING: src/template/cli.ts is missing: dist/cli/sf-template.js not built\n');
    continue;
  }
  step(`vite build --mode ${mode}`);
  await build({ root, configFile: resolve(root, 'vite.config.ts'), mode, logLevel: 'warn' });
  // The manifest is for the loader's build, scripts/size.mjs, the reference server and the tests;
  // keep it out of the published widgets folder.
  const manifest = resolve(dist, 'widgets/.vite/manifest.json');
  if (mode === 'widgets' && existsSync(manifest)) {
    renameSync(manifest, resolve(dist, 'widgets-manifest.json'));
    rmSync(resolve(dist, 'widgets/.vite'), { recursive: true, force: true });
  }
}

// A published page reads its texts as data (src/page/page-language.ts): each catalogue part goes
// next to the widget files as JSON, minified, never as code.
step('catalogues into widgets/messages/');
const languages = resolve(root, 'src/messages/languages');
mkdirSync(resolve(dist, 'widgets/messages'), { recursive: true });
for (const name of readdirSync(languages).filter((n) => n.endsWith('.json'))) {
  const texts = JSON.parse(readFileSync(resolve(languages, name), 'utf8'));
  writeFileSync(resolve(dist, 'widgets/messages', name), JSON.stringify(texts));
}

step('tsc -p tsconfig.build.json (declarations into dist/lib)');
const tsc = spawnSync(
  process.execPath,
  [
    resolve(root, 'node_modules/typescript/bin/tsc'),
    '-p',
    'tsconfig.build.json',
    '--outDir',
    `${scratch}/lib`,
  ],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (tsc.status !== 0) {
  process.stderr.write('declaration build failed\n');
  process.exit(tsc.status ?? 1);
}
// tsc mirrors the source tree (dist/lib/src/..., beside the lib build's modules); the template
// entries are bundled files of their own, whose declarations these point at.
writeFileSync(resolve(dist, 'lib/template.d.ts'), "export * from './src/template/index.js';\n");

const cli = resolve(dist, 'cli/sf-template.js');
if (existsSync(cli)) {
  const code = readFileSync(cli, 'utf8');
  if (!code.startsWith('#!')) writeFileSync(cli, `#!/usr/bin/env node\n${code}`);
  chmodSync(cli, 0o755);
}

step('precompress what the reference server sends (.br, .gz)');
const packed = precompress([resolve(dist, 'loader.js'), resolve(dist, 'widgets')]);
process.stdout.write(
  `${packed.files} files: ${packed.raw} B, gzip ${packed.gzip} B, brotli ${packed.brotli} B\n`,
);

step('swap the new build into dist/');
const old = resolve(root, `dist.old-${process.pid}`);
if (existsSync(finalDist)) renameSync(finalDist, old);
renameSync(dist, finalDist);
rmSync(old, { recursive: true, force: true });

step('build done: dist/loader.js, dist/widgets/, dist/lib/, dist/cli/');
