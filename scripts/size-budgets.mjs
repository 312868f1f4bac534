// The budgets `npm run size` holds every shipped entry and demo page to (scripts/size.mjs
// measures them), each with the figure and the reason it was last set: a budget is raised in the
// commit that needs it, beside its row here (CONTRIBUTING.md "What bytes may buy").

/** 1 KB = 1000 bytes (the stricter reading). */
export const KB = 1000;
export const BUDGETS = {
  loader: 1.6 * KB,
  /**
   * Raised 7 December 2026 from 30,000 B to the largest row, widgets/account at 30,931 B, and
   * 500 B: the account widget carries the site's captcha hook shared with every form
   * (src/react/use-form-captcha.tsx) and the one form renderer (src/react/ui/form-field.tsx).
   * Then to 31,250 B and 500 B: focus kept in a mounting block (src/page/blocks.ts, +161 B in
   * runtime.js, which every widget imports).
   * Then to 31,876 B and 500 B: correctness fixes in runtime.js (+378 B) and the client (+96 B),
   * which the account imports; the productPage row below says which.
   */
  widget: 32.38 * KB,
  /**
   * Raised 7 December 2026 from 25,000 B to 26,048 B and 500 B, for readable code and features
   * the start needs, none of it golfable (each figure measured on its own branch): the page's state
   * in one record per page, src/page/page-state.ts (+92 B); the first render showing the price
   * texts the fallback carries, with no Intl.NumberFormat before the form is usable, and blocks
   * mounting as they come near the viewport (+270 B); props edited in place re-rendering a
   * mounted widget and the design frame's theme hook (+410 B); files cut by topic and put back
   * home (+174 B); the brand and review flags gating what they name (+170 B); the beacon queue and
   * the client chunk's split (+77 B). Every language costs the same (texts are JSON data).
   * Then to 26,208 B and 500 B: the theme tokens live with the rest of the page contract in
   * src/contract.ts, which the start carries, rather than in a file apart to spare it (+190 B).
   * Then to 26,370 B and 500 B: a shopper whose focus was in a block's fallback when its widget
   * took over stays in the block, on the widget's first control, rather than thrown back to the
   * page's start (src/page/blocks.ts `keepFocusIn`, +161 B).
   * Then to 27,087 B and 500 B (7 December 2026, 26,484 B before), for faults of the start found
   * by review, each with its test: the cart store shows the newest write's answer, reads the cart
   * again after a write with no answer and after another tab's change (+101 B in runtime.js); a
   * block a router swaps away, unmounts, renames (data-sf-widget changed in place) or re-edits
   * with bad props, and a widget whose render failed, each handled as the page contract says
   * (src/page/blocks.ts, src/react/mount.tsx, +140 B); the catalogue files' time limit, an
   * anchor as a success address (+137 B); in product-form.js (+215 B) a single variant that
   * carries an option, a digital product's own price and a gift card's face value (one rule,
   * src/commerce/choice.ts and prices.ts), a repeated failure announced again, the instalment
   * pill's code retried on corrected props. The loader: +10 B (an element whose id is Storefront).
   * Then to 27,585 B and 500 B (8 December 2026, 27,087 B before), for faults found by review
   * against the specs and the page contract, each with its test. runtime.js +202 B: the cart store
   * reads the cart again where a change leaves it unknown and after a read already on the wire
   * (sign-in, sign-out), `Storefront.cart.load()` resolves with the read, a block's mount is
   * ended by a widget change or an unmount while its code loads (one mount, never two) and a
   * widget that gave up is mounted afresh, an apiRoot with a query is refused, a second loader copy
   * builds no runtime. product-form.js +280 B: another product starts afresh, the store's express
   * checkout setting, the button back from the back/forward cache, the quantity field and the
   * selects marked invalid and described by the alert, no scarcity line for unlimited stock, the
   * variant image's alt. The loader +18 B: the cart read at start by the runtime's rule,
   * `track` and `flags` that never reject, `unmount` before the runtime is in.
   */
  productPage: 28.09 * KB,
  /** Not a JavaScript budget: a ceiling so a stylesheet cannot grow unnoticed. */
  productPageCss: 10 * KB,
  /** storefront-widgets/template: the engine without the commerce family. */
  template: 30 * KB,
  /** storefront-widgets/template/commerce: every family, the sf-block fallbacks included. */
  templateCommerce: 45 * KB,
  /**
   * The platform chunk (`chunks/platform-*.js`) on its own: every page fetches it once its widgets
   * have mounted. Lowered 7 December 2026 from 10.2 KB to what it holds, 8,563 B, and 500 B: the
   * api client, its transport and the tab sync left it for the `client` chunk, which a cart read
   * at start loads without the platform layer (10,334 B before, the beacon queue of
   * src/page/beacons.ts included). The goal is 7,600 B (docs/performance.md). Raised the same day
   * to 8,987 B and 500 B: the cart store's tab sync (src/store/sync.ts, opened at idle) moved here
   * from the `client` chunk, which a returning shopper's cart read loads before the form is usable
   * (that start 416 B less, this file 370 B more).
   */
  platform: 9.5 * KB,
  /**
   * A returning shopper's product page before its form is usable: the product page total and the
   * cart code it reads the cart with at start (a cart cookie), which data-sf-ready waits for. A
   * ceiling at the figure of 7 December 2026, 30,074 B, and 500 B (37,981 B while the api client
   * lived in the platform chunk, which the cart code then imported). The goal is the first visit +
   * 2,000 B; the cart code is 4,301 B: the cart endpoints and their parser 1,935 B, the client
   * 2,366 B. Then to 30,650 B and 500 B with the product page's start (focus kept in a mounting
   * block, +161 B). Lowered to 30,313 B and 500 B: the tab sync left the client chunk for the
   * platform's (the cart code 3,868 B: endpoints and parser 1,914 B, the client 1,954 B). Then to
   * 29,826 B and 500 B: the start reads with the cart read alone (src/api/cart-read.ts, 1,388 B
   * with the parsers), the writes (src/api/cart.ts, 863 B) left for the way to a first press.
   * Then to 30,531 B and 500 B: the product page's start (above, +603 B) and the client (+96 B:
   * a call's time limit covers its body and a GET's repeat).
   */
  returningProductPage: 31.03 * KB,
  /**
   * The cart page before its entries show: loader, runtime, the cart page's widget and the cart
   * code; no platform code. A ceiling at the figure of 7 December 2026, 30,411 B, and 500 B
   * (38,319 B with the platform chunk). Then to 31,330 B and 500 B: focus kept in a mounting block
   * (+161 B in runtime.js). Lowered to 30,997 B and 500 B: the tab sync left the client chunk.
   * Then to 30,580 B and 500 B: the cart read apart from the writes, which load at idle.
   * Then to 31,140 B and 500 B: runtime.js (+378 B) and the client (+96 B) as the rows above say,
   * the cart page's load failure over a cart it holds and its lines named by variant (+63 B).
   */
  cartPageStart: 31.64 * KB,
};

