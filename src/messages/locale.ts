/**
 * Chooses the catalogue language from the site context's locale (docs/languages.md). English is
 * built in; every other language is a chunk of its own fetched only by a page in that language,
 * so an English page pays nothing for them and a German page fetches German only.
 *
 * Each language comes in two parts. `./languages/<lang>.ts` holds what a product page shows as its
 * widgets mount (add button, option names, cart pill): a product page waits for
 * that part only, a fifth of the whole, and fetches the rest (`<lang>-more.ts`: failures,
 * dialogs, the add button's later phases, the instalment pill, which mounts when the page is idle,
 * the other widgets) right after, before anyone can act on the page; the pill and the add flow's
 * code wait for it (`withWholeCatalogue`). A page with any
 * other widget waits for both, so no widget ever shows English first.
 */
import { setLanguageComplete, setTranslations } from './format.js';

type Table = Readonly<Record<string, string>>;
interface Catalogue {
  readonly default: Table;
  readonly more: () => Promise<{ default: Table }>;
}

/**
 * The translated catalogues by primary language subtag. Portuguese has one catalogue, Brazilian:
 * a pt-PT page reads it too, which a Portuguese shopper follows more easily than English.
 */
const CATALOGUES: Readonly<Record<string, () => Promise<Catalogue>>> = {
  fr: () => import('./languages/fr.js'),
  de: () => import('./languages/de.js'),
  es: () => import('./languages/es.js'),
  it: () => import('./languages/it.js'),
  nl: () => import('./languages/nl.js'),
  pt: () => import('./languages/pt-BR.js'),
  ja: () => import('./languages/ja.js'),
};

/** The catalogue languages: English and the translated ones. */
export type CatalogueLanguage = 'en' | 'fr' | 'de' | 'es' | 'it' | 'nl' | 'pt-BR' | 'ja';

const loaderOf = (locale: string | null | undefined): [string, (() => Promise<Catalogue>) | undefined] => {
  const primary = (locale ?? '').split(/[-_]/)[0]?.toLowerCase() ?? '';
  return [
    primary,
    Object.prototype.hasOwnProperty.call(CATALOGUES, primary) ? CATALOGUES[primary] : undefined,
  ];
};

/**
 * The catalogue language of a BCP 47 locale (`de-DE`, `de_AT`, `JA`): its primary subtag if we
 * ship that language, `pt-BR` for any Portuguese, else English.
 */
export const catalogueLanguage = (locale: string | null | undefined): CatalogueLanguage => {
  const [primary, load] = loaderOf(locale);
  if (!load) return 'en';
  return primary === 'pt' ? 'pt-BR' : (primary as CatalogueLanguage);
};

/**
 * Loads and applies the catalogue of `locale`; with `whole: false` it settles once the product
 * page's part is in place and applies the rest when it arrives. Resolves either way: a part that
 * fails to load leaves its texts in English rather than the page without widgets.
 */
export const loadTranslations = (locale: string | null | undefined, whole = true): Promise<void> => {
  const [, load] = loaderOf(locale);
  if (!load) return Promise.resolve(setTranslations(null));
  return load().then(
    (first) => {
      setTranslations(first.default);
      const rest = first.more().then(
        (m) => setTranslations({ ...first.default, ...m.default }),
        () => undefined,
      );
      setLanguageComplete(rest);
      return whole ? rest : undefined;
    },
    () => undefined,
  );
};
