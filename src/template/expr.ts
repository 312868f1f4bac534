/**
 * The `.eval` expression language: a small JS-like calculator over template values.
 * Parsed once when the template compiles; limits (token count, string length) are checked at
 * render time because they are render options and compiled templates are shared.
 */

/** What the evaluator needs from the render in progress. */
export interface ExprScope {
  resolve(ref: string): unknown;
  setVar(name: string, value: unknown): void;
}

export interface ExprLimits {
  readonly maxTokens: number;
  readonly maxStringLength: number;
}

type Node =
  | { readonly k: 'lit'; readonly v: unknown }
  | { readonly k: 'ref'; readonly ref: string }
  | { readonly k: 'un'; readonly op: string; readonly a: Node }
  | { readonly k: 'bin'; readonly op: string; readonly a: Node; readonly b: Node }
  | { readonly k: 'asn'; readonly name: string | null; readonly b: Node }
  | { readonly k: 'call'; readonly fn: string; readonly args: readonly Node[] };

/** A parsed expression, or the reason it could not be parsed. */
export interface Expr {
  readonly source: string;
  readonly tokens: number;
  /** Longest string literal, checked against the render's limit. */
  readonly longestString: number;
  readonly body: readonly Node[] | null;
  readonly error: string | null;
}

type Tok =
  | { readonly t: 'num'; readonly v: number }
  | { readonly t: 'str'; readonly v: string }
  | { readonly t: 'ref'; readonly v: string }
  | { readonly t: 'fn'; readonly v: string }
  | { readonly t: 'op'; readonly v: string }
  | { readonly t: 'sep' };

class ExprError extends Error {}

/** Parentheses and operators nest at most this deep (the parser recurses per level). */
const MAX_EXPR_DEPTH = 256;

const CONSTANTS: Readonly<Record<string, unknown>> = {
  true: true,
  false: false,
  null: null,
  NaN: Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  PI: Math.PI,
  E: Math.E,
};

/** Longest operators first so `===` wins over `==` and `**` over `*`. */
const OPERATORS = [
  '===',
  '!==',
  '**',
  '==',
  '!=',
  '<=',
  '>=',
  '<<',
  '>>',
  '&&',
  '||',
  '+',
  '-',
  '*',
  '/',
  '%',
  '<',
  '>',
  '&',
  '|',
  '^',
  '!',
  '~',
  '=',
  '(',
  ')',
];

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9a-fA-F]$/.test(c);
const isIdentStart = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z_$@]$/.test(c);
const isIdentPart = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z0-9_$@.]$/.test(c);

function readNumber(src: string, start: number): [number, number] {
  let i = start;
  if (src[i] === '0' && (src[i + 1] === 'x' || src[i + 1] === 'X')) {
    i += 2;
    const digits = i;
    while (isHex(src[i])) i++;
    if (i === digits) throw new ExprError('Expected digits after start of hex number');
    return [Number.parseInt(src.slice(digits, i), 16), i];
  }
  let dot = false;
  while (i < src.length) {
    const c = src[i];
    if (isDigit(c)) i++;
    else if (c === '.') {
      if (dot) throw new ExprError('Bad number: a second decimal point');
      dot = true;
      i++;
    } else break;
  }
  if (src[i] === 'e' || src[i] === 'E') {
    i++;
    if (src[i] === '+' || src[i] === '-') i++;
    const digits = i;
    while (isDigit(src[i])) i++;
    if (i === digits) throw new ExprError('Expected digits in number exponent');
  }
  const text = src.slice(start, i);
  const value = Number(text.endsWith('.') ? text.slice(0, -1) : text);
  if (Number.isNaN(value)) throw new ExprError(`Bad number: ${text}`);
  return [value, i];
}

function readString(src: string, start: number): [string, number] {
  const quote = src[start];
  let i = start + 1;
  let out = '';
  while (i < src.length) {
    const c = src[i] as string;
    if (c === quote) return [out, i + 1];
    if (c !== '\\') {
      out += c;
      i++;
      continue;
    }
    const e = src[i + 1];
    i += 2;
    switch (e) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'x': {
        const hex = src.slice(i, i + 2);
        if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw new ExprError('Bad hex escape: \\x takes two hex digits');
        out += String.fromCharCode(Number.parseInt(hex, 16));
        i += 2;
        break;
      }
      case 'u': {
        const hex = src.slice(i, i + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex))
          throw new ExprError('Bad unicode escape: \\u takes four hex digits');
        out += String.fromCharCode(Number.parseInt(hex, 16));
        i += 4;
        break;
      }
      case undefined:
        throw new ExprError('Unterminated string');
      default:
        out += e;
    }
  }
  throw new ExprError('Unterminated string');
}

