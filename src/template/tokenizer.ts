/**
 * Splits template source into literal text and instruction candidates (`{...}`). Whether a
 * candidate really is an instruction is the parser's call; anything it rejects prints as text,
 * which is how CSS and JSON inside templates survive.
 *
 * The scanner streams to a visitor instead of building token objects: compiling is on the hot
 * path when templates are not cached.
 */

export interface TokenVisitor {
  /** Literal text `src.slice(start, end)`. */
  text(start: number, end: number): void;
  /** An instruction candidate: `body` is the text between the braces, `offset` the `{`. */
  instruction(body: string, offset: number): void;
}

const HASH = 35;
const DOT = 46;

/** Characters that may start an instruction: `.` keywords, and variable references (`{0}` is one). */
function startsInstruction(c: number): boolean {
  return (
    c === DOT ||
    c === 64 /* @ */ ||
    c === 36 /* $ */ ||
    c === 95 /* _ */ ||
    (c >= 48 && c <= 57) ||
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122)
  );
}

export function scan(src: string, visitor: TokenVisitor): void {
  let textStart = 0;
  let open = src.indexOf('{');
  // Next newline at or after the current instruction; refreshed only when passed.
  let newline = -2;
  // True when `open` is a brace met inside an abandoned candidate: there `{##` opens no block
  // comment, it is one more candidate (a `#` body is then a one-line comment).
  let restarted = false;
  while (open >= 0) {
    const c = src.charCodeAt(open + 1);
    if (c === HASH) {
      if (!restarted && src.charCodeAt(open + 2) === HASH) {
        // `{## ... ##}` may hold braces and newlines; unterminated, it runs to the end.
        const close = src.indexOf('##}', open + 3);
        if (open > textStart) visitor.text(textStart, open);
        if (close < 0) return;
        textStart = close + 3;
        open = src.indexOf('{', textStart);
        continue;
      }
      // `{# ... }` ends at the first `}`; a `{` before it abandons the comment.
      const close = src.indexOf('}', open + 2);
      if (close < 0) break;
      const nextOpen = src.indexOf('{', open + 2);
      if (nextOpen >= 0 && nextOpen < close) {
        open = nextOpen;
        restarted = true;
        continue;
      }
      if (open > textStart) visitor.text(textStart, open);
      textStart = close + 1;
      open = src.indexOf('{', textStart);
      restarted = false;
      continue;
    }
    if (!startsInstruction(c)) {
      // Still a candidate: a `{` before its `}` starts another one.
      const nextOpen = src.indexOf('{', open + 1);
      const close = nextOpen < 0 ? -1 : src.indexOf('}', open + 1);
      restarted = nextOpen >= 0 && (close < 0 || nextOpen < close);
      open = nextOpen;
      continue;
    }
    const close = src.indexOf('}', open + 2);
    if (close < 0) break;
    const nextOpen = src.indexOf('{', open + 1);
    if (newline !== -1 && newline < open) newline = src.indexOf('\n', open);
    // An instruction never spans lines nor holds another brace: then the `{` is text.
    if ((nextOpen >= 0 && nextOpen < close) || (newline >= 0 && newline < close)) {
      restarted = nextOpen >= 0 && nextOpen < close;
      open = nextOpen;
      continue;
    }
    if (open > textStart) visitor.text(textStart, open);
    visitor.instruction(src.slice(open + 1, close), open);
    textStart = close + 1;
    open = nextOpen < 0 ? -1 : nextOpen > close ? nextOpen : src.indexOf('{', textStart);
    restarted = false;
  }
  if (src.length > textStart) visitor.text(textStart, src.length);
}

/** 1-based line and column of an offset, computed only when an error needs it. */
export function positionOf(src: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let k = src.indexOf('\n'); k >= 0 && k < offset; k = src.indexOf('\n', k + 1)) {
    line++;
    lineStart = k + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Points at the instruction being parsed; reused across instructions so parsing allocates nothing
 * for it. Instructions arrive in source order, so positions are counted forward from the last
 * one asked for: a template with thousands of errors stays linear.
 */
export class Locator {
  offset = 0;
  private at = 0;
  private line = 1;
  private lineStart = 0;
  constructor(private readonly src: string) {}
  position(): { line: number; column: number } {
    if (this.offset < this.at) return positionOf(this.src, this.offset);
    for (
      let k = this.src.indexOf('\n', this.at);
      k >= 0 && k < this.offset;
      k = this.src.indexOf('\n', k + 1)
    ) {
      this.line++;
      this.lineStart = k + 1;
    }
    this.at = this.offset;
    return { line: this.line, column: this.offset - this.lineStart + 1 };
  }
}
