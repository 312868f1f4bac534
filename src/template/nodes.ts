/**
 * The compiled form of a template: what the parser produces, the assembler nests and the
 * renderer executes. Opcodes are numbers so the renderer's dispatch is a dense switch.
 */
import type { FormatterFn, PredicateFn } from './plugins/api';
import type { Expr } from './expr';

export const OP_VAR = 1;
export const OP_SECTION = 2;
export const OP_REPEATED = 3;
export const OP_PRED = 4;
export const OP_IF = 5;
export const OP_OR = 6;
export const OP_BIND = 7;
export const OP_CTX = 8;
export const OP_MACRO = 9;
export const OP_INCLUDE = 10;
export const OP_INJECT = 11;
export const OP_EVAL = 12;
/** Structure-only instructions: they shape the tree and never reach the renderer. */
export const OP_END = 13;
export const OP_ALTERNATES = 14;
/** A `{.keyword ...}` the language does not have: printed as text, reported by the parser. */
export const OP_UNKNOWN = 15;

export const REF_CURRENT = 0;
export const REF_NAME = 1;
export const REF_VAR = 2;
export const REF_INDEX = 3;
export const REF_INDEX0 = 4;

/** A parsed reference: `a.b.c`, `@`, `@.x`, `@name.x`, `@index`, `@index0`. */
export interface Ref {
  readonly kind: number;
  readonly head: string;
  readonly rest: readonly string[];
  readonly src: string;
}

export interface FormatterCall {
  readonly name: string;
  readonly fn: FormatterFn;
  readonly args: readonly string[];
}

export interface PredicateCall {
  readonly name: string;
  readonly fn: PredicateFn;
  readonly args: readonly string[];
}

export interface OrNode {
  readonly op: typeof OP_OR;
  readonly pred: PredicateCall | null;
  readonly body: Node[];
  alt: OrNode | null;
}

export interface SectionNode {
  readonly op: typeof OP_SECTION;
  readonly ref: Ref;
  readonly body: Node[];
  alt: OrNode | null;
}

export interface RepeatedNode {
  readonly op: typeof OP_REPEATED;
  readonly ref: Ref;
  readonly body: Node[];
  between: Node[] | null;
  alt: OrNode | null;
}

export interface PredicateNode {
  readonly op: typeof OP_PRED;
  readonly pred: PredicateCall;
  readonly body: Node[];
  alt: OrNode | null;
}

export interface IfNode {
  readonly op: typeof OP_IF;
  /** Operator between refs[k] and refs[k + 1]: true for `||`, false for `&&`; applied left to right. */
  readonly ors: readonly boolean[];
  readonly refs: readonly Ref[];
  readonly pred: PredicateCall | null;
  readonly body: Node[];
  alt: OrNode | null;
}

export interface MacroNode {
  readonly op: typeof OP_MACRO;
  readonly name: string;
  readonly body: Node[];
}

export type BlockNode = SectionNode | RepeatedNode | PredicateNode | IfNode | MacroNode | OrNode;

export type Node =
  | string
  | { readonly op: typeof OP_VAR; readonly refs: readonly Ref[]; readonly fmts: readonly FormatterCall[] }
  | BlockNode
  | {
      readonly op: typeof OP_BIND;
      readonly name: string;
      readonly refs: readonly Ref[];
      readonly fmts: readonly FormatterCall[];
    }
  | { readonly op: typeof OP_CTX; readonly name: string; readonly pairs: readonly (readonly [string, Ref])[] }
  | { readonly op: typeof OP_INCLUDE; readonly name: string; readonly output: boolean }
  | { readonly op: typeof OP_INJECT; readonly name: string; readonly path: string }
  | { readonly op: typeof OP_EVAL; readonly expr: Expr };

/** What the parser hands the assembler: a node, or a structure-only marker. */
export type Parsed =
  | Node
  | { readonly op: typeof OP_END }
  | { readonly op: typeof OP_ALTERNATES }
  | { readonly op: typeof OP_UNKNOWN };
