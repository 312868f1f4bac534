/**
 * The primary language subtags the catalogues translate into (./locale.ts loads them): kept apart
 * from the loader map so the instalment pill can name its texts' language without carrying it.
 */
export const TRANSLATED_LANGUAGES: readonly string[] = ['fr', 'de', 'es', 'it', 'nl', 'pt', 'ja'];
