/**
 * Turns one instruction candidate (the text between `{` and `}`) into a node, or null when it is
 * not an instruction (it then prints as literal text, as the language requires).
 */
import type { PredicateFn } from './plugins/api';
import { MemoCache } from './cache';
import { errors, type ErrorSink } from './errors';
import { parseExpr } from './expr';
import {
  OP_ALTERNATES,
  OP_BIND,
  OP_CTX,
  OP_END,
  OP_EVAL,
  OP_IF,
  OP_INCLUDE,
  OP_INJECT,
  OP_MACRO,
  OP_OR,
  OP_PRED,
  OP_REPEATED,
  OP_SECTION,
  OP_UNKNOWN,
  OP_VAR,
  REF_CURRENT,
  REF_INDEX,
  REF_INDEX0,
  REF_NAME,
  REF_VAR,
  type FormatterCall,
  type Parsed,
  type PredicateCall,
  type Ref,
} from './nodes';
import type { Registry } from './registry';
import type { Locator } from './tokenizer';

/** Segments start with a letter, `$` or `@`, or are all digits (an array index). */
const REF_RE = /^(?:@|\d+|@?[A-Za-z$][\w-]*)(?:\.(?:\d+|[A-Za-z$@][\w-]*))*$/;
const MACRO_NAME_RE = /^[\w./-]+$/;
const BIND_NAME_RE = /^@[\w$-]+$/;

/** Texts kept by the parser's caches of references and argument lists. */
const TEXT_CACHE_LIMIT = 5000;

const refCache = new MemoCache<string, Ref | null>(TEXT_CACHE_LIMIT);

/** Parses a reference; null when the text is not one. Shared and cached: references repeat a lot. */
export function parseRef(src: string): Ref | null {
  const hit = refCache.get(src);
  if (hit !== undefined) return hit;
  let ref: Ref | null = null;
  if (REF_RE.test(src)) {
    const parts = src.split('.');
    const head = parts[0] as string;
    const rest = parts.slice(1);
    if (head === '@') ref = { kind: REF_CURRENT, head, rest, src };
    else if (head === '@index') ref = { kind: REF_INDEX, head, rest, src };
    else if (head === '@index0') ref = { kind: REF_INDEX0, head, rest, src };
    else if (head.startsWith('@')) ref = { kind: REF_VAR, head: head.slice(1), rest, src };
    else ref = { kind: REF_NAME, head, rest, src };
  }
  refCache.set(src, ref);
  return ref;
}

const NO_ARGS: readonly string[] = [];

const argsCache = new MemoCache<string, readonly string[]>(TEXT_CACHE_LIMIT);

/**
 * Splits arguments by the delimiter rule: the first character after the name is the delimiter.
 * Lists are interned by their text (frozen, so sharing is safe): templates compiled again get the
 * same arrays, so formatters that key per-call-site caches on them (`apply`) hit those caches too.
 */
export function splitArgs(rest: string): readonly string[] {
  if (rest.length === 0) return NO_ARGS;
  const hit = argsCache.get(rest);
  if (hit !== undefined) return hit;
  const args = Object.freeze(splitArgsUncached(rest));
  argsCache.set(rest, args);
  return args;
}

function splitArgsUncached(rest: string): string[] {
  const delim = rest.charCodeAt(0);
  const out: string[] = [];
  let start = 1;
  for (let k = 1; k <= rest.length; k++) {
    if (k === rest.length || rest.charCodeAt(k) === delim) {
      // Empty arguments count (`{x|cycle A }` has two), as the language has always split them.
      out.push(rest.slice(start, k));
      start = k + 1;
    }
  }
  return out;
}

const never: PredicateFn = () => false;
const END: Parsed = { op: OP_END };
const ALTERNATES: Parsed = { op: OP_ALTERNATES };
const UNKNOWN: Parsed = { op: OP_UNKNOWN };

/** A keyword as the language spells them: `{.sektion a}` is a misspelt instruction, `{.5em}` is text. */
const KEYWORD_RE = /^[A-Za-z][\w-]*$/;

/**
 * `{.keyword ...}` with a keyword the language does not have: reported by name (a misspelt
 * `.section` would otherwise show only as the stray `.end` after it) and printed as text.
 */
function unknownInstruction(keyword: string, pos: Locator, errs: ErrorSink): Parsed | null {
  if (!KEYWORD_RE.test(keyword)) return null;
  errs.push(errors.unknownInstruction(`.${keyword}`, pos.position()));
  return UNKNOWN;
}

