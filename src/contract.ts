/**
 * The page contract: every name a published page, the loader, the widgets and the reference
 * server agree on. It is pinned by tests/src/contract.test.ts; changing a value here is a breaking
 * change for every site that has pasted our markup.
 */

/** `<script type="application/json" id="sf-context">` holds the site context object. */
export const CONTEXT_SCRIPT_ID = 'sf-context';

/**
 * `<script type="application/json" id="sf-messages">` holds the page's catalogue, when a server
 * renders the page in a language other than English: `{ "language", "texts", "complete" }`
 * (src/page/page-language.ts).
 */
export const MESSAGES_SCRIPT_ID = 'sf-messages';

/** Attribute naming the widget a block mounts, e.g. `data-sf-widget="product-form"`. */
export const WIDGET_ATTR = 'data-sf-widget';
/** Attribute holding the widget's props as JSON. */
export const PROPS_ATTR = 'data-sf-props';
/** Set by the loader on a block once its widget is mounted; mounting twice is a no-op. */
export const MOUNTED_ATTR = 'data-sf-mounted';
/**
 * Set on a mounted block whose widget loads when the page is idle (the instalment pill), until it
 * has drawn over its fallback or failed: `[data-sf-mounted]:not([data-sf-deferred])` is a block
 * showing its widget.
 */
export const DEFERRED_ATTR = 'data-sf-deferred';
/** Marks the product block that holds a product form and the image showing its variant. */
export const PRODUCT_BLOCK_ATTR = 'data-sf-product-block';
/** Marks the `<img>` in a product block that the product form points at the chosen variant. */
export const VARIANT_IMAGE_ATTR = 'data-sf-variant-image';
/** Root element id of the full cart page (/cart). */
export const CART_PAGE_ROOT_ID = 'sf-cart-page';

/** The widget names a block may carry. */
export const WIDGET_NAMES = [
  'cart-pill',
  'cart-page',
  'product-form',
  'quick-view',
  'instalment-pill',
  'restock-form',
  'site-form',
  'restock-admin',
  'account',
] as const;
export type WidgetName = (typeof WIDGET_NAMES)[number];

/** Name of the global the loader defines on `window`. */
export const GLOBAL_NAME = 'Storefront';

/** CustomEvents dispatched on `document`. */
export const EVENTS = {
  cartChange: 'sf:cart-change',
  itemAdded: 'sf:item-added',
  error: 'sf:error',
  /**
   * The product form's choice changed (detail {@link VariantChangeDetail}). Dispatched on the
   * product form's block and bubbling, so a listener on `document` hears it and `event.target`
   * says which product block it came from.
   */
  variantChange: 'sf:variant-change',
  /**
   * The pixel-style tracker (spec 000 §7): detail `{ event, data }` with `event` one of AddToCart,
   * Search, Lead, ViewContent, Purchase, CompleteRegistration, for a site's marketing pixel.
   */
  pixel: 'sf:pixel',
} as const;
export type EventName = (typeof EVENTS)[keyof typeof EVENTS];

/** The account's CustomEvents, dispatched on `document`. */
export const ACCOUNT_EVENTS = {
  /**
   * A site user signed in or out through `Storefront.account` (detail
   * {@link AccountChangeDetail}), so widgets showing account data load it again without a page
   * reload.
   */
  accountChange: 'sf:account-change',
  /**
   * The restock tools sent back-in-stock emails (detail `{ sent: number | null }`), so a page
   * listing sent mail can show the new rows.
   */
  restockSent: 'sf:restock-sent',
} as const;

/** `detail` of `sf:variant-change`: what the product form in a block has chosen. */
export interface VariantChangeDetail {
  readonly itemId: string;
  /** The chosen variant (prices in minor units), or null while the choice is incomplete. */
  readonly variant: import('./commerce/product.js').Variant | null;
  /** The quantity the shopper has entered (1 when the form shows no quantity input). */
  readonly quantity: number;
}

/**
 * `detail` of `sf:account-change` ({@link ACCOUNT_EVENTS}): the account now signed in, or null
 * after a sign-out.
 */
export interface AccountChangeDetail {
  readonly user: import('./api/session.js').SiteUser | null;
}

/**
 * Message posted to `window.parent` when the page runs inside the editor's design frame and a
 * click would leave the page: the editor sets the frame address instead of the page navigating.
 */
export const DESIGN_FRAME_MESSAGE_TYPE = 'sf:set-frame-url';
export interface DesignFrameMessage {
  type: typeof DESIGN_FRAME_MESSAGE_TYPE;
  /** A same-origin path, e.g. `/cart`. */
  url: string;
}

/** The cart page (spec 000 §2): the one route the cart pill, which starts with every page, needs. */
export const CART_PATH = '/cart';

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

/**
 * Keys of the instalment context (spec 000 §3) in the instalment pill's and the cart page's
 * `instalments` prop: `{ afterPayAvailable, afterPayMin, afterPayMax, shopperLanguage,
 * stripeAccountCountry }`, the two amounts in either money shape.
 */
export const INSTALMENT_CONTEXT_KEYS = [
  'afterPayAvailable',
  'afterPayMin',
  'afterPayMax',
  'shopperLanguage',
  'stripeAccountCountry',
] as const;

/**
 * Props of a restock-form block (docs/widgets/restock-form.md): `{ "productId", "variantId"? }`, the
 * variant's id (or sku), absent for a single-variant product. The product form's own restock block
 * and the template engine's `{item|sf-block restock-form}` emit exactly these.
 */
