/**
 * The `sf-template` command line, as a function: `runCli(argv, io)` reads the files it names,
 * writes through `io` and returns the exit code. src/template/cli.ts is the node entry around it;
 * tests call it in-process.
 *
 *   sf-template render <template|-> <data.json|-> [--partials DIR] [--locale TAG]
 *   sf-template --help
 *
 * Output goes to `io.out`, template errors to `io.err`; the exit code is 1 when the render
 * reported any error and 2 for a usage or input problem.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { render, type TemplateError } from './index';

const USAGE = 'usage: sf-template render <template> <data.json> [--partials DIR] [--locale TAG]';

/** What `--help` prints. */
export const HELP = `sf-template: renders a template of the storefront template language against JSON data.

${USAGE}
       sf-template --help

  <template>       the template file, or - to read it from standard input
  <data.json>      the JSON data file, or - to read it from standard input
  --partials DIR   every file of DIR is a partial, named by its file name and by its name
                   without the extension ({item|apply card}, {.include card.html})
  --locale TAG     the locale of the locale-aware formatters (BCP 47, default en-US)
  -h, --help       prints this help

The output goes to standard output and template errors to standard error, one a line as
FILE:LINE:COLUMN: type: message (a missing partial at the place that uses it). Exit code: 0 when the render is clean, 1 when it reported errors, 2 for
a usage or input problem.

  sf-template render page.html data.json --partials partials/ --locale de-DE
  some-command | sf-template render item.html -
`;

/** Where the CLI reads and writes; the node entry passes the process's streams. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** All of standard input as text, read when a file argument is `-`. */
  stdin(): string;
}

class UsageError extends Error {}

const OPTIONS = ['--partials', '--locale', '--help'] as const;
const COMMANDS = ['render', 'help'] as const;

/** Edit distance (insertions, deletions, substitutions), for "did you mean". */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(
        (row[j] as number) + 1,
        (next[j - 1] as number) + 1,
        (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    row = next;
  }
  return row[b.length] as number;
}

/** `; did you mean '--locale'?` for the nearest known word within two edits, else nothing. */
function didYouMean(word: string, known: readonly string[]): string {
  let best: string | null = null;
  let bestDistance = 3;
  for (const candidate of known) {
    const d = distance(word, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best === null ? '' : `; did you mean '${best}'?`;
}

/** The file argument that means standard input. */
const STDIN = '-';

interface Args {
  template: string;
  data: string;
  partials?: string;
  locale?: string;
}

function parseArgs(argv: readonly string[]): Args | 'help' {
  if (argv.some((a) => a === '--help' || a === '-h') || argv[0] === 'help') return 'help';
  const [command, ...rest] = argv;
  if (command !== 'render')
    throw new UsageError(
      command === undefined
        ? USAGE
        : `unknown command '${command}'${didYouMean(command, COMMANDS)}\n${USAGE}`,
    );
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let k = 0; k < rest.length; k++) {
    const a = rest[k] as string;
    if (a === '--partials' || a === '--locale') {
      const value = rest[k + 1];
      if (value === undefined) throw new UsageError(`${a} needs a value\n${USAGE}`);
      flags[a.slice(2)] = value;
      k++;
    } else if (a.startsWith('-') && a !== STDIN) {
      throw new UsageError(`unknown option '${a}'${didYouMean(a, OPTIONS)}\n${USAGE}`);
    } else {
      positional.push(a);
    }
  }
  const [template, data] = positional;
  if (template === undefined || data === undefined || positional.length > 2) throw new UsageError(USAGE);
  if (template === STDIN && data === STDIN) {
    throw new UsageError(`only one of the template and the data can come from standard input\n${USAGE}`);
  }
  return {
    template,
    data,
    ...(flags['partials'] !== undefined ? { partials: flags['partials'] } : {}),
    ...(flags['locale'] !== undefined ? { locale: flags['locale'] } : {}),
  };
}

/** How a file argument is named in messages. */
const named = (file: string): string => (file === STDIN ? 'standard input' : file);

function readText(file: string, what: string, io: CliIo): string {
  try {
    return file === STDIN ? io.stdin() : readFileSync(file, 'utf8');
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e));
    throw new UsageError(`cannot read ${what} from ${named(file)}: ${why}`);
  }
}

