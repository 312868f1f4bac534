// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHUNKS, COPIED_MODULES, WIDGET_HOMES } from '../vite.config.js';
import { chunkOf } from '../scripts/chunk-plan.js';
import { FLOATING_UI_REACT_API } from '../scripts/floating-ui-react.js';
import { REACT_SHIMS } from '../scripts/react-shims.js';

const root = path.resolve(import.meta.dirname, '..');

const FLOATING_UI_FILES = [
  'node_modules/@floating-ui/react/dist/floating-ui.react.mjs',
  'node_modules/@floating-ui/react/dist/floating-ui.react.utils.mjs',
  'node_modules/@floating-ui/react-dom/dist/floating-ui.react-dom.mjs',
];

/** Every React API name a module uses: named imports, namespace members and members of copies. */
const reactApiUsedBy = (source: string): string[] => {
  const names = new Set<string>();
  const namespaces = new Set<string>();
  for (const m of source.matchAll(/import\s*\*\s*as\s+(\w+)\s+from\s*['"]react(?:-dom)?['"]/g)) {
    namespaces.add(m[1] ?? '');
  }
  // `const SafeReact = { ...React }`: a copy reads the same names.
  for (const m of source.matchAll(/const\s+(\w+)\s*=\s*\{\s*\.\.\.(\w+)\s*\}/g)) {
    if (namespaces.has(m[2] ?? '')) namespaces.add(m[1] ?? '');
  }
  for (const ns of namespaces) {
    for (const m of source.matchAll(new RegExp(`\\b${ns}\\.(\\w+)`, 'g'))) names.add(m[1] ?? '');
  }
  for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]react(?:-dom)?['"]/g)) {
    for (const part of (m[1] ?? '').split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
  }
  return [...names].sort();
};

describe('the widgets build gives @floating-ui/react only the React API it uses', () => {
  const used = [
    ...new Set(
      FLOATING_UI_FILES.flatMap((file) => reactApiUsedBy(readFileSync(path.join(root, file), 'utf8'))),
    ),
  ].sort();

  it('reads some React API from floating-ui, so the scan itself works', () => {
    expect(used).toEqual(expect.arrayContaining(['createPortal', 'forwardRef', 'useLayoutEffect']));
  });

  it('lists exactly the names floating-ui uses', () => {
    expect([...FLOATING_UI_REACT_API].sort()).toEqual(used);
  });

  it.each([...FLOATING_UI_REACT_API])('takes %s from preact/compat', async (name) => {
    const compat = (await import('preact/compat')) as unknown as Record<string, unknown>;
    expect(typeof compat[name]).toBe('function');
  });
});

describe('the widgets build gives our own modules the React shim over preact', () => {
  const ourFiles = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => path.join(dir, f));
  // Value imports only: `import type { X }` and `type X` members are erased by the compiler.
  const valueNamesFrom = (module: 'react' | 'react-dom/client'): string[] => {
    const names = new Set<string>();
    for (const file of [...ourFiles('src'), ...ourFiles('widgets')]) {
      const source = readFileSync(path.join(root, file), 'utf8');
      const re = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${module}['"]`, 'g');
      for (const m of source.matchAll(re)) {
        if (/^\s*import\s+type/.test(m[0])) continue;
        for (const part of (m[1] ?? '').split(',')) {
          const name = part.trim();
          if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0] ?? name);
        }
      }
    }
    return [...names].sort();
  };

  it.each([
    ['react', 'src/react/preact-shim.ts'],
    ['react-dom/client', 'src/react/preact-dom-shim.ts'],
  ] as const)('exports from the %s shim every name our modules import', async (module, file) => {
    expect(REACT_SHIMS[module]).toBe(path.join(root, file));
    const used = valueNamesFrom(module);
    expect(used.length).toBeGreaterThan(0);
    const shim = (await import(path.join(root, file))) as Record<string, unknown>;
    expect(used.filter((name) => typeof shim[name] !== 'function')).toEqual([]);
  });
});

