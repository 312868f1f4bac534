/**
 * Turns one instruction candidate (the text between `{` and `}`) into a parsed instruction, or
 * null when it is not one (it then prints as literal text, as the language requires).
 */
import type { FormatterFn, PredicateFn, TemplateError } from './plugins/api';
import { errors } from './errors';
import type { Locator } from './tokenizer';
import { parseExpr, type Expr } from './expr';
import type { Registry } from './registry';

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

export type Parsed =
  | { readonly op: 'text'; readonly text: string }
  | { readonly op: 'var'; readonly refs: readonly Ref[]; readonly fmts: readonly FormatterCall[] }
  | { readonly op: 'section'; readonly ref: Ref }
  | { readonly op: 'repeated'; readonly ref: Ref }
  | { readonly op: 'alternates' }
  | { readonly op: 'or'; readonly pred: PredicateCall | null }
  | { readonly op: 'end' }
  | { readonly op: 'pred'; readonly pred: PredicateCall }
  | {
      readonly op: 'if';
      /** Operator between refs[k] and refs[k + 1]: true for `||`, false for `&&`; applied left to right. */
      readonly ors: readonly boolean[];
      readonly refs: readonly Ref[];
      readonly pred: PredicateCall | null;
    }
  | {
      readonly op: 'bind';
      readonly name: string;
      readonly refs: readonly Ref[];
      readonly fmts: readonly FormatterCall[];
    }
  | { readonly op: 'ctx'; readonly name: string; readonly pairs: readonly (readonly [string, Ref])[] }
  | { readonly op: 'macro'; readonly name: string }
  | { readonly op: 'include'; readonly name: string; readonly output: boolean }
  | { readonly op: 'inject'; readonly name: string; readonly path: string }
  | { readonly op: 'eval'; readonly expr: Expr };

const REF_RE = /^(?:@|[A-Za-z_$@][\w$@-]*)(?:\.[\w$@-]+)*$/;
const FORMATTER_NAME_RE = /^[A-Za-z_][\w-]*/;
const PREDICATE_RE = /^([A-Za-z][\w-]*\?)([\s\S]*)$/;
const BIND_NAME_RE = /^@[\w$-]+$/;

const refCache = new Map<string, Ref | null>();

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
  if (refCache.size > 5000) refCache.clear();
  refCache.set(src, ref);
  return ref;
}

/** Splits arguments by the delimiter rule: the first character after the name is the delimiter. */
export function splitArgs(rest: string): string[] {
  if (rest === '') return [];
  const delim = rest[0] as string;
  const parts = rest.slice(1).split(delim);
  return delim === ' ' ? parts.filter((p) => p !== '') : parts;
}

const never: PredicateFn = () => false;
const END: Parsed = { op: 'end' };
const OR: Parsed = { op: 'or', pred: null };
const ALTERNATES: Parsed = { op: 'alternates' };
const CONSTANT_TEXT: Readonly<Record<string, Parsed>> = {
  '.meta-left': { op: 'text', text: '{' },
  '.meta-right': { op: 'text', text: '}' },
  '.newline': { op: 'text', text: '\n' },
  '.space': { op: 'text', text: ' ' },
  '.tab': { op: 'text', text: '\t' },
};

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

