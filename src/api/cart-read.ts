/**
 * The cart read (docs/http-api.md "Cart"), apart from the cart's writes (./cart.ts): the one cart
 * call a page makes at start. A returning shopper's product page and the cart page load this
 * chunk, with the api client, before the shopper can act (`data-sf-ready` waits for the read); the
 * writes come on the shopper's way to the first press. The cart's parsers (./parse.ts) travel
 * here, as every write answers with a cart too.
 */
import type { ShoppingCart } from '../store/types.js';
import type { ApiResult } from './types.js';
import type { ApiClient } from './client.js';
import { parseShoppingCart } from './parse.js';

/** The store reads a cart another tab sends with the same parser, from this module's chunk. */
export { parseShoppingCart };

export interface CartReadApi {
  /** `timeoutMs` overrides the client's time limit for this read. */
  getCart(timeoutMs?: number): Promise<ApiResult<ShoppingCart>>;
}

export interface CartApiOptions {
  /**
   * Reads answer with the server's sample cart (`mock=true`), for a preview of the cart outside a
   * shopper's visit; the site context's `mockCart`.
   * @default false
   */
  readonly mock?: boolean | undefined;
}

export const createCartReader = ({ call }: ApiClient, options: CartApiOptions = {}): CartReadApi => ({
  getCart: (timeoutMs) =>
    call({
      method: 'get',
      path: 'commerce/shopping-cart',
      // Spec 000 §7's query: `timecode` keeps any cache on the way from answering an old cart.
      searchParams: {
        calculateSubtotal: 'true',
        timecode: String(Date.now()),
        ...(options.mock === true && { mock: 'true' }),
      },
      parse: parseShoppingCart,
      timeoutMs,
    }),
});
