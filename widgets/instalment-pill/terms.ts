/**
 * Where the info popup sends a shopper for the provider's terms (docs/decisions.md, "The
 * instalment popup links to the provider's terms"). Spec 000 §7 names a static info page per
 * provider locale and no address; the default is each provider's own published terms for the
 * locale, so what a shopper reads about the payments is the provider's wording, never ours. In
 * the popup's chunk: only a shopper who opens it needs these.
 */
import { siteOrWebUrl } from '../../src/urls.js';

/** The provider's own terms by provider locale (INSTALMENTS.brandByLocale of src/constants.ts). */
export const PROVIDER_TERMS_URLS: Readonly<Record<string, string>> = {
  'en-US': 'https://www.afterpay.com/en-US/installment-agreement',
  'en-CA': 'https://www.afterpay.com/en-CA/instalment-agreement',
  'fr-CA': 'https://www.afterpay.com/fr-CA/instalment-agreement',
  'en-AU': 'https://www.afterpay.com/en-AU/terms-of-service',
  'en-NZ': 'https://www.afterpay.com/en-NZ/terms-of-service',
  'en-GB': 'https://www.clearpay.co.uk/en-GB/terms-of-service',
};

/**
 * The terms link for a provider locale: the site's `instalmentTermsUrl` with `{locale}` replaced
 * when the site sets one (a same-site path or an http(s) address, src/urls.ts), else the
 * provider's own page for the locale; null for a locale no provider serves.
 */
export function instalmentTermsUrl(locale: string, template: string | undefined): string | null {
  if (template !== undefined)
    return siteOrWebUrl(template.replaceAll('{locale}', encodeURIComponent(locale)));
  return PROVIDER_TERMS_URLS[locale] ?? null;
}
