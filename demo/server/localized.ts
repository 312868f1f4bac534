/**
 * The template's localized strings (spec 001 §3) for a demo page in another language, taken from
 * the widgets' catalogues: the server-rendered fallbacks (the add button, the option selects, the
 * marks) then read as the widgets will once mounted, and a reader without JavaScript gets them too.
 */
import { INSTALMENT_MESSAGES } from '../../src/messages/instalment';
import { catalogueLanguage, type CatalogueLanguage } from '../../src/messages/locale';
import DE from '../../src/messages/languages/de.json';
import DE_MORE from '../../src/messages/languages/de-more.json';
import ES from '../../src/messages/languages/es.json';
import ES_MORE from '../../src/messages/languages/es-more.json';
import FR from '../../src/messages/languages/fr.json';
import FR_MORE from '../../src/messages/languages/fr-more.json';
import IT from '../../src/messages/languages/it.json';
import IT_MORE from '../../src/messages/languages/it-more.json';
import JA from '../../src/messages/languages/ja.json';
import JA_MORE from '../../src/messages/languages/ja-more.json';
import NL from '../../src/messages/languages/nl.json';
import NL_MORE from '../../src/messages/languages/nl-more.json';
import PT_BR from '../../src/messages/languages/pt-BR.json';
import PT_BR_MORE from '../../src/messages/languages/pt-BR-more.json';

type Table = Readonly<Record<string, string>>;

/** Each translated catalogue's two parts (src/messages/locale.ts says why two). */
const PARTS: Readonly<Record<Exclude<CatalogueLanguage, 'en'>, readonly [Table, Table]>> = {
  fr: [FR, FR_MORE],
  de: [DE, DE_MORE],
  es: [ES, ES_MORE],
  it: [IT, IT_MORE],
  nl: [NL, NL_MORE],
  'pt-BR': [PT_BR, PT_BR_MORE],
  ja: [JA, JA_MORE],
};

const TABLES: Readonly<Record<CatalogueLanguage, Table | null>> = {
  en: null,
  ...(Object.fromEntries(
    Object.entries(PARTS).map(([language, [first, more]]) => [language, { ...first, ...more }]),
  ) as Record<Exclude<CatalogueLanguage, 'en'>, Table>),
};

/**
 * What a page in `locale` placing `widgets` carries of its catalogue in `#sf-messages`
 * (src/page/page-language.ts): the first part when every widget is a product page's (the rest is
 * fetched after they mount), else the whole; null for English.
 */
export function pageMessages(
  locale: string,
  firstPartOnly: boolean,
): { language: string; texts: Table; complete: boolean } | null {
  const language = catalogueLanguage(locale);
  if (language === 'en') return null;
  const [first, more] = PARTS[language];
  return firstPartOnly
    ? { language, texts: first, complete: false }
    : { language, texts: { ...first, ...more }, complete: true };
}

/** Each localized-string name the engine reads, with the English text the catalogues translate. */
const LOCALIZED_STRING_TEXTS: Readonly<Record<string, string>> = {
  productAddToCartText: 'Add To Cart',
  productSubscribeText: 'Subscribe',
  productQuantityInputLabel: 'Quantity',
  productSoldOutText: 'sold out',
  productSaleText: 'sale',
  productQuickViewText: 'Quick View',
  productVariantSelectText: 'Select {variantName}',
  giftCardVariantSelectText: 'Select Value',
  giftCardValueDisplayText: 'Value',
  productPriceUnavailable: 'Unavailable',
  productSummaryFormNoAnswerText: 'N/A',
  reviewsCount: 'Reviews ({count})',
  // The instalment pill's line, by its catalogue keys: the widget mounts over it when the page is idle.
  ...INSTALMENT_MESSAGES,
};

/** The localized strings of a page in `locale`, or null for an English page (the engine's own). */
export function localizedStrings(locale: string): Record<string, string> | null {
  const table = TABLES[catalogueLanguage(locale)];
  if (!table) return null;
  return Object.fromEntries(
    Object.entries(LOCALIZED_STRING_TEXTS).map(([name, english]) => [name, table[english] ?? english]),
  );
}
