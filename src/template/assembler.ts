/**
 * Builds the executable tree from parsed instructions, checking block structure: `.or` chains,
 * `.alternates with`, `.end`, and what is allowed where. Errors are collected; the tree is
 * always usable (unclosed blocks are closed at the end of input).
 */
import type { TemplateError } from './plugins/api';
import { errors } from './errors';
import type { Expr } from './expr';
import { parseInstruction, type FormatterCall, type PredicateCall, type Ref } from './parser';
import type { Registry } from './registry';
import { Locator, positionOf, scan } from './tokenizer';

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

export interface OrNode {
  readonly op: typeof OP_OR;
  readonly pred: PredicateCall | null;
  readonly body: Node[];
  alt: OrNode | null;
}

export type Node =
  | string
  | { readonly op: typeof OP_VAR; readonly refs: readonly Ref[]; readonly fmts: readonly FormatterCall[] }
  | { readonly op: typeof OP_SECTION; readonly ref: Ref; readonly body: Node[]; alt: OrNode | null }
  | {
      readonly op: typeof OP_REPEATED;
      readonly ref: Ref;
      readonly body: Node[];
      between: Node[] | null;
      alt: OrNode | null;
    }
  | { readonly op: typeof OP_PRED; readonly pred: PredicateCall; readonly body: Node[]; alt: OrNode | null }
  | {
      readonly op: typeof OP_IF;
      readonly ors: readonly boolean[];
      readonly refs: readonly Ref[];
      readonly pred: PredicateCall | null;
      readonly body: Node[];
      alt: OrNode | null;
    }
  | OrNode
  | {
      readonly op: typeof OP_BIND;
      readonly name: string;
      readonly refs: readonly Ref[];
      readonly fmts: readonly FormatterCall[];
    }
  | { readonly op: typeof OP_CTX; readonly name: string; readonly pairs: readonly (readonly [string, Ref])[] }
  | { readonly op: typeof OP_MACRO; readonly name: string; readonly body: Node[] }
  | { readonly op: typeof OP_INCLUDE; readonly name: string; readonly output: boolean }
  | { readonly op: typeof OP_INJECT; readonly name: string; readonly path: string }
  | { readonly op: typeof OP_EVAL; readonly expr: Expr };

type BlockNode = Exclude<Node, string> & { body: Node[] };

/** Deeper nesting than this is hostile: the renderer recurses once per level. */
export const MAX_NESTING = 128;

interface Open {
  /** The block that opened (section, repeated, predicate, if, macro). */
  readonly owner: BlockNode;
  /** The node whose body is being filled: the owner, or the latest `.or` of its chain. */
  current: BlockNode;
  /** Body being filled (differs from current.body after `.alternates with`). */
  body: Node[];
  readonly label: string;
  readonly offset: number;
}

const LABELS: Readonly<Record<number, string>> = {
  [OP_SECTION]: 'SECTION',
  [OP_REPEATED]: 'REPEATED_SECTION',
  [OP_PRED]: 'PREDICATE',
  [OP_IF]: 'IF',
  [OP_MACRO]: 'MACRO',
  [OP_OR]: 'OR_PREDICATE',
};

export interface Assembled {
  readonly nodes: Node[];
  readonly errors: TemplateError[];
}

/** Appends text, merging with a preceding text node so rendering touches fewer nodes. */
function pushText(body: Node[], text: string): void {
  const last = body.length - 1;
  if (last >= 0 && typeof body[last] === 'string') body[last] = (body[last] as string) + text;
  else body.push(text);
}

