/**
 * The platform layer at run time: census, visitor identity, events, pixel, performance records,
 * sessions and flags, joined here. The runtime loads this chunk only after the page's widgets
 * are interactive (`platform()` in ./runtime.ts, started by the loader once its first mount has
 * settled), and `start` waits for an idle moment besides, so nothing here delays a widget.
 *
 * When tracking is skipped (spec 000 §4: census off, a non-viewer account, an untracked page
 * type) no analytics request is made at all; widget events are dropped. Every send is
 * fire-and-forget and its failure silently ignored (spec 000 §8).
 */
import { PAGE_TYPES, PLATFORM_FLAGS } from './constants.js';
import type { AnalyticsApi } from '../api/analytics.js';
import { isRecord, type JsonRecord } from '../result.js';
import {
  connectPlatform,
  type AnalyticsEvent,
  type AnalyticsSink,
  type PurchaseCompleted,
} from './analytics.js';
import { batchedSends, createBeaconQueue, flushWhenHidden } from './beacons.js';
import { pageViewData, pageViewTracked, trackingAllowed, PAGE_VIEW_EVENT } from './census.js';
import type { SiteContext } from './context.js';
import { getPageRuntime } from './create-runtime.js';
import { readCookie } from './cookies.js';
import {
  COMMERCE_SCHEMA,
  COMMERCE_SHOPPING_EVENTS,
  ENVIRONMENTS,
  PIXEL_SCHEMA,
  RECORD_EVENT_NAMES,
  VISITOR_METRICS,
  createVisitorEventSender,
  eventRecord,
  firePixel,
  type AnalyticsEventRecord,
  type Environment,
  type PageSnapshot,
  type PixelEventName,
  type RecordBase,
} from './events.js';
import {
  addressOverrides,
  createFlags,
  flagDefinitions,
  siteFlags,
  type FlagResult,
  type Flags,
} from './flags.js';
import {
  ANALYTICS_COOKIES,
  analyticsId,
  firstRecordOfOrder,
  forgetIdentity,
  pageIdentityEnv,
  sessionInfo,
  visitorIdentity,
  type IdentityEnv,
  type SessionInfo,
  type VisitorIdentity,
} from './identity.js';
import { browserPerformanceHooks, startPerformance, type PerformanceRecord } from './performance.js';
import { parseQuery } from './query.js';
import { reportError } from './create-runtime.js';
import { loginId } from './site-user.js';
import { pageState } from './page-state.js';
import { networkError } from '../api/texts.js';
import type { ApiResult } from '../api/types.js';

/**
 * The session calls (`Storefront.account`) load with their first use: most page views never sign
 * anyone in. A chunk that cannot load answers like a request that could not be sent.
 */
const sessions = () => import('./session.js');
const unsent = (): ApiResult<never> => ({ ok: false, error: networkError() });
export const login: typeof import('./session.js').login = (...args) =>
  sessions().then((m) => m.login(...args), unsent);
export const logout: typeof import('./session.js').logout = (...args) =>
  sessions().then((m) => m.logout(...args), unsent);
// `Storefront.track` of the loader's global reaches the widgets' queue through this chunk.
export { track } from './analytics.js';

/** Page-type code of spec 001 §2 from the context key `pageType`, or null. */
export const readPageType = (raw: JsonRecord | null): number | null => {
  const v = raw?.['pageType'];
  return typeof v === 'number' && Number.isInteger(v) ? v : null;
};

const readEnvironment = (raw: JsonRecord | null): Environment => {
  const v = raw?.['environment'];
  return ENVIRONMENTS.includes(v as Environment) ? (v as Environment) : 'prod';
};

/** Path of the site-visitor events endpoint on an events host (spec 001 §7). */
export const VISITOR_EVENTS_PATH = '/api/v1/clanker/events';

/**
 * Where site-visitor events go (spec 001 §7: the host differs per environment, dev, QA/staging
 * and prod). The context key `visitorEventHosts` maps an environment to an http(s) origin; QA
 * and staging share one host, so either key serves both. Without a host for the page's
 * environment the events go to the site's own api root.
 */
