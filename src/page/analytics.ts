/**
 * Analytics hooks. Widgets report what happened through `track`; whoever embeds the SDK decides
 * where it goes by installing a sink. Without a sink nothing is sent: the storefront itself makes
 * no analytics requests from here, and a failing sink never disturbs the page (spec 000 §8:
 * analytics failures are silently ignored).
 */

/** A product page was shown with its product form (commerce shopping event VisitPDP). */
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

export type AnalyticsEvent = ProductPageViewed | ItemAdded | ReviewsTabOpened | ItemRemoved;

export type AnalyticsSink = (event: AnalyticsEvent) => void;

const noop: AnalyticsSink = () => {};
let sink: AnalyticsSink = noop;

/** Installs the function that receives every tracked event; `null` restores the no-op default. */
export function setAnalyticsSink(next: AnalyticsSink | null): void {
  sink = next ?? noop;
}

/** Hands an event to the installed sink. Never throws. */
export function track(event: AnalyticsEvent): void {
  try {
    sink(event);
  } catch {
    // A broken sink must never break a purchase.
  }
}
