/**
 * Executes a compiled tree against JSON. The renderer is also the TemplateContext handed to
 * formatters and predicates, so plugin calls allocate nothing per call.
 */
import type { TemplateContext, TemplateError, TemplateErrorType } from './plugins/api';
import { MemoCache } from './cache';
import type { Compiler } from './compiled';
import { errors } from './errors';
import { evalExpr, type ExprLimits } from './expr';
import {
  OP_BIND,
  OP_CTX,
  OP_EVAL,
  OP_IF,
  OP_INCLUDE,
  OP_INJECT,
  OP_MACRO,
  OP_OR,
  OP_PRED,
  OP_REPEATED,
  OP_SECTION,
  OP_VAR,
  REF_CURRENT,
  REF_INDEX,
  REF_INDEX0,
  REF_NAME,
  REF_VAR,
  type FormatterCall,
  type Node,
  type OrNode,
  type PredicateCall,
  type Ref,
} from './nodes';
import { parseRef } from './parser';

/** Partial and macro nesting allowed (spec 001 §9). */
export const MAX_PARTIAL_DEPTH = 16;

export interface RenderSettings extends ExprLimits {
  /** Compiles partials and markup sources with the render's own registry. */
  readonly compiler: Compiler;
  readonly partials: Readonly<Record<string, string>>;
  readonly injects: Readonly<Record<string, unknown>>;
  readonly locale: string | null;
  readonly now: number;
  readonly enableExpressions: boolean;
  readonly enableInclude: boolean;
  readonly maxOutputLength: number;
  readonly maxInstructions: number;
  readonly maxErrors: number;
}

/** Thrown only inside the renderer to unwind when a hard limit is hit; caught in `run`. */
class StopRender {
  constructor(readonly error: TemplateError) {}
}

const hasOwn = Object.prototype.hasOwnProperty;
const DIGITS = /^\d+$/;

function child(v: unknown, key: string): unknown {
  if (v === null || typeof v !== 'object') return undefined;
  if (Array.isArray(v)) return DIGITS.test(key) ? v[Number(key)] : undefined;
  const x = (v as Record<string, unknown>)[key];
  // As in `lookup`: a plain value read directly is the object's own.
  if (x === undefined || (typeof x !== 'function' && key !== '__proto__')) return x;
  return hasOwn.call(v, key) ? x : undefined;
}

/** The language's truth: missing, null, false, 0, "" and empty arrays and objects are false. */
export function truthy(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  switch (typeof v) {
    case 'boolean':
      return v;
    case 'number':
      return v !== 0 && !Number.isNaN(v);
    case 'string':
      return v.length > 0;
    case 'object':
      if (Array.isArray(v)) return v.length > 0;
      for (const k in v) if (hasOwn.call(v, k)) return true;
      return false;
    default:
      return false;
  }
}

function arrayItem(v: unknown): string {
  if (v === null) return 'null';
  // Deeper arrays print as text joins them: null as nothing, objects as [object Object].
  if (Array.isArray(v)) return String(v);
  if (typeof v === 'object') return '[object Object]';
  return toOutput(v);
}

const NUMBER_TEXTS_LIMIT = 20_000;
/**
 * Texts of fractions printed before. Pages print the same prices and ratings on every render,
 * and turning a fraction into text costs more than finding it here.
 */
const numberTexts = new MemoCache<number, string>(NUMBER_TEXTS_LIMIT);

function numberText(n: number): string {
  // Integers (counts, cents, timestamps) convert faster than a lookup finds them: a Map keyed by
  // doubles such as timestamps costs more per lookup than String() (bench:template's cold rows).
  if (Number.isInteger(n)) return String(n);
  let text = numberTexts.get(n);
  if (text === undefined) {
    text = String(n);
    numberTexts.set(n, text);
  }
  return text;
}

/** How a value prints: objects print nothing, arrays print their items joined by commas. */
export function toOutput(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
      return numberText(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'object':
      return Array.isArray(v) ? v.map(arrayItem).join(',') : '';
    default:
      return '';
  }
}

