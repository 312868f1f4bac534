/**
 * Chooses the catalogue language from the site context's locale. English is built in; French (fr,
 * for fr-CA, fr-FR, …) is a chunk of its own fetched only for a French locale, so English pages pay
 * nothing for it at start-up. Widgets mount once `loadTranslations` has settled, so a French page
 * never shows English first.
 */
import { setTranslations } from './format.js';

/** The catalogue languages beside English. */
export type CatalogueLanguage = 'en' | 'fr';

/** The catalogue language of a BCP 47 locale: its primary subtag if we ship it, else English. */
export const catalogueLanguage = (locale: string | null | undefined): CatalogueLanguage =>
  /^fr(?:[-_]|$)/i.test(locale ?? '') ? 'fr' : 'en';

/**
 * Loads and applies the catalogue of `locale` (the browser fetches the French chunk once however
 * many widgets ask). Resolves either way: a French chunk that fails to load leaves the page in
 * English rather than without widgets.
 */
export const loadTranslations = (locale: string | null | undefined): Promise<void> =>
  catalogueLanguage(locale) === 'fr'
    ? import('./fr.js').then(
        (m) => setTranslations(m.FR),
        () => undefined,
      )
    : Promise.resolve(setTranslations(null));
