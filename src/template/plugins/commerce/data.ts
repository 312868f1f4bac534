/** Tolerant readers over the untrusted JSON a template renders (spec 001 §3). */
import { isRecord } from '../../../result';
import { MemoCache } from '../../cache';
import type { TemplateContext } from '../api';

// The SDK's one set of JSON readers (src/result.ts), shared with the commerce plugins.
export { isRecord, type JsonRecord } from '../../../result';
export { asArray, asRecord } from '../../../result';

/** Bound on the split-path cache; paths are constants of this package, so it never fills in practice. */
const PATH_CACHE_LIMIT = 512;
const splitPaths = new MemoCache<string, readonly string[]>(PATH_CACHE_LIMIT);

/** `a.b.c` as its keys, split once per distinct path: the formatters ask for the same few paths. */
function keysOf(path: string): readonly string[] {
  let keys = splitPaths.get(path);
  if (keys === undefined) {
    keys = path.split('.');
    splitPaths.set(path, keys);
  }
  return keys;
}

function step(node: unknown, key: string): unknown {
  if (Array.isArray(node)) return node[Number(key)];
  return isRecord(node) ? node[key] : undefined;
}

/** Reads `a.b.c` below `value`; anything missing on the way gives undefined. */
export function pick(value: unknown, path: string): unknown {
  if (!path.includes('.')) return step(value, path);
  const keys = keysOf(path);
  let node: unknown = value;
  for (let i = 0; i < keys.length; i++) {
    node = step(node, keys[i] as string);
    if (node === undefined) return undefined;
  }
  return node;
}

/** Text of a scalar as a template prints it: strings as is, finite numbers and booleans as text. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return String(value);
  return '';
}

/**
 * Payloads carry flags as booleans, numbers or strings (`"isSubscribable": "true"`); the string
 * `"false"` and the empty string count as off.
 */
export function isTruthy(value: unknown): boolean {
  if (typeof value === 'string') return value !== '' && value.toLowerCase() !== 'false';
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
}

export { toNumber } from '../values';

/** Looks a name up the way a template variable is, falling back to the root JSON. */
export function lookup(ctx: TemplateContext, path: string): unknown {
  const found = ctx.resolve(path);
  return found === undefined ? pick(ctx.root, path) : found;
}

/** `localizedStrings.<key>` per key: one string per key instead of one per call. */
const localizedPaths = new MemoCache<string, string>(PATH_CACHE_LIMIT);

/**
 * A string of `localizedStrings` (spec 001 §3), else the default. The site owner's translation is
 * used only when it is a non-empty string.
 */
export function localized(ctx: TemplateContext, key: string, fallback: string): string {
  let path = localizedPaths.get(key);
  if (path === undefined) {
    path = `localizedStrings.${key}`;
    localizedPaths.set(key, path);
  }
  const value = lookup(ctx, path);
  return typeof value === 'string' && value !== '' ? value : fallback;
}

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/** Replaces `{name}` placeholders; unknown placeholders are left as typed. */
export function interpolate(template: string, values: Readonly<Record<string, string>>): string {
  if (!template.includes('{')) return template;
  let out = '';
  let last = 0;
  // A shared global regex is safe here: nothing runs between `exec` calls that could reuse it.
  PLACEHOLDER.lastIndex = 0;
  for (let m = PLACEHOLDER.exec(template); m !== null; m = PLACEHOLDER.exec(template)) {
    const name = m[1] as string;
    if (!Object.prototype.hasOwnProperty.call(values, name)) continue;
    out += template.slice(last, m.index) + (values[name] ?? '');
    last = m.index + m[0].length;
  }
  return last === 0 ? template : out + template.slice(last);
}

/**
 * `interpolate` for markup: the literal parts of the (owner-supplied) template are escaped, the
 * values are inserted as the already-escaped HTML they are.
 */
export function interpolateHtml(
  template: string,
  html: Readonly<Record<string, string>>,
  escape: (text: string) => string,
): string {
  let out = '';
  let last = 0;
  for (const match of template.matchAll(/\{([A-Za-z0-9_]+)\}/g)) {
    const name = match[1] ?? '';
    if (!Object.prototype.hasOwnProperty.call(html, name)) continue;
    out += escape(template.slice(last, match.index)) + (html[name] ?? '');
    last = match.index + match[0].length;
  }
  return out + escape(template.slice(last));
}
