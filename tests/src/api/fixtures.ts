import { vi } from 'vitest';
import type { CartEntry, ShoppingCart } from '../../../src/store/types.js';

export const API_ROOT = 'http://shop.test/api/';

export interface Seen {
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
  readonly body: string;
}

export type Reply = Response | (() => Response | Promise<Response>);

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

export const noContent = (): Response => new Response(null, { status: 204 });

/** A fetch that answers from a queue (the last answer repeats) and records what it was sent. */
export const fakeFetch = (...replies: Reply[]) => {
  const seen: Seen[] = [];
  const queue = [...replies];
  const fn = vi.fn(async (input: Request | URL | string, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    seen.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: request.body ? await request.text() : '',
    });
    const reply = queue.length > 1 ? queue.shift() : queue[0];
    if (reply === undefined) throw new Error('no reply queued');
    return typeof reply === 'function' ? reply() : reply.clone();
  });
  return { fetch: fn as unknown as typeof fetch, seen, calls: fn };
};

/** happy-dom's Request drops `keepalive`; this one keeps it, as a browser's does. */
export class KeepAliveRequest extends Request {
  override readonly keepalive: boolean;
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(input, init);
    this.keepalive = init?.keepalive ?? (input instanceof KeepAliveRequest && input.keepalive);
  }
}

/** A fetch whose connection always fails, as browsers report it. */
export const offlineFetch = () => {
  const fn = vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  return { fetch: fn as unknown as typeof fetch, calls: fn };
};

/** A document stand-in: its cookie string and whether the browser accepts cookies. */
export const fakeDoc = (cookie: string, cookieEnabled = true): Document =>
  ({ cookie, defaultView: { navigator: { cookieEnabled } } }) as unknown as Document;

export const entry = (overrides: Partial<CartEntry> = {}): CartEntry => ({
  id: 'entry-1',
  itemId: 'prod-tee',
  quantity: 1,
  chosenVariant: { sku: 'TEE-M-BLK', attributes: { Size: 'M' } },
  title: 'Organic Cotton Tee',
  subTotal: 2500,
  purchasePriceCents: 2500,
  additionalFields: null,
  additionalFieldsFormId: null,
  imageUrl: null,
  ...overrides,
});

export const cart = (
  entries: CartEntry[] = [entry()],
  overrides: Partial<ShoppingCart> = {},
): ShoppingCart => {
  const subtotal = entries.reduce((sum, e) => sum + e.subTotal, 0);
  return {
    id: 'cart-1',
    websiteId: 'demo-website',
    orderId: null,
    created: 1763750000000,
    isPurchased: false,
    entries,
    currency: 'USD',
    subtotalCents: subtotal,
    taxCents: 0,
    shippingCostCents: 0,
    discountCents: 0,
    grandTotalCents: subtotal,
    totalQuantity: entries.reduce((sum, e) => sum + e.quantity, 0),
    hasDigital: false,
    purelyDigital: false,
    requiresShipping: true,
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
    ...overrides,
  };
};
