/**
 * Purchases the page itself confirms (spec 000 §7): which page types confirm an order, the order a
 * confirmation page names in its context, and the rule that records each order once whatever the
 * reloads (docs/analytics.md).
 */
import { PAGE_TYPES } from './constants.js';
import { isRecord, type JsonRecord } from '../result.js';
import type { PurchaseCompleted } from './analytics.js';
import { firstRecordOfOrder } from './identity.js';

/** Pages that confirm an order (spec 001 §2): order confirmed, subscription confirmed, order received. */
export const PURCHASE_PAGE_TYPES: readonly number[] = [
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

/**
 * Whether an order's purchase is recorded now, for the first time: the orders this page has
 * recorded, beside those the browser remembers with an expiry in `storage()` (local storage, or
 * session storage under a restrictive policy).
 */
export function firstPurchases(
  storage: () => Storage | null,
  now: () => number,
): (orderId: string) => boolean {
  const recordedOrders = new Set<string>();
  return (orderId) => {
    if (recordedOrders.has(orderId)) return false;
    recordedOrders.add(orderId);
    return firstRecordOfOrder(storage(), orderId, now());
  };
}
