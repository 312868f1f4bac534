/**
 * The routes of the page contract, in a module of their own: only code loaded after the start
 * (the add flow, the cart page, the template engine) reads them, so the start-up chunk carries
 * none of them but the cart's (`CART_PATH` of ./contract.ts).
 */
import { CART_PATH } from './contract.js';

/**
 * The default routes. The spec names only /cart; the three checkout pages are ours to choose. A
 * site changes the checkout pages and Continue Shopping with its context's `paths`, an app any of
 * them with the provider's (docs/page-contract.md "Site paths", src/page/site-paths.ts).
 */
export const PATHS = {
  cart: CART_PATH,
  /** Where the cart page's Continue Shopping goes: the site's home page. */
  continueShopping: '/',
  /** Express checkout page, reached after a successful express purchase. */
  checkout: '/checkout',
  /** Subscription page, reached with `?cartToken=` after a subscription is created. */
  subscription: '/checkout/subscription',
  /** Gift card page, reached with `?itemId=&sku=` for the chosen denomination. */
  giftCard: '/checkout/gift-card',
  /**
   * Folder of the reference server's static instalment info pages of spec 000 §7, one per
   * provider locale: `/instalments/en-US.json` (plain texts: `{ locale, brand, title, paragraphs }`)
   * and `.html`. Widgets read the texts from the site context's `instalmentTextsUrl`.
   */
  instalmentInfo: '/instalments',
} as const;
