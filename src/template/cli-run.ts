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

The output goes to standard output and template errors to standard error, one a line with
their line and column. Exit code: 0 when the render is clean, 1 when it reported errors, 2 for
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
    throw new UsageError(command === undefined ? USAGE : `unknown command '${command}'\n${USAGE}`);
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
      throw new UsageError(`unknown option '${a}'\n${USAGE}`);
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

const describe = (e: TemplateError): string =>
  `${e.type}: ${e.message}${e.line !== undefined ? ` (line ${e.line}, column ${e.column ?? 1})` : ''}`;

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
      throw new UsageError(
        `the data from ${named(args.data)} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
    const { output, errors } = render(template, json, {
      partials: args.partials === undefined ? {} : readPartials(args.partials),
      locale: args.locale,
    });
    io.out(output);
    for (const e of errors) io.err(`${describe(e)}\n`);
    return errors.length > 0 ? 1 : 0;
  } catch (e) {
    io.err(`sf-template: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}
