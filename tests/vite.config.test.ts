// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLOATING_UI_REACT_API } from '../vite.config.js';

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
