// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP, runCli } from '../../../src/template/cli-run';

let dir = '';

function file(name: string, content: string): string {
  const p = path.join(dir, name);
  writeFileSync(p, content);
  return p;
}

/** Runs the CLI in-process with `input` as its standard input, collecting what it writes. */
function cliWithInput(input: string, ...args: string[]) {
  let stdout = '';
  let stderr = '';
  let reads = 0;
  const code = runCli(args, {
    out: (text) => {
      stdout += text;
    },
    err: (text) => {
      stderr += text;
    },
    stdin: () => {
      reads++;
      return input;
    },
  });
  return { code, stdout, stderr, reads };
}

/** Runs the CLI in-process with nothing on standard input. */
function cli(...args: string[]) {
  const { code, stdout, stderr } = cliWithInput('', ...args);
  return { code, stdout, stderr };
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sf-template-'));
  mkdirSync(path.join(dir, 'partials'));
  writeFileSync(path.join(dir, 'partials', 'card.html'), '[{title|html}]');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('sf-template render', () => {
  it('prints the output and exits 0 when the render is clean', () => {
    const r = cli('render', file('ok.tpl', 'Hello {name}!'), file('ok.json', '{"name":"Ada"}'));
    expect(r).toEqual({ code: 0, stdout: 'Hello Ada!', stderr: '' });
  });

  it('renders partials from --partials, by file name or name without extension', () => {
    const t = file('p.tpl', '{item|apply card}{item|apply card.html}');
    const r = cli(
      'render',
      t,
      file('p.json', '{"item":{"title":"A&B"}}'),
      '--partials',
      path.join(dir, 'partials'),
    );
    expect(r.stdout).toBe('[A&amp;B][A&amp;B]');
    expect(r.code).toBe(0);
  });

  it('passes --locale to locale-aware formatters', () => {
    const t = file('l.tpl', '{n|decimal}');
    const data = file('l.json', '{"n":1234.5}');
    expect(cli('render', t, data, '--locale', 'de-DE').stdout).toBe('1.234,5');
    expect(cli('render', t, data, '--locale', 'en-US').stdout).toBe('1,234.5');
  });

  it('prints template errors on stderr as file:line:column and exits 1', () => {
    const t = file('bad.tpl', 'a\n{x|shout}');
    const r = cli('render', t, file('bad.json', '{}'));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('a\n{x|shout}');
    expect(r.stderr).toBe(`${t}:2:1: unknown-formatter: Formatter 'shout' is unknown\n`);
  });

  it('places a missing partial where the template uses it', () => {
    const t = file('missing.tpl', 'one\n  two {item|apply nowhere} three');
    const r = cli('render', t, file('missing.json', '{"item":{}}'), '--partials', path.join(dir, 'partials'));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`${t}:2:7: partial: Partial or macro 'nowhere' not found\n`);
  });

  it('places a missing partial used by another partial in that partial', () => {
    const partials = path.join(dir, 'nested');
    mkdirSync(partials, { recursive: true });
    writeFileSync(path.join(partials, 'outer.html'), 'x\n{.include inner-missing}');
    const t = file('nested.tpl', '{item|apply outer}');
    const r = cli('render', t, file('nested.json', '{"item":{}}'), '--partials', partials);
    expect(r.stderr).toContain(`${path.join(partials, 'outer.html')}:2:1: partial: `);
    expect(r.stderr).toContain("'inner-missing'");
  });

  it.each([
    ['a bad property', '{\n  "a": 1,\n  nope\n}', 3, 3],
    ['a cut-off document', '{\n  "a": [1, 2', 2, 13],
  ])('gives line and column of %s in the JSON data', (_name, json, line, column) => {
    const d = file('lc.json', json);
    const r = cli('render', file('lc.tpl', '{a}'), d);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `^sf-template: ${d.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}:${line}:${column}: not valid JSON: `,
      ),
    );
  });

  it('escapes data in its output like every render', () => {
    const r = cli('render', file('x.tpl', '<p>{t|html}</p>'), file('x.json', '{"t":"<script>x</script>"}'));
    expect(r).toEqual({ code: 0, stdout: '<p>&lt;script&gt;x&lt;/script&gt;</p>', stderr: '' });
  });

  it.each([
    ['no command', [], /usage: sf-template render/],
    ['an unknown command', ['draw'], /unknown command 'draw'\n/],
    ['a misspelt command', ['rendr', 'a', 'b'], /unknown command 'rendr'; did you mean 'render'\?/],
    [
      'a misspelt option',
      ['render', 'a', 'b', '--local', 'fr'],
      /unknown option '--local'; did you mean '--locale'\?/,
    ],
    ['another misspelt option', ['render', 'a', 'b', '--partial', 'p'], /did you mean '--partials'\?/],
    ['a missing data file argument', ['render', 'x.tpl'], /usage:/],
    ['a third positional argument', ['render', 'a', 'b', 'c'], /usage:/],
    ['an unknown option', ['render', 'a', 'b', '--fast'], /unknown option '--fast'\n/],
    ['an option without its value', ['render', 'a', 'b', '--locale'], /--locale needs a value/],
    [
      'an unreadable template',
      ['render', '/nonexistent/t.tpl', '/nonexistent/d.json'],
      /cannot read the template from \/nonexistent\/t.tpl: ENOENT/,
    ],
    ['an unknown short option', ['render', 'a', 'b', '-x'], /unknown option '-x'/],
    [
      'both files from standard input',
      ['render', '-', '-'],
      /only one of the template and the data can come from standard input/,
    ],
  ])('exits 2 for %s', (_name, args, message) => {
    const r = cli(...args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });

  it.each([['--help'], ['-h'], ['help'], ['render', '--help'], ['render', 'a.tpl', '-h']])(
    'prints the help for %s and exits 0',
    (...args) => {
      const r = cli(...args);
      expect(r).toEqual({ code: 0, stdout: HELP, stderr: '' });
      expect(r.stdout).toContain(
        'usage: sf-template render <template> <data.json> [--partials DIR] [--locale TAG]',
      );
      expect(r.stdout).toContain('<data.json>      the JSON data file, or - to read it from standard input');
    },
  );

  it('reads the data from standard input when its argument is -', () => {
    const r = cliWithInput('{"name":"Ada"}', 'render', file('in.tpl', 'Hello {name|html}!'), '-');
    expect(r).toEqual({ code: 0, stdout: 'Hello Ada!', stderr: '', reads: 1 });
  });

  it('reads the template from standard input when its argument is -', () => {
    const r = cliWithInput('<b>{name|html}</b>', 'render', '-', file('in.json', '{"name":"<Ada>"}'));
    expect(r).toEqual({ code: 0, stdout: '<b>&lt;Ada&gt;</b>', stderr: '', reads: 1 });
  });

  it('does not read standard input when both arguments are files', () => {
    const r = cliWithInput('ignored', 'render', file('f.tpl', '{a}'), file('f.json', '{"a":1}'));
    expect(r).toEqual({ code: 0, stdout: '1', stderr: '', reads: 0 });
  });

  it('exits 2 when the data from standard input is not JSON', () => {
    const r = cliWithInput('{nope', 'render', file('s.tpl', '{a}'), '-');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^sf-template: standard input:1:2: not valid JSON: /);
  });

  it('names an unknown instruction on stderr with its position', () => {
    const t = file('u.tpl', 'x\n{.sektion a}{b}{.end}');
    const r = cli('render', t, file('u.json', '{"b":"B"}'));
    expect(r).toEqual({
      code: 1,
      stdout: 'x\n{.sektion a}B',
      stderr: `${t}:2:1: syntax: Instruction '.sektion' is unknown\n`,
    });
  });

  it('reports one unclosed section once', () => {
    const t = file('o.tpl', '{.section a}{a}');
    const r = cli('render', t, file('o.json', '{"a":"A"}'));
    expect(r).toEqual({
      code: 1,
      stdout: 'A',
      stderr: `${t}:1:1: assembly: Reached end of input in the middle of SECTION\n`,
    });
  });

  it('exits 2 when the data is not JSON', () => {
    const r = cli('render', file('j.tpl', '{a}'), file('j.json', '{nope'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/j\.json:1:2: not valid JSON: /);
  });

  it('exits 2 when the partials directory cannot be read', () => {
    const r = cli('render', file('d.tpl', '{a}'), file('d.json', '{}'), '--partials', path.join(dir, 'none'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot read partials directory/);
  });
});