/**
 * What each demo page may fetch within 10 s, in JavaScript bytes and script files, measured in
 * Chromium. Ceilings at today's figures, so a change that adds a file or bytes is seen; the goal
 * for the product page is 34,000 B in at most 8 files (docs/performance.md "Budgets" says how
 * far it is).
 *
 * Raised 7 December 2026 by 0.3 to 0.6 KB (product 38.8 -> 39.4, cart 35.3 -> 36.0, shop 27.2 ->
 * 27.8, contact 34.4 -> 35.2): `runtime.js` grew 0.48 KB on every page, for the page reading its
 * catalogue as data (src/page/page-language.ts: a translated page no longer fetches 1.08 KB of
 * language code), the one URL rule (src/urls.ts) and the cart pill following pushState.
 *
 * Raised again by one file and 1.2-2.5 KB to today's figures and 500 B (product 40.4 -> 42.9,
 * cart 36.9 -> 39.5, shop 28.6 -> 30.7, contact 36.0 -> 38.2; measured 42,368, 38,974, 30,176 and
 * 37,634 B): the api client is a file of its own (`client` in CHUNKS), so that a cart
 * read at start loads 4.1 KB rather than the 9.4 KB platform file before a returning shopper's
 * form is usable. Every page fetches both after its start, and two files gzip 0.6 KB larger than
 * one. The tree before measured 41,688, 38,319, 29,537 and 36,973 B, over its ceilings already.
 *
 * Set again the same day to the figures of the merged tree and 500 B (product 42,770, cart
 * 39,880, shop 30,430, contact 38,190): the start grew as the product page row above says, and
 * the forms' captcha hook, validation rule and texts (one home each, shared by the site form, the
 * additional-fields form and the account) are COPIED_MODULES, so they add bytes to their users'
 * files rather than three files under 1 KB. Browser figures move by a few hundred bytes between runs (what
 * lands at idle), hence the 500 B.
 *
 * Raised 0.1 to 0.4 KB to the figures with focus kept in a mounting block (+161 B in runtime.js,
 * which every page loads) and 500 B: product 43,030, cart 39,960, shop 30,750, contact 38,560 B.
 *
 * The demo's other pages joined on 7 December 2026 (scripts/page-requests.ts MEASURED_PAGES, every
 * page of demo/server/pages.ts), each at its first figure and 500 B: the sold-out product (the
 * restock form besides the product page's code) 44,376 B in 8 files; the newsletter form 38,584 B
 * in 7; the feedback form (with its captcha) 41,273 B in 9; the account 32,839 B in 6; the
 * checkout (with a cart) 31,918 B in 5; the thanks, subscription and gift card checkout pages
 * 30,003 B in 4; the owner's restock tools 38,857 B in 9, the editor 36,151 B in 9 (the site in its
 * design frame included) and the header and footer editor 34,754 B in 7, signed in.
 *
 * The cart page raised the same day by a file and 450 B to 40,430 B in 8 files and 500 B: its
 * start reads the cart with the read alone (src/api/cart-read.ts, 1,388 B with the parsers), so
 * the entries show after 30,580 B where they showed after 31,390; the writes (src/api/cart.ts,
 * 863 B) follow when the page is idle, so a press on a quantity sends at once.
 *
 * Raised 7 December 2026 to the figures with the start's fixes (the productPage row above:
 * runtime.js +378 B on every page, product-form.js +215 B, the client +96 B, the platform file
 * +89 B for performance records timed from the load event and ended at page hide) and 500 B:
 * product 43,903 B, cart 41,079 B, shop 31,395 B, contact and newsletter 39,269 B, sold-out
 * 45,225 B, feedback 41,992 B, account 33,460 B, thanks, subscription and gift card 30,621 B.
 *
 * Raised 8 December 2026 where the review's fixes passed the ceiling, to the figures and 500 B
 * (runtime.js +202 B and the loader +18 B on every page, product-form.js +280 B, as the
 * productPage row says; the platform file +151 B for the site context's platform keys warned about
 * and the keep-alive calls at page hide): product 44,545 B, sold-out 45,952 B (the restock form:
 * an answer only for its variant, a new variantId followed, a repeated error announced), the
 * owner's restock tools 39,744 B (Send all in batches of 100, answers out of order dropped,
 * sending and loading announced, focus kept on Load more), the editor 36,721 B and the header and
 * footer editor 35,332 B.
 */
export const PAGE_BUDGETS = {
  product: { bytes: 45.05 * KB, files: 8 },
  cart: { bytes: 41.58 * KB, files: 8 },
  shop: { bytes: 31.9 * KB, files: 5 },
  contact: { bytes: 39.77 * KB, files: 7 },
  'sold-out': { bytes: 46.45 * KB, files: 8 },
  newsletter: { bytes: 39.77 * KB, files: 7 },
  feedback: { bytes: 42.49 * KB, files: 9 },
  account: { bytes: 33.96 * KB, files: 6 },
  checkout: { bytes: 32.5 * KB, files: 5 },
  thanks: { bytes: 31.12 * KB, files: 4 },
  subscription: { bytes: 31.12 * KB, files: 4 },
  'gift card': { bytes: 31.12 * KB, files: 4 },
  'restock admin': { bytes: 40.25 * KB, files: 9 },
  editor: { bytes: 37.22 * KB, files: 9 },
  'header-footer': { bytes: 35.83 * KB, files: 7 },
};
