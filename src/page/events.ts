/**
 * Analytics events (spec 000 §7, spec 001 §3, §7, §8): the analytics event record, the
 * site-visitor event sender (beacon or fetch; 200 and 202 are success), and the tables that say
 * which storefront happening becomes which commerce shopping event, pixel event or visitor
 * metric. Sending decisions (tracking allowed, flags) live in ./platform.ts.
 */
import { EVENTS } from '../contract.js';
import { TRACKER_VERSIONS } from './constants.js';
import { DIAGNOSTICS } from '../messages/diagnostics.js';
import { format } from '../messages/format.js';
import type { AnalyticsEvent } from './analytics.js';

/** Event sources and environments of spec 001 §3. */
export const EVENT_SOURCE = 'WEB';
export const ENVIRONMENTS = ['dev', 'qa', 'staging', 'prod'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** The analytics event record of spec 001 §3, as sent to the site-visitor events endpoint. */
export interface AnalyticsEventRecord {
  readonly eventName: string;
  readonly eventSource: typeof EVENT_SOURCE;
  readonly websiteId: string | null;
  readonly memberAccountId: string | null;
  readonly templateId: string | null;
  readonly variantId: string | null;
  readonly websiteLocale: string;
  readonly memberLocale: string | null;
  /** Trailing slash removed (the root stays `/`). */
  readonly pagePath: string;
  readonly pageHash: string;
  /** Null under a restrictive cookie policy: the visitor has no analytics identity then. */
  readonly analyticsId: string | null;
  readonly marketingId: string | null;
  /** Null under a restrictive cookie policy. */
  readonly sessionId: string | null;
  readonly browserLanguage: string | null;
  readonly windowSize: { readonly width: number; readonly height: number };
  readonly userAgent: string;
  readonly referrer: string;
  readonly queryParams: Readonly<Record<string, string>>;
  /** Milliseconds since the epoch. */
  readonly timestamp: number;
  readonly customSchemaName: string;
  readonly sourceEnvironment: Environment;
  readonly destinationUrl: string | null;
  readonly objectIdentifier: string | null;
  /** The site's locale when the page set a valid one, else the document language, else en-US. */
  readonly resolvedLocale: string;
  readonly trackerVersion: string;
  readonly collectorVersion: string;
  readonly payload: Readonly<Record<string, unknown>>;
}

/** What every record of one page view shares. */
export interface RecordBase {
  readonly websiteId: string | null;
  readonly memberAccountId: string | null;
  readonly templateId: string | null;
  readonly websiteLocale: string;
  readonly memberLocale: string | null;
  /** The locale the page set explicitly, if any, as the site context accepted it (canonical). */
  readonly explicitLocale: string | null;
  readonly analyticsId: string | null;
  readonly marketingId: string | null;
  readonly sessionId: string | null;
  readonly environment: Environment;
}

/** Spec 001 §3: the page path loses its trailing slash; `/` itself stays. */
export function pagePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Spec 001 §3: the resolved locale falls back to the document language, then en-US. */
export function resolveLocale(
  explicit: string | null | undefined,
  documentLanguage: string | null | undefined,
): string {
  if (explicit) return explicit;
  const lang = (documentLanguage ?? '').trim();
  return lang === '' ? 'en-US' : lang;
}

/** A snapshot of the page the record describes; tests pass their own. */
export interface PageSnapshot {
  readonly pathname: string;
  readonly hash: string;
  readonly search: Readonly<Record<string, string>>;
  readonly referrer: string;
  readonly userAgent: string;
  readonly browserLanguage: string | null;
  readonly documentLanguage: string | null;
  readonly width: number;
  readonly height: number;
  readonly now: number;
}

export interface RecordInput {
  readonly eventName: string;
  readonly customSchemaName: string;
  readonly objectIdentifier?: string | null | undefined;
  readonly destinationUrl?: string | null | undefined;
  readonly variantId?: string | null | undefined;
  readonly payload?: Readonly<Record<string, unknown>> | undefined;
}

export function eventRecord(base: RecordBase, page: PageSnapshot, input: RecordInput): AnalyticsEventRecord {
  return {
    eventName: input.eventName,
    eventSource: EVENT_SOURCE,
    websiteId: base.websiteId,
    memberAccountId: base.memberAccountId,
    templateId: base.templateId,
    variantId: input.variantId ?? null,
    websiteLocale: base.websiteLocale,
    memberLocale: base.memberLocale,
    pagePath: pagePath(page.pathname),
    pageHash: page.hash,
    analyticsId: base.analyticsId,
    marketingId: base.marketingId,
    sessionId: base.sessionId,
    browserLanguage: page.browserLanguage,
    windowSize: { width: page.width, height: page.height },
    userAgent: page.userAgent,
    referrer: page.referrer,
    queryParams: page.search,
    timestamp: page.now,
    customSchemaName: input.customSchemaName,
    sourceEnvironment: base.environment,
    destinationUrl: input.destinationUrl ?? null,
    objectIdentifier: input.objectIdentifier ?? null,
    resolvedLocale: resolveLocale(base.explicitLocale, page.documentLanguage),
    trackerVersion: TRACKER_VERSIONS.client,
    collectorVersion: TRACKER_VERSIONS.collector,
    payload: input.payload ?? {},
  };
}

export interface VisitorEventSenderOptions {
  /** The site-visitor events endpoint. */
  readonly url: string;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch | undefined;
  /** @default navigator.sendBeacon, when the browser has it */
  readonly sendBeacon?: ((url: string, data: BodyInit) => boolean) | null | undefined;
}

/** Spec 001 §8: the statuses the events endpoint answers on success. */
export const EVENT_SUCCESS_STATUSES: readonly number[] = [200, 202];

/**
 * Sends site-visitor events. With `beacon` (the page is going away) the browser queues them and
 * the promise resolves once it accepted them; otherwise, or when the beacon is refused, a
 * keep-alive fetch sends them, and any status but 200 or 202 rejects with
 * "Error tracking event: HTTP Status {code}".
 */
export function createVisitorEventSender(options: VisitorEventSenderOptions) {
  const beaconOf = (): ((url: string, data: BodyInit) => boolean) | null => {
    if (options.sendBeacon !== undefined) return options.sendBeacon;
    try {
      const nav = globalThis.navigator;
      return typeof nav?.sendBeacon === 'function' ? nav.sendBeacon.bind(nav) : null;
    } catch {
      return null;
    }
  };
  return async (events: readonly AnalyticsEventRecord[], opts: { beacon?: boolean } = {}): Promise<void> => {
    if (events.length === 0) return;
    // A string body goes as text/plain, by beacon and by fetch alike: a request an events host on
    // another origin takes with no preflight, and the endpoint reads it as JSON.
    const body = JSON.stringify(events.length === 1 ? events[0] : events);
    if (opts.beacon) {
      const beacon = beaconOf();
      try {
        if (beacon?.(options.url, body)) return;
      } catch {
        // Refused (too large, or no beacon in this context): fetch below.
      }
    }
    const send = options.fetch ?? globalThis.fetch;
    const response = await send(options.url, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      keepalive: true,
    });
    if (!EVENT_SUCCESS_STATUSES.includes(response.status)) {
      throw new Error(format(DIAGNOSTICS.trackingHttpStatus, { code: response.status }));
    }
  };
}

