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
 * Whether going to `url` keeps this document: the page's own address with a fragment, an anchor
 * the browser only scrolls to. (The same address without one loads the page again.)
 */
export function staysOnPage(url: string, location: Pick<Location, 'href'>): boolean {
  try {
    const here = new URL(location.href);
    const to = new URL(url, here);
    return (
      to.hash !== '' &&
      to.origin === here.origin &&
      to.pathname === here.pathname &&
      to.search === here.search
    );
  } catch {
    return false;
  }
}

/**
 * Goes to a form's success address: a same-origin path as {@link navigateTo} does, or an absolute
 * http(s) address the site owner configured (already checked by the form-schema reader). The
 * design frame only shows this site, so there an address elsewhere is not followed. Returns
 * whether the page is being left: false when nothing happened, and false for an anchor on this
 * page (the browser scrolls to it; the form, still there, shows its message rather than waiting).
 */
export function redirectTo(url: string, designFrame: boolean, win: NavigationWindow = window): boolean {
  const stays = !designFrame && staysOnPage(url, win.location);
  if (navigateTo(url, designFrame, win)) return !stays;
  if (designFrame || siteOrWebUrl(url) === null) return false;
  win.location.assign(url);
  return true;
}
