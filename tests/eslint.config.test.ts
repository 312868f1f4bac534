// @vitest-environment node
/**
 * The builds declare `Object.freeze` pure (vite.config.ts), so the minifier drops a call whose
 * result is unused: `Object.freeze(x);` as a statement freezes nothing in dist/. The lint rule of
 * eslint.config.js refuses it. Its import arrows keep widgets from importing each other.
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

const REFUSED = 'Widgets never import each other; move shared code to src/.';

async function importMessages(file: string, from: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const code = `import { x } from '${from}';\nexport const y = x;\n`;
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message.slice(m.message.indexOf('pattern.') + 'pattern. '.length));
}

describe('an import from one widget folder into another', () => {
  it.each([
    ['widgets/cart-pill/x.ts', '../product-form'],
    ['widgets/cart-pill/x.ts', '../product-form/block-form.js'],
    ['widgets/quick-view/quick-view-card.tsx', '../product-form/quick-view.js'],
    ['widgets/site-form/x.tsx', '../../widgets/cart-page/messages.js'],
    ['widgets/quick-view/open.tsx', '../cart-pill/messages.js'],
  ])('%s importing %s is refused', async (file, from) => {
    expect(await importMessages(file, from)).toEqual([REFUSED]);
  });

  it.each([
    ['widgets/cart-pill/x.ts', './messages.js'],
    ['widgets/cart-pill/x.ts', '../../src/result.js'],
    ['widgets/quick-view/open.tsx', '../product-form/block-form.js'],
  ])('%s importing %s is allowed', async (file, from) => {
    expect(await importMessages(file, from)).toEqual([]);
  });
});
