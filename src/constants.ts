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