export function visitorEventsUrl(apiRoot: string, raw: JsonRecord | null): string {
  const hosts = raw?.['visitorEventHosts'];
  const env = readEnvironment(raw);
  const shared = env === 'qa' ? 'staging' : env === 'staging' ? 'qa' : env;
  if (isRecord(hosts)) {
    for (const key of [env, shared]) {
      const host = hosts[key];
      if (typeof host !== 'string') continue;
      try {
        const url = new URL(VISITOR_EVENTS_PATH, host);
        if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
      } catch {
        // Not an address: the next key, else the api root.
      }
    }
  }
  return `${apiRoot}v1/clanker/events`;
}

const readOptionalText = (raw: JsonRecord | null, key: string): string | null => {
  const v = raw?.[key];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
};

/** Pages that confirm an order (spec 001 §2): order confirmed, subscription confirmed, order received. */
const PURCHASE_PAGE_TYPES: readonly number[] = [
  PAGE_TYPES.orderConfirmed,
  PAGE_TYPES.subscriptionConfirmed,
  PAGE_TYPES.orderReceived,
];

/**
 * The order a confirmation page names in its context key `purchase`, in the shape of the
 * `purchase` event (`{ orderId, amount?, currency? }`, amount in minor units), or null.
 */
export function readPurchase(raw: JsonRecord | null): PurchaseCompleted | null {
  const p = raw?.['purchase'];
  if (!isRecord(p) || typeof p['orderId'] !== 'string' || p['orderId'] === '') return null;
  const amount = p['amount'];
  const currency = p['currency'];
  return {
    type: 'purchase',
    orderId: p['orderId'],
    ...(typeof amount === 'number' && Number.isInteger(amount) && { amount }),
    ...(typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) && { currency }),
  };
}

/** Everything the platform reads from the page; tests build their own. */
export interface PlatformDeps {
  readonly win: Window & typeof globalThis;
  readonly doc: Document;
  readonly context: SiteContext;
  readonly raw: JsonRecord | null;
  readonly api: Pick<
    AnalyticsApi,
    | 'recordHit'
    | 'recordEvent'
    | 'recordQuickView'
    | 'formRender'
    | 'buttonRender'
    | 'buttonClick'
    | 'overlay'
    | 'performanceSettings'
    | 'performanceRecords'
  >;
  readonly identity: IdentityEnv;
  readonly sendVisitorEvents: (
    events: readonly AnalyticsEventRecord[],
    opts?: { beacon?: boolean },
  ) => Promise<void>;
  readonly sendBeacon: ((url: string, data: BodyInit) => boolean) | null;
  readonly report: (error: unknown, info?: Record<string, string>) => void;
  /** Collect performance records. @default true */
  readonly performance?: boolean | undefined;
}

export interface Platform {
  /** Whether this page view may be tracked at all. */
  readonly tracking: boolean;
  readonly visitor: VisitorIdentity;
  /** Null when tracking is skipped or the cookie policy is restrictive (nothing read or written). */
  readonly session: SessionInfo | null;
  /** Null when tracking is skipped or the cookie policy is restrictive. */
  readonly analyticsId: string | null;
  /** Receives widget events; never throws. */
  handle(event: AnalyticsEvent): void;
}

const quiet = (promise: Promise<unknown> | undefined | void): void => {
  // Analytics failures are silently ignored (spec 000 §8).
  void promise?.catch?.(() => undefined);
};

