#!/usr/bin/env node
/**
 * sf-template: render a template file against a JSON file from the command line.
 *
 *   sf-template render <template|-> <data.json|-> [--partials DIR] [--locale TAG]
 *   sf-template --help
 *
 * The node entry (built to dist/cli/sf-template.js). Everything but the process wiring lives in
 * ./cli-run; the two are the only modules of the engine that use Node.
 */
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { runCli } from './cli-run';

process.exitCode = runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  // File descriptor 0 reads a pipe or a redirected file to its end.
  stdin: () => readFileSync(0, 'utf8'),
});
