/**
 * Leaving the page, with the design-frame rule (docs/page-contract.md): inside the editor's design frame
 * the page must not navigate itself; it asks the editor (its parent window) to set the frame
 * address instead. Framework-free so the loader-side code and tests can use it.
 */
import { DESIGN_FRAME_MESSAGE_TYPE, type DesignFrameMessage } from '../contract.js';
import { sameOriginPath, siteOrWebUrl } from '../urls.js';

/** The window parts navigation needs; tests pass a stand-in. */
export type NavigationWindow = Pick<Window, 'location' | 'parent'>;

/** An app's client-side router: shows a same-origin path (`/cart?x#y`) without a page load. */
export type Router = (path: string) => void;

/** The parts of a click that say whether the browser would follow a link in this tab. */
export type LinkClick = Pick<MouseEvent, 'button' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

/**
 * A click that follows a link in this tab: the main button with no modifier key. The others open
 * a new tab or window, or download, and stay the browser's.
 */
export const isPlainClick = (click: LinkClick): boolean =>
  click.button === 0 && !click.ctrlKey && !click.metaKey && !click.shiftKey && !click.altKey;

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

/**
 * Goes to a form's success address: a same-origin path as {@link navigateTo} does, or an absolute
 * http(s) address the site owner configured (already checked by the form-schema reader). The
 * design frame only shows this site, so there an address elsewhere is not followed. Returns false
 * when nothing happened.
 */
export function redirectTo(url: string, designFrame: boolean, win: NavigationWindow = window): boolean {
  if (navigateTo(url, designFrame, win)) return true;
  if (designFrame || siteOrWebUrl(url) === null) return false;
  win.location.assign(url);
  return true;
}
