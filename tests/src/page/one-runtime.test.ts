/**
 * One page runtime (src/page/create-runtime.ts) reads the page's `#sf-context` script and holds
 * the page's api client and cart store; every other module is handed a runtime or asks for the
 * page's. A second reader would be a second owner of page state that could disagree with it.
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

const files = [...sources(join(root, 'src')), ...sources(join(root, 'widgets'))]
  .map((path) => ({ path: relative(root, path).replace(/\\/g, '/'), text: readFileSync(path, 'utf8') }))
  // The template engine renders blocks; it never reads a page.
  .filter(({ path }) => !path.startsWith('src/template/'));

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
