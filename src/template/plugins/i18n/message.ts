/**
 * An ICU-like message format: `{0}`, `{name}`, `{0 plural one{# item} other{# items}}`,
 * `{0 selectordinal ...}`, `{0 select a{..} other{..}}`, `{0 decimal style:short}`,
 * `{0 money}`, `{0 datetime date:short}`, `{0;1 datetime-interval yMMMd}`.
 * Parsing is separate from formatting so parsed messages can be cached.
 */
import { toInstant } from '../date/zone';
import { formatDateTime, formatInterval } from './datetime';
import { formatDecimal, formatMoney, formatPercent, toDecimal } from './number';
import { FORMATTER_CACHE_LIMIT, MemoCache } from '../../cache';
import { parseOptions } from './options';

export type MessageNode =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'pound' }
  | {
      readonly kind: 'arg';
      readonly ref: string;
      readonly format: string;
      readonly options: readonly string[];
    }
  | {
      readonly kind: 'choice';
      readonly ref: string;
      readonly format: 'plural' | 'selectordinal' | 'select';
      readonly offset: number;
      readonly branches: ReadonlyMap<string, readonly MessageNode[]>;
    };

export class MessageSyntaxError extends Error {}

const PLURAL_KEYS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

class Parser {
  private pos = 0;

  constructor(private readonly src: string) {}

  parse(): readonly MessageNode[] {
    const nodes = this.message(false);
    if (this.pos < this.src.length) this.fail('end of input');
    return nodes;
  }

  private fail(expected: string): never {
    const found = this.pos < this.src.length ? `"${this.src[this.pos]}"` : 'end of input';
    throw new MessageSyntaxError(`Expected ${expected} but ${found} found.`);
  }

  private message(nested: boolean): MessageNode[] {
    const nodes: MessageNode[] = [];
    let text = '';
    const flush = (): void => {
      if (text !== '') nodes.push({ kind: 'text', text });
      text = '';
    };
    while (this.pos < this.src.length) {
      const ch = this.src[this.pos] ?? '';
      if (ch === '}') {
        if (nested) break;
        this.fail('text or "{"');
      }
      if (ch === '{') {
        flush();
        nodes.push(this.argument());
        continue;
      }
      if (ch === '#') {
        flush();
        nodes.push({ kind: 'pound' });
        this.pos++;
        continue;
      }
      if (ch === "'") {
        text += this.quoted();
        continue;
      }
      text += ch;
      this.pos++;
    }
    flush();
    return nodes;
  }

  /** ICU quoting: '' is an apostrophe; a quote before a syntax character quotes up to the next one. */
  private quoted(): string {
    const next = this.src[this.pos + 1];
    if (next === "'") {
      this.pos += 2;
      return "'";
    }
    if (next !== '{' && next !== '}' && next !== '#') {
      this.pos++;
      return "'";
    }
    let out = '';
    this.pos++;
    while (this.pos < this.src.length) {
      const ch = this.src[this.pos] ?? '';
      if (ch === "'") {
        if (this.src[this.pos + 1] === "'") {
          out += "'";
          this.pos += 2;
          continue;
        }
        this.pos++;
        return out;
      }
      out += ch;
      this.pos++;
    }
    return out;
  }

  private skipSpace(): void {
    while (this.pos < this.src.length && /[\s,]/.test(this.src[this.pos] ?? '')) this.pos++;
  }

  private word(): string {
    const start = this.pos;
    while (this.pos < this.src.length && !/[\s,{}]/.test(this.src[this.pos] ?? '')) this.pos++;
    return this.src.slice(start, this.pos);
  }

  private argument(): MessageNode {
    this.pos++; // {
    this.skipSpace();
    const ref = this.word();
    if (ref === '') this.fail('argument name');
    this.skipSpace();
    if (this.src[this.pos] === '}') {
      this.pos++;
      return { kind: 'arg', ref, format: '', options: [] };
    }
    const format = this.word();
    if (format === '') this.fail('format name or "}"');
    if (format === 'plural' || format === 'selectordinal' || format === 'select') {
      return this.choice(ref, format);
    }
    const start = this.pos;
    while (this.pos < this.src.length && this.src[this.pos] !== '}') {
      if (this.src[this.pos] === '{') this.fail('"}"');
      this.pos++;
    }
    if (this.pos >= this.src.length) this.fail('"}"');
    const options = this.src
      .slice(start, this.pos)
      .split(/\s+/)
      .filter((o) => o !== '');
    this.pos++;
    return { kind: 'arg', ref, format, options };
  }

  private choice(ref: string, format: 'plural' | 'selectordinal' | 'select'): MessageNode {
    const branches = new Map<string, readonly MessageNode[]>();
    let offset = 0;
    for (;;) {
      this.skipSpace();
      if (this.src[this.pos] === '}') {
        this.pos++;
        break;
      }
      if (this.pos >= this.src.length) this.fail('"}"');
      let key = this.word();
      if (key.startsWith('offset:')) {
        offset = Number(key.slice('offset:'.length)) || 0;
        continue;
      }
      if (key === '') this.fail('branch key');
      if (format !== 'select' && !key.startsWith('=') && !(PLURAL_KEYS as readonly string[]).includes(key)) {
        throw new MessageSyntaxError(
          `Invalid plural key "${key}": valid keys are ${PLURAL_KEYS.join(', ')} and =N.`,
        );
      }
      if (key.startsWith('=')) key = `=${Number(key.slice(1))}`;
      this.skipSpace();
      if (this.src[this.pos] !== '{') this.fail('"{"');
      this.pos++;
      const body = this.message(true);
      if (this.src[this.pos] !== '}') this.fail('"}"');
      this.pos++;
      branches.set(key, body);
    }
    if (!branches.has('other')) throw new MessageSyntaxError('Expected an "other" branch but none found.');
    return { kind: 'choice', ref, format, offset, branches };
  }
}

