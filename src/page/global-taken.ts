import { EVENTS, GLOBAL_NAME, READY_ATTR, type ErrorEventDetail } from '../contract.js';
import { isRecord } from '../result.js';
import { apiWithoutRuntime } from './create-runtime.js';
import { createErrorReporter } from './reporter.js';

/**
 * What the loader says when `window.Storefront` is already defined: by another script, or by a
 * copy of the loader included earlier. It then leaves the value as it is and mounts nothing, so
 * two copies never mount the same blocks.
 */
export const GLOBAL_TAKEN_MESSAGE =
  'window.Storefront is already defined (by another script, or by this loader included twice): the storefront loader leaves it as it is and mounts nothing';

/** Whether the global is a copy of this loader: `mount` and `cart` as the page contract gives them. */
const isLoader = (value: unknown): boolean =>
  isRecord(value) && typeof value['mount'] === 'function' && isRecord(value['cart']);

/**
 * Warns in the console and reports `GLOBAL_TAKEN` (`sf:error` and the error endpoint). Where the
 * global is another script's, no copy of the loader will set `data-sf-ready`: it is set here, so
 * a theme that hides its buttons until then does not hide them for good. (A copy of the loader
 * sets it itself, after its cart read.)
 *
 * The page runtime's reporter is not used: it would build this copy's own page runtime (a copy
 * at another URL is a module instance of its own), whose second cart store hears the first one's
 * tab sync and dispatches every `sf:cart-change` again. The report goes through a reporter of its
 * own over a bare api client instead, and `sf:error` is dispatched here.
 */
export function announce(doc: Document = document): void {
  console.warn(`[storefront] ${GLOBAL_TAKEN_MESSAGE}`);
  const detail: ErrorEventDetail = { message: GLOBAL_TAKEN_MESSAGE, code: 'GLOBAL_TAKEN' };
  const api = apiWithoutRuntime();
  createErrorReporter({ send: (events) => api.recordJavascriptErrors(events) }).report(
    new Error(GLOBAL_TAKEN_MESSAGE),
    { code: 'GLOBAL_TAKEN' },
  );
  try {
    doc.dispatchEvent(new CustomEvent(EVENTS.error, { detail }));
  } catch {
    // A page listener that throws must not turn one error into two.
  }
  const view = doc.defaultView;
  if (!isLoader(view ? Reflect.get(view, GLOBAL_NAME) : undefined)) {
    doc.documentElement.setAttribute(READY_ATTR, '');
  }
}