/** The commerce shopping events of spec 000 §7 and the storefront happening behind each. */
export const COMMERCE_SHOPPING_EVENTS = {
  'product-page-viewed': 'VisitPDP',
  'item-added': 'AddToCart',
  'cart-viewed': 'ViewCart',
  'item-removed': 'RemoveFromCart',
  'reviews-tab': 'ReviewsTab',
  'reviews-anchor-link': 'ReviewsVitalsAnchorLink',
} as const satisfies Partial<Record<AnalyticsEvent['type'], string>>;

/** Schema name of commerce shopping event records. */
export const COMMERCE_SCHEMA = 'commerce_shopping_event';

/** The pixel-style tracker's event names (spec 000 §7). */
export const PIXEL_EVENTS = [
  'AddToCart',
  'Search',
  'Lead',
  'ViewContent',
  'Purchase',
  'CompleteRegistration',
] as const;
export type PixelEventName = (typeof PIXEL_EVENTS)[number];

/** Schema name of the pixel-style tracker's records. */
export const PIXEL_SCHEMA = 'pixel_event';

/** `detail` of the `sf:pixel` event on `document`. */
export interface PixelEventDetail {
  readonly event: PixelEventName;
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * The pixel-style tracker: announces `sf:pixel` on `document` with `{ event, data }`, so a site's
 * marketing pixel can forward it (`Storefront.on('pixel', ({ event, data }) => fbq('track', event,
 * data))`) without the storefront calling any third party itself. Never throws.
 */
export function firePixel(
  doc: Document,
  event: PixelEventName,
  data: Readonly<Record<string, unknown>>,
): void {
  try {
    const detail: PixelEventDetail = { event, data };
    doc.dispatchEvent(new CustomEvent(EVENTS.pixel, { detail }));
  } catch {
    // A listener that throws is the site's problem, not the purchase's.
  }
}

/** Visitor metrics (spec 000 §7, behind the visitor-metrics beta flag), sent through RecordEvent. */
export const VISITOR_METRICS = {
  'product-page-viewed': 'view_product_page',
  'item-added': 'add_to_cart',
} as const satisfies Partial<Record<AnalyticsEvent['type'], string>>;

/** `event` field of the RecordEvent calls. */
export const RECORD_EVENT_NAMES = {
  visitorMetrics: 'visitor_metrics',
  purchase: 'commerce_purchase',
  newsletter: 'newsletter_subscription',
} as const;
