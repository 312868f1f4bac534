/**
 * The one HTML escape of the markup-producing formatter families (hot: every data value passes),
 * and the one tag stripper of the formatters that print text without its markup.
 */

/** Non-global, so `test` keeps no `lastIndex` state between calls. */
const NEEDS_ESCAPE = /[&<>"']/;

/**
 * Escapes text for an element body or a double-quoted (or single-quoted) attribute value. Most
 * values (ids, names, labels) need nothing, so one regex test returns them without allocating;
 * the rest are escaped in one pass by character code, which measured several times faster than a
 * replace callback on JSON-heavy attributes.
 */
export function escapeHtml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  let out = '';
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    let entity: string;
    switch (text.charCodeAt(i)) {
      case 38:
        entity = '&amp;';
        break;
      case 60:
        entity = '&lt;';
        break;
      case 62:
        entity = '&gt;';
        break;
      case 34:
        entity = '&quot;';
        break;
      case 39:
        entity = '&#39;';
        break;
      default:
        continue;
    }
    if (last !== i) out += text.slice(last, i);
    out += entity;
    last = i + 1;
  }
  return last === text.length ? out : out + text.slice(last);
}

/**
 * Replaces every tag (`<` up to the next `>`) with `replacement`, as `text.replace(/<[^>]*>/g, r)`
 * would, in one pass: a `<` with no `>` after it ends the tags, since no later `<` has one either,
 * so a run of unclosed `<` costs no rescan (the regex took seconds on 100,000 of them).
 */
export function stripTags(text: string, replacement: string): string {
  let open = text.indexOf('<');
  if (open === -1) return text;
  let out = '';
  let last = 0;
  while (open !== -1) {
    const close = text.indexOf('>', open + 1);
    if (close === -1) break;
    out += text.slice(last, open) + replacement;
    last = close + 1;
    open = text.indexOf('<', last);
  }
  return out + text.slice(last);
}
