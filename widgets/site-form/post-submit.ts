/**
 * The post-submit content of a site form (spec 000 §2) as sanitised HTML. It is the site owner's
 * markup, but it reaches the page through the form's schema, which is untrusted input like any
 * other response, so it is rebuilt from an allow-list rather than inserted: text formatting,
 * lists, headings and links to `http(s):` or relative addresses; no script, no event handler, no
 * style, class or id, no embedded document, no form control.
 *
 * This module is the chunk the site form imports after a successful submit, and only when the
 * form has post-submit content. docs/decisions.md gives the figures behind an allow-list walker
 * of our own rather than DOMPurify.
 */
import { contentLink } from '../../src/urls.js';

/** The elements kept (without their attributes, except the ones of {@link ATTRIBUTES}). */
const TAGS = new Set([
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'code',
  'div',
  'em',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
  'ul',
]);

/**
 * Elements dropped with everything inside them: what they hold is code, style, another document
 * or a control, never text a shopper should read. Any other element not in {@link TAGS} (a table,
 * a `font`, an `h1` that would compete with the page's own) is unwrapped: its content stays.
 */
const DROPPED = new Set([
  'audio',
  'base',
  'button',
  'canvas',
  'embed',
  'form',
  'frame',
  'frameset',
  'head',
  'iframe',
  'img',
  'input',
  'link',
  'math',
  'meta',
  'noembed',
  'noframes',
  'noscript',
  'object',
  'option',
  'picture',
  'plaintext',
  'script',
  'select',
  'source',
  'style',
  'svg',
  'template',
  'textarea',
  'title',
  'video',
  'xmp',
]);

/** Attributes kept, by element (`*` for every kept element). `href` is checked on its own. */
const ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  '*': ['title', 'lang', 'dir'],
  a: ['href'],
  ol: ['start', 'reversed'],
};

/** Past this depth the content is kept as text: a deep tree is no formatting anyone reads. */
const MAX_DEPTH = 32;

const keptAttribute = (tag: string, name: string): boolean =>
  (ATTRIBUTES['*'] ?? []).includes(name) || (ATTRIBUTES[tag] ?? []).includes(name);

function copyChildren(from: Node, to: Node, doc: Document, depth: number): void {
  for (let child = from.firstChild; child !== null; child = child.nextSibling) {
    copyNode(child, to, doc, depth);
  }
}

function copyNode(node: Node, to: Node, doc: Document, depth: number): void {
  if (node.nodeType === 3) {
    to.appendChild(doc.createTextNode(node.nodeValue ?? ''));
    return;
  }
  // Comments, processing instructions and anything else carry nothing to show.
  if (node.nodeType !== 1) return;
  const source = node as Element;
  const tag = source.localName.toLowerCase();
  // Only HTML elements: an element of another namespace (SVG, MathML) is dropped whatever its name.
  if (DROPPED.has(tag) || source.namespaceURI !== 'http://www.w3.org/1999/xhtml') return;
  if (depth >= MAX_DEPTH) {
    to.appendChild(doc.createTextNode(source.textContent ?? ''));
    return;
  }
  if (!TAGS.has(tag)) {
    copyChildren(source, to, doc, depth + 1);
    return;
  }
  const copy = doc.createElement(tag);
  for (const { name, value } of Array.from(source.attributes)) {
    const attr = name.toLowerCase();
    if (attr === 'href' && tag === 'a') {
      const href = contentLink(value, doc.baseURI);
      if (href !== null) copy.setAttribute('href', href);
    } else if (keptAttribute(tag, attr)) {
      copy.setAttribute(attr, value);
    }
  }
  copyChildren(source, copy, doc, depth + 1);
  to.appendChild(copy);
}

/**
 * The post-submit markup rebuilt, node by node, in `doc` from the allow-list. The markup is parsed
 * into a DOMParser document, which runs no script and loads nothing; none of its nodes reaches
 * the page, only new ones made here.
 */
export function sanitizeHtml(html: string, doc: Document): DocumentFragment {
  const out = doc.createDocumentFragment();
  const View = doc.defaultView;
  if (!View || typeof View.DOMParser !== 'function') {
    out.appendChild(doc.createTextNode(html));
    return out;
  }
  const parsed = new View.DOMParser().parseFromString(html, 'text/html');
  copyChildren(parsed.body, out, doc, 0);
  return out;
}
