/**
 * For the developer, never the shopper: why every write from this page fails its crumb check when
 * the API is on another host. The shopper reads the catalogued text spec 000 §8 requires; this is
 * what the console and the page's error reporter (`sf:error`, code `API_CROSS_SITE`) say. Its own
 * chunk: a page whose API is set up right never fetches it.
 */
import { pageState } from '../page/page-state.js';

/** The developer's text: which API, which page, why reloading cannot help, and the two ways out. */
export const crumbOutOfReachText = (apiRoot: string, pageOrigin: string): string =>
  `The API at ${new URL(apiRoot).origin} refused a write for its missing crumb, and this page ` +
  `(${pageOrigin}) cannot read the crumb cookie that API sets: it is on another host, and on ` +
  'another site the browser does not send it the cookies either. Every write fails this way and ' +
  "reloading does not help. Serve the API from this page's host (any port), or serve /api/ from " +
  "this page's origin through your dev server's proxy with the default apiRoot.";

/**
 * Says it on the console and to `report`, if given, once per page (../page/page-state.ts keeps
 * that it did): every write fails the same way.
 * Never throws: it runs on a failed call.
 */
export function tell(
  apiRoot: string,
  pageOrigin: string | undefined,
  report: ((error: unknown, info?: Record<string, string>) => void) | undefined,
): void {
  const page = pageState();
  if (page.crossSiteTold) return;
  page.crossSiteTold = true;
  try {
    const message = crumbOutOfReachText(apiRoot, pageOrigin ?? 'unknown');
    console.error(`[storefront] ${message}`);
    report?.(new Error(message), { code: 'API_CROSS_SITE' });
  } catch {
    // A page's report hook that throws must not turn a failed call into a thrown one.
  }
}
