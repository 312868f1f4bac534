/**
 * Builds the executable tree from parsed instructions, checking block structure: `.or` chains,
 * `.alternates with`, `.end`, and what is allowed where. Errors are collected; the tree is
 * always usable (unclosed blocks are closed at the end of input).
 */
import type { TemplateError } from './plugins/api';
import { ErrorSink, errors } from './errors';
import {
  OP_ALTERNATES,
  OP_END,
  OP_IF,
  OP_MACRO,
  OP_OR,
  OP_PRED,
  OP_REPEATED,
  OP_SECTION,
  OP_UNKNOWN,
  type BlockNode,
  type Node,
  type OrNode,
} from './nodes';
import { parseInstruction } from './parser';
import type { Registry } from './registry';
import { Locator, scan, type TokenVisitor } from './tokenizer';

/** Deeper nesting than this is hostile: the renderer recurses once per level. */
export const MAX_NESTING = 128;

/** Compile errors kept per template. */
export const MAX_COMPILE_ERRORS = 1000;

interface Open {
  /** The node whose body is being filled: the block itself, or the latest `.or` of its chain. */
  current: BlockNode;
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

class Assembler implements TokenVisitor {
  readonly root: Node[] = [];
  /** A hostile template can hold an error per instruction: the sink keeps the first ones. */
  readonly errors = new ErrorSink(MAX_COMPILE_ERRORS);
  private readonly stack: Open[] = [];
  /** The body instructions are appended to. */
  private body: Node[];
  private stopped = false;
  /**
   * Unknown instructions not yet matched by a stray `.end`: a misspelt block keyword is followed
   * by the `.end` that closed it, which is the same mistake and is not reported again.
   */
  private unknownOpen = 0;
  private readonly locator: Locator;

  constructor(
    private readonly src: string,
    private readonly registry: Registry,
  ) {
    this.body = this.root;
    this.locator = new Locator(src);
  }

  text(start: number, end: number): void {
    if (!this.stopped) this.pushText(this.src.slice(start, end));
  }

  /** Appends text, merging with a preceding text node so rendering touches fewer nodes. */
  private pushText(text: string): void {
    const body = this.body;
    const last = body.length - 1;
    if (last >= 0 && typeof body[last] === 'string') body[last] = (body[last] as string) + text;
    else body.push(text);
  }

  private pos(offset: number): { line: number; column: number } {
    this.locator.offset = offset;
    return this.locator.position();
  }

  private open(node: BlockNode, offset: number): void {
    if (this.stack.length >= MAX_NESTING) {
      this.errors.push(errors.nestingTooDeep(MAX_NESTING, this.pos(offset)));
      // Hostile nesting: stop assembling rather than recurse without bound when rendering.
      this.stopped = true;
      return;
    }
    // A block opened inside `.alternates with` joins the repeated section's own body, as on the
    // platform: the separator holds only what comes before its first block.
    const top = this.stack[this.stack.length - 1]?.current;
    if (top !== undefined && top.op === OP_REPEATED && top.between !== null && this.body === top.between) {
      top.body.push(node);
    } else this.body.push(node);
    this.stack.push({ current: node, label: LABELS[node.op] as string, offset });
    this.body = node.body;
  }

  instruction(raw: string, offset: number): void {
    if (this.stopped) return;
    this.locator.offset = offset;
    const p = parseInstruction(raw, this.registry, this.locator, this.errors);
    if (p === null) {
      this.pushText(`{${raw}}`);
      return;
    }
    if (typeof p === 'string') {
      this.pushText(p);
      return;
    }
    if (p.op === OP_UNKNOWN) {
      this.unknownOpen++;
      this.pushText(`{${raw}}`);
      return;
    }
    const stack = this.stack;
    const top = stack[stack.length - 1];
    switch (p.op) {
      case OP_SECTION:
      case OP_REPEATED:
      case OP_PRED:
      case OP_IF:
      case OP_MACRO:
        this.open(p, offset);
        return;
      case OP_ALTERNATES: {
        if (top === undefined) {
          this.errors.push(errors.notAllowedAtRoot('ALTERNATES_WITH', this.pos(offset)));
        } else if (top.current.op !== OP_REPEATED || top.current.between !== null) {
          this.errors.push(
            errors.notAllowedInBlock('ALTERNATES_WITH', LABELS[top.current.op] as string, this.pos(offset)),
          );
        } else {
          const between: Node[] = [];
          top.current.between = between;
          this.body = between;
        }
        return;
      }
      case OP_OR: {
        if (top === undefined) {
          this.errors.push(errors.notAllowedAtRoot('OR_PREDICATE', this.pos(offset)));
          return;
        }
        const cur = top.current;
        if (cur.op === OP_MACRO) {
          this.errors.push(errors.notAllowedInBlock('OR_PREDICATE', 'MACRO', this.pos(offset)));
          return;
        }
        const orNode: OrNode = p;
        if (cur.op === OP_OR && cur.pred === null) {
          // After an unconditional `.or` another `.or` can never be chosen; it is reported and,
          // as on the platform, its body runs on as part of the unconditional one.
          this.errors.push(errors.neverExecutes('OR_PREDICATE', this.pos(offset)));
          return;
        }
        cur.alt = orNode;
        top.current = orNode;
        this.body = orNode.body;
        return;
      }
      case OP_END: {
        if (top === undefined) {
          if (this.unknownOpen > 0) this.unknownOpen--;
          else this.errors.push(errors.notAllowedAtRoot('END', this.pos(offset)));
          return;
        }
        stack.pop();
        const parent = stack[stack.length - 1];
        if (parent === undefined) this.body = this.root;
        else {
          const cur = parent.current;
          // After a block closes inside `.alternates with`, what follows belongs to the repeated
          // section's own body again, as on the platform.
          this.body = cur.body;
        }
        return;
      }
      default:
        this.body.push(p);
    }
  }

  finish(): Assembled {
    const stack = this.stack;
    // One error per block left open: where the input ended for the innermost, then each block
    // around it (outermost last), at the instruction that opened it.
    for (let k = stack.length - 1; k >= 0; k--) {
      const o = stack[k] as Open;
      const pos = this.pos(o.offset);
      this.errors.push(
        k === stack.length - 1 ? errors.endOfInputInBlock(o.label, pos) : errors.unclosed(o.label, pos),
      );
    }
    return { nodes: this.root, errors: this.errors.list };
  }
}

export function assemble(src: string, registry: Registry): Assembled {
  const assembler = new Assembler(src, registry);
  scan(src, assembler);
  return assembler.finish();
}
