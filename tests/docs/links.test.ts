// @vitest-environment node
/**
 * The docs stand on their own: every relative link in README.md and docs/ leads to a file of the
 * repository, and a link with `#anchor` to a heading of that page, as GitHub renders it. README
 * stays a front page; the reference lives in docs/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const README_MAX_LINES = 200;

const pages = [
  join(ROOT, 'README.md'),
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(ROOT, 'docs', f)),
];

/** The page's text outside code fences and inline code, where a bracket is not a link. */
function prose(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '');
  });
}

/** Heading anchors as GitHub makes them: lower case, punctuation dropped, spaces to hyphens. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = (heading[1] ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

interface Link {
  readonly from: string;
  readonly line: number;
  readonly target: string;
}

function linksOf(page: string): Link[] {
  const found: Link[] = [];
  prose(readFileSync(page, 'utf8')).forEach((text, i) => {
    for (const match of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1] ?? '';
      // Addresses with a scheme (https:, mailto:) lead outside the repository.
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      found.push({ from: relative(ROOT, page), line: i + 1, target });
    }
  });
  return found;
}

const links = pages.flatMap(linksOf);

/** Why a link does not resolve, or null when it does. */
function problemOf(link: Link): string | null {
  const [path = '', anchor] = link.target.split('#');
  const file = path === '' ? join(ROOT, link.from) : resolve(dirname(join(ROOT, link.from)), decodeURI(path));
  if (!file.startsWith(ROOT + '/')) return 'leads outside the repository';
  if (!existsSync(file)) return 'names no file';
  if (!statSync(file).isFile()) return 'names a folder, not a file';
  if (anchor === undefined || anchor === '') return null;
  if (!file.endsWith('.md')) return 'has an anchor into a file that is not markdown';
  return anchorsOf(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor)) ? null : 'names no heading';
}

describe('the links of README.md and docs/', () => {
  it('are found in every page', () => {
    expect(pages.length).toBeGreaterThan(1);
    expect(links.length).toBeGreaterThan(pages.length);
  });

  it('each lead to a file of the repository, and an anchor to a heading of it', () => {
    const broken = links.flatMap((link) => {
      const problem = problemOf(link);
      return problem === null ? [] : [`${link.from}:${link.line} ${link.target} ${problem}`];
    });
    expect(broken).toEqual([]);
  });
});

describe('README.md', () => {
  it(`stays within ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });
});
