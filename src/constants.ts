/**
 * Platform enumerations, codes, defaults and limits of spec 001 §2, §3, §9 and spec 000 §9 that
 * the widgets read, in one place so no module writes a bare number. Only what some module reads
 * lives here. This file ships in the shared chunk every product page loads at start (vite.config.ts
 * `CHUNKS`), so it holds only what widgets use: the platform layer's codes and limits live in
 * src/page/constants.ts and the form field enumerations in src/commerce/form-fields.ts, which load
 * with the chunks that read them. The template engine and the loader are entries of their own and
 * keep their limits beside the code (partial depth in src/template/renderer.ts, alt text length in
 * src/template/plugins/content/image.ts, the chunk time-out in loader/loader.ts).
 */

// ---------------------------------------------------------------------------------------------
// Codes (spec 001 §2, §3)

/** Product type codes (spec 001 §3). */
export const PRODUCT_TYPES = {
  physical: 1,
  digital: 2,
  service: 3,
  giftCard: 4,
  paywall: 5,
} as const;
export type ProductType = (typeof PRODUCT_TYPES)[keyof typeof PRODUCT_TYPES];

export function isProductType(value: unknown): value is ProductType {
  return typeof value === 'number' && Object.values(PRODUCT_TYPES).includes(value as ProductType);
}

/** Subscription billing period units (spec 000 §3, spec 001 §3). */
export const BILLING_PERIOD_UNITS = ['WEEK', 'MONTH', 'YEAR'] as const;
export type BillingPeriodUnit = (typeof BILLING_PERIOD_UNITS)[number];

/**
 * Feature flags a widget reads (spec 001 §4 names about 68; the rest are not read). The platform
 * layer's own flags are in src/page/constants.ts.
 */
export const FEATURE_FLAGS = {
  reviewRenderingKillSwitch: 'review_rendering_kill_switch',
  /** The editor's aesthetics save sends only its dirty paths, as a patch (spec 001 §4). */
  aestheticsPatchSave: 'aesthetics_patch_save',
  /**
   * Each instalment brand (INSTALMENTS.brandByLocale) and each kind of review is shown only while
   * its flag is not off: on when the platform defines none (docs/decisions.md).
   */
  afterpay: 'afterpay',
  clearpay: 'clearpay',
  nativeProductReviews: 'native_product_reviews',
  importedProductReviews: 'imported_product_reviews',
} as const;

// ---------------------------------------------------------------------------------------------
// Colour (spec 001 §9)

/** Luma below this share of 255 counts as a dark colour (spec 001 §9). */
export const DARK_COLOR_THRESHOLD = 0.65;

/**
 * Whether an sRGB colour (channels 0 to 255) is dark: Rec. 601 luma weights, compared with 0.65
 * of full scale. The instalment pill's button turns white on a dark background (spec 000 §4).
 */
export function isDarkColor(r: number, g: number, b: number): boolean {
  const luma = 0.299 * r + 0.587 * g + 0.114 * b;
  return luma < DARK_COLOR_THRESHOLD * 255;
}

// ---------------------------------------------------------------------------------------------
// Timing and limits

/** The quantity input of spec 001 §5: the product form's, the cart page's, the engine's. */
export const QUANTITY = Object.freeze({ min: 1, max: 9999, step: 1, default: 1 });

/** Instalment messaging (spec 000 §4, §7, §9). */
export const INSTALMENTS = {
  defaultCount: 4,
  /**
   * The provider locales (`<language>-<COUNTRY>`) and their brand: US, CA (en and fr), AU and NZ
   * use the first brand, GB the second.
   */
  brandByLocale: {
    'en-US': 'afterpay',
    'en-CA': 'afterpay',
    'fr-CA': 'afterpay',
    'en-AU': 'afterpay',
    'en-NZ': 'afterpay',
    'en-GB': 'clearpay',
  },
} as const;

/** Hard limits and sizes the product and cart pages read (spec 000 §9, spec 001 §5). */
export const LIMITS = {
  /** The cart pill shows 100+ above this count. */
  cartCountMax: 100,
  emailMinLength: 3,
  emailMaxLength: 256,
  weeksPerYear: 52,
  monthsPerYear: 12,
} as const;

/**
 * The platform's scroll animations (spec 001 §9): a duration clamped from 50 and 50 by default,
 * an offset of 30, a tween of 300 ms by default. Read by the editor's animations panel
 * (demo/server/editor.ts) through {@link scrollAnimation}, which gives the widgets' entrance
 * tokens (`--sf-theme-animation-duration`, `--sf-theme-animation-offset`; src/react/ui/theme.css).
 */
export const SCROLL_ANIMATION = Object.freeze({
  minDuration: 50,
  defaultDuration: 50,
  defaultOffset: 30,
  tweenMs: 300,
});

/**
 * An animations panel setting as the widgets take it. The spec gives the duration no unit; we read
 * it as a scale on the tween, 50 being the tween itself (300 ms), so the clamp means an entrance
 * is never quicker than the tween: 100 is 600 ms. Missing or below 50 gives 50; a missing offset
 * gives 30 px.
 */
export function scrollAnimation(input: { duration?: unknown; offset?: unknown }): {
  durationMs: number;
  offsetPx: number;
} {
  const finite = (v: unknown): number | null => {
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    return typeof n === 'number' && Number.isFinite(n) ? n : null;
  };
  const { minDuration, defaultDuration, defaultOffset, tweenMs } = SCROLL_ANIMATION;
  const duration = Math.max(minDuration, finite(input.duration) ?? defaultDuration);
  return {
    durationMs: Math.round((tweenMs * duration) / defaultDuration),
    offsetPx: finite(input.offset) ?? defaultOffset,
  };
}

/**
 * The mobile breakpoint (spec 001 §9): up to 432 px wide is mobile, from 433 px desktop. The
 * widgets' layouts switch there in CSS (the cart pill floats only on a desktop width); this names
 * the figure for code and tests.
 */
export const BREAKPOINT = Object.freeze({ mobileMaxPx: 432, desktopMinPx: 433 });

/** Whether a window `width` px wide lays the widgets out as on a phone (spec 001 §9). */
export const isMobileWidth = (width: number): boolean => width <= BREAKPOINT.mobileMaxPx;

/**
 * The editor's cookies (spec 001 §9 names four; their names are ours): the editor previews a
 * draft, overrides the published design, shows its frame expanded, or turns off the site's own
 * scripts. The reference server reads them where they matter (docs/server.md#the-editor).
 */
export const EDITOR_COOKIES = Object.freeze({
  preview: 'sf-editor-preview',
  override: 'sf-editor-override',
  expandedFrame: 'sf-editor-expanded-frame',
  disableUserScripts: 'sf-editor-disable-user-scripts',
});

/** The hex colour input of spec 001 §5: 3 or 6 hex digits, with or without a leading `#`. */
export const HEX_COLOR = /^#?(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A hex colour as `#rrggbb` or `#rgb` (lower case, `#` added), or null when it is not one. */
export const readHexColor = (value: unknown): string | null =>
  typeof value === 'string' && HEX_COLOR.test(value.trim())
    ? `#${value.trim().replace(/^#/, '').toLowerCase()}`
    : null;
