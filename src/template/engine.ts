/**
 * The engine's public functions over one registry: `index.ts` (every family) and `core.ts` (all
 * but the commerce markup) are each one engine, with a compile cache of its own.
 */
import type { TemplateError } from './plugins/api';
import { createCompiler, type Compiled, type Compiler } from './compiled';
import type { Registry } from './registry';
import { Renderer, type RenderSettings } from './renderer';

export interface RenderOptions {
  /** Partial templates by name, for `{x|apply name}` and `{.include name}`. @default {} */
  partials?: Readonly<Record<string, string>> | undefined;
  /** Values for `{.inject @name path}` by path. @default {} */
  injects?: Readonly<Record<string, unknown>> | undefined;
  /** BCP-47 tag; null means "no locale data" (locale-aware formatters print nothing). @default 'en-US' */
  locale?: string | null | undefined;
  /** Epoch milliseconds used as "now" by relative-time formatters. @default Date.now() */
  now?: number | undefined;
  /** Largest number of tokens one `.eval` expression may have. @default 1000 */
  maxTokens?: number | undefined;
  /** Longest string an `.eval` expression may hold or build. @default 10000 */
  maxStringLength?: number | undefined;
  /** Run `{.eval}` instructions. @default true */
  enableExpressions?: boolean | undefined;
  /** Run `{.include}` instructions. @default true */
  enableInclude?: boolean | undefined;
  /**
   * The render stops (with an error) once the output is longer than this (characters); the output
   * returned is cut at this length. @default 5000000
   */
  maxOutputLength?: number | undefined;
  /** The render stops (with an error) after executing this many instructions. @default 2000000 */
  maxInstructions?: number | undefined;
  /** Errors beyond this many are dropped (a recursive template can produce one per call). @default 100 */
  maxErrors?: number | undefined;
}

export interface RenderResult {
  readonly output: string;
  readonly errors: TemplateError[];
}

const EMPTY: Readonly<Record<string, never>> = Object.freeze({});

function settingsOf(options: RenderOptions | undefined, compiler: Compiler): RenderSettings {
  const o = options ?? EMPTY;
  return {
    compiler,
    partials: o.partials ?? EMPTY,
    injects: o.injects ?? EMPTY,
    locale: o.locale === undefined ? 'en-US' : o.locale,
    now: o.now ?? Date.now(),
    maxTokens: o.maxTokens ?? 1000,
    maxStringLength: o.maxStringLength ?? 10_000,
    enableExpressions: o.enableExpressions ?? true,
    enableInclude: o.enableInclude ?? true,
    maxOutputLength: o.maxOutputLength ?? 5_000_000,
    maxInstructions: o.maxInstructions ?? 2_000_000,
    maxErrors: o.maxErrors ?? 100,
  };
}

export interface Engine extends Compiler {
  /** Renders an already compiled template. Never throws. */
  renderCompiled(compiled: Compiled, json: unknown, options?: RenderOptions): RenderResult;
  /** Compiles (cached by source) and renders a template. Never throws. */
  render(template: string, json: unknown, options?: RenderOptions): RenderResult;
}

export function createEngine(registry: Registry): Engine {
  const compiler = createCompiler(registry);
  const renderCompiled = (compiled: Compiled, json: unknown, options?: RenderOptions): RenderResult => {
    const renderer = new Renderer(json, settingsOf(options, compiler));
    const output = renderer.run(compiled.nodes);
    const errors = compiled.errors.length > 0 ? [...compiled.errors, ...renderer.errors] : renderer.errors;
    return { output, errors };
  };
  return {
    compile: compiler.compile,
    compileUncached: compiler.compileUncached,
    renderCompiled,
    render: (template, json, options) => renderCompiled(compiler.compile(template), json, options),
  };
}
