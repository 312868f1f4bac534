/**
 * Analytics hooks. Widgets report what happened through `track`; it goes to two places: the sink
 * a theme installs (`setAnalyticsSink`), and the platform layer (census, events, pixel: see
 * ./platform.ts), which the page loads after its widgets are interactive. Until the platform
 * connects, events wait in a short queue, so nothing here makes a request or costs a widget
 * anything. A failing sink never disturbs the page (spec 000 §8: analytics failures are silently
 * ignored). What it holds (the sink, the platform's handler, the queue) is the page's
 * (./page-state.ts).
 */
import { pageState } from './page-state.js';

/**
 * A product form was drawn as a page's form, not in a Quick View (commerce shopping event
 * VisitPDP): the platform layer counts it only on a product's own page (docs/analytics.md).
 */
export interface ProductPageViewed {
  readonly type: 'product-page-viewed';
  readonly itemId: string;
}

/** An item reached the cart (AddToCart). */
export interface ItemAdded {
  readonly type: 'item-added';
  readonly itemId: string;
  readonly sku: string | null;
  readonly quantity: number;
}

/** The reviews section was opened (ReviewsTab). */
export interface ReviewsTabOpened {
  readonly type: 'reviews-tab';
  readonly itemId: string;
}

/** An entry left the cart (RemoveFromCart). */
export interface ItemRemoved {
  readonly type: 'item-removed';
  readonly itemId: string;
  readonly sku: string | null;
}

/** A newsletter site form was submitted (spec 000 §4: a newsletter subscription is tracked). */
export interface NewsletterSubscribed {
  readonly type: 'newsletter-subscribed';
  readonly formId: string;
}

/** The cart page was shown (ViewCart). */
export interface CartViewed {
  readonly type: 'cart-viewed';
}

/** A product card's Quick View was opened (census RecordQuickView). */
export interface QuickViewOpened {
  readonly type: 'quick-view';
  readonly itemId: string;
}

/** A form was rendered on the page (census form-render). */
export interface FormRendered {
  readonly type: 'form-rendered';
  readonly formId: string;
}

/** A link to the reviews summary was followed (ReviewsVitalsAnchorLink). */
export interface ReviewsAnchorLinkFollowed {
  readonly type: 'reviews-anchor-link';
  readonly itemId: string;
}

/** An order was placed (commerce purchase analytics, pixel Purchase). */
export interface PurchaseCompleted {
  readonly type: 'purchase';
  readonly orderId: string;
  /** Order total in minor units. */
  readonly amount?: number | undefined;
  readonly currency?: string | undefined;
}

/** Which storefront button the census counts: the add button, or the express-checkout one. */
export type CensusButton = 'add' | 'express';

/** A product form drew its add (or express-checkout) button (census button-render). */
export interface ButtonRendered {
  readonly type: 'button-rendered';
  readonly itemId: string;
  readonly button: CensusButton;
}

/** An add (or express-checkout) button was pressed (census button-click). */
export interface ButtonClicked {
  readonly type: 'button-clicked';
  readonly itemId: string;
  readonly button: CensusButton;
}

/**
 * The platform's popup overlay (page type 104, section type 3) was shown (census overlay). The
 * widgets' own lightboxes (additional fields, instalment info, Quick View) are not counted.
 */
export interface OverlayOpened {
  readonly type: 'overlay-opened';
}

/** A site-user account was created (pixel CompleteRegistration). */
export interface AccountCreated {
  readonly type: 'account-created';
}

export type AnalyticsEvent =
  | ProductPageViewed
  | ButtonRendered
  | ButtonClicked
  | OverlayOpened
  | AccountCreated
  | ItemAdded
  | ReviewsTabOpened
  | ItemRemoved
  | NewsletterSubscribed
  | CartViewed
  | QuickViewOpened
  | FormRendered
  | ReviewsAnchorLinkFollowed
  | PurchaseCompleted;

export type AnalyticsSink = (event: AnalyticsEvent) => void;

/** Installs the function that receives every tracked event; `null` restores the no-op default. */
export function setAnalyticsSink(next: AnalyticsSink | null): void {
  pageState().analyticsSink = next;
}

/**
 * Events held until the platform layer connects; more than this on one page are dropped. A
 * product form tracks two as it is drawn (its button render and, on a product's own page, the
 * view), so a page of 1,000 blocks, the most the benches mount, holds all of its own; the cap
 * only bounds a page that tracks in a loop.
 */
export const PENDING_LIMIT = 5000;

/**
 * Hands an event to the installed sink and to the platform layer. Never throws. Anything but an
 * object (`track()`, `track(null)` from a page's script) is ignored: it is no event, and queued
 * it would reach the platform layer as one.
 */
export function track(event: AnalyticsEvent): void {
  if (typeof event !== 'object' || !event) return;
  const page = pageState();
  try {
    page.analyticsSink?.(event);
  } catch {
    // A broken sink must never break a purchase.
  }
  // The platform's handler never throws (it catches its own failures), so no guard here.
  if (page.platformSink) page.platformSink(event);
  else if ((page.pendingEvents ??= []).length < PENDING_LIMIT) page.pendingEvents.push(event);
}

/**
 * Connects the platform layer, whose handler must never throw: it receives the queued events
 * now and every later one as it is tracked; `null` disconnects (tests). Not for themes: they use
 * `setAnalyticsSink`.
 */
export function connectPlatform(next: AnalyticsSink | null): void {
  const page = pageState();
  page.platformSink = next;
  if (next) page.pendingEvents?.splice(0).forEach(next);
}
