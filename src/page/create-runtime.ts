/**
 * One page runtime, two doors: the site context, the error reporter, the api client, the cart
 * store, the platform layer and the shoppers' product choices, built once by
 * {@link createPageRuntime}. The script tag's runtime (./runtime.ts) builds the page's from the
 * `#sf-context` script; the npm `StorefrontProvider` builds one from its props. Both then read
 * the cart at start under the same cookie rules (spec 000 §4) and start the same platform layer.
 *
 * This is the one place that reads `#sf-context` and the one holder of page-wide state: the
 * page's api client, cart store and choices are the page runtime's, built here once. Everything
 * else is handed a runtime (the widgets through their env or the provider) or asks
 * {@link getPageRuntime} for the page's.
 */
import { CONTEXT_SCRIPT_ID } from '../contract.js';
import type { Api } from '../api/page.js';
import { createPageApi } from '../api/page.js';
import type { ApiClient } from '../api/client.js';
import { loadTranslations } from '../messages/catalogues.js';
import { createCartStore, type CartStore } from '../store/index.js';
import { shouldLoadCartAtStart } from './cookies.js';
import { createProductChoices, type ProductChoices } from './choices.js';
import {
  DEFAULT_CONTEXT,
  normalizeApiRoot,
  parseSiteContext,
  readSiteContext,
  type SiteContext,
} from './context.js';
import { reportError } from './runtime.js';

/**
 * The time limit of the cart read at page start, in ms: a read at page start holds
 * `data-sf-ready` (the add buttons) until it settles, so it gets less than other calls' 10 s.
 */
export const CART_START_TIMEOUT_MS = 5000;

export type Report = (error: unknown, info?: Record<string, string>) => void;

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

/** The site context from options: the given object, else the page's script, with overrides. */
function contextOf(options: PageRuntimeOptions): Pick<PageRuntime, 'context' | 'raw'> {
  let context = DEFAULT_CONTEXT;
  let raw: PageRuntime['raw'] = null;
  if (options.context !== undefined) {
    const parsed = parseSiteContext(options.context);
    warnAbout(parsed.issues);
    ({ context, raw } = parsed);
  } else if (typeof document !== 'undefined') {
    ({ context, raw } = readSiteContext());
  }
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

/** Builds a page runtime. Nothing starts until {@link loadCartAtStart} and {@link startPlatform}. */
export function createPageRuntime(options: PageRuntimeOptions = {}): PageRuntime {
  const { context, raw } = contextOf(options);
  const report = options.report ?? reportError;
  const api = options.api ?? apiAt(context, report);
  const store = options.store ?? createCartStore({ api });
  return { context, raw, report, api, store, choices: createProductChoices() };
}

/**
 * Loads the cart into the runtime's store with the start-up time limit. Resolves either way: a
 * failure (an error status, no answer in time, an answer that is not a cart) is reported as
 * `CART_LOAD_FAILED` and left in the store's state for the widgets to show.
 */
export async function readCart({ store, report }: Pick<PageRuntime, 'store' | 'report'>): Promise<void> {
  try {
    const result = await store.getState().load(CART_START_TIMEOUT_MS);
    // The api's error as it is: its message is the text the widgets show (offline, timed out, the
    // server's own words), and the code says which read it was.
    if (!result.ok) report(result.error, { code: 'CART_LOAD_FAILED' });
  } catch (error) {
    report(error, { code: 'CART_LOAD_FAILED' });
  }
}

// What the npm provider starts, once per runtime (a strict-mode effect runs twice). The loader
// starts the page's itself (loader/loader.ts), so none of this is in the script tag's start path.
const cartReadFor = new WeakSet<PageRuntime>();
const platformStartedFor = new WeakSet<PageRuntime>();

/**
 * Reads the cart when spec 000 §4 says to (signed in, or a cart cookie), once per runtime, and
 * fetches the catalogue language as a published page does with its first read.
 */
export function loadCartAtStart(runtime: PageRuntime): void {
  if (cartReadFor.has(runtime)) return;
  cartReadFor.add(runtime);
  void loadTranslations(runtime.context.locale).catch(() => undefined);
  if (typeof document !== 'undefined' && shouldLoadCartAtStart(runtime.context)) void readCart(runtime);
}

/** Starts analytics, census and performance records once, at the next idle moment. */
export function startPlatform(runtime: PageRuntime): void {
  if (platformStartedFor.has(runtime)) return;
  platformStartedFor.add(runtime);
  const { context, raw, api, report } = runtime;
  import('./platform-api.js').then(
    (p) => p.start({ context, raw, api, report }),
    (error: unknown) => report(error, { code: 'CHUNK_LOAD_FAILED' }),
  );
}

let page: PageRuntime | null = null;

/**
 * The page's runtime, from its `#sf-context` script, built on first use: what the loader's
 * widgets, the platform layer and a provider without options share.
 */
export function getPageRuntime(): PageRuntime {
  if (!page) {
    const { context, issues, raw } = readSiteContext();
    // A malformed context still gives a working page (defaults); the owner should hear of it.
    if (issues.length > 0 && typeof document !== 'undefined' && document.getElementById(CONTEXT_SCRIPT_ID))
      warnAbout(issues);
    const api = apiAt(context, reportError);
    page = {
      context,
      raw,
      report: reportError,
      api,
      store: createCartStore({ api }),
      choices: createProductChoices(),
    };
  }
  return page;
}

/** The page runtime's api client (rooted at the site context's `apiRoot`), each group loaded on first use. */
export const getApi = (): Api => getPageRuntime().api;

/** The page runtime's cart store: the one every widget on the page shares. */
export const getCartStore = (): CartStore => getPageRuntime().store;