function tokenize(src: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i] as string;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (c === ',' || c === ';') {
      toks.push({ t: 'sep' });
      i++;
    } else if (isDigit(c) || (c === '.' && isDigit(src[i + 1]))) {
      const [v, next] = readNumber(src, i);
      toks.push({ t: 'num', v });
      i = next;
    } else if (c === '"' || c === "'") {
      const [v, next] = readString(src, i);
      toks.push({ t: 'str', v });
      i = next;
    } else if (isIdentStart(c)) {
      let j = i + 1;
      while (isIdentPart(src[j])) j++;
      const name = src.slice(i, j);
      let k = j;
      while (src[k] === ' ') k++;
      if (src[k] === '(' && !name.startsWith('@')) toks.push({ t: 'fn', v: name });
      else toks.push({ t: 'ref', v: name });
      i = j;
    } else {
      let op: string | undefined;
      for (const o of OPERATORS) {
        if (src.startsWith(o, i)) {
          op = o;
          break;
        }
      }
      if (op === undefined) throw new ExprError(`Unexpected character '${c}'`);
      toks.push({ t: 'op', v: op });
      i += op.length;
    }
  }
  return toks;
}

const BINARY: Readonly<Record<string, number>> = {
  '=': 1,
  '||': 2,
  '&&': 3,
  '|': 4,
  '^': 5,
  '&': 6,
  '==': 7,
  '!=': 7,
  '===': 7,
  '!==': 7,
  '<': 8,
  '<=': 8,
  '>': 8,
  '>=': 8,
  '<<': 9,
  '>>': 9,
  '+': 10,
  '-': 10,
  '*': 11,
  '/': 11,
  '%': 11,
  '**': 12,
};
const UNARY_POWER = 13;

export const FUNCTIONS: Readonly<Record<string, (args: readonly unknown[]) => unknown>> = {
  num: (a) => toNumber(a[0]),
  str: (a) => toText(a[0]),
  bool: (a) => truthyValue(a[0]),
  abs: (a) => Math.abs(toNumber(a[0])),
  min: (a) => Math.min(...a.map(toNumber)),
  max: (a) => Math.max(...a.map(toNumber)),
  floor: (a) => Math.floor(toNumber(a[0])),
  ceil: (a) => Math.ceil(toNumber(a[0])),
  round: (a) => Math.round(toNumber(a[0])),
};

const NUMBER_TEXT = /^(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|0[xX][0-9a-fA-F]+)$/;

function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  // Text is a number only when it is one exactly: "" is 0, " 3 " is not a number.
  if (typeof v === 'string') return v === '' ? 0 : NUMBER_TEXT.test(v) ? Number(v) : Number.NaN;
  if (v === null) return 0;
  return Number.NaN;
}

function toText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return 'null';
  return String(v);
}