const OP_NAMES: Readonly<Record<number, string>> = {
  [OP_VAR]: 'VARIABLE',
  [OP_SECTION]: 'SECTION',
  [OP_REPEATED]: 'REPEATED_SECTION',
  [OP_PRED]: 'PREDICATE',
  [OP_IF]: 'IF',
  [OP_OR]: 'OR_PREDICATE',
  [OP_BIND]: 'BINDVAR',
  [OP_CTX]: 'CTXVAR',
  [OP_MACRO]: 'MACRO',
  [OP_INCLUDE]: 'INCLUDE',
  [OP_INJECT]: 'INJECT',
  [OP_EVAL]: 'EVAL',
};

const NUMBER_ARG = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** A predicate or formatter argument read once: a literal value, or a reference to look up. */
interface ArgForm {
  readonly ref: Ref | null;
  readonly value: unknown;
}

const ARG_FORMS_LIMIT = 5000;
/** Argument texts come from templates and repeat on every render: each is classified once. */
const argForms = new MemoCache<string, ArgForm>(ARG_FORMS_LIMIT);

function argForm(raw: string): ArgForm {
  const hit = argForms.get(raw);
  if (hit !== undefined) return hit;
  let form: ArgForm;
  const n = raw.length;
  if (n >= 2 && raw.charCodeAt(0) === 34 && raw.charCodeAt(n - 1) === 34) {
    form = { ref: null, value: raw.slice(1, -1) };
  } else if (NUMBER_ARG.test(raw)) form = { ref: null, value: Number(raw) };
  else if (raw === 'true') form = { ref: null, value: true };
  else if (raw === 'false') form = { ref: null, value: false };
  else if (raw === 'null') form = { ref: null, value: null };
  // Anything else is looked up like `resolve` does; text that is no reference finds nothing.
  else form = { ref: parseRef(raw.trim()), value: undefined };
  argForms.set(raw, form);
  return form;
}

export class Renderer implements TemplateContext {
  out = '';
  readonly errors: TemplateError[] = [];
  readonly root: unknown;
  readonly locale: string | null;
  readonly now: number;
  readonly timeZone: string;

  private readonly frames: unknown[] = [];
  private readonly indexes: number[] = [];
  private readonly vars: (Map<string, unknown> | null)[] = [];
  private sp = -1;
  /** Lowest frame visible to lookups: raised by `apply NAME private`. */
  private base = 0;
  private readonly macros: (Map<string, readonly Node[]> | null)[] = [null];
  private depth = 0;
  private steps = 0;
  /** Length of the output held by enclosing renders while a macro or partial renders on its own. */
  private outside = 0;

  constructor(
    root: unknown,
    private readonly settings: RenderSettings,
  ) {
    this.root = root;
    this.locale = settings.locale;
    this.now = settings.now;
    const tz = child(child(root, 'website'), 'timeZone');
    this.timeZone = typeof tz === 'string' && tz !== '' ? tz : 'America/New_York';
  }

  /**
   * Renders a whole template; never throws. The output never passes `maxOutputLength`: a render
   * stopped by the limit returns what came before it, cut at the limit.
   */
  run(nodes: readonly Node[]): string {
    this.push(this.root, -1);
    try {
      this.render(nodes);
      // The limit is checked before each instruction; the last one's output is checked here.
      this.checkOutput();
    } catch (e) {
      if (e instanceof StopRender) this.errors.push(e.error);
      else this.errors.push(errors.unexpected('template', e instanceof Error ? e.message : String(e)));
    }
    const max = this.settings.maxOutputLength;
    return this.out.length > max ? this.out.slice(0, max) : this.out;
  }

  // ---- TemplateContext ----

  get node(): unknown {
    return this.frames[this.sp];
  }

  resolve(ref: string): unknown {
    const r = parseRef(ref.trim());
    return r === null ? undefined : this.lookup(r);
  }

  resolveIn(node: unknown, ref: string): unknown {
    const r = parseRef(ref.trim());
    if (r === null) return undefined;
    this.push(node, -1);
    try {
      return this.lookup(r);
    } finally {
      this.pop();
    }
  }

  arg(raw: string): unknown {
    const form = argForm(raw);
    return form.ref === null ? form.value : this.lookup(form.ref);
  }

  error(type: TemplateErrorType, message: string): void {
    this.addError({ type, message });
  }

