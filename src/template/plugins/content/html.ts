/** Escaping and URL checks shared by the markup-producing formatter families. */
import { escapeHtml } from '../escape';

export { escapeHtml };

/**
 * Turns a data value into attribute text: strings and finite numbers print, booleans print their
 * name, anything else (missing, objects) prints nothing.
 */
export function attr(value: unknown): string {
  return escapeHtml(plain(value));
}

/** The printable text of a scalar; objects, arrays and missing values give ''. */
export function plain(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return String(value);
  return '';
}

// Browsers ignore ASCII whitespace and control characters inside a scheme, so they are removed
// before the scheme is compared.
const UNSAFE_SCHEME = /^(?:javascript|vbscript|data):/i;

/**
 * The deny-list for URLs the template prints into `href` and `src`: the platform's markup prints
 * any URL from data except those with a script-capable scheme, which become ''. The widgets' own
 * reader of product URLs is the opposite, an allow-list (`pageOrImageUrl`, src/urls.ts).
 */
export function blankScriptUrl(value: unknown): string {
  const url = plain(value);
  // eslint-disable-next-line no-control-regex
  const squashed = url.replace(/[\u0000-\u0020\u007f]/g, '');
  return UNSAFE_SCHEME.test(squashed) ? '' : url;
}

/** An escaped URL attribute value. */
export function urlAttr(value: unknown): string {
  return escapeHtml(blankScriptUrl(value));
}
