import type { TemplateContext, TemplateError } from '../../../../src/template/plugins/api';

export interface FakeOptions {
  /** The node in scope (what `{@}` prints). */
  readonly node?: unknown;
  /** Scopes searched after the node, innermost first; the last is the root. */
  readonly scopes?: readonly unknown[];
  /** Bindings such as `@index`. */
  readonly bindings?: Readonly<Record<string, unknown>>;
  readonly locale?: string | null;
  readonly now?: number;
  readonly timeZone?: string;
}

function lookup(node: unknown, keys: readonly string[]): unknown {
  let cur = node;
  for (const key of keys) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** A TemplateContext over plain data: references resolve through the node, then outer scopes. */
export function fakeContext(
  options: FakeOptions = {},
): TemplateContext & { readonly errors: TemplateError[] } {
  const errors: TemplateError[] = [];
  const stack = [options.node, ...(options.scopes ?? [])];
  const resolve = (ref: string): unknown => {
    if (ref === '@') return options.node;
    if (options.bindings !== undefined && ref in options.bindings) return options.bindings[ref];
    const keys = ref.split('.');
    const head = keys[0] ?? '';
    for (const scope of stack) {
      if (scope !== null && typeof scope === 'object' && head in scope) return lookup(scope, keys);
    }
    return undefined;
  };
  return {
    node: options.node,
    root: stack[stack.length - 1],
    locale: options.locale === undefined ? 'en' : options.locale,
    now: options.now ?? 0,
    timeZone: options.timeZone ?? 'America/New_York',
    errors,
    resolve,
    resolveIn: (node, ref) => {
      const keys = ref.split('.');
      const head = keys[0] ?? '';
      if (node !== null && typeof node === 'object' && head in node) return lookup(node, keys);
      return resolve(ref);
    },
    arg: (raw) => resolve(raw),
    applyTemplate: () => undefined,
    renderSource: () => '',
    error: (type, message) => {
      errors.push({ type, message });
    },
  };
}