/** Characters of a plain reference (no spaces, commas or pipes): the common `{a.b}` fast path. */
function isRefChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    c === 46 /* . */ ||
    c === 95 /* _ */ ||
    c === 45 /* - */ ||
    c === 64 /* @ */ ||
    c === 36 /* $ */
  );
}

/** Letters, digits, `_` and `-`: formatter and predicate names. */
function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}

const isLetter = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);

/** Length of a predicate name (with its `?`) at the start of `text`, or 0 when there is none. */
function predicateNameLength(text: string): number {
  if (!isLetter(text.charCodeAt(0))) return 0;
  let k = 1;
  while (k < text.length && isNameChar(text.charCodeAt(k))) k++;
  return text.charCodeAt(k) === 63 /* ? */ ? k + 1 : 0;
}

/** Parses `name? args`; unknown predicates still open their block (so `.end` pairs up) but never pass. */
function predicateCall(
  text: string,
  registry: Registry,
  pos: Locator,
  errs: ErrorSink,
): PredicateCall | null {
  const n = predicateNameLength(text);
  if (n === 0) return null;
  const name = text.slice(0, n);
  const args = splitArgs(text.slice(n));
  const fn = registry.predicate(name);
  if (fn === undefined) {
    errs.push(errors.unknownPredicate(name, pos.position()));
    return { name, fn: never, args };
  }
  return { name, fn, args };
}

interface Variables {
  readonly refs: readonly Ref[];
  readonly fmts: readonly FormatterCall[];
}

const NO_FORMATTERS: readonly FormatterCall[] = [];

function parseVariables(text: string, registry: Registry, pos: Locator, errs: ErrorSink): Variables | null {
  const pipe = text.indexOf('|');
  const head = pipe < 0 ? text : text.slice(0, pipe);
  // `{ a}` and `{a }` are text (CSS and prose use braces with spaces); only `a , b` may space.
  if (head.length === 0 || head.trim() !== head) return null;
  let refs: Ref[];
  if (head.indexOf(',') < 0) {
    const ref = parseRef(head);
    if (ref === null) return null;
    refs = [ref];
  } else {
    refs = [];
    for (const raw of head.split(',')) {
      const ref = parseRef(raw.trim());
      if (ref === null) return null;
      refs.push(ref);
    }
  }
  if (pipe < 0) return { refs, fmts: NO_FORMATTERS };
  const fmts: FormatterCall[] = [];
  let start = pipe + 1;
  for (;;) {
    const end = text.indexOf('|', start);
    const seg = end < 0 ? text.slice(start) : text.slice(start, end);
    let n = 0;
    if (seg.length > 0 && (isLetter(seg.charCodeAt(0)) || seg.charCodeAt(0) === 95)) {
      n = 1;
      while (n < seg.length && isNameChar(seg.charCodeAt(n))) n++;
    }
    if (n === 0) return null;
    const name = seg.slice(0, n);
    const fn = registry.formatter(name);
    if (fn === undefined) {
      errs.push(errors.unknownFormatter(name, pos.position()));
      return null;
    }
    fmts.push({ name, fn, args: splitArgs(seg.slice(n)) });
    if (end < 0) break;
    start = end + 1;
  }
  return { refs, fmts };
}

const nonEmpty = (w: string): boolean => w !== '';

function words(text: string): string[] {
  return text.split(' ').filter(nonEmpty);
}

/** Every keyword of a `{.keyword}` instruction; a known one with unusable arguments is text. */
const KEYWORDS: ReadonlySet<string> = new Set([
  'end',
  'or',
  'alternates',
  'meta-left',
  'meta-right',
  'newline',
  'space',
  'tab',
  'section',
  'repeated',
  'if',
  'var',
  'ctx',
  'macro',
  'include',
  'inject',
  'eval',
]);

/**
 * Parses the body of one `{...}` candidate; null means it is text. Problems (unknown formatter
 * or predicate) go to `errs`.
 */