export function createPlatform(deps: PlatformDeps): Platform {
  const { win, doc, context, raw, api } = deps;
  const pathname = win.location.pathname;
  const pageType = readPageType(raw);
  // The flags as `Storefront.flags` reads them: the address's overrides count here too.
  const flags = siteFlags(context.features, raw?.['experiments'], win.location.search);
  const tracking = trackingAllowed({ context, pageType, pathname, flags });
  // The policy is honoured whether or not this page is tracked: the cookies go either way.
  const restrictive = context.cookieSettings.isRestrictiveCookiePolicyEnabled;
  // A restrictive policy stores no identifier at all: the census cookies, the analytics and
  // session ids and the storage markers are removed and none is written. Events and the census
  // still go, without ids (CONTRIBUTING, departures).
  if (restrictive) forgetIdentity(deps.identity);
  if (!tracking) {
    return {
      tracking,
      visitor: restrictive
        ? visitorIdentity(deps.identity, true)
        : { mode: 'standard', visitorId: null, visitId: null },
      session: null,
      analyticsId: null,
      handle: () => undefined,
    };
  }

  const visitor = visitorIdentity(deps.identity, restrictive);
  const session = restrictive ? null : sessionInfo(deps.identity);
  const aid = restrictive ? null : analyticsId(deps.identity);
  const query = parseQuery(win.location.search);

  const base: RecordBase = {
    websiteId: context.websiteId ?? null,
    memberAccountId: context.authenticatedAccountId ?? null,
    templateId: context.templateId ?? null,
    websiteLocale: context.locale,
    memberLocale: readOptionalText(raw, 'memberLocale'),
    explicitLocale: readOptionalText(raw, 'locale'),
    analyticsId: aid,
    marketingId: readCookie(ANALYTICS_COOKIES.marketingId, doc),
    sessionId: session?.sessionId ?? null,
    environment: readEnvironment(raw),
  };
  const snapshot = (): PageSnapshot => ({
    pathname: win.location.pathname,
    hash: win.location.hash,
    search: query,
    referrer: doc.referrer,
    userAgent: win.navigator.userAgent,
    browserLanguage: win.navigator.language ?? null,
    documentLanguage: doc.documentElement.lang || null,
    width: win.innerWidth,
    height: win.innerHeight,
    now: deps.identity.now(),
  });

  // Site-visitor events of one widget event (its commerce event and its pixel) share one request.
  let batch: AnalyticsEventRecord[] | null = null;
  const sendRecord = (record: AnalyticsEventRecord): void => {
    if (batch) batch.push(record);
    else quiet(deps.sendVisitorEvents([record]));
  };

  // The pixel-style tracker (spec 000 §7) records each pixel event as a site-visitor event of its
  // own schema, and announces it on the page for a marketing pixel to forward.
  const pixel = (event: PixelEventName, data: Readonly<Record<string, unknown>>) => {
    firePixel(doc, event, data);
    sendRecord(
      eventRecord(base, snapshot(), { eventName: event, customSchemaName: PIXEL_SCHEMA, payload: data }),
    );
  };

  if (pageViewTracked({ context, pageType, pathname, flags })) {
    quiet(
      api.recordHit({
        event: PAGE_VIEW_EVENT,
        data: pageViewData({
          context,
          href: win.location.href,
          userAgent: win.navigator.userAgent,
          now: deps.identity.now(),
          viewport: { width: win.innerWidth, height: win.innerHeight },
          screen: { width: win.screen?.width ?? 0, height: win.screen?.height ?? 0 },
          mode: visitor.mode,
        }),
        ss_cvr: visitor.visitorId ?? undefined,
      }),
    );
  } else if (pathname === '/search' || pathname.startsWith('/search/')) {
    pixel('Search', { search_string: query['q'] ?? '' });
  }

  if (deps.performance !== false) {
    const url = `${context.apiRoot}1/performance/records`;
    const sendRecords = (records: readonly PerformanceRecord[]) => {
      const body = JSON.stringify(records);
      try {
        // A string body goes as text/plain: no preflight, and the endpoint reads it as JSON.
        if (deps.sendBeacon?.(url, body)) return;
      } catch {
        // Refused: the request below.
      }
      quiet(api.performanceRecords(records));
    };
    try {
      startPerformance({
        ...browserPerformanceHooks(win),
        settings: () => api.performanceSettings(),
        send: sendRecords,
        report: deps.report,
        now: () => deps.identity.now(),
        setTimeout: (fn, ms) => win.setTimeout(fn, ms),
      });
    } catch {
      // A browser without the timing APIs simply sends no performance records.
    }
  }

  const visitorMetrics = flags.toggle(PLATFORM_FLAGS.visitorMetrics).value;
  const visitorCookie = visitor.visitorId ?? undefined;

  // The page fields of the button census (spec 000 §7), beside the visitor cookie.
  const pageFields = () => ({
    visitorCookie,
    website: context.websiteId ?? null,
    page: win.location.href,
  });

  const shoppingEvent = (name: string, itemId: string | null, payload: Record<string, unknown>) =>
    sendRecord(
      eventRecord(base, snapshot(), {
        eventName: name,
        customSchemaName: COMMERCE_SCHEMA,
        objectIdentifier: itemId,
        payload: {
          ...payload,
          siteUserId: context.authenticatedAccountId ?? null,
          loginId: loginId() ?? context.authenticatedAccountId ?? null,
          sessionId: session?.sessionId ?? null,
        },
      }),
    );

  // Orders whose purchase this page has recorded, beside those the browser remembers.
  const recordedOrders = new Set<string>();
  /**
   * A purchase is recorded once per order whatever the reloads (docs/analytics.md): the order id
   * is remembered with an expiry, in local storage, or session storage under a restrictive policy.
   */
  const firstRecord = (orderId: string): boolean => {
    if (recordedOrders.has(orderId)) return false;
    recordedOrders.add(orderId);
    const storage = restrictive ? deps.identity.session() : deps.identity.local();
    return firstRecordOfOrder(storage, orderId, deps.identity.now());
  };

  const handle = (event: AnalyticsEvent): void => {
    // A product page view counts only on a product's own page, the content-item page (type 50):
    // a product block elsewhere draws a form but is not a product page (docs/analytics.md).
    if (event.type === 'product-page-viewed' && pageType !== PAGE_TYPES.contentItem) return;
    if (event.type === 'purchase' && !firstRecord(event.orderId)) return;
    batch = [];
    try {
      const itemId = 'itemId' in event ? event.itemId : null;
      const details: Record<string, unknown> = { ...event };
      delete details['type'];
      const commerce = COMMERCE_SHOPPING_EVENTS[event.type as keyof typeof COMMERCE_SHOPPING_EVENTS];
      if (commerce) shoppingEvent(commerce, itemId, details);
      const metric = VISITOR_METRICS[event.type as keyof typeof VISITOR_METRICS];
      if (metric && visitorMetrics) {
        quiet(
          api.recordEvent({
            event: RECORD_EVENT_NAMES.visitorMetrics,
            data: { eventName: metric, ...details },
          }),
        );
      }
      switch (event.type) {
        case 'product-page-viewed':
          pixel('ViewContent', { content_ids: [event.itemId], content_type: 'product' });
          break;
        case 'item-added':
          pixel('AddToCart', { content_ids: [event.itemId], sku: event.sku, quantity: event.quantity });
          break;
        case 'quick-view':
          quiet(api.recordQuickView(event.itemId));
          break;
        case 'form-rendered':
          quiet(api.formRender({ formId: event.formId, visitorCookie }));
          break;
        case 'button-rendered':
          quiet(api.buttonRender({ ...pageFields(), button: event.button, itemId: event.itemId }));
          break;
        case 'button-clicked':
          quiet(api.buttonClick({ ...pageFields(), button: event.button, itemId: event.itemId }));
          break;
        case 'overlay-opened':
          quiet(api.overlay({ visitorCookie }));
          break;
        case 'account-created':
          pixel('CompleteRegistration', {});
          break;
        case 'newsletter-subscribed':
          pixel('Lead', { formId: event.formId });
          quiet(
            api.recordEvent({
              event: RECORD_EVENT_NAMES.newsletter,
              data: { eventName: RECORD_EVENT_NAMES.newsletter, formId: event.formId },
            }),
          );
          break;
        case 'purchase':
          pixel('Purchase', { orderId: event.orderId, value: event.amount, currency: event.currency });
          quiet(
            api.recordEvent({
              event: RECORD_EVENT_NAMES.purchase,
              data: { eventName: RECORD_EVENT_NAMES.purchase, ...details },
            }),
          );
          break;
        default:
          break;
      }
    } catch {
      // Analytics never breaks the page.
    } finally {
      const records = batch;
      batch = null;
      if (records.length > 0) quiet(deps.sendVisitorEvents(records));
    }
  };

  // Conversions the page itself confirms (spec 000 §7): an order or subscription confirmation
  // with the order in its context records the purchase; a membership confirmation, the account
  // just created.
  // The overlay census counts the platform's popup overlay (page type 104, section type 3),
  // which the platform shows as a page of its own; the widgets' lightboxes are not counted.
  if (pageType === PAGE_TYPES.popupOverlay) handle({ type: 'overlay-opened' });
  if (pageType !== null && PURCHASE_PAGE_TYPES.includes(pageType)) {
    const purchase = readPurchase(raw);
    if (purchase) handle(purchase);
  } else if (pageType === PAGE_TYPES.membershipConfirmed) {
    handle({ type: 'account-created' });
  }

  return { tracking, visitor, session, analyticsId: aid, handle };
}

