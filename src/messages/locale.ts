/**
 * Chooses the catalogue language from the site context's locale and applies a catalogue
 * (docs/languages.md). English is built in; every other language is data: two JSON files of
 * `./languages/`, English text to its translation.
 *
 * `<lang>.json` holds what a product page shows as its widgets mount (add button, option names,
 * cart pill): a product page waits for that part only, a fifth of the whole, and takes the rest
 * (`<lang>-more.json`: failures, dialogs, the add button's later phases, the instalment pill, the
 * other widgets) right after, before anyone can act on the page; the pill and the add flow's code
 * wait for it (`withWholeCatalogue`). A page with any other widget waits for both, so no widget
 * ever shows English first.
 *
 * How the data reaches a page is the caller's: a published page reads it from the page or fetches
 * the JSON files (../page/page-language.ts); the npm provider and the demo's server import them
 * (./catalogues.ts).
 */
import { isRecord } from '../result.js';
import { setLanguageComplete, setTranslations } from './format.js';

/** A catalogue part: English text -> its translation. */
export type CatalogueTexts = Readonly<Record<string, string>>;

/**
 * The translated catalogues by primary language subtag. Portuguese has one catalogue, Brazilian:
 * a pt-PT page reads it too, which a Portuguese shopper follows more easily than English.
 */
const LANGUAGES = {
  fr: 'fr',
  de: 'de',
  es: 'es',
  it: 'it',
  nl: 'nl',
  pt: 'pt-BR',
  ja: 'ja',
} as const;

/** The catalogue languages: English and the translated ones. */
export type CatalogueLanguage = 'en' | (typeof LANGUAGES)[keyof typeof LANGUAGES];

/**
 * The catalogue language of a BCP 47 locale (`de-DE`, `de_AT`, `JA`): its primary subtag if we
 * ship that language, `pt-BR` for any Portuguese, else English.
 */
export const catalogueLanguage = (locale: string | null | undefined): CatalogueLanguage => {
  const primary = (locale ?? '').split(/[-_]/)[0]?.toLowerCase() ?? '';
  return Object.prototype.hasOwnProperty.call(LANGUAGES, primary)
    ? LANGUAGES[primary as keyof typeof LANGUAGES]
    : 'en';
};

/**
 * A catalogue part read from untrusted JSON: its string entries (anything else is left out, so
 * that text stays English); null when it is not an object at all.
 */
export function readCatalogueTexts(value: unknown): CatalogueTexts | null {
  if (!isRecord(value)) return null;
  const texts: Record<string, string> = {};
  for (const [key, text] of Object.entries(value)) if (typeof text === 'string') texts[key] = text;
  return texts;
}

/**
 * Applies a catalogue whose first part is `first` and whose rest `more` fetches; with
 * `whole: false` it settles once the first part is in place and applies the rest when it
 * arrives. Resolves either way: a part that fails to load leaves its texts in English rather than
 * the page without widgets.
 */
export function applyCatalogue(
  first: Promise<CatalogueTexts>,
  more: () => Promise<CatalogueTexts>,
  whole: boolean,
): Promise<void> {
  return first.then(
    (texts) => {
      setTranslations(texts);
      const rest = more().then(
        (moreTexts) => setTranslations({ ...texts, ...moreTexts }),
        () => undefined,
      );
      setLanguageComplete(rest);
      return whole ? rest : undefined;
    },
    () => undefined,
  );
}
