/**
 * The one home of page-wide state: what a page holds for its lifetime that is not one of the
 * runtime's parts (./create-runtime.ts) — the page's runtime itself, its language layer, its
 * platform layer and flags, the signed-in user, the analytics hand-over, the session api, the
 * error reporter, the visitor id kept in memory, the captcha scripts it loaded and what it has
 * said or counted once. Every module that keeps page state keeps it here, in its page's record,
 * and nowhere else (tests/src/page/one-runtime.test.ts holds the rule and the allow-list of the
 * module bindings that are not page state).
 *
 * A page is its document: two pages in one process (two windows of a test, two frames' copies of
 * the code) never share a record. Every runtime built on a page carries its page's record
 * (`runtime.state`): a page has one language, one platform layer and one signed-in user, whichever
 * door (the script tag or a provider) asks. Code that is handed no runtime (a catalogue lookup, a
 * tracked event) asks {@link pageState} for the current document's.
 *
 * A leaf: it imports nothing but types, so the lowest modules (../messages/format.ts) read it
 * without a cycle.
 */
import type { SessionApi } from '../api/session.js';
import type { AnalyticsEvent, AnalyticsSink } from './analytics.js';
import type { CaptchaProvider } from './captcha.js';
import type { PageRuntime } from './create-runtime.js';
import type { Flags } from './flags.js';
import type { Platform } from './platform.js';
import type { ErrorReporter } from './reporter.js';

/**
 * A page's record. Every field starts unset and is set by the module that owns it, on first use:
 * a page that never signs anyone in or loads a captcha pays for neither.
 */
export interface PageState {
  /** The page's own runtime, built on first use (./create-runtime.ts `getPageRuntime`). */
  runtime?: PageRuntime;
  /** The language layer (../messages/format.ts): English text -> its translation; none for English. */
  translations?: Readonly<Record<string, string>> | null;
  /** Settles once the page's whole catalogue is in place (../messages/locale.ts); unset: English. */
  languageComplete?: Promise<unknown>;
  /** The one read of the page's catalogue language (./runtime.ts `localeReady`). */
  localeLoaded?: Promise<void>;
  /** The theme's analytics sink (./analytics.ts `setAnalyticsSink`); unset: none. */
  analyticsSink?: AnalyticsSink | null;
  /** The platform layer's handler of tracked events, once it has connected (./analytics.ts). */
  platformSink?: AnalyticsSink | null;
  /** Events tracked before the platform layer connected, up to `PENDING_LIMIT` (./analytics.ts). */
  pendingEvents?: AnalyticsEvent[];
  /** Whether the platform layer has been started (./platform-start.ts `start`), and what it built. */
  platformStarted?: boolean;
  platform?: Platform;
  /** The page's feature flags, read once (./platform.ts `flags`). */
  flags?: Flags;
  /** The site user signed in through `login` (./session.ts), until `logout`. */
  loginId?: string | null;
  /** The session api over the page's `apiRoot`, made with the first call (./session.ts). */
  sessionApi?: SessionApi;
  /** The page-wide error reporter, made with the first error (./reporter.ts). */
  reporter?: ErrorReporter;
  /** The analytics id when neither cookie nor storage keeps it (./identity.ts). */
  memoryId?: string | null;
  /** The captcha provider's script by its URL, loading or loaded into this page (./captcha.ts). */
  captchaScripts?: Map<string, Promise<CaptchaProvider>>;
  /** Whether the console has been told the API is out of the crumb's reach (../api/crumb-out-of-reach.ts). */
  crossSiteTold?: boolean;
  /**
   * Items whose reviews the page's own address led to, counted already, once per page load
   * (widgets/product-form/reviews-gate.tsx).
   */
  reviewArrivals?: Set<string>;
}

/** Each page's record, by its document (no document, as on a server: the global object). */
const pages = new WeakMap<object, PageState>();

/** The state of the page `doc` (default: the current document's), made on first use. */
export function pageState(doc: object | undefined = globalThis.document): PageState {
  const page = doc ?? globalThis;
  let state = pages.get(page);
  if (!state) pages.set(page, (state = {}));
  return state;
}

/**
 * The site user signed in on this page through `login` (./session.ts), until `logout`: here, not
 * with the session calls, so the platform layer names the user in its events without loading
 * them (a page that never signs anyone in never fetches the session code).
 */
export const loginId = (): string | null => pageState().loginId ?? null;

/** Set by the session calls only. */
export const setLoginId = (id: string | null): void => {
  pageState().loginId = id;
};
