/**
 * Compile once, render many times: a compiled template is immutable and shared, so renders of
 * the same source (and partials, which repeat across renders) skip tokenizing and assembling.
 */
import type { TemplateError } from './plugins/api';
import { assemble } from './assembler';
import type { Node } from './nodes';
import { errors as templateErrors } from './errors';
import { defaultRegistry } from './registry';

/** A template ready to render. Opaque to callers: pass it to `renderCompiled`. */
export interface Compiled {
  readonly source: string;
  /** Parser and assembler errors; every render of this template reports them again. */
  readonly errors: readonly TemplateError[];
  /** @internal the executable tree */
  readonly nodes: readonly Node[];
}

const CACHE_LIMIT = 512;
const cache = new Map<string, Compiled>();

/** Compiles template source. Never throws; problems are in `errors`. */
export function compile(source: string): Compiled {
  const hit = cache.get(source);
  if (hit !== undefined) return hit;
  const compiled = compileUncached(source);
  // A plain bound beats an LRU here: templates in one app are few and stable.
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(source, compiled);
  return compiled;
}

/**
 * Compiles without consulting or filling the cache: for one-off sources that would only evict
 * the templates worth keeping, and for benchmarks that measure the real work.
 */
export function compileUncached(source: string): Compiled {
  let compiled: Compiled;
  try {
    const { nodes, errors } = assemble(source, defaultRegistry);
    compiled = { source, errors, nodes };
  } catch (e) {
    // Defensive: the assembler collects errors, but a bad template must never escape as a throw.
    compiled = {
      source,
      errors: [templateErrors.unexpected('compile', e instanceof Error ? e.message : String(e))],
      nodes: [],
    };
  }
  return compiled;
}
