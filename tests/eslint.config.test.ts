// @vitest-environment node
/**
 * The builds declare `Object.freeze` pure (vite.config.ts), so the minifier drops a call whose
 * result is unused: `Object.freeze(x);` as a statement freezes nothing in dist/. The lint rule of
 * eslint.config.js refuses it.
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

async function messagesFor(code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: resolve(root, 'src/frozen.ts') });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('Object.freeze as a statement', () => {
  it('is refused: the builds would drop it', async () => {
    expect(await messagesFor('const table = { a: 1 };\nObject.freeze(table);\nexport { table };\n')).toEqual([
      'Object.freeze is declared pure for the builds: a bare call is dropped from dist/. Use its result (`const x = Object.freeze(...)`).',
    ]);
  });

  it.each([
    'export const table = Object.freeze({ a: 1 });\n',
    'export const frozen = (x: object) => Object.freeze(x);\n',
    'export function f(x: object) {\n  return Object.freeze(x);\n}\n',
  ])('is fine when its result is used: %s', async (code) => {
    expect(await messagesFor(code)).toEqual([]);
  });
});
