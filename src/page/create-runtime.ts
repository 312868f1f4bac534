/**
 * One page runtime, two doors: the site context, the error reporter, the api client, the cart
 * store, the platform layer and the shoppers' product choices, built once by
 * {@link createPageRuntime}. The script tag's runtime (./runtime.ts) builds the page's from the
 * `#sf-context` script; the npm `StorefrontProvider` builds one from its props. Both then read
 * the cart at start under the same cookie rules (spec 000 §4) and start the same platform layer.
 *
 * This is the one place that reads `#sf-context` and the one builder of a runtime: the page's
 * own ({@link getPageRuntime}) is `createPageRuntime()` kept once, in the page's state. A runtime
 * owns its api client, cart store, choices and what it has started, and carries its page's state
 * (./page-state.ts: the language layer, the platform layer and its flags, the signed-in user, the
 * analytics hand-over, the session api, the error reporter, the visitor id kept in memory), which
 * every runtime on one page shares and no other page sees. Everything else is handed a runtime
 * (the widgets through their env or the provider) or asks {@link getPageRuntime} for the page's.
 * The default reporter lives here too, so the script-tag entry (./runtime.ts) imports this file
 * and never the other way round.
 */
import { CONTEXT_SCRIPT_ID, EVENTS, type ErrorEventDetail } from '../contract.js';
import type { Api } from '../api/page.js';
import { createPageApi } from '../api/page.js';
import type { ApiClient } from '../api/client.js';
import { apiText } from '../api/texts.js';
import type { ApiResult } from '../api/types.js';
import { loadTranslations } from '../messages/catalogues.js';
import { createCartStore, type CartStore, type ShoppingCart } from '../store/index.js';
import { shouldLoadCartAtStart } from './cookies.js';
import { createProductChoices, type ProductChoices } from './choices.js';
import { pageState, type PageState } from './page-state.js';
import {
  DEFAULT_CONTEXT,
  normalizeApiRoot,
  parseSiteContext,
  readSiteContext,
  type SiteContext,
} from './context.js';

/**
 * The time limit of the cart read at page start, in ms: a read at page start holds
 * `data-sf-ready` (the add buttons) until it settles, so it gets less than other calls' 10 s.
 */
export const CART_START_TIMEOUT_MS = 5000;

export type Report = (error: unknown, info?: Record<string, string>) => void;

const messageOf = (error: unknown): string => {
  try {
    // A string comes back as it is.
    return String(error && typeof error === 'object' && 'message' in error ? error.message : error);
  } catch {
    return 'Unknown error';
  }
};

/**
 * Sends an error to the page reporter and announces it as `sf:error` on `document`, so a site
 * can log it. Never throws: it runs inside error handlers.
 *
 * The reporter is its own chunk, fetched with the first error: most pages never have one, and
 * it batches reports behind a one-second debounce anyway. `sf:error` goes out at once.
 */
export function reportError(error: unknown, info: Record<string, string> = {}): void {
  import('./reporter.js')
    .then((reporter) => reporter.getErrorReporter().report(error, info))
    // A reporter that cannot load cannot send either (offline, or a removed chunk); and
    // reporting must never add an error of its own.
    .catch(() => undefined);
  try {
    if (typeof document === 'undefined') return;
    const detail: ErrorEventDetail = {
      message: messageOf(error),
      ...(info.code === undefined ? {} : { code: info.code }),
      ...(info.widget === undefined ? {} : { widget: info.widget }),
    };
    document.dispatchEvent(new CustomEvent(EVENTS.error, { detail }));
  } catch {
    // A page listener that throws must not turn one error into two.
  }
}

export interface PageRuntime {
  readonly context: SiteContext;
  /**
   * The context as it was given, when it was an object: the platform layer's own keys
   * (`pageType`, `experiments`, …) are read from it. Null without one.
   */
  readonly raw: Readonly<Record<string, unknown>> | null;
  readonly report: Report;
  readonly api: Api;
  readonly store: CartStore;
  readonly choices: ProductChoices;
  /**
   * What has been started for this runtime ({@link loadCartAtStart}, {@link startPlatform}): each
   * once, whatever a strict-mode effect that runs twice does.
   */
  readonly started: Set<'cart' | 'platform'>;
  /** The page-wide state of the page it was built on (./page-state.ts), shared by its runtimes. */
  readonly state: PageState;
}

export interface PageRuntimeOptions {
  /**
   * The site context, in the `#sf-context` shape (every key optional, parsed like the page's).
   * @default the page's `#sf-context` script, else the defaults
   */
  readonly context?: unknown;
  /** Where the endpoints live; a full URL for a server on another origin. @default context.apiRoot */
  readonly apiRoot?: string | undefined;
  /** Locale for numbers, money and the catalogue language. @default context.locale */
  readonly locale?: string | undefined;
  /** @default a client rooted at `apiRoot` */
  readonly api?: Api | undefined;
  /** @default a cart store over `api` */
  readonly store?: CartStore | undefined;
  /** Where errors go. @default the page reporter (`sf:error` and the error endpoint) */
  readonly report?: Report | undefined;
}

const warnAbout = (issues: readonly string[]): void => {
  for (const issue of issues) console.warn(`[storefront] site context: ${issue}`);
};

type ContextOf = Pick<PageRuntime, 'context' | 'raw'>;

/** The page's `#sf-context` script, else the defaults (no document: the defaults). */
function pageContext(): ContextOf {
  if (typeof document === 'undefined') return { context: DEFAULT_CONTEXT, raw: null };
  const { context, raw, issues } = readSiteContext();
  // A malformed context still gives a working page (defaults); the owner should hear of it.
  if (issues.length > 0 && document.getElementById(CONTEXT_SCRIPT_ID)) warnAbout(issues);
  return { context, raw };
}

