/**
 * The one interpolation helper and the catalogue lookup every message catalogue goes through
 * (CONTRIBUTING.md "Code style"). Framework-free and catalogue-free: a bundle pays only for the
 * catalogues it imports (./storefront.ts, ./cart.ts, ./product.ts, ./form.ts, ./platform.ts).
 */
import { isRecord } from '../result.js';

export type MessageParams = Readonly<Record<string, string | number>>;

export interface Messages<K extends string = string> {
  /** The text for a key, with overrides applied and placeholders filled. */
  t(key: K, params?: MessageParams): string;
}

const PLACEHOLDER_RE = /\{([A-Za-z0-9_]+)\}/g;
const hasOwn = (o: object, k: PropertyKey): boolean => Object.prototype.hasOwnProperty.call(o, k);

/**
 * The one interpolation function: replaces `{name}` with `params[name]`. Unknown placeholders stay
 * as written so a missing parameter is visible rather than silently blank. Values are inserted as
 * text; escaping is the renderer's job (React escapes).
 */
export function format(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(PLACEHOLDER_RE, (whole, name: string) => {
    if (!hasOwn(params, name)) return whole;
    const value = params[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}

/** The page's language layer (./locale.ts): English text -> its translation; none for English. */
let translations: Readonly<Record<string, string>> | null = null;

/** Sets the language layer every catalogue built afterwards reads (null: English). */
export function setTranslations(table: Readonly<Record<string, string>> | null): void {
  translations = table;
}

/** A catalogued English text in the page's language (texts made outside a catalogue lookup). */
export const translate = (text: string): string =>
  translations && hasOwn(translations, text) ? (translations[text] as string) : text;

/**
 * Builds a lookup over a catalogue with the page's language layer and page overrides applied, in
 * that order: a page's own wording wins over the translation. Overrides come from page JSON, so
 * anything that is not a string, or names a key the catalogue does not have, is ignored.
 */
export function createMessages<C extends Readonly<Record<string, string>>>(
  overrides: Partial<Record<keyof C & string, string>> | Readonly<Record<string, unknown>> | null | undefined,
  catalogue: C,
): Messages<keyof C & string> {
  const table: Record<string, string> = { ...catalogue };
  if (translations) {
    for (const key of Object.keys(table)) table[key] = translate(table[key] as string);
  }
  if (isRecord(overrides)) {
    for (const key of Object.keys(overrides)) {
      const value = overrides[key];
      if (hasOwn(catalogue, key) && typeof value === 'string') table[key] = value;
    }
  }
  return {
    t(key, params) {
      const template = hasOwn(table, key) ? table[key] : undefined;
      return format(template ?? key, params);
    },
  };
}

/**
 * A catalogue's lookup without overrides, made on first use: by then the page's language layer is
 * set. The default `messages` of the shared rules.
 */
export function catalogueDefaults<C extends Readonly<Record<string, string>>>(
  catalogue: C,
): () => Messages<keyof C & string> {
  let made: Messages<keyof C & string> | null = null;
  return () => (made ??= createMessages(null, catalogue));
}
