/** Tolerant readers over the untrusted JSON a template renders (spec 001 §3). */
import type { TemplateContext } from '../api';

export type JsonRecord = Readonly<Record<string, unknown>>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asRecord(value: unknown): JsonRecord {
  return isRecord(value) ? value : {};
}

export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Reads `a.b.c` below `value`; anything missing on the way gives undefined. */
export function pick(value: unknown, path: string): unknown {
  let node: unknown = value;
  for (const key of path.split('.')) {
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isRecord(node)) node = node[key];
    else return undefined;
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

/** A number from a number or a numeric string; anything else is undefined. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** Looks a name up the way a template variable is, falling back to the root JSON. */
export function lookup(ctx: TemplateContext, path: string): unknown {
  const found = ctx.resolve(path);
  return found === undefined ? pick(ctx.root, path) : found;
}

/**
 * A string of `localizedStrings` (spec 001 §3), else the default. The site owner's translation is
 * used only when it is a non-empty string.
 */
export function localized(ctx: TemplateContext, key: string, fallback: string): string {
  const value = lookup(ctx, `localizedStrings.${key}`);
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/** Replaces `{name}` placeholders; unknown placeholders are left as typed. */
export function interpolate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? (values[name] ?? '') : whole,
  );
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