/** Every file of DIR is a partial, named by its file name and also without its extension. */
function readPartials(dir: string): Record<string, string> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (e) {
    throw new UsageError(
      `cannot read partials directory ${dir}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`,
    );
  }
  const partials: Record<string, string> = {};
  for (const name of names.sort()) {
    const file = path.join(dir, name);
    if (!statSync(file).isFile()) continue;
    const source = readFileSync(file, 'utf8');
    partials[name] = source;
    const base = name.replace(/\.[^.]+$/, '');
    if (base !== name && !(base in partials)) partials[base] = source;
  }
  return partials;
}

/** Line and column (both from 1) of `offset` in `text`. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1 };
}

/**
 * Where a partial named in `e` is used: the engine reports a missing or broken partial without a
 * position, so the CLI finds the first `{…|apply name}` or `{.include name}` in the template, then
 * in the partials, and names that file.
 */
function partialUse(
  e: TemplateError,
  sources: readonly { file: string; text: string }[],
): { file: string; line: number; column: number } | null {
  const name = /^Partial(?: or macro)? '([^']+)'/.exec(e.message)?.[1];
  if (name === undefined) return null;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const use = new RegExp(`(?:\\|\\s*apply|\\.include)\\s+${escaped}(?=[\\s|}])`);
  for (const source of sources) {
    const match = use.exec(source.text);
    // At the instruction's opening brace, as the engine places its own errors.
    if (match)
      return { file: source.file, ...lineAndColumn(source.text, source.text.lastIndexOf('{', match.index)) };
  }
  return null;
}

/** `page.html:2:1: unknown-formatter: Formatter 'shout' is unknown`, as compilers print them. */
function describe(
  e: TemplateError,
  template: string,
  sources: readonly { file: string; text: string }[],
): string {
  if (e.line !== undefined) return `${template}:${e.line}:${e.column ?? 1}: ${e.type}: ${e.message}`;
  const at = partialUse(e, sources);
  return at
    ? `${at.file}:${at.line}:${at.column}: ${e.type}: ${e.message}`
    : `${template}: ${e.type}: ${e.message}`;
}

/** `data.json:3:7: not valid JSON: …`, the position read from the parser's message. */
function jsonError(file: string, text: string, e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const position = /at position (\d+)/.exec(message)?.[1];
  const lineColumn = /\(line (\d+) column (\d+)\)/.exec(message);
  const where = lineColumn
    ? { line: Number(lineColumn[1]), column: Number(lineColumn[2]) }
    : lineAndColumn(text, position === undefined ? text.length : Number(position));
  const reason = message
    .replace(/\s*(?:in JSON )?at position \d+.*$/, '')
    .replace(/\s*\(line \d+ column \d+\)/, '');
  return `${named(file)}:${where.line}:${where.column}: not valid JSON: ${reason}`;
}

/** Runs the CLI; returns the exit code. */
export function runCli(argv: readonly string[], io: CliIo): number {
  try {
    const args = parseArgs(argv);
    if (args === 'help') {
      io.out(HELP);
      return 0;
    }
    const template = readText(args.template, 'the template', io);
    const dataText = readText(args.data, 'the data', io);
    let json: unknown;
    try {
      json = JSON.parse(dataText);
    } catch (e) {
      throw new UsageError(jsonError(args.data, dataText, e));
    }
    const partials = args.partials === undefined ? {} : readPartials(args.partials);
    const { output, errors } = render(template, json, { partials, locale: args.locale });
    io.out(output);
    const templateName = named(args.template);
    const sources = [
      { file: templateName, text: template },
      ...Object.entries(partials).map(([name, text]) => ({
        file: path.join(args.partials ?? '', name),
        text,
      })),
    ];
    for (const e of errors) io.err(`${describe(e, templateName, sources)}\n`);
    return errors.length > 0 ? 1 : 0;
  } catch (e) {
    io.err(`sf-template: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}
