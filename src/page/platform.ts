/**
 * The platform layer's tracking (spec 000 §4, §7; spec 001): for one page view, whether it may
 * be tracked, the visitor's identity, the census, the pixel, the performance records and the
 * commerce events of the widgets' events, joined here. ./platform-start.ts builds it from the
 * page at an idle moment once the widgets are interactive, so nothing here delays a widget.
 *
 * When tracking is skipped (spec 000 §4: census off, a non-viewer account, an untracked page
 * type) no analytics request is made at all; widget events are dropped. Every send is
 * fire-and-forget and its failure silently ignored (spec 000 §8).
 */
import { PAGE_TYPES, PLATFORM_FLAGS } from './constants.js';
import type { AnalyticsApi } from '../api/analytics.js';
import type { JsonRecord } from '../result.js';
import type { AnalyticsEvent } from './analytics.js';
import { pageViewData, pageViewTracked, trackingAllowed, PAGE_VIEW_EVENT } from './census.js';
import { canonicalLocale, type SiteContext } from './context.js';
import { readCookie } from './cookies.js';
import {
  COMMERCE_SCHEMA,
  COMMERCE_SHOPPING_EVENTS,
  PIXEL_SCHEMA,
  RECORD_EVENT_NAMES,
  VISITOR_METRICS,
  eventRecord,
  firePixel,
  type AnalyticsEventRecord,
  type PageSnapshot,
  type PixelEventName,
  type RecordBase,
} from './events.js';
import { siteFlags } from './flags.js';
import {
  ANALYTICS_COOKIES,
  analyticsId,
  forgetIdentity,
  sessionInfo,
  visitorIdentity,
  type IdentityEnv,
  type SessionInfo,
  type VisitorIdentity,
} from './identity.js';
import { browserPerformanceHooks, startPerformance, type PerformanceRecord } from './performance.js';
import { readEnvironment, readOptionalText, readPageType } from './platform-keys.js';
import { PURCHASE_PAGE_TYPES, firstPurchases, readPurchase } from './purchase.js';
import { parseQuery } from './query.js';
import { loginId } from './page-state.js';

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
  const explicit = readOptionalText(raw, 'locale');

  const base: RecordBase = {
    websiteId: context.websiteId ?? null,
    memberAccountId: context.authenticatedAccountId ?? null,
    templateId: context.templateId ?? null,
    websiteLocale: context.locale,
    memberLocale: readOptionalText(raw, 'memberLocale'),
    // The page's own locale as the context took it (canonical), or none where it was refused:
    // the record's resolved locale then falls back to the document language (spec 001 §3).
    explicitLocale: explicit && canonicalLocale(explicit),
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
    const sendRecords = (records: readonly PerformanceRecord[], hidden: boolean) => {
      const body = JSON.stringify(records);
      try {
        // A string body goes as text/plain: no preflight, and the endpoint reads it as JSON.
        if (deps.sendBeacon?.(url, body)) return;
      } catch {
        // Refused: the request below, kept alive past the page's unload once it is hidden.
      }
      quiet(api.performanceRecords(records, { keepalive: hidden }));
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

  // A purchase is recorded once per order whatever the reloads (./purchase.ts), remembered in
  // session storage under a restrictive policy.
  const firstRecord = firstPurchases(
    () => (restrictive ? deps.identity.session() : deps.identity.local()),
    () => deps.identity.now(),
  );

  const handle = (event: AnalyticsEvent): void => {
    // Each call's records are its own: an `sf:pixel` listener may track again from inside this
    // one, and that inner call sends its batch and gives the outer one back.
    const outer = batch;
    const records: AnalyticsEventRecord[] = (batch = []);
    try {
      // A product page view counts only on a product's own page, the content-item page (type 50):
      // a product block elsewhere draws a form but is not a product page (docs/analytics.md).
      if (event.type === 'product-page-viewed' && pageType !== PAGE_TYPES.contentItem) return;
      if (event.type === 'purchase' && !firstRecord(event.orderId)) return;
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
      batch = outer;
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
