// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cartCode, inContractOrder, packageVersion } from '../../scripts/loader-defines.js';
import { WIDGET_NAMES } from '../../src/contract.js';

const WIDGET_HOMES = { 'cart-pill': 'runtime', 'instalment-pill': 'product-form' };

describe("the loader's cart code, read from the widgets build's manifest", () => {
  const build = (manifest: unknown) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sf-cart-code-'));
    if (manifest !== undefined)
      writeFileSync(path.join(dir, 'widgets-manifest.json'), JSON.stringify(manifest));
    return dir;
  };
  it('names the cart read, the client and what they import, the runtime, the writes and other widgets left out', () => {
    const dir = build({
      'src/page/runtime.ts': { file: 'runtime.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'chunks/shared-a1.js' },
      'widgets/cart-page/index.ts': { file: 'cart-page.js', isEntry: true, imports: ['_forms.js'] },
      '_forms.js': { file: 'chunks/forms-f1.js' },
      'src/api/cart-read.ts': {
        file: 'chunks/cart-read-r1.js',
        imports: ['src/page/runtime.ts', '_parse.js'],
      },
      '_parse.js': { file: 'chunks/parse-q1.js' },
      // The client: a group chunk (CHUNKS in vite.config.ts), known by its name.
      '_client-k1.js': { file: 'chunks/client-k1.js', name: 'client', imports: ['_shared.js'] },
      'src/api/cart.ts': {
        file: 'chunks/cart-c1.js',
        imports: ['src/page/runtime.ts', '_client-k1.js', 'src/api/cart-read.ts'],
      },
    });
    try {
      expect(cartCode(dir, WIDGET_HOMES)).toEqual([
        'chunks/cart-read-r1.js',
        'chunks/parse-q1.js',
        'chunks/client-k1.js',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('is empty when the widgets have not been built', () => {
    const dir = build(undefined);
    try {
      expect(cartCode(dir, WIDGET_HOMES)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the loader's version and lists of widgets", () => {
  it("is the package's version", () => {
    expect(packageVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("are in the page contract's order, other names after them", () => {
    const [first = '', second = ''] = WIDGET_NAMES;
    expect(inContractOrder(['zz-new', second, first])).toEqual([first, second, 'zz-new']);
  });
});