function truthyValue(v: unknown): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v === 'object') return Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0;
  return Boolean(v);
}

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly toks: readonly Tok[]) {}

  all(): Node[] {
    const out: Node[] = [];
    while (this.pos < this.toks.length) {
      const t = this.toks[this.pos] as Tok;
      if (t.t === 'sep') {
        this.pos++;
        continue;
      }
      if (t.t === 'op' && t.v === ')') throw new ExprError('Mismatched parenthesis: a ) without its (');
      out.push(this.expr(0));
    }
    return out;
  }

  private expr(minPower: number): Node {
    if (++this.depth > MAX_EXPR_DEPTH) throw new ExprError(`Expression nested deeper than ${MAX_EXPR_DEPTH}`);
    try {
      return this.binary(minPower);
    } finally {
      this.depth--;
    }
  }

  private binary(minPower: number): Node {
    let left = this.prefix();
    for (;;) {
      const t = this.toks[this.pos];
      if (t === undefined || t.t !== 'op') return left;
      const power = BINARY[t.v];
      if (power === undefined || power <= minPower) return left;
      this.pos++;
      if (t.v === '=') {
        // Right-associative: `@a = @b = 1`.
        const b = this.expr(0);
        left = { k: 'asn', name: left.k === 'ref' && left.ref.startsWith('@') ? left.ref.slice(1) : null, b };
      } else if (t.v === '**') {
        left = { k: 'bin', op: t.v, a: left, b: this.expr(power - 1) };
      } else {
        left = { k: 'bin', op: t.v, a: left, b: this.expr(power) };
      }
    }
  }

  private prefix(): Node {
    const t = this.toks[this.pos++];
    if (t === undefined) return { k: 'lit', v: undefined };
    switch (t.t) {
      case 'num':
      case 'str':
        return { k: 'lit', v: t.v };
      case 'ref':
        return Object.hasOwn(CONSTANTS, t.v) ? { k: 'lit', v: CONSTANTS[t.v] } : { k: 'ref', ref: t.v };
      case 'fn': {
        if (!Object.hasOwn(FUNCTIONS, t.v))
          throw new ExprError(`Invalid function: ${t.v} is not a known function`);
        this.pos++; // the '('
        const args: Node[] = [];
        for (;;) {
          const next = this.toks[this.pos];
          if (next === undefined) throw new ExprError('Mismatched parenthesis: a ( is never closed');
          if (next.t === 'op' && next.v === ')') {
            this.pos++;
            break;
          }
          if (next.t === 'sep') {
            this.pos++;
            continue;
          }
          args.push(this.expr(1));
        }
        return { k: 'call', fn: t.v, args };
      }
      case 'op': {
        if (t.v === '(') {
          const inner = this.expr(0);
          const close = this.toks[this.pos];
          if (close === undefined || close.t !== 'op' || close.v !== ')') {
            throw new ExprError('Mismatched parenthesis: a ( is never closed');
          }
          this.pos++;
          return inner;
        }
        if (t.v === '!' || t.v === '~' || t.v === '-' || t.v === '+') {
          return { k: 'un', op: t.v, a: this.expr(UNARY_POWER) };
        }
        if (t.v === ')') throw new ExprError('Mismatched parenthesis: a ) without its (');
        // A binary operator with nothing on its left: reported when reduced.
        this.pos--;
        return { k: 'lit', v: undefined };
      }
      case 'sep':
        return { k: 'lit', v: undefined };
    }
  }
}

/** Parses `.eval` source; never throws. */
export function parseExpr(source: string): Expr {
  let tokens = 0;
  let longestString = 0;
  try {
    const toks = tokenize(source);
    tokens = toks.length;
    for (const t of toks) if (t.t === 'str' && t.v.length > longestString) longestString = t.v.length;
    return { source, tokens, longestString, body: new Parser(toks).all(), error: null };
  } catch (e) {
    return { source, tokens, longestString, body: null, error: e instanceof Error ? e.message : String(e) };
  }
}

const OP_NAMES: Readonly<Record<string, string>> = {
  '+': 'add',
  '-': 'subtract',
  '*': 'multiply',
  '/': 'divide',
  '%': 'modulus',
  '**': 'power',
  '<<': 'left shift',
  '>>': 'right shift',
  '&': 'bitwise and',
  '|': 'bitwise or',
  '^': 'bitwise xor',
  '==': 'equal',
  '!=': 'not equal',
  '===': 'strict equal',
  '!==': 'strict not equal',
  '<': 'less than',
  '<=': 'less than or equal',
  '>': 'greater than',
  '>=': 'greater than or equal',
  '&&': 'logical and',
  '||': 'logical or',
  '!': 'logical not',
  '~': 'bitwise not',
};

type Prim = number | string | boolean | null;

function operand(v: unknown, op: string): Prim {
  if (v === undefined) throw new ExprError(`Invalid operator arguments for ${OP_NAMES[op] ?? op}`);
  if (v !== null && typeof v === 'object')
    throw new ExprError(`Invalid operator arguments for ${OP_NAMES[op] ?? op}`);
  return v as Prim;
}