describe('the widgets build holds its chunks by a declared table', () => {
  it('has the loader fetch each widget another chunk holds from that chunk', () => {
    expect(WIDGET_HOMES).toEqual({ 'cart-pill': 'runtime', 'instalment-pill': 'product-form' });
    for (const [widget, home] of Object.entries(WIDGET_HOMES)) {
      expect(existsSync(path.resolve(root, 'widgets', widget, 'index.ts'))).toBe(true);
      expect(home === 'runtime' || existsSync(path.resolve(root, 'widgets', home, 'index.ts'))).toBe(true);
    }
  });

  it.each(CHUNKS.flatMap(({ name, from }) => from.map((file) => ({ name, file }))))(
    'the $name chunk holds from $file, which exists',
    ({ file }) => {
      expect(existsSync(path.resolve(root, file))).toBe(true);
    },
  );

  it.each(COPIED_MODULES)(
    '%s, copied into each module that imports it, exists and holds no state',
    (file) => {
      // Two copies on one page must behave as one: no variable that changes, no container filled
      // at run time.
      const source = readFileSync(path.resolve(root, file), 'utf8');
      expect(source).not.toMatch(/^(?:export\s+)?(?:let|var)\s/m);
      expect(source).not.toMatch(/\bnew\s+(?:Map|Set|WeakMap|WeakSet)\b|\.push\(/);
      // Nor a value made by a call at load (a memo, a cache), a frozen literal apart.
      expect(source).not.toMatch(
        /^(?:export\s+)?const\s+\w+\s*(?::[^=\n]+)?=\s*(?!Object\.freeze\()[\w.]+\(/m,
      );
    },
  );

  const id = (file: string) => path.resolve(root, file);
  const chunksOf = (graph: Record<string, string[]>, entries: string[]) => {
    const imports = (m: string) => (graph[path.relative(root, m)] ?? []).map(id);
    const name = chunkOf(CHUNKS, WIDGET_HOMES, entries.map(id), imports);
    const files = new Set([...Object.keys(graph), ...Object.values(graph).flat()]);
    return Object.fromEntries([...files].sort().map((file) => [file, name(id(file))]));
  };

  it('puts what only the product widgets use into product, what they share into ui, the platform into platform', () => {
    const held = chunksOf(
      {
        'src/page/runtime.ts': ['src/store.ts', 'src/page/flags.ts'],
        'widgets/cart-pill/index.ts': ['src/pill.ts'],
        'widgets/product-form/index.ts': ['src/alert.ts', 'src/rules.ts'],
        'widgets/instalment-pill/index.ts': ['src/rules.ts'],
        'widgets/cart-page/index.ts': ['src/alert.ts', 'src/readers.ts'],
        'src/page/platform-api.ts': ['src/identity.ts', 'src/page/flags.ts'],
      },
      [
        'src/page/runtime.ts',
        'widgets/cart-pill/index.ts',
        'widgets/product-form/index.ts',
        'widgets/instalment-pill/index.ts',
        'widgets/cart-page/index.ts',
      ],
    );
    expect(held).toEqual({
      'src/page/runtime.ts': 'ui',
      'src/store.ts': 'ui',
      // The start imports the flags and drops them: the platform layer holds them.
      'src/page/flags.ts': 'platform',
      'widgets/cart-pill/index.ts': null,
      'src/pill.ts': 'ui',
      'widgets/product-form/index.ts': 'product',
      'widgets/instalment-pill/index.ts': null,
      'src/rules.ts': 'product',
      'src/alert.ts': 'ui',
      'widgets/cart-page/index.ts': null,
      'src/readers.ts': null,
      'src/page/platform-api.ts': 'platform',
      'src/identity.ts': 'platform',
    });
  });

  it("puts what the product page's later code shares into later, not what one part uses alone", () => {
    const held = chunksOf(
      {
        'src/page/runtime.ts': [],
        'widgets/product-form/add-flow.ts': ['src/add-texts.ts', 'src/flow-only.ts'],
        'widgets/instalment-pill/pill-widget.ts': ['src/instalments.ts', 'src/pill-texts.ts'],
        'widgets/instalment-pill/info-popup.tsx': ['src/pill-texts.ts'],
        'widgets/cart-page/index.ts': ['src/add-texts.ts', 'src/instalments.ts'],
      },
      ['src/page/runtime.ts', 'widgets/cart-page/index.ts'],
    );
    expect(Object.keys(held).filter((file) => held[file] === 'later')).toEqual([
      'src/add-texts.ts',
      'src/instalments.ts',
      'src/pill-texts.ts',
    ]);
    expect(held['src/flow-only.ts']).toBeNull();
    expect(held['widgets/product-form/add-flow.ts']).toBeNull();
  });
});

describe('vite.config.ts', () => {
  it('declares the builds and leaves what they run to scripts/: at most 300 lines, no plugin of its own', () => {
    const config = readFileSync(path.join(root, 'vite.config.ts'), 'utf8');
    expect(config.split('\n').length).toBeLessThanOrEqual(300);
    // A plugin is an object with a name and hooks; each of ours is a module of scripts/.
    expect(config).not.toMatch(/\bname:\s*'sf-/);
    expect(config).not.toMatch(/\b(?:resolveId|load|transform|renderChunk|generateBundle)\s*\(/);
  });
});