/** Newest source the built CLI comes from: a build older than this would test stale code. */
function newestSource(root: string): number {
  let newest = 0;
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  walk(path.join(root, 'src/template'));
  return newest;
}

/**
 * The built CLI (dist/cli/sf-template.js) when `npm run build` made it from the current sources,
 * else the source entry run through tsx's loader (no npx: that alone costs seconds).
 */
function entry(): { label: string; argv: string[] } {
  const root = process.cwd();
  const built = path.join(root, 'dist/cli/sf-template.js');
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource(root)) {
    return { label: 'dist/cli/sf-template.js', argv: [built] };
  }
  return { label: 'src/template/cli.ts through tsx', argv: ['--import', 'tsx', 'src/template/cli.ts'] };
}

const real = entry();

describe('the sf-template process', { timeout: 30_000 }, () => {
  it(`writes stdout and stderr and sets the exit code (${real.label})`, () => {
    const t = file('proc.tpl', 'Hi {name}\n{x|shout}');
    const r = spawnSync(process.execPath, [...real.argv, 'render', t, file('proc.json', '{"name":"Ada"}')], {
      cwd: process.cwd(),
      encoding: 'utf8',
    });
    expect({ code: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code: 1,
      stdout: 'Hi Ada\n{x|shout}',
      stderr: `${t}:2:1: unknown-formatter: Formatter 'shout' is unknown\n`,
    });
  });

  it(`reads data piped to standard input with - (${real.label})`, () => {
    const t = file('pipe.tpl', '<p>{name|html}</p>');
    const r = spawnSync(process.execPath, [...real.argv, 'render', t, '-'], {
      cwd: process.cwd(),
      encoding: 'utf8',
      input: '{"name":"A&B"}',
    });
    expect({ code: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code: 0,
      stdout: '<p>A&amp;B</p>',
      stderr: '',
    });
  });

  it(`prints the help (${real.label})`, () => {
    const r = spawnSync(process.execPath, [...real.argv, '--help'], { cwd: process.cwd(), encoding: 'utf8' });
    expect({ code: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code: 0,
      stdout: HELP,
      stderr: '',
    });
  });
});
