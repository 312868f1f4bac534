/**
 * The instalment context of spec 000 §3 (`afterPayAvailable`, `afterPayMin`, `afterPayMax`,
 * `shopperLanguage`, `stripeAccountCountry`), read once from untrusted JSON, and the provider
 * locale and brand it leads to (spec 000 §7). The range and text rules live in
 * instalment-price.ts.
 */
import { FEATURE_FLAGS, INSTALMENTS } from '../constants.js';
import { INSTALMENT_CONTEXT_KEYS } from '../contract.js';
import { fail, isRecord, notesInto, ok, type Result } from '../result.js';
import { parseMoney, type Money } from './money.js';

const [AVAILABLE, MIN, MAX, LANGUAGE, COUNTRY] = INSTALMENT_CONTEXT_KEYS;

/** The context as the page sends it; an unavailable provider needs nothing else. */
export type InstalmentContext =
  | { readonly afterPayAvailable: false }
  | {
      readonly afterPayAvailable: true;
      readonly afterPayMin: Money;
      readonly afterPayMax: Money;
      /** As sent, e.g. `en-US`; only its language subtag counts. */
      readonly shopperLanguage: string;
      /** As sent, e.g. `US`. */
      readonly stripeAccountCountry: string;
    };

/** `afterpay` for US, CA, AU and NZ, `clearpay` for GB (spec 000 §7). */
export type InstalmentBrand = (typeof INSTALMENTS.brandByLocale)[keyof typeof INSTALMENTS.brandByLocale];

/** What a shopper is offered: the provider locale (`en-US`), its brand and the range. */
export interface InstalmentOffer {
  /** `<language>-<COUNTRY>`, the name of the provider's info page (PATHS.instalmentInfo). */
  readonly locale: string;
  readonly brand: InstalmentBrand;
  readonly min: Money;
  readonly max: Money;
}

/**
 * Reads the instalment context. `afterPayAvailable: false` is complete on its own; an available
 * provider needs both amounts (either money shape, one currency, minimum not above maximum, not
 * negative) and both locale strings. A context that does not read is refused with every reason,
 * each worded "<key> is not <what it should be>": spec 000 §8 has it reported, and nothing is shown.
 */
export function parseInstalmentContext(raw: unknown): Result<InstalmentContext> {
  const issues: string[] = [];
  const note = notesInto(issues);
  if (!isRecord(raw)) note('instalment context', 'an object');
  else if (raw[AVAILABLE] === false) return ok({ afterPayAvailable: false });
  else if (raw[AVAILABLE] !== true) note(AVAILABLE, 'a boolean');
  else {
    const money = (key: string): Money | null => {
      const value = parseMoney(raw[key]);
      if (!value) note(key, 'a money value');
      return value;
    };
    const text = (key: string): string | null => {
      const value = raw[key];
      if (typeof value === 'string' && value.trim() !== '') return value;
      note(key, 'a string');
      return null;
    };
    const min = money(MIN);
    const max = money(MAX);
    if (min && max && (min.currency !== max.currency || min.amount < 0 || min.amount > max.amount))
      note(MIN, `an amount from 0 to ${MAX} in its currency`);
    const language = text(LANGUAGE);
    const country = text(COUNTRY);
    if (min && max && language && country && issues.length === 0)
      return ok({
        afterPayAvailable: true,
        afterPayMin: min,
        afterPayMax: max,
        shopperLanguage: language,
        stripeAccountCountry: country,
      });
  }
  return fail(issues);
}

const own = <T extends object>(table: T, key: string): key is Extract<keyof T, string> =>
  Object.prototype.hasOwnProperty.call(table, key);

/**
 * The provider locale for a shopper language and account country, or null when the provider does
 * not serve it (spec 000 §7: US en; CA en and fr; AU en; NZ en; GB en). `en-US`, `en_US` and `EN`
 * all give the language `en`.
 */
export function instalmentLocale(shopperLanguage: string, stripeAccountCountry: string): string | null {
  const language = (shopperLanguage.trim().split(/[-_]/)[0] ?? '').toLowerCase();
  const locale = `${language}-${stripeAccountCountry.trim().toUpperCase()}`;
  return own(INSTALMENTS.brandByLocale, locale) ? locale : null;
}

/**
 * The offer of a context: null when the provider is unavailable, does not serve the shopper's
 * locale, or its brand's flag (`afterpay`, `clearpay`: spec 001 §9) is `false` in the site
 * context's `features` (the pill is then hidden, quietly: none is an error). A brand whose flag the
 * platform does not define is on (docs/decisions.md).
 */
export function instalmentOffer(
  context: InstalmentContext,
  features: Readonly<Record<string, boolean>> = {},
): InstalmentOffer | null {
  if (!context.afterPayAvailable) return null;
  const locale = instalmentLocale(context.shopperLanguage, context.stripeAccountCountry);
  if (locale === null) return null;
  const brand = INSTALMENTS.brandByLocale[locale as keyof typeof INSTALMENTS.brandByLocale];
  if (features[FEATURE_FLAGS[brand]] === false) return null;
  return { locale, brand, min: context.afterPayMin, max: context.afterPayMax };
}
