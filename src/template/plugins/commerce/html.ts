/** HTML escaping for the markup the commerce formatters build from untrusted product data. */
import { escapeHtml } from '../escape';

export { escapeHtml };

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * The HTML named references a parser still decodes without a trailing `;` (the "legacy" set). In an
 * attribute value one of these is decoded only when the next character is neither alphanumeric nor
 * `=`, so `&` followed by any other name is read literally.
 */
const LEGACY_REFERENCES = new Set(
  (
    'AElig AMP Aacute Acirc Agrave Aring Atilde Auml COPY Ccedil ETH Eacute Ecirc Egrave Euml GT ' +
    'Iacute Icirc Igrave Iuml LT Ntilde Oacute Ocirc Ograve Oslash Otilde Ouml QUOT REG THORN ' +
    'Uacute Ucirc Ugrave Uuml Yacute aacute acirc acute aelig agrave amp aring atilde auml brvbar ' +
    'ccedil cedil cent copy curren deg divide eacute ecirc egrave eth euml frac12 frac14 frac34 gt ' +
    'iacute icirc iexcl igrave iquest iuml laquo lt macr micro middot nbsp not ntilde oacute ocirc ' +
    'ograve ordf ordm oslash otilde ouml para plusmn pound quot raquo reg sect shy sup1 sup2 sup3 ' +
    'szlig thorn times uacute ucirc ugrave uml uuml yacute yen yuml'
  ).split(' '),
);

/**
 * Escapes a double-quoted attribute value while leaving an ampersand as typed when no HTML parser
 * could read it as the start of a character reference (`R&D`, `color&hue`). The attribute decodes to
 * exactly the same string as with `escapeHtml`; the difference is only in bytes, which keeps labels
 * identical to the markup the platform's own server emits for the same product. Quotes and angle
 * brackets are always escaped, so data can never leave the attribute.
 */
export function escapeAttributeLoose(text: string): string {
  if (!/[&<>"']/.test(text)) return text;
  return text.replace(/[&<>"']/g, (ch, offset: number) => {
    if (ch !== '&') return ESCAPES[ch] ?? ch;
    const rest = text.slice(offset + 1);
    const name = /^[A-Za-z0-9]*/.exec(rest)?.[0] ?? '';
    const next = rest.charAt(name.length);
    const couldDecode =
      rest.startsWith('#') || (name !== '' && (next === ';' || LEGACY_REFERENCES.has(name)));
    return couldDecode || name === '' ? '&amp;' : '&';
  });
}

/** `JSON.stringify` for a data attribute (escaped by the caller); unserialisable input gives `''`. */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
