/**
 * The one interpolation helper and the catalogue lookup every message catalogue goes through
 * (CONTRIBUTING.md "Code style"). Framework-free and catalogue-free: a bundle pays only for the
 * catalogues it imports (./storefront.ts, ./cart.ts, ./product.ts, ./form.ts, ./platform.ts).
 */
import { isRecord } from '../result.js';
import { pageState } from '../page/page-state.js';

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

/**
 * Whether a page in `locale` reads the built-in English catalogue and fetches no language code
 * (`localeReady` in ../page/runtime.ts; a server's preload hints ask the same).
 */
export const isEnglishLocale = (locale: string): boolean => /^en(?:[-_]|$)/i.test(locale);

/** Sets the page's language layer (./locale.ts): English text -> its translation; null for English. */
export function setTranslations(table: Readonly<Record<string, string>> | null): void {
  pageState().translations = table;
}

/** Set by ./locale.ts when it fetches the second part of the page's catalogue. */
export const setLanguageComplete = (complete: Promise<unknown>): void => {
  pageState().languageComplete = complete;
};

/**
 * `loaded` once the page's whole catalogue is in place too: for code that draws texts of a
 * catalogue's second part (the instalment pill, Quick View, the reviews toggle, the add flow), so
 * it never shows English on a page in another language.
 */
export const withWholeCatalogue = <T>(loaded: Promise<T>): Promise<T> =>
  Promise.all([loaded, pageState().languageComplete]).then(([value]) => value);

/** An English catalogue text in the page's language. */
const inPageLanguage = (text: string): string => {
  const { translations } = pageState();
  return translations && hasOwn(translations, text) ? (translations[text] as string) : text;
};

/**
 * A merchant's option name (Size, Color) in the page's language when the page's catalogue names
 * it, as it is otherwise: merchant data, not a catalogue text, so it has no key to look up.
 */
export const optionName = (name: string): string => inPageLanguage(name);

/**
 * The localized-string names of spec 001 §3 a page may override a text by, to the catalogue key
 * they name. The likert labels arrive as their own object keyed -2 to 2 (see LIKERT_LABEL_KEYS).
 */
export const LOCALIZED_STRING_KEYS: Readonly<Record<string, string>> = {
  productAddToCartText: 'addToCart',
  productSubscribeText: 'subscribe',
  productQuantityInputLabel: 'quantity',
  productSoldOutText: 'soldOut',
  productSaleText: 'sale',
  productQuickViewText: 'quickView',
  productVariantSelectText: 'selectVariant',
  giftCardVariantSelectText: 'giftCardSelect',
  likertStronglyDisagreeText: 'likertStronglyDisagree',
  likertDisagreeText: 'likertDisagree',
  likertNeutralText: 'likertNeutral',
  likertAgreeText: 'likertAgree',
  likertStronglyAgreeText: 'likertStronglyAgree',
};

/** The catalogue key of each likert answer's label, -2 to 2 (spec 001 §9). */
export const LIKERT_LABEL_KEYS = {
  '-2': 'likertStronglyDisagree',
  '-1': 'likertDisagree',
  '0': 'likertNeutral',
  '1': 'likertAgree',
  '2': 'likertStronglyAgree',
} as const;

/**
 * Builds a lookup over a catalogue with the page's language layer and page overrides applied, in
 * that order: a page's own wording wins over the translation. An override is named by catalogue
 * key or by its localized-string name (LOCALIZED_STRING_KEYS), the catalogue key winning when a
 * page gives both. Overrides come from page JSON, so anything that is not a string, or names a key
 * the catalogue does not have, is ignored.
 */
export function createMessages<C extends Readonly<Record<string, string>>>(
  overrides: Partial<Record<keyof C & string, string>> | Readonly<Record<string, unknown>> | null | undefined,
  catalogue: C,
): Messages<keyof C & string> {
  // The page's own wordings; every other text is put in the page's language when it is looked up,
  // so a text whose translation arrives after the lookup was made (the second part of a catalogue,
  // ./locale.ts) reads translated from then on.
  const table: Record<string, string> = {};
  const override = (key: string, value: unknown): void => {
    if (hasOwn(catalogue, key) && typeof value === 'string') table[key] = value;
  };
  if (isRecord(overrides)) {
    // Localized-string names first, so a catalogue key given as well wins.
    for (const [name, value] of Object.entries(overrides))
      if (hasOwn(LOCALIZED_STRING_KEYS, name)) override(LOCALIZED_STRING_KEYS[name] as string, value);
    for (const [key, value] of Object.entries(overrides)) override(key, value);
  }
  return {
    t(key, params) {
      const template = hasOwn(table, key)
        ? table[key]
        : hasOwn(catalogue, key)
          ? inPageLanguage(catalogue[key] as string)
          : undefined;
      return format(template ?? key, params);
    },
  };
}

/**
 * A catalogue's lookup without overrides, made on first use: the default `messages` of the shared
 * rules. Its texts follow the page's language as it changes, as every lookup's do.
 */
export function catalogueDefaults<C extends Readonly<Record<string, string>>>(
  catalogue: C,
): () => Messages<keyof C & string> {
  let made: Messages<keyof C & string> | null = null;
  return () => (made ??= createMessages(null, catalogue));
}
