/**
 * A published page's catalogue, as data (docs/languages.md "How a page gets its texts"). A server
 * that renders the page in a language puts the catalogue beside the site context:
 * `<script type="application/json" id="sf-messages">{ "language": "de", "texts": {…},
 * "complete": false }</script>`, the first part (`complete: false`) or the whole. What the page
 * does not carry is fetched from the build's `widgets/messages/<lang>.json` and
 * `<lang>-more.json`, next to the widget files. Either way no language costs the page JavaScript:
 * a German product page runs the code an English one does.
 */
import { MESSAGES_SCRIPT_ID, WIDGET_ATTR } from '../contract.js';
import {
  applyCatalogue,
  catalogueLanguage,
  readCatalogueTexts,
  type CatalogueTexts,
} from '../messages/locale.js';
import { isRecord } from '../result.js';

/** The widgets of a product page, which need only the first part of a catalogue to mount. */
const PRODUCT_PAGE_WIDGETS: readonly string[] = ['product-form', 'instalment-pill', 'cart-pill'];

/**
 * Whether a page placing `widgets` (by name) mounts them on the first part of its catalogue: the
 * rule {@link productPageOnly} reads from the page, for a server that chooses what the page
 * carries (demo/server/render.ts).
 */
export const firstPartOnly = (widgets: readonly string[]): boolean =>
  widgets.every((name) => PRODUCT_PAGE_WIDGETS.includes(name));

/** Whether every block on the page is a product page's (../messages/locale.ts says why). */
export const productPageOnly = (): boolean =>
  !document.querySelector(
    PRODUCT_PAGE_WIDGETS.reduce((s, name) => `${s}:not([${WIDGET_ATTR}="${name}"])`, `[${WIDGET_ATTR}]`),
  );

/** The catalogue the page carries for `language`, if any, and whether it is the whole one. */
function carried(language: string): { texts: CatalogueTexts; complete: boolean } | null {
  let value: unknown;
  try {
    value = JSON.parse(document.getElementById(MESSAGES_SCRIPT_ID)?.textContent ?? 'null');
  } catch {
    return null;
  }
  // A page in another language than its context's (a copy-paste, a stale cache) is not used.
  if (!isRecord(value) || value['language'] !== language) return null;
  const texts = readCatalogueTexts(value['texts']);
  return texts && { texts, complete: value['complete'] === true };
}

/**
 * How long a catalogue file may take, body included: an api call's limit. What does not come in
 * time stays English, rather than a press (the add flow waits for the whole catalogue) waiting on.
 */
export const CATALOGUE_TIMEOUT_MS = 10_000;

/** One catalogue file of the build (`de.json`, `de-more.json`) next to the widget files. */
const fetchPart = (base: string, file: string): Promise<CatalogueTexts> => {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), CATALOGUE_TIMEOUT_MS);
  return fetch(new URL(`widgets/messages/${file}.json`, base), { signal: abort.signal })
    .then((response) => (response.ok ? response.json() : null))
    .then((value) => readCatalogueTexts(value) ?? Promise.reject(new Error(`${file}.json`)))
    .finally(() => clearTimeout(timer));
};

/**
 * Applies the catalogue of `locale`, settling once this page's widgets can mount; `base` is the
 * loader's URL, against which the build's files are found. Resolves either way: what cannot be
 * read stays English.
 */
export function loadPageLanguage(locale: string, base: string): Promise<void> {
  const language = catalogueLanguage(locale);
  if (language === 'en') return Promise.resolve();
  const page = carried(language);
  return applyCatalogue(
    page ? Promise.resolve(page.texts) : fetchPart(base, language),
    () => (page?.complete ? Promise.resolve({}) : fetchPart(base, `${language}-more`)),
    !productPageOnly(),
  );
}