  applyTemplate(
    name: string,
    node: unknown,
    args?: Readonly<Record<string, string>>,
    options?: { readonly private?: boolean },
  ): string | undefined {
    // Depth first: a runaway recursion should not pay for a lookup per refused call.
    if (this.depth >= MAX_PARTIAL_DEPTH) {
      this.addError(errors.partialRecursion(name, MAX_PARTIAL_DEPTH));
      return undefined;
    }
    const body = this.findTemplate(name);
    if (body === undefined) return undefined;
    return this.nested(name, body, node, true, args, options?.private === true);
  }

  renderSource(source: string, node: unknown): string {
    const compiled = this.settings.compiler.compile(source);
    for (const e of compiled.errors) this.addError(e);
    return this.nested('source', compiled.nodes, node, false, undefined, false) ?? '';
  }

  // ---- internals ----

  private addError(e: TemplateError): void {
    if (this.errors.length < this.settings.maxErrors) this.errors.push(e);
  }

  private push(node: unknown, index: number): void {
    const sp = ++this.sp;
    this.frames[sp] = node;
    this.indexes[sp] = index;
    this.vars[sp] = null;
  }

  private pop(): void {
    this.frames[this.sp] = undefined;
    this.sp--;
  }

  setVar(name: string, value: unknown): void {
    let m = this.vars[this.sp];
    if (m === null || m === undefined) {
      m = new Map();
      this.vars[this.sp] = m;
    }
    m.set(name, value);
  }

  private lookup(r: Ref): unknown {
    let v: unknown;
    switch (r.kind) {
      case REF_CURRENT:
        v = this.frames[this.sp];
        break;
      case REF_NAME: {
        const head = r.head;
        for (let k = this.sp; k >= this.base; k--) {
          const n = this.frames[k];
          if (n !== null && typeof n === 'object' && !Array.isArray(n)) {
            const x = (n as Record<string, unknown>)[head];
            // A plain value read directly is the object's own (JSON has no inherited data); what
            // could be inherited (functions, __proto__) or is absent is checked properly.
            if (x !== undefined && typeof x !== 'function' && head !== '__proto__') {
              v = x;
              break;
            }
            if (hasOwn.call(n, head)) {
              v = x;
              break;
            }
          }
        }
        break;
      }
      case REF_VAR:
        for (let k = this.sp; k >= this.base; k--) {
          const m = this.vars[k];
          if (m != null && m.has(r.head)) {
            v = m.get(r.head);
            break;
          }
        }
        break;
      case REF_INDEX:
      case REF_INDEX0:
        for (let k = this.sp; k >= this.base; k--) {
          const i = this.indexes[k] as number;
          if (i >= 0) {
            v = r.kind === REF_INDEX ? i + 1 : i;
            break;
          }
        }
        break;
    }
    const rest = r.rest;
    for (let i = 0; i < rest.length && v !== undefined; i++) v = child(v, rest[i] as string);
    return v;
  }

  /**
   * A section's or repeated section's name is looked up in the current frame only (a variable
   * walks up the stack): the current node's own key, or a variable bound in this frame. `@index`
   * names nothing here.
   */
  private lookupLocal(r: Ref): unknown {
    let v: unknown;
    const sp = this.sp;
    switch (r.kind) {
      case REF_CURRENT:
        v = this.frames[sp];
        break;
      case REF_NAME: {
        const n = this.frames[sp];
        if (n !== null && typeof n === 'object' && !Array.isArray(n) && hasOwn.call(n, r.head)) {
          v = (n as Record<string, unknown>)[r.head];
        }
        break;
      }
      case REF_VAR: {
        const m = this.vars[sp];
        if (m != null && m.has(r.head)) v = m.get(r.head);
        break;
      }
      default:
        break;
    }
    const rest = r.rest;
    for (let i = 0; i < rest.length && v !== undefined; i++) v = child(v, rest[i] as string);
    return v;
  }

