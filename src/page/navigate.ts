/**
 * Leaving the page, with the design-frame rule (docs/page-contract.md): inside the editor's design frame
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
  try {
    const url = new URL(path, base.href);
    return /^https?:$/.test(url.protocol) && url.origin === base.origin
      ? url.pathname + url.search + url.hash
      : null;
  } catch {
    return null;
  }
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

/**
 * Goes to a form's success address: a same-origin path as {@link navigateTo} does, or an absolute
 * http(s) address the site owner configured (already checked by the form-schema reader). The
 * design frame only shows this site, so there an address elsewhere is not followed. Returns false
 * when nothing happened.
 */
export function redirectTo(url: string, designFrame: boolean, win: NavigationWindow = window): boolean {
  if (navigateTo(url, designFrame, win)) return true;
  if (designFrame || safeRedirectUrl(url) === null) return false;
  win.location.assign(url);
  return true;
}

/**
 * Browsers drop tabs and newlines from a URL and read a backslash as a slash, so `/\t/evil.example`
 * and `/\\evil.example` both mean `//evil.example`, another host: any control character or
 * backslash refuses a redirect target.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const UNSAFE = /[\u0000-\u001f\u007f\\]/;
const PATH = /^\/(?!\/)/;

/** Only same-origin paths: a redirect target is data, never a way to leave the site or run script. */
export const safeRedirectPath = (value: unknown): string | null =>
  typeof value === 'string' && PATH.test(value) && !UNSAFE.test(value) ? value : null;

/**
 * A form's success address: a same-origin path ({@link safeRedirectPath}) or an absolute http or
 * https address (spec 000 §2: the owner may send visitors to another site after a submission).
 * Every other scheme (`javascript:`, `data:`, ...), addresses with credentials, white space,
 * control characters or backslashes are refused.
 */
export const safeRedirectUrl = (value: unknown): string | null => {
  if (typeof value !== 'string' || UNSAFE.test(value)) return null;
  if (PATH.test(value)) return value;
  if (!/^https?:\/\/[^/?#\s]/i.test(value) || /\s/.test(value)) return null;
  try {
    const url = new URL(value);
    return url.username === '' && url.password === '' && url.hostname !== '' ? value : null;
  } catch {
    return null;
  }
};
