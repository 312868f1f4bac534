/*
 * Note to family owners: the engine added `arg(raw)` to TemplateContext (resolves a formatter or
 * predicate argument: double-quoted string, number, true/false/null literal, else a reference) and an
 * optional `options` parameter at the end of `applyTemplate` (for `apply NAME private`).
 * Existing calls are unaffected.
 */

/**
 * The plugin interface between the template engine and its formatter and predicate families.
 * The engine (tokenizer, parser, assembler, evaluator, renderer) implements TemplateContext;
 * each family file exports a `FormatterTable` and/or a `PredicateTable`.
 */

/** Error kinds collected during a render (spec 001 §8); none of them is thrown. */
export type TemplateErrorType =
  | 'syntax'
  | 'unknown-formatter'
  | 'unknown-predicate'
  | 'assembly'
  | 'runtime'
  | 'partial'
  | 'recursion'
  | 'expression'
  | 'engine';

export interface TemplateError {
  readonly type: TemplateErrorType;
  readonly message: string;
  /** 1-based line and column of the instruction, when known. */
  readonly line?: number;
  readonly column?: number;
}

/** What a formatter or predicate may ask of the render in progress. */
export interface TemplateContext {
  /** The node the current scope points at (what `{@}` prints). Missing is `undefined`. */
  readonly node: unknown;
  /**
   * Resolves a reference exactly as the template language does for a variable: `a.b.c`, `@`,
   * `@index`, `@name` bindings, `@args`, numeric path segments; first segment looked up the
   * scope stack. Missing gives `undefined`.
   */
  resolve(ref: string): unknown;
  /** Resolves `ref` with `node` pushed as the innermost scope (what `lookup` reads). */
  resolveIn(node: unknown, ref: string): unknown;
  /** The root JSON of the render. */
  readonly root: unknown;
  /** BCP-47 tag, or null for "no locale data" (locale-aware formatters then print nothing). */
  readonly locale: string | null;
  /** Epoch milliseconds used as "now" by relative-time formatters. */
  readonly now: number;
  /** `website.timeZone` of the root JSON, else America/New_York. */
  readonly timeZone: string;
  /**
   * Renders a macro or partial by name against `node` (the `apply` formatter and friends).
   * `args` become `@args` inside it. With `options.private` the caller's scopes are hidden and
   * only `node` is visible. Returns undefined when not found (the error is recorded).
   */
  applyTemplate(
    name: string,
    node: unknown,
    args?: Readonly<Record<string, string>>,
    options?: { readonly private?: boolean },
  ): string | undefined;
  /** Renders template source against `node` with the engine's own rules (for markup formatters). */
  renderSource(source: string, node: unknown): string;
  /**
   * Resolves one raw argument the way the language's comparison predicates do: `"text"` (double
   * quotes only) is a string, a number literal is a number, `true`/`false`/`null` are themselves,
   * anything else is a reference resolved like `resolve(ref)`.
   */
  arg(raw: string): unknown;
  /** Records an error; the render goes on. */
  error(type: TemplateErrorType, message: string): void;
}

/**
 * A formatter: `{value|name arg1 arg2}`. `value` is the current value of the first variable;
 * `values` holds every variable of a multi-variable reference (`{a,b|name}`), first included.
 * The return value replaces the variable's value (undefined means missing, which prints nothing).
 */
export type FormatterFn = (
  value: unknown,
  args: readonly string[],
  ctx: TemplateContext,
  values: readonly unknown[],
) => unknown;

/** A predicate: `{.name? arg1 arg2}`, tested against `ctx.node`. */
export type PredicateFn = (ctx: TemplateContext, args: readonly string[]) => boolean;

export type FormatterTable = Readonly<Record<string, FormatterFn>>;
/** Predicate names include their trailing `?`. */
export type PredicateTable = Readonly<Record<string, PredicateFn>>;