export function parseInstruction(
  body: string,
  registry: Registry,
  pos: Locator,
  errs: ErrorSink,
): Parsed | null {
  if (body.charCodeAt(0) !== 46 /* . */) {
    // Fast path: a bare reference such as `{item.title}`.
    let plain = true;
    for (let k = 0; k < body.length; k++) {
      if (!isRefChar(body.charCodeAt(k))) {
        plain = false;
        break;
      }
    }
    if (plain) {
      const ref = parseRef(body);
      return ref === null ? null : { op: OP_VAR, refs: [ref], fmts: NO_FORMATTERS };
    }
    const v = parseVariables(body, registry, pos, errs);
    return v === null ? null : { op: OP_VAR, refs: v.refs, fmts: v.fmts };
  }
  switch (body) {
    case '.end':
      return END;
    case '.or':
      return { op: OP_OR, pred: null, body: [], alt: null };
    case '.alternates with':
      return ALTERNATES;
    case '.meta-left':
      return '{';
    case '.meta-right':
      return '}';
    case '.newline':
      return '\n';
    case '.space':
      return ' ';
    case '.tab':
      return '\t';
  }
  const rest = body.slice(1);
  if (predicateNameLength(rest) > 0) {
    const pred = predicateCall(rest, registry, pos, errs);
    return pred === null ? null : { op: OP_PRED, pred, body: [], alt: null };
  }
  const space = rest.indexOf(' ');
  if (space < 0) return KEYWORDS.has(rest) ? null : unknownInstruction(rest, pos, errs);
  const keyword = rest.slice(0, space);
  const arg = rest.slice(space + 1);
  switch (keyword) {
    case 'section': {
      const ref = parseRef(arg);
      return ref === null ? null : { op: OP_SECTION, ref, body: [], alt: null };
    }
    case 'repeated': {
      if (!arg.startsWith('section ')) return null;
      const ref = parseRef(arg.slice(8));
      return ref === null ? null : { op: OP_REPEATED, ref, body: [], between: null, alt: null };
    }
    case 'or': {
      const pred = predicateCall(arg, registry, pos, errs);
      return pred === null ? null : { op: OP_OR, pred, body: [], alt: null };
    }
    case 'if': {
      // `{.if }` is still a block (so its `.end` pairs up); with nothing to test it never passes.
      if (arg.trim() === '') return { op: OP_IF, ors: [], refs: [], pred: null, body: [], alt: null };
      if (predicateNameLength(arg) > 0) {
        const pred = predicateCall(arg, registry, pos, errs);
        return pred === null ? null : { op: OP_IF, ors: [], refs: [], pred, body: [], alt: null };
      }
      const parts = arg.split(/\s*(\|\||&&)\s*/);
      const refs: Ref[] = [];
      const ors: boolean[] = [];
      for (let k = 0; k < parts.length; k++) {
        const part = (parts[k] as string).trim();
        if (k % 2 === 1) {
          ors.push(part === '||');
          continue;
        }
        const ref = parseRef(part);
        if (ref === null) return null;
        refs.push(ref);
      }
      return { op: OP_IF, ors, refs, pred: null, body: [], alt: null };
    }
    case 'var': {
      const sp = arg.indexOf(' ');
      if (sp < 0) return null;
      const name = arg.slice(0, sp);
      if (!BIND_NAME_RE.test(name)) return null;
      const v = parseVariables(arg.slice(sp + 1).trim(), registry, pos, errs);
      return v === null ? null : { op: OP_BIND, name: name.slice(1), refs: v.refs, fmts: v.fmts };
    }
    case 'ctx': {
      const ws = words(arg);
      const name = ws[0];
      if (name === undefined || !BIND_NAME_RE.test(name)) return null;
      // One space before the name and after it, then a binding; later bare words contribute nothing.
      if (!/^@\S+ [^ =]+=/.test(arg)) return null;
      const pairs: (readonly [string, Ref])[] = [];
      for (const w of ws.slice(1)) {
        const eq = w.indexOf('=');
        // A word without a binding contributes nothing.
        if (eq < 0) continue;
        if (eq === 0) return null;
        const ref = parseRef(w.slice(eq + 1));
        if (ref === null) return null;
        pairs.push([w.slice(0, eq), ref]);
      }
      return { op: OP_CTX, name: name.slice(1), pairs };
    }
    case 'macro':
      return MACRO_NAME_RE.test(arg) ? { op: OP_MACRO, name: arg, body: [] } : null;
    case 'include': {
      const ws = words(arg);
      const name = ws[0];
      if (name === undefined) return null;
      return { op: OP_INCLUDE, name, output: ws.slice(1).includes('output') };
    }
    case 'inject': {
      const ws = words(arg);
      const name = ws[0];
      const path = ws[1];
      if (name === undefined || path === undefined || !BIND_NAME_RE.test(name)) return null;
      return { op: OP_INJECT, name: name.slice(1), path };
    }
    case 'eval':
      return { op: OP_EVAL, expr: parseExpr(arg) };
    default:
      return KEYWORDS.has(keyword) ? null : unknownInstruction(keyword, pos, errs);
  }
}