  private value(refs: readonly Ref[], fmts: readonly FormatterCall[]): unknown {
    let v = this.lookup(refs[0] as Ref);
    if (fmts.length === 0) return v;
    let values: unknown[];
    if (refs.length === 1) values = [v];
    else {
      values = [v];
      for (let k = 1; k < refs.length; k++) values.push(this.lookup(refs[k] as Ref));
    }
    for (let i = 0; i < fmts.length; i++) {
      const f = fmts[i] as FormatterCall;
      try {
        v = f.fn(v, f.args, this, values);
        // The chain's value is the first variable's from here on (`{a,b|mod 3|relative-time}`).
        if (values.length > 1) values[0] = v;
      } catch (e) {
        if (e instanceof StopRender) throw e;
        this.addError(errors.unexpected(`formatter ${f.name}`, e instanceof Error ? e.message : String(e)));
        v = undefined;
      }
    }
    return v;
  }

  private test(p: PredicateCall): boolean {
    try {
      return p.fn(this, p.args) === true;
    } catch (e) {
      if (e instanceof StopRender) throw e;
      this.addError(errors.unexpected(`predicate ${p.name}`, e instanceof Error ? e.message : String(e)));
      return false;
    }
  }

  private findTemplate(name: string): readonly Node[] | undefined {
    for (let k = this.macros.length - 1; k >= 0; k--) {
      const body = this.macros[k]?.get(name);
      if (body !== undefined) return body;
    }
    const partials = this.settings.partials;
    if (hasOwn.call(partials, name)) {
      const source = partials[name];
      if (typeof source === 'string') {
        const compiled = this.settings.compiler.compile(source);
        if (compiled.errors.length > 0) {
          this.addError(errors.partialParseFailure(name, (compiled.errors[0] as TemplateError).message));
          return undefined;
        }
        return compiled.nodes;
      }
    }
    this.addError(errors.partialNotFound(name));
    return undefined;
  }

  /** Renders `body` into its own buffer, one level deeper, with `node` as the current scope. */
  private nested(
    name: string,
    body: readonly Node[],
    node: unknown,
    bindArgs: boolean,
    args: Readonly<Record<string, string>> | undefined,
    isPrivate: boolean,
  ): string | undefined {
    if (this.depth >= MAX_PARTIAL_DEPTH) {
      this.addError(errors.partialRecursion(name, MAX_PARTIAL_DEPTH));
      return undefined;
    }
    const savedOut = this.out;
    const savedBase = this.base;
    const savedOutside = this.outside;
    this.depth++;
    this.outside += savedOut.length;
    this.out = '';
    this.push(node, -1);
    // Bound even when absent so an outer macro's @args does not leak in.
    if (bindArgs) this.setVar('args', args);
    if (isPrivate) this.base = this.sp;
    this.macros.push(null);
    let result: string;
    try {
      this.render(body);
    } finally {
      this.macros.pop();
      this.pop();
      this.base = savedBase;
      this.outside = savedOutside;
      this.depth--;
      result = this.out;
      this.out = savedOut;
    }
    return result;
  }

  private include(name: string, output: boolean): void {
    const body = this.findTemplate(name);
    if (body === undefined) return;
    if (this.depth >= MAX_PARTIAL_DEPTH) {
      this.addError(errors.partialRecursion(name, MAX_PARTIAL_DEPTH));
      return;
    }
    const savedOut = this.out;
    this.depth++;
    try {
      this.render(body);
    } finally {
      this.depth--;
      // Without `output` an include only runs for its bindings.
      if (!output) this.out = savedOut;
    }
  }

  private renderOr(o: OrNode): void {
    let cur: OrNode | null = o;
    while (cur !== null) {
      if (cur.pred === null || this.test(cur.pred)) {
        this.render(cur.body);
        return;
      }
      cur = cur.alt;
    }
  }

  private limit(): void {
    const s = this.settings;
    if (++this.steps > s.maxInstructions) {
      throw new StopRender(errors.limit('instruction count', s.maxInstructions));
    }
    this.checkOutput();
  }

  /** Output so far, the buffers of enclosing macros and partials included, against the limit. */
  private checkOutput(): void {
    const max = this.settings.maxOutputLength;
    if (this.outside + this.out.length > max) throw new StopRender(errors.limit('output length', max));
  }

