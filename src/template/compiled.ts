/**
 * Compile once, render many times: a compiled template is immutable and shared, so renders of
 * the same source (and partials, which repeat across renders) skip tokenizing and assembling.
 */
import type { TemplateError } from './plugins/api';
import { assemble } from './assembler';
import { MemoCache } from './cache';
import type { Node } from './nodes';
import { errors as templateErrors } from './errors';
import type { Registry } from './registry';

/** A template ready to render. Opaque to callers: pass it to `renderCompiled`. */
export interface Compiled {
  readonly source: string;
  /** Parser and assembler errors; every render of this template reports them again. */
  readonly errors: readonly TemplateError[];
  /** @internal the executable tree */
  readonly nodes: readonly Node[];
}

export interface Compiler {
  /** Compiles template source, cached by source. Never throws; problems are in `errors`. */
  compile(source: string): Compiled;
  /**
   * Compiles without consulting or filling the cache: for one-off sources that would only evict
   * the templates worth keeping, and for benchmarks that measure the real work.
   */
  compileUncached(source: string): Compiled;
}

/** Compiled templates kept per registry: a large site's templates and partials all fit. */
export const CACHE_LIMIT = 4096;

/**
 * A compiler over one registry. Its cache is emptied when full (src/template/cache.ts): a server
 * rotating through more templates than it holds recompiles them, whatever the order.
 */
export function createCompiler(registry: Registry, limit = CACHE_LIMIT): Compiler {
  const cache = new MemoCache<string, Compiled>(limit);
  const compileUncached = (source: string): Compiled => {
    try {
      const { nodes, errors } = assemble(source, registry);
      return { source, errors, nodes };
    } catch (e) {
      // Defensive: the assembler collects errors, but a bad template must never escape as a throw.
      return {
        source,
        errors: [templateErrors.unexpected('compile', e instanceof Error ? e.message : String(e))],
        nodes: [],
      };
    }
  };
  const compile = (source: string): Compiled => cache.remember(source, compileUncached);
  return { compile, compileUncached };
}
