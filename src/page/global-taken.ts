import { GLOBAL_NAME, READY_ATTR } from '../contract.js';
import { isRecord } from '../result.js';

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
 * Warns in the console and reports `GLOBAL_TAKEN` (`sf:error` and the error reporter). Where the
 * global is another script's, no copy of the loader will set `data-sf-ready`: it is set here, so
 * a theme that hides its buttons until then does not hide them for good. (A copy of the loader
 * sets it itself, after its cart read.)
 */
export function announce(
  report: (error: unknown, info: Record<string, string>) => void,
  doc: Document = document,
): void {
  console.warn(`[storefront] ${GLOBAL_TAKEN_MESSAGE}`);
  report(new Error(GLOBAL_TAKEN_MESSAGE), { code: 'GLOBAL_TAKEN' });
  const view = doc.defaultView;
  if (!isLoader(view ? Reflect.get(view, GLOBAL_NAME) : undefined)) {
    doc.documentElement.setAttribute(READY_ATTR, '');
  }
}