  private render(nodes: readonly Node[]): void {
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i] as Node;
      if (typeof n === 'string') {
        this.out += n;
        continue;
      }
      this.limit();
      const sp = this.sp;
      const base = this.base;
      const scopes = this.macros.length;
      try {
        this.exec(n);
      } catch (e) {
        if (e instanceof StopRender) throw e;
        // Data can throw (getters, cycles, exhausted stack): report, restore the scope, go on.
        this.sp = sp;
        this.base = base;
        this.macros.length = scopes;
        this.addError(
          errors.unexpected(OP_NAMES[n.op] ?? 'instruction', e instanceof Error ? e.message : String(e)),
        );
      }
    }
  }

  private exec(n: Exclude<Node, string>): void {
    switch (n.op) {
      case OP_VAR:
        this.out += toOutput(this.value(n.refs, n.fmts));
        break;
      case OP_SECTION: {
        const v = this.lookupLocal(n.ref);
        // The value is the scope of the `.or` branches too: `{@}` there is the false value, and
        // names bound there end with the section.
        this.push(v, -1);
        if (truthy(v)) this.render(n.body);
        else if (n.alt !== null) this.renderOr(n.alt);
        this.pop();
        break;
      }
      case OP_REPEATED: {
        const v = this.lookupLocal(n.ref);
        if (Array.isArray(v) && v.length > 0) {
          this.push(undefined, 0);
          const sp = this.sp;
          for (let k = 0; k < v.length; k++) {
            // Each pass is work even when its body holds no instruction (nested loops over
            // large arrays): it counts against the same budget.
            if (k > 0) this.limit();
            if (k > 0 && n.between !== null) this.render(n.between);
            this.frames[sp] = v[k];
            this.indexes[sp] = k;
            this.vars[sp] = null;
            this.render(n.body);
          }
          this.pop();
        } else if (n.alt !== null) this.renderOr(n.alt);
        break;
      }
      case OP_PRED:
        if (this.test(n.pred)) this.render(n.body);
        else if (n.alt !== null) this.renderOr(n.alt);
        break;
      case OP_IF: {
        let pass: boolean;
        if (n.pred !== null) pass = this.test(n.pred);
        else {
          const first = n.refs[0];
          pass = first !== undefined && truthy(this.lookup(first));
          // Operands are joined by the first operator up to the first other operator; the
          // rest is not read: `a || b && c` reads as `a || b`.
          const any = n.ors[0] === true;
          for (let k = 1; k < n.refs.length && n.ors[k - 1] === any; k++) {
            if (any) pass = pass || truthy(this.lookup(n.refs[k] as Ref));
            else pass = pass && truthy(this.lookup(n.refs[k] as Ref));
          }
        }
        if (pass) this.render(n.body);
        else if (n.alt !== null) this.renderOr(n.alt);
        break;
      }
      case OP_OR:
        this.renderOr(n);
        break;
      case OP_BIND:
        this.setVar(n.name, this.value(n.refs, n.fmts));
        break;
      case OP_CTX: {
        const obj: Record<string, unknown> = {};
        for (const [key, ref] of n.pairs) obj[key] = this.lookup(ref);
        this.setVar(n.name, obj);
        break;
      }
      case OP_MACRO: {
        const top = this.macros.length - 1;
        let scope = this.macros[top];
        if (scope === null || scope === undefined) {
          scope = new Map();
          this.macros[top] = scope;
        }
        scope.set(n.name, n.body);
        break;
      }
      case OP_INCLUDE:
        if (this.settings.enableInclude) this.include(n.name, n.output);
        break;
      case OP_INJECT:
        this.setVar(
          n.name,
          hasOwn.call(this.settings.injects, n.path) ? this.settings.injects[n.path] : undefined,
        );
        break;
      case OP_EVAL: {
        if (!this.settings.enableExpressions) break;
        const expr = n.expr;
        const r = evalExpr(expr, this, this.settings);
        if (r.error !== null) {
          const parsing =
            expr.error !== null ||
            expr.tokens > this.settings.maxTokens ||
            expr.longestString > this.settings.maxStringLength;
          this.addError(
            parsing
              ? errors.expressionSyntax(expr.source, r.error)
              : errors.expressionEvaluation(expr.source, r.error),
          );
        } else if (r.value !== undefined) {
          this.out += toOutput(r.value);
        }
        break;
      }
    }
  }
}