export const RESTOCK_FORM_PROPS_KEYS = ['productId', 'variantId'] as const;

/**
 * Props of a site-form block (docs/widgets/site-form.md): `{ "formId", "form"?, "page"? }`. `form`
 * is the schema as GET /api/template/GetTemplateSchema returns it (fetched when absent); `page`
 * names the page a submission comes from, with the keys of {@link SITE_FORM_PAGE_KEYS}.
 */
export const SITE_FORM_PROPS_KEYS = ['formId', 'form', 'page'] as const;
/** Keys of a site-form block's `page`: `{ "id", "contentSource": "i" | "c", "permissionType" }`. */
export const SITE_FORM_PAGE_KEYS = ['id', 'contentSource', 'permissionType'] as const;

/** Cookies the storefront reads (spec 000 §4, spec 001 §9). */
export const COOKIES = {
  /** Anti-forgery token; its value goes in the `X-CSRF-Token` header of state-changing calls. */
  crumb: 'crumb',
  /** `true` when the visitor has a cart on the server. */
  hasCart: 'hasCart',
  /** The cart's id. */
  cart: 'CART',
} as const;

/** Header carrying the crumb. */
export const CSRF_HEADER = 'X-CSRF-Token';

/** BroadcastChannel (and storage-event key) carrying cart changes between tabs. */
export const CART_SYNC_CHANNEL = 'sf-cart';

/**
 * What the loader hands a widget module besides its element and props: the parsed site context
 * and the page's error reporter (which also dispatches `sf:error`).
 */
export interface WidgetEnv {
  readonly context: import('./page/context.js').SiteContext;
  report(error: unknown, info?: Record<string, string>): void;
}

/**
 * The shape of every `dist/widgets/<name>.js` chunk. `mount` renders the widget into the block
 * and returns its unmount; it throws when the props do not parse, and the loader reports that
 * and leaves the server-rendered fallback in place.
 */
export interface WidgetModule {
  mount(el: HTMLElement, props: unknown, env: WidgetEnv): WidgetMount;
}

/**
 * What `WidgetModule.mount` returns: the unmount, and, for a widget that can take new props in
 * place, `update`. The page calls it when the editor changes a mounted block's `data-sf-props`; a
 * widget without it is unmounted and mounted again.
 */
export interface WidgetMount {
  (): void;
  /**
   * Draws the widget with the block's new props (JSON-decoded, otherwise untrusted), keeping what
   * the shopper did (a chosen variant, typed answers) while the props name the same product or
   * form. Throws as `mount` does when they do not parse, and the widget keeps its old props.
   */
  update?: ((props: unknown) => void) | undefined;
}

/**
 * Set on `document.documentElement` by the loader once add-to-cart buttons may be shown: at once
 * when no cart load is needed at page start, otherwise when that load settles (spec 000 §4).
 * The product form's add button waits by itself (`data-sf-phase="loading"`); a theme's own buttons
 * can wait with `:root:not([data-sf-ready]) .my-add-button { visibility: hidden }`.
 */
export const READY_ATTR = 'data-sf-ready';

/** `detail` of the `sf:error` event: what failed, never the raw error object. */
export interface ErrorEventDetail {
  readonly message: string;
  /** e.g. `CSS_CHUNK_LOAD_FAILED`, `CHUNK_LOAD_FAILED`, `BAD_PROPS`, `UNKNOWN_WIDGET`, `RENDER_FAILED`. */
  readonly code?: string;
  readonly widget?: string;
}

/*
 * The theme tokens and the editor's theme message: a published page sets the tokens in its own
 * stylesheet (docs/page-contract.md#theme-tokens); a page in the design frame takes them from its
 * editor (src/page/design-frame.ts).
 */

/** Every custom property the widgets' stylesheets read a theme from, by what it sets. */
export const THEME_TOKENS = [
  // colours
  '--sf-theme-text',
  '--sf-theme-muted',
  '--sf-theme-accent',
  '--sf-theme-accent-text',
  '--sf-theme-error',
  '--sf-theme-sale',
  '--sf-theme-surface',
  '--sf-theme-border',
  '--sf-theme-backdrop',
  // fonts
  '--sf-theme-font',
  '--sf-theme-heading-font',
  // buttons: shape and style
  '--sf-theme-button-radius',
  '--sf-theme-button-padding',
  '--sf-theme-button-case',
  '--sf-theme-button-weight',
  '--sf-theme-button-border',
  // shape and spacing
  '--sf-theme-radius',
  '--sf-theme-gap',
  // entrance animations
  '--sf-theme-animation-duration',
  '--sf-theme-animation-offset',
] as const;

export type ThemeToken = (typeof THEME_TOKENS)[number];

/**
 * Posted by the editor to its design frame: sets theme tokens on the page's root, so the widgets
 * change at once. A value of `""` takes the token back to the stylesheet's own.
 */
export const THEME_MESSAGE_TYPE = 'sf:set-theme';
export interface ThemeMessage {
  type: typeof THEME_MESSAGE_TYPE;
  tokens: Partial<Record<ThemeToken, string>>;
}

/**
 * Posted by the design frame to its editor (`{ type: 'sf:theme-ready' }`, to the page's own
 * origin only) once it follows theme messages: the editor then sends the tokens it holds, so a
 * reloaded frame shows the unsaved theme again.
 */
export const THEME_READY_MESSAGE_TYPE = 'sf:theme-ready';

/** The longest token value the frame takes, in characters (a font stack fits easily). */
export const THEME_VALUE_MAX_LENGTH = 200;