const parsed = new MemoCache<string, readonly MessageNode[] | MessageSyntaxError>(FORMATTER_CACHE_LIMIT);

/** Parses a message, remembering the last 100 (spec 001 §9); syntax errors are returned. */
export function parseMessage(src: string): readonly MessageNode[] | MessageSyntaxError {
  return parsed.remember(src, () => {
    try {
      return new Parser(src).parse();
    } catch (e) {
      return e instanceof MessageSyntaxError ? e : new MessageSyntaxError(String(e));
    }
  });
}

export interface MessageArgs {
  readonly positional: readonly unknown[];
  readonly named: Readonly<Record<string, unknown>>;
}

export interface MessageEnv {
  readonly locale: string;
  readonly timeZone: string;
}

function lookup(args: MessageArgs, ref: string): unknown {
  if (/^\d+$/.test(ref)) return args.positional[Number(ref)];
  return Object.prototype.hasOwnProperty.call(args.named, ref) ? args.named[ref] : undefined;
}

function printable(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return String(value);
  return '';
}

/** Digits after the decimal point as written ("1.0" has one), which plural rules depend on. */
function visibleFractionDigits(decimal: number | string): number {
  const text = typeof decimal === 'number' ? String(decimal) : decimal;
  const m = /\.(\d+)/.exec(text.replace(/e.*$/i, ''));
  return m?.[1]?.length ?? 0;
}

const pluralRules = new MemoCache<string, Intl.PluralRules | null>(FORMATTER_CACHE_LIMIT);

function pluralCategory(locale: string, type: Intl.PluralRuleType, decimal: number | string): string {
  const fraction = Math.min(visibleFractionDigits(decimal), 20);
  const rules = pluralRules.remember(`${locale}|${type}|${fraction}`, () => {
    try {
      return new Intl.PluralRules(locale, {
        type,
        minimumFractionDigits: fraction,
        maximumFractionDigits: fraction,
      });
    } catch {
      return null;
    }
  });
  return rules?.select(Number(decimal)) ?? 'other';
}

/** `#` prints the number as written ("1.0" stays "1.0"), as the corpus pins for every locale. */
function formatPound(decimal: number | string): string {
  return String(decimal);
}

function formatArg(node: Extract<MessageNode, { kind: 'arg' }>, args: MessageArgs, env: MessageEnv): string {
  const options = parseOptions(node.options);
  switch (node.format) {
    case '':
      return printable(lookup(args, node.ref));
    case 'decimal':
    case 'number':
      return formatDecimal(lookup(args, node.ref), options, env.locale);
    case 'percent':
      return formatPercent(lookup(args, node.ref), options, env.locale);
    case 'money':
    case 'currency':
      return formatMoney(lookup(args, node.ref), options, env.locale);
    case 'datetime': {
      const ms = toInstant(lookup(args, node.ref));
      return ms === undefined ? '' : formatDateTime(ms, options, env.locale, env.timeZone);
    }
    case 'datetime-interval': {
      const [a, b] = node.ref.split(';');
      const start = toInstant(lookup(args, a ?? ''));
      const end = toInstant(lookup(args, b ?? ''));
      if (start === undefined || end === undefined) return '';
      return formatInterval(start, end, options, env.locale, env.timeZone);
    }
    default:
      return printable(lookup(args, node.ref));
  }
}

function formatNodes(
  nodes: readonly MessageNode[],
  args: MessageArgs,
  env: MessageEnv,
  pound: number | string | undefined,
): string {
  let out = '';
  for (const node of nodes) {
    switch (node.kind) {
      case 'text':
        out += node.text;
        break;
      case 'pound':
        out += pound === undefined ? '#' : formatPound(pound);
        break;
      case 'arg':
        out += formatArg(node, args, env);
        break;
      case 'choice':
        out += formatChoice(node, args, env, pound);
        break;
    }
  }
  return out;
}

function formatChoice(
  node: Extract<MessageNode, { kind: 'choice' }>,
  args: MessageArgs,
  env: MessageEnv,
  outerPound: number | string | undefined,
): string {
  const value = lookup(args, node.ref);
  if (node.format === 'select') {
    const branch = node.branches.get(printable(value)) ?? node.branches.get('other') ?? [];
    return formatNodes(branch, args, env, outerPound);
  }
  const decimal = toDecimal(value);
  if (decimal === undefined) return formatNodes(node.branches.get('other') ?? [], args, env, outerPound);
  const exact = node.branches.get(`=${Number(decimal)}`);
  const shifted = node.offset === 0 ? decimal : Number(decimal) - node.offset;
  if (exact !== undefined) return formatNodes(exact, args, env, shifted);
  const type: Intl.PluralRuleType = node.format === 'selectordinal' ? 'ordinal' : 'cardinal';
  const category = pluralCategory(env.locale, type, shifted);
  const branch = node.branches.get(category) ?? node.branches.get('other') ?? [];
  return formatNodes(branch, args, env, shifted);
}

/** Formats a parsed message. */
export function formatMessage(nodes: readonly MessageNode[], args: MessageArgs, env: MessageEnv): string {
  return formatNodes(nodes, args, env, undefined);
}
