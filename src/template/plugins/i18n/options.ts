/** `key:value` option arguments of the locale-aware formatters. */

export interface ParsedOptions {
  /** `key:value` pairs, keys as written. */
  readonly named: Readonly<Record<string, string>>;
  /** Arguments without a colon, in order. */
  readonly bare: readonly string[];
}

export function parseOptions(args: readonly string[]): ParsedOptions {
  const named: Record<string, string> = {};
  const bare: string[] = [];
  for (const arg of args) {
    const colon = arg.indexOf(':');
    if (colon > 0) named[arg.slice(0, colon)] = arg.slice(colon + 1);
    else if (arg !== '') bare.push(arg);
  }
  return { named, bare };
}

/** Upper-cases the first character when the context asks for the start of a sentence. */
export function applyContext(text: string, options: ParsedOptions, locale: string): string {
  if (options.named['context'] !== 'begin-sentence' || text === '') return text;
  const first = String.fromCodePoint(text.codePointAt(0) ?? 0);
  let upper: string;
  try {
    upper = first.toLocaleUpperCase(locale);
  } catch {
    upper = first.toUpperCase();
  }
  return upper + text.slice(first.length);
}

const CACHE_LIMIT = 100;

/** A small insertion-ordered cache: formatter objects are costly to build. */
export function cached<V>(cache: Map<string, V>, key: string, make: () => V): V {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const value = make();
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (oldest.done !== true) cache.delete(oldest.value);
  }
  cache.set(key, value);
  return value;
}
