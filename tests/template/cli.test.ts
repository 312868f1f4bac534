// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dir = '';

function file(name: string, content: string): string {
  const p = path.join(dir, name);
  writeFileSync(p, content);
  return p;
}

function cli(...args: string[]) {
  const r = spawnSync('npx', ['tsx', 'src/template/cli.ts', ...args], {
    cwd: process.cwd(),
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr.replace(/^npm warn.*\n/gm, '') };
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sf-template-'));
  mkdirSync(path.join(dir, 'partials'));
  writeFileSync(path.join(dir, 'partials', 'card.html'), '[{title|html}]');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

// Each case spawns `npx tsx`, which takes seconds on a busy machine.
describe('sf-template render', { timeout: 60_000 }, () => {
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

  it('prints template errors on stderr with their position and exits 1', () => {
    const r = cli('render', file('bad.tpl', 'a\n{x|shout}'), file('bad.json', '{}'));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('a\n{x|shout}');
    expect(r.stderr).toBe("unknown-formatter: Formatter 'shout' is unknown (line 2, column 1)\n");
  });

  it.each([
    ['no command', [], /usage: sf-template render/],
    ['an unknown command', ['draw'], /unknown command 'draw'/],
    ['a missing data file argument', ['render', 'x.tpl'], /usage:/],
    ['an unknown option', ['render', 'a', 'b', '--fast'], /unknown option '--fast'/],
    [
      'an unreadable template',
      ['render', '/nonexistent/t.tpl', '/nonexistent/d.json'],
      /cannot read template/,
    ],
  ])('exits 2 for %s', (_name, args, message) => {
    const r = cli(...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('exits 2 when the data is not JSON', () => {
    const r = cli('render', file('j.tpl', '{a}'), file('j.json', '{nope'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is not valid JSON/);
  });
});