/**
 * What a page runtime hands the platform: its context (parsed, and as given: the platform keys
 * `pageType`, `experiments`, … live there), api and reporter.
 */
export interface PlatformRuntime {
  readonly context: SiteContext;
  readonly raw: JsonRecord | null;
  readonly api: PlatformDeps['api'];
  readonly report: PlatformDeps['report'];
}

/** The dependencies of the page's platform: a runtime's (the page's, or the npm provider's). */
export function pageDeps(
  win: Window & typeof globalThis = globalThis.window,
  runtime: PlatformRuntime = getPageRuntime(),
): PlatformDeps {
  const doc = win.document;
  const { context, raw, api, report } = runtime;
  let beacon: ((url: string, data: BodyInit) => boolean) | null = null;
  try {
    if (typeof win.navigator.sendBeacon === 'function') beacon = win.navigator.sendBeacon.bind(win.navigator);
  } catch {
    beacon = null;
  }
  // Events and census leave in batches, at most one request a second (./beacons.ts).
  const queue = createBeaconQueue();
  flushWhenHidden(win, queue);
  const batched = batchedSends({
    api,
    sendVisitorEvents: createVisitorEventSender({
      url: visitorEventsUrl(context.apiRoot, raw),
      sendBeacon: beacon,
    }),
    apiRoot: context.apiRoot,
    sendBeacon: beacon,
    queue,
  });
  return {
    win,
    doc,
    context,
    raw,
    api: batched.api,
    identity: pageIdentityEnv(doc),
    sendVisitorEvents: batched.sendVisitorEvents,
    sendBeacon: beacon,
    report,
  };
}

