import type { FormatterFn, FormatterTable, TemplateContext } from './api';
import { stripTags } from './escape';

/** Default `truncate` length (spec 001 §9). */
export const DEFAULT_TRUNCATE_LENGTH = 100;

const hasOwn = Object.prototype.hasOwnProperty;

/** Text of a scalar; structures have no text form (they print nothing). */
function scalarText(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
      return String(v);
    default:
      return '';
  }
}

/** Numeric view for arithmetic formatters: structures and missing count as 0, bad text as NaN. */
function toNumber(v: unknown): number {
  switch (typeof v) {
    case 'number':
      return v;
    case 'boolean':
      return v ? 1 : 0;
    case 'string':
      return v.trim() === '' ? Number.NaN : Number(v);
    default:
      return 0;
  }
}

function isEmpty(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return !v;
  if (Array.isArray(v)) return v.length === 0;
  for (const k in v) if (hasOwn.call(v, k)) return false;
  return true;
}

function child(v: unknown, key: unknown): unknown {
  if (v === null || typeof v !== 'object') return undefined;
  const k = typeof key === 'number' ? String(key) : key;
  if (typeof k !== 'string') return undefined;
  if (Array.isArray(v)) return /^\d+$/.test(k) ? v[Number(k)] : undefined;
  return hasOwn.call(v, k) ? (v as Record<string, unknown>)[k] : undefined;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};
