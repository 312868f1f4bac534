/**
 * Which provider texts the info popup shows on a page (docs/languages.md). In the popup's chunk,
 * not the pill's: only a shopper who opens it needs this.
 */

/** The primary language subtags the catalogues translate into (src/messages/locale.ts). */
export const TRANSLATED_LANGUAGES: readonly string[] = ['fr', 'de', 'es', 'it', 'nl', 'pt', 'ja'];

/**
 * The locale of the provider's texts (PATHS.instalmentInfo): the page's language in the offer's
 * country when the catalogues translate into it (a German page with an en-US offer reads `de-US`),
 * else the offer's own locale.
 */
export function instalmentTextsLocale(offerLocale: string, pageLocale: string): string {
  const language = (pageLocale.split(/[-_]/)[0] ?? '').toLowerCase();
  const country = offerLocale.split('-')[1] ?? '';
  return TRANSLATED_LANGUAGES.includes(language) ? `${language}-${country}` : offerLocale;
}
