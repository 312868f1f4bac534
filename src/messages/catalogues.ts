/**
 * The catalogues as modules, for code that bundles them: the npm provider (its app's bundler
 * splits each language into a chunk of its own) and the demo's server. A published page never
 * loads this file: it reads its catalogue as data (../page/page-language.ts).
 */
import { applyCatalogue, catalogueLanguage, type CatalogueLanguage, type CatalogueTexts } from './locale.js';
import { setTranslations } from './format.js';

type Part = Promise<{ default: CatalogueTexts }>;

/** Each translated language's two parts (./locale.ts says why two). */
const MODULES: Readonly<Record<Exclude<CatalogueLanguage, 'en'>, readonly [() => Part, () => Part]>> = {
  fr: [() => import('./languages/fr.json'), () => import('./languages/fr-more.json')],
  de: [() => import('./languages/de.json'), () => import('./languages/de-more.json')],
  es: [() => import('./languages/es.json'), () => import('./languages/es-more.json')],
  it: [() => import('./languages/it.json'), () => import('./languages/it-more.json')],
  nl: [() => import('./languages/nl.json'), () => import('./languages/nl-more.json')],
  'pt-BR': [() => import('./languages/pt-BR.json'), () => import('./languages/pt-BR-more.json')],
  ja: [() => import('./languages/ja.json'), () => import('./languages/ja-more.json')],
};

/**
 * Loads and applies the catalogue of `locale` (English: none); with `whole: false` it settles once
 * the product page's part is in place and applies the rest when it arrives.
 */
export function loadTranslations(locale: string | null | undefined, whole = true): Promise<void> {
  const language = catalogueLanguage(locale);
  if (language === 'en') return Promise.resolve(setTranslations(null));
  const [first, more] = MODULES[language];
  return applyCatalogue(
    first().then((m) => m.default),
    () => more().then((m) => m.default),
    whole,
  );
}