// Module-level replacers: a closure per call is measurable on hot formatters.
const htmlEscape = (c: string): string => HTML_ESCAPES[c] ?? c;
const HTML_RE = /[&<>]/;
const HTML_RE_G = /[&<>]/g;
const ATTR_RE = /[&<>"]/;
const ATTR_RE_G = /[&<>"]/g;

export function escapeHtml(s: string): string {
  return HTML_RE.test(s) ? s.replace(HTML_RE_G, htmlEscape) : s;
}

export function escapeAttr(s: string): string {
  return ATTR_RE.test(s) ? s.replace(ATTR_RE_G, htmlEscape) : s;
}

/** JSON safe to place in a `<script>`: `</script` cannot close the element early. */
/** JSON text safe inside a script element: every `</` is written `<\/`. Missing is "". */
export function safeJson(v: unknown, indent?: number): string {
  if (v === undefined) return '';
  const s = JSON.stringify(v, null, indent);
  return s === undefined ? '' : s.replace(/<\//g, '<\\/');
}

/** Percent-encoding that keeps `/`, `+`, `@` and `*` and encodes `!'()~` (the platform's url-encode). */
function urlEncode(s: string): string {
  return encodeURIComponent(s).replace(/%2F|%2B|%40|[!'()~]/g, (m) => URL_KEEP[m] ?? m);
}
const URL_KEEP: Readonly<Record<string, string>> = {
  '%2F': '/',
  '%2B': '+',
  '%40': '@',
  '!': '%21',
  "'": '%27',
  '(': '%28',
  ')': '%29',
  '~': '%7E',
};

function truncate(s: string, max: number, ellipsis: string): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max);
  // Break on the last whitespace so words stay whole; a single long word is cut where it is.
  const m = /\s(?=\S*$)/.exec(cut);
  return (m === null ? cut : cut.slice(0, m.index + 1)) + ellipsis;
}

function smartypants(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    const prev = i > 0 ? (s[i - 1] as string) : '';
    const next = s[i + 1] ?? '';
    const opening = prev === '' || /[\s([{\u2014-]/.test(prev);
    if (c === '-' && next === '-') {
      out += '\u2014';
      i++;
    } else if (c === '"') {
      out += opening ? '\u201c' : '\u201d';
    } else if (c === "'") {
      // Leading-apostrophe contractions ('em, 'tis, 'twas) close even where a quote would open.
      const contraction = /^'(?:em|tis|twas)\b/i.test(s.slice(i, i + 6));
      out += opening && /\w/.test(next) && !contraction ? '\u2018' : '\u2019';
    } else {
      out += c;
    }
  }
  return out;
}

/** `get` and `lookup` arguments: a resolved key, or a resolved array of keys (a path). */
function descend(v: unknown, key: unknown): unknown {
  if (Array.isArray(key)) {
    let cur = v;
    for (const k of key) cur = child(cur, k);
    return cur;
  }
  return child(v, key);
}

interface ApplyCall {
  readonly name: string;
  readonly params: Readonly<Record<string, string>> | undefined;
  readonly options: { readonly private: boolean };
}

const PRIVATE = { private: true } as const;
const PUBLIC = { private: false } as const;
/** Parsed `apply` arguments per (compiled, hence stable) argument list: macros run in loops. */
const applyCalls = new WeakMap<readonly string[], ApplyCall>();

function applyCall(args: readonly string[]): ApplyCall | undefined {
  const hit = applyCalls.get(args);
  if (hit !== undefined) return hit;
  const name = args[0];
  if (name === undefined) return undefined;
  let params: Record<string, string> | undefined;
  let isPrivate = false;
  for (let k = 1; k < args.length; k++) {
    const a = args[k] as string;
    if (a === 'private') isPrivate = true;
    const eq = a.indexOf('=');
    if (eq > 0) (params ??= {})[a.slice(0, eq)] = a.slice(eq + 1);
  }
  const call: ApplyCall = {
    name,
    params: params === undefined ? undefined : Object.freeze(params),
    options: isPrivate ? PRIVATE : PUBLIC,
  };
  applyCalls.set(args, call);
  return call;
}

/** A macro or partial that cannot run (none named, not found, too deep) gives "". */
const apply: FormatterFn = (value, args, ctx) => {
  const call = applyCall(args);
  return call === undefined ? '' : (ctx.applyTemplate(call.name, value, call.params, call.options) ?? '');
};

/** Formats `{0}`-style placeholders with the resolved arguments. */
function format(value: unknown, args: readonly string[], ctx: TemplateContext): string {
  const values = args.map((a) => ctx.resolve(a));
  return scalarText(value).replace(/\{(\d+)\}/g, (_m, n: string) => scalarText(values[Number(n)]));
}

/**
 * Names the server-side engine formats with its own money and field data; the client engine
 * accepts them so templates parse, and passes the value through unchanged.
 */
const passThrough: FormatterFn = (value) => value;

/**
 * `find-first` / `find-last`: the first or last item of an array, or with a path argument the
 * first or last item whose value at that path is true in the language's sense.
 */
function finder(fromEnd: boolean): FormatterFn {
  return (value, args) => {
    if (!Array.isArray(value) || args.length > 1) return undefined;
    const keys = args.length === 1 ? (args[0] as string).split('.') : null;
    const n = value.length;
    for (let k = 0; k < n; k++) {
      const item: unknown = value[fromEnd ? n - 1 - k : k];
      if (keys === null) return item;
      let at = item;
      for (const key of keys) at = child(at, key);
      if (!isEmpty(at)) return item;
    }
    return undefined;
  };
}

/** core formatters. */
export const coreFormatters: FormatterTable = {
  apply,
  count: (value) => {
    if (Array.isArray(value)) return value.length;
    if (typeof value === 'string') return value.length;
    if (value !== null && typeof value === 'object') return Object.keys(value).length;
    return 0;
  },
  cycle: (value, args) => {
    const n = toNumber(value);
    if (!Number.isInteger(n) || args.length === 0) return undefined;
    const i = (n - 1) % args.length;
    return args[i < 0 ? i + args.length : i];
  },
  'encode-space': (value) => scalarText(value).replace(/ /g, '&nbsp;'),
  'encode-uri': (value) => encodeURI(scalarText(value)),
  'encode-uri-component': (value) => encodeURIComponent(scalarText(value)),
  'find-first': finder(false),
  'find-last': finder(true),
  format: (value, args, ctx) => format(value, args, ctx),
  get: (value, args, ctx) => {
    let cur = value;
    for (const a of args) cur = descend(cur, ctx.resolve(a));
    return cur;
  },
  html: (value) => escapeHtml(scalarText(value)),
  htmlattr: (value) => escapeAttr(scalarText(value)),
  htmltag: (value) => escapeAttr(scalarText(value)),
  iter: (_value, _args, ctx) => {
    const i = ctx.resolve('@index');
    return typeof i === 'number' ? String(i) : '';
  },
  json: (value) => safeJson(value),
  'json-pretty': (value) => safeJson(value, 2),
  'key-by': (value, args) => {
    if (!Array.isArray(value)) return {};
    const path = (args[0] ?? '').split('.');
    const out: Record<string, unknown> = {};
    for (const item of value) {
      let key: unknown = item;
      for (const k of path) key = child(key, k);
      if (typeof key === 'string' || typeof key === 'number') out[String(key)] = item;
    }
    return out;
  },
  // The argument names a key; a text key is looked up as a reference with the value as the
  // innermost scope, so it falls back to the enclosing scopes.
  'line-breaks': (value) => scalarText(value).replace(/\n/g, '<br/>'),
  lookup: (value, args, ctx) => {
    if (args.length === 0) return '';
    const key = ctx.resolve(args[0] as string);
    if (typeof key === 'string') return ctx.resolveIn(value, key);
    return descend(value, key);
  },
  mod: (value, args) => {
    const d = args[0] === undefined ? Number.NaN : toNumber(args[0]);
    return toNumber(value) % (Number.isNaN(d) || d === 0 ? 2 : d);
  },
  output: (_value, args) => args.join(' '),
  pluralize: (value, args) => {
    const singular = args.length >= 2 ? (args[0] as string) : '';
    const plural = args.length >= 2 ? (args[1] as string) : (args[0] ?? 's');
    return toNumber(value) === 1 ? singular : plural;
  },
  prop: (value, args) => {
    if (args.length === 0) return value;
    let cur = value;
    for (const a of args) for (const k of a.split('.')) cur = child(cur, k);
    return cur;
  },
  raw: (value) => (value === undefined ? 'null' : JSON.stringify(value)),
  round: (value) => Math.round(toNumber(value)),
  // An empty value (missing, null, 0, false, "", [] or {}) passes through as it is.
  safe: (value) => (isEmpty(value) ? value : stripTags(scalarText(value), '')),
  slugify: (value) =>
    scalarText(value)
      .toLowerCase()
      .replace(/[^a-z0-9\s-]/g, '')
      .replace(/\s+/g, '-'),
  smartypants: (value) => smartypants(scalarText(value)),
  str: (value) => scalarText(value),
  truncate: (value, args) => {
    const parsed = args[0] === undefined ? Number.NaN : Number.parseInt(args[0], 10);
    const max = Number.isNaN(parsed) ? DEFAULT_TRUNCATE_LENGTH : parsed;
    return truncate(scalarText(value), max, args[1] ?? '...');
  },
  'url-encode': (value) => urlEncode(scalarText(value)),
};

/**
 * Legacy names (lowest priority in the registry: a family that implements one of them wins).
 */
export const legacyFormatters: FormatterTable = {
  datetimefield: passThrough,
  'i18n-money-format': passThrough,
  'money-format': passThrough,
  'money-string': passThrough,
  moneyFormat: passThrough,
  unit: passThrough,
};
