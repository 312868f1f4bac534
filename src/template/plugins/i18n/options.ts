/** `key:value` option arguments of the locale-aware formatters. */

export interface ParsedOptions {
  /** `key:value` pairs, keys as written. */
  readonly named: Readonly<Record<string, string>>;
  /** Arguments without a colon, in order. */
  readonly bare: readonly string[];
}

/**
 * Options by argument list. The parser interns argument lists (frozen), so a call site reads its
 * options once and formatters can key their own caches on the options object.
 */
const parsedByArgs = new WeakMap<readonly string[], ParsedOptions>();

const NO_OPTIONS: ParsedOptions = Object.freeze({ named: Object.freeze({}), bare: Object.freeze([]) });

export function parseOptions(args: readonly string[]): ParsedOptions {
  if (args.length === 0) return NO_OPTIONS;
  const hit = parsedByArgs.get(args);
  if (hit !== undefined) return hit;
  const parsed = parseOptionsUncached(args);
  // A list that can still change must not be cached by its identity.
  if (Object.isFrozen(args)) parsedByArgs.set(args, parsed);
  return parsed;
}

function parseOptionsUncached(args: readonly string[]): ParsedOptions {
  const named: Record<string, string> = {};
  const bare: string[] = [];
  for (const arg of args) {
    const colon = arg.indexOf(':');
    if (colon > 0) named[arg.slice(0, colon)] = arg.slice(colon + 1);
    else if (arg !== '') bare.push(arg);
  }
  return Object.freeze({ named: Object.freeze(named), bare: Object.freeze(bare) });
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
