/**
 * The catalogue language of a published page, fetched by `localeReady` (./runtime.ts) only for a
 * page that is not in English: an English page never loads this chunk or the catalogue map.
 */
import { WIDGET_ATTR } from '../contract.js';
import { loadTranslations } from '../messages/locale.js';

/** The widgets of a product page, which need only the first part of a catalogue to mount. */
const PRODUCT_PAGE_WIDGETS: readonly string[] = ['product-form', 'instalment-pill', 'cart-pill'];

/**
 * Whether a page placing `widgets` (by name) mounts them on the first part of its catalogue: the
 * rule {@link productPageOnly} reads from the page, for a server that names what the page will
 * fetch (demo/server/preload.ts).
 */
export const firstPartOnly = (widgets: readonly string[]): boolean =>
  widgets.every((name) => PRODUCT_PAGE_WIDGETS.includes(name));

/** Whether every block on the page is a product page's (../messages/locale.ts says why). */
export const productPageOnly = (): boolean =>
  !document.querySelector(
    PRODUCT_PAGE_WIDGETS.reduce((s, name) => `${s}:not([${WIDGET_ATTR}="${name}"])`, `[${WIDGET_ATTR}]`),
  );

/** Applies the catalogue of `locale`, settling once this page's widgets can mount. */
export const loadPageLanguage = (locale: string): Promise<void> =>
  loadTranslations(locale, !productPageOnly());