export function assemble(src: string, registry: Registry): Assembled {
  const root: Node[] = [];
  const errs: TemplateError[] = [];
  const stack: Open[] = [];
  let body = root;
  let stopped = false;
  const locator = new Locator(src);
  const pos = (offset: number) => positionOf(src, offset);

  const open = (node: BlockNode, label: string, offset: number): void => {
    if (stack.length >= MAX_NESTING) {
      errs.push(errors.nestingTooDeep(MAX_NESTING, pos(offset)));
      // Hostile nesting: stop assembling rather than recurse without bound when rendering.
      stopped = true;
      return;
    }
    body.push(node);
    stack.push({ owner: node, current: node, body: node.body, label, offset });
    body = node.body;
  };

  const instruction = (raw: string, offset: number): void => {
    if (stopped) return;
    locator.offset = offset;
    const p = parseInstruction(raw, registry, locator, errs);
    if (p === null) {
      pushText(body, `{${raw}}`);
      return;
    }
    const top = stack[stack.length - 1];
    switch (p.op) {
      case 'text':
        pushText(body, p.text);
        break;
      case 'var':
        body.push({ op: OP_VAR, refs: p.refs, fmts: p.fmts });
        break;
      case 'bind':
        body.push({ op: OP_BIND, name: p.name, refs: p.refs, fmts: p.fmts });
        break;
      case 'ctx':
        body.push({ op: OP_CTX, name: p.name, pairs: p.pairs });
        break;
      case 'include':
        body.push({ op: OP_INCLUDE, name: p.name, output: p.output });
        break;
      case 'inject':
        body.push({ op: OP_INJECT, name: p.name, path: p.path });
        break;
      case 'eval':
        body.push({ op: OP_EVAL, expr: p.expr });
        break;
      case 'section':
        open({ op: OP_SECTION, ref: p.ref, body: [], alt: null }, 'SECTION', offset);
        break;
      case 'repeated':
        open({ op: OP_REPEATED, ref: p.ref, body: [], between: null, alt: null }, 'REPEATED_SECTION', offset);
        break;
      case 'pred':
        open({ op: OP_PRED, pred: p.pred, body: [], alt: null }, 'PREDICATE', offset);
        break;
      case 'if':
        open({ op: OP_IF, ors: p.ors, refs: p.refs, pred: p.pred, body: [], alt: null }, 'IF', offset);
        break;
      case 'macro':
        open({ op: OP_MACRO, name: p.name, body: [] }, 'MACRO', offset);
        break;
      case 'alternates': {
        if (top === undefined) {
          errs.push(errors.notAllowedAtRoot('ALTERNATES_WITH', pos(offset)));
        } else if (top.current.op !== OP_REPEATED || top.current.between !== null) {
          errs.push(errors.notAllowedInBlock('ALTERNATES_WITH', LABELS[top.current.op] ?? top.label, pos(offset)));
        } else {
          const between: Node[] = [];
          top.current.between = between;
          top.body = between;
          body = between;
        }
        break;
      }
      case 'or': {
        if (top === undefined) {
          errs.push(errors.notAllowedAtRoot('OR_PREDICATE', pos(offset)));
          break;
        }
        const cur = top.current;
        if (cur.op === OP_MACRO) {
          errs.push(errors.notAllowedInBlock('OR_PREDICATE', 'MACRO', pos(offset)));
          break;
        }
        const orNode: OrNode = { op: OP_OR, pred: p.pred, body: [], alt: null };
        if (cur.op === OP_OR && cur.pred === null) {
          // An unconditional `.or` already catches everything: what follows is dead.
          errs.push(errors.deadCode('OR_PREDICATE', pos(offset)));
        } else if ('alt' in cur) {
          cur.alt = orNode;
        }
        top.current = orNode;
        top.body = orNode.body;
        body = orNode.body;
        break;
      }
      case 'end': {
        if (top === undefined) {
          errs.push(errors.notAllowedAtRoot('END', pos(offset)));
          break;
        }
        stack.pop();
        const parent = stack[stack.length - 1];
        body = parent === undefined ? root : parent.body;
        break;
      }
    }
  };

  scan(src, {
    text: (start, end) => {
      if (!stopped) pushText(body, src.slice(start, end));
    },
    instruction,
  });

  if (stack.length > 0) {
    const innermost = stack[stack.length - 1] as Open;
    errs.push(errors.eofInBlock(innermost.label, pos(innermost.offset)));
    for (let k = stack.length - 1; k >= 0; k--) {
      const o = stack[k] as Open;
      errs.push(errors.unclosed(o.label, pos(o.offset)));
    }
  }
  return { nodes: root, errors: errs };
}