/** A context given as an object, parsed as the page's would be; its issues are warned about. */
function givenContext(given: unknown): ContextOf {
  const { context, raw, issues } = parseSiteContext(given);
  warnAbout(issues);
  return { context, raw };
}

/** The site context from options: the given object, else the page's script, with overrides. */
function contextOf(options: PageRuntimeOptions): ContextOf {
  const { context, raw } = options.context === undefined ? pageContext() : givenContext(options.context);
  const apiRoot = options.apiRoot === undefined ? null : normalizeApiRoot(options.apiRoot);
  if (options.apiRoot !== undefined && apiRoot === null)
    warnAbout([`apiRoot ${options.apiRoot} is not usable`]);
  const overrides: Partial<SiteContext> = {
    ...(apiRoot !== null && { apiRoot }),
    ...(options.locale !== undefined && options.locale !== '' && { locale: options.locale }),
  };
  return {
    context: Object.keys(overrides).length > 0 ? Object.freeze({ ...context, ...overrides }) : context,
    raw,
  };
}

/**
 * The api over a client rooted at the context's `apiRoot`, its code loaded with the first call; a
 * fault of the page's set-up it finds goes to `report`.
 */
function apiAt({ apiRoot, mockCart }: SiteContext, report: Report): Api {
  let client: Promise<ApiClient> | null = null;
  return createPageApi(
    () => {
      client ??= import('../api/client.js')
        .then((m) => m.createClient({ apiRoot, report }))
        .catch((error: unknown) => {
          client = null;
          throw error;
        });
      return client;
    },
    () => mockCart,
  );
}

/**
 * An api client over the page's `apiRoot`, and nothing else of a runtime: what a copy of the loader
 * that stays off (./global-taken.ts) reports through. A runtime would read the context again (its
 * warnings twice) and build a second cart store, which echoes the first one's tab sync.
 */
export const apiWithoutRuntime = (): Api => apiAt(readSiteContext().context, () => undefined);

/** A restrictive cookie policy keeps the cart out of web storage: memory only (docs/analytics.md). */
const mayUseWebStorage = (context: SiteContext): boolean =>
  !context.cookieSettings.isRestrictiveCookiePolicyEnabled;

/** Builds a page runtime. Nothing starts until {@link loadCartAtStart} and {@link startPlatform}. */
export const createPageRuntime = (options: PageRuntimeOptions = {}): PageRuntime =>
  runtimeOver(contextOf(options), options);

/**
 * The one place a runtime is put together, from its context and what the options give. The
 * page's own goes through here without the options' parsing, which the script tag never needs.
 */
function runtimeOver({ context, raw }: ContextOf, parts: PageRuntimeOptions): PageRuntime {
  const report = parts.report ?? reportError;
  const api = parts.api ?? apiAt(context, report);
  const store = parts.store ?? createCartStore({ api, webStorage: mayUseWebStorage(context) });
  const started = new Set<'cart' | 'platform'>();
  return { context, raw, report, api, store, choices: createProductChoices(), started, state: pageState() };
}

/**
 * Loads the cart into the runtime's store with the start-up time limit. Resolves either way, with
 * the read: the cart, or the failure and its message, which spec 000 §8 passes to the caller
 * (`Storefront.cart.load()`). A failure (an error status, no answer in time, an answer that is not
 * a cart) is reported as `CART_LOAD_FAILED` and left in the store's state for the widgets to show.
 */
export async function readCart({
  store,
  report,
}: Pick<PageRuntime, 'store' | 'report'>): Promise<ApiResult<ShoppingCart>> {
  try {
    const result = await store.getState().load(CART_START_TIMEOUT_MS);
    // The api's error as it is: its message is the text the widgets show (offline, timed out, the
    // server's own words), and the code says which read it was.
    if (!result.ok) report(result.error, { code: 'CART_LOAD_FAILED' });
    return result;
  } catch (error) {
    report(error, { code: 'CART_LOAD_FAILED' });
    return { ok: false, error: { kind: 'invalid-response', status: 0, message: apiText('tryAgain') } };
  }
}

/**
 * Reads the cart when spec 000 §4 says to (signed in, or a cart cookie), once per runtime, and
 * fetches the catalogue language as a published page does with its first read.
 */
export function loadCartAtStart(runtime: PageRuntime): void {
  if (runtime.started.has('cart')) return;
  runtime.started.add('cart');
  void loadTranslations(runtime.context.locale).catch(() => undefined);
  if (typeof document !== 'undefined' && shouldLoadCartAtStart(runtime.context)) void readCart(runtime);
}

/** Starts analytics, census and performance records once, at the next idle moment. */
export function startPlatform(runtime: PageRuntime): void {
  if (runtime.started.has('platform')) return;
  runtime.started.add('platform');
  const { context, raw, api, report } = runtime;
  import('./platform-api.js').then(
    (p) => p.start({ context, raw, api, report }),
    (error: unknown) => report(error, { code: 'CHUNK_LOAD_FAILED' }),
  );
}

/**
 * The page's runtime, from its `#sf-context` script, built on first use by the one builder above
 * and kept in the page's state: what the loader's widgets, the platform layer and a provider
 * without options share.
 */
export const getPageRuntime = (): PageRuntime => (pageState().runtime ??= runtimeOver(pageContext(), {}));

/** The page runtime's api client (rooted at the site context's `apiRoot`), each group loaded on first use. */
export const getApi = (): Api => getPageRuntime().api;

/** The page runtime's cart store: the one every widget on the page shares. */
export const getCartStore = (): CartStore => getPageRuntime().store;