/** Parses `name? args`; unknown predicates still open their block (so `.end` pairs up) but never pass. */
function predicateCall(text: string, registry: Registry, pos: Locator, errs: TemplateError[]): PredicateCall | null {
  const m = PREDICATE_RE.exec(text);
  if (m === null) return null;
  const name = m[1] as string;
  const args = splitArgs(m[2] as string);
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

function parseVariables(text: string, registry: Registry, pos: Locator, errs: TemplateError[]): Variables | null {
  const pipe = text.indexOf('|');
  const head = pipe < 0 ? text : text.slice(0, pipe);
  // `{ a}` and `{a }` are text (CSS and prose use braces with spaces); only `a , b` may space.
  if (head.length === 0 || head.charCodeAt(0) === 32 || head.charCodeAt(head.length - 1) === 32) return null;
  if (head.trim() !== head) return null;
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
  const segments = text.slice(pipe + 1).split('|');
  for (const seg of segments) {
    const m = FORMATTER_NAME_RE.exec(seg);
    if (m === null) return null;
    const name = m[0];
    const fn = registry.formatter(name);
    if (fn === undefined) {
      errs.push(errors.unknownFormatter(name, pos.position()));
      return null;
    }
    fmts.push({ name, fn, args: splitArgs(seg.slice(name.length)) });
  }
  return { refs, fmts };
}

/**
 * Parses the body of one `{...}` candidate; null means it is text. Problems (unknown formatter
 * or predicate) go to `errs`.
 */
export function parseInstruction(body: string, registry: Registry, pos: Locator, errs: TemplateError[]): Parsed | null {
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
      return ref === null ? null : { op: 'var', refs: [ref], fmts: NO_FORMATTERS };
    }
    const v = parseVariables(body, registry, pos, errs);
    return v === null ? null : { op: 'var', refs: v.refs, fmts: v.fmts };
  }
  switch (body) {
    case '.end':
      return END;
    case '.or':
      return OR;
    case '.alternates with':
      return ALTERNATES;
  }
  const constant = CONSTANT_TEXT[body];
  if (constant !== undefined) return constant;
  const rest = body.slice(1);
  if (rest.indexOf('?') > 0 && PREDICATE_RE.test(rest)) {
    const call = predicateCall(rest, registry, pos, errs);
    return call === null ? null : { op: 'pred', pred: call };
  }
  const space = rest.indexOf(' ');
  if (space < 0) return null;
  const keyword = rest.slice(0, space);
  const arg = rest.slice(space + 1);
  switch (keyword) {
    case 'section': {
      const ref = parseRef(arg);
      return ref === null ? null : { op: 'section', ref };
    }
    case 'repeated': {
      if (!arg.startsWith('section ')) return null;
      const ref = parseRef(arg.slice(8));
      return ref === null ? null : { op: 'repeated', ref };
    }
    case 'or': {
      const call = predicateCall(arg, registry, pos, errs);
      return call === null ? null : { op: 'or', pred: call };
    }
    case 'if': {
      if (PREDICATE_RE.test(arg)) {
        const call = predicateCall(arg, registry, pos, errs);
        return call === null ? null : { op: 'if', ors: [], refs: [], pred: call };
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
      return { op: 'if', ors, refs, pred: null };
    }
    case 'var': {
      const sp = arg.indexOf(' ');
      if (sp < 0) return null;
      const name = arg.slice(0, sp);
      if (!BIND_NAME_RE.test(name)) return null;
      const v = parseVariables(arg.slice(sp + 1).trim(), registry, pos, errs);
      return v === null ? null : { op: 'bind', name: name.slice(1), refs: v.refs, fmts: v.fmts };
    }
    case 'ctx': {
      const words = arg.split(' ').filter((w) => w !== '');
      const name = words[0];
      if (name === undefined || !BIND_NAME_RE.test(name)) return null;
      const pairs: (readonly [string, Ref])[] = [];
      for (const w of words.slice(1)) {
        const eq = w.indexOf('=');
        // A word without a binding contributes nothing.
        if (eq < 0) continue;
        if (eq === 0) return null;
        const ref = parseRef(w.slice(eq + 1));
        if (ref === null) return null;
        pairs.push([w.slice(0, eq), ref]);
      }
      return { op: 'ctx', name: name.slice(1), pairs };
    }
    case 'macro':
      return arg !== '' && !arg.includes(' ') ? { op: 'macro', name: arg } : null;
    case 'include': {
      const words = arg.split(' ').filter((w) => w !== '');
      const name = words[0];
      if (name === undefined) return null;
      return { op: 'include', name, output: words.slice(1).includes('output') };
    }
    case 'inject': {
      const words = arg.split(' ').filter((w) => w !== '');
      const name = words[0];
      const path = words[1];
      if (name === undefined || path === undefined || !BIND_NAME_RE.test(name)) return null;
      return { op: 'inject', name: name.slice(1), path };
    }
    case 'eval':
      return { op: 'eval', expr: parseExpr(arg) };
    default:
      return null;
  }
}
