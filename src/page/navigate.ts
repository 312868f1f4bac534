/**
 * Leaving the page, with the design-frame rule of design.md: inside the editor's design frame
 * the page must not navigate itself; it asks the editor (its parent window) to set the frame
 * address instead. Framework-free so the loader-side code and tests can use it.
 */
import { DESIGN_FRAME_MESSAGE_TYPE, type DesignFrameMessage } from '../contract.js';

/**
 * The same-origin path (`/cart?x#y`) a link may go to, or null when it must not: other origins,
 * `javascript:`/`data:` and every non-http(s) scheme, and strings that are not URLs.
 */
export function sameOriginPath(path: unknown, base: Pick<Location, 'href' | 'origin'>): string | null {
  if (typeof path !== 'string' || path.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(path, base.href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== base.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The window parts navigation needs; tests pass a stand-in. */
export type NavigationWindow = Pick<Window, 'location' | 'parent'>;

/**
 * Goes to `path`, or in the design frame posts `{ type: 'sf:set-frame-url', url }` to the
 * parent. Returns false (and does nothing) when the path is refused.
 *
 * The message is posted with target origin `*`: the editor's origin is not part of the site
 * context, and the message carries only a same-origin path the parent could read anyway.
 */
export function navigateTo(path: string, designFrame: boolean, win: NavigationWindow = window): boolean {
  const target = sameOriginPath(path, win.location);
  if (target === null) return false;
  if (designFrame && win.parent && win.parent !== (win as unknown)) {
    const message: DesignFrameMessage = { type: DESIGN_FRAME_MESSAGE_TYPE, url: target };
    win.parent.postMessage(message, '*');
    return true;
  }
  win.location.assign(target);
  return true;
}