function reduce(n: Node, scope: ExprScope, limits: ExprLimits): unknown {
  switch (n.k) {
    case 'lit':
      return n.v;
    case 'ref': {
      const v = scope.resolve(n.ref);
      return v === undefined ? null : v;
    }
    case 'call': {
      // Functions take scalars, as operators do: an array or object argument is an error.
      const args = n.args.map((x) => reduce(x, scope, limits));
      for (const a of args) {
        if (a !== null && typeof a === 'object')
          throw new ExprError(`Invalid function arguments for ${n.fn}`);
      }
      return (FUNCTIONS[n.fn] as (a: readonly unknown[]) => unknown)(args);
    }
    case 'asn': {
      const v = reduce(n.b, scope, limits);
      if (n.name !== null) scope.setVar(n.name, v);
      return undefined;
    }
    case 'un': {
      const a = operand(reduce(n.a, scope, limits), n.op);
      if (n.op === '!') return !truthyValue(a);
      // On the platform `~` of a bare variable is always -1 (it reads the reference, not its value).
      if (n.op === '~') return n.a.k === 'ref' ? -1 : ~toNumber(a);
      if (n.op === '-') return -toNumber(a);
      return toNumber(a);
    }
    case 'bin': {
      if (n.op === '&&' || n.op === '||') {
        // Both sides are reduced (and checked) before the operator applies: no short circuit.
        const a = truthyValue(operand(reduce(n.a, scope, limits), n.op));
        const b = truthyValue(operand(reduce(n.b, scope, limits), n.op));
        return n.op === '&&' ? a && b : a || b;
      }
      const a = operand(reduce(n.a, scope, limits), n.op);
      const b = operand(reduce(n.b, scope, limits), n.op);
      return binary(n.op, a, b, limits);
    }
  }
}

/** Evaluates a parsed expression. Returns the value of the last expression, undefined for none or an assignment. */
export function evalExpr(
  expr: Expr,
  scope: ExprScope,
  limits: ExprLimits,
): { value: unknown; error: string | null } {
  if (expr.error !== null || expr.body === null) return { value: undefined, error: expr.error };
  if (expr.tokens > limits.maxTokens) {
    return {
      value: undefined,
      error: `Too many tokens: ${expr.tokens} exceeds the limit of ${limits.maxTokens}`,
    };
  }
  if (expr.longestString > limits.maxStringLength) {
    return { value: undefined, error: `String too long: exceeds the limit of ${limits.maxStringLength}` };
  }
  try {
    let value: unknown;
    for (const n of expr.body) value = reduce(n, scope, limits);
    return { value, error: null };
  } catch (e) {
    if (e instanceof ExprError) return { value: undefined, error: e.message };
    throw e;
  }
}

function binary(op: string, a: Prim, b: Prim, limits: ExprLimits): unknown {
  // JS coercion rules are the language's documented semantics for mixed types ("1" == 1, 5 + "a").
  /* eslint-disable @typescript-eslint/no-explicit-any, eqeqeq */
  const x = a as any;
  const y = b as any;
  switch (op) {
    case '+': {
      const r: unknown = x + y;
      if (typeof r === 'string' && r.length > limits.maxStringLength) {
        throw new ExprError(`String too long: exceeds the limit of ${limits.maxStringLength}`);
      }
      return r;
    }
    case '-':
      return toNumber(a) - toNumber(b);
    case '*':
      return toNumber(a) * toNumber(b);
    case '/':
      return toNumber(a) / toNumber(b);
    case '%':
      return toNumber(a) % toNumber(b);
    case '**':
      return toNumber(a) ** toNumber(b);
    case '<<':
      return toNumber(a) << toNumber(b);
    case '>>':
      return toNumber(a) >> toNumber(b);
    case '&':
      return toNumber(a) & toNumber(b);
    case '|':
      return toNumber(a) | toNumber(b);
    case '^':
      return toNumber(a) ^ toNumber(b);
    case '==':
      return x == y;
    case '!=':
      return x != y;
    case '===':
      return x === y;
    case '!==':
      return x !== y;
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    case '>=':
      return x >= y;
  }
  /* eslint-enable @typescript-eslint/no-explicit-any, eqeqeq */
  throw new ExprError(`Unknown operator ${op}`);
}