/** Runs `fn` once the page has loaded and the browser is idle (or after 2 s at the latest). */
export function whenIdle(win: Window & typeof globalThis, fn: () => void): void {
  const idle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => fn(), { timeout: 2000 });
    else win.setTimeout(fn, 1);
  };
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}

/**
 * Connects `handle` to the widget events, handing over those queued before it one per task: a
 * page of 100 product blocks queues an event per block, and sending them all from the idle
 * callback would make one task of them (docs/performance.md). Events tracked meanwhile wait their turn.
 * `later` runs the next turn. @default a timer
 */
export function connectInTurns(
  handle: AnalyticsSink,
  later: (fn: () => void) => void = (fn) => void setTimeout(fn),
): void {
  const queued: AnalyticsEvent[] = [];
  connectPlatform((event) => void queued.push(event));
  const next = (): void => {
    const event = queued.shift();
    if (!event) return connectPlatform(handle);
    handle(event);
    later(next);
  };
  next();
}

/**
 * Starts the page's platform layer once (later calls do nothing): at the next idle moment after
 * load it reads the identity, records the page view, starts the performance records and takes
 * over the widget events queued by `track`. A page has one platform layer, whichever runtime
 * starts it first: it is the page's state (./page-state.ts).
 */
export function start(runtime?: PlatformRuntime): void {
  if (typeof window === 'undefined') return;
  const page = pageState();
  if (page.platformStarted) return;
  page.platformStarted = true;
  whenIdle(window, () => {
    try {
      const platform = (page.platform = createPlatform(pageDeps(window, runtime)));
      connectInTurns(platform.handle);
    } catch (error) {
      reportError(error, { code: 'PLATFORM_FAILED' });
    }
  });
}

/** The started platform (null until `start` has run); for tests and debugging. */
export const current = (): Platform | null => pageState().platform ?? null;

/** The page's flags (its state keeps them): the site context's definitions with the address's overrides. */
export function flags(): Flags {
  const { context, raw, state } = getPageRuntime();
  return (state.flags ??= createFlags({
    definitions: raw === null ? null : flagDefinitions(context.features, raw['experiments']),
    overrides: addressOverrides(),
  }));
}

/** `Storefront.flags.toggle(name, fallback?)`. */
export const toggle = (name: string, fallback?: boolean): FlagResult<boolean> =>
  flags().toggle(name, fallback);
/** `Storefront.flags.variant(name, fallback)`. */
export const variant = (name: string, fallback: string): FlagResult<string> =>
  flags().variant(name, fallback);
