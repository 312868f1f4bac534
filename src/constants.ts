/**
 * Platform enumerations, codes, defaults and limits of spec 001 §2, §3, §9 and spec 000 §9 that
 * the storefront code reads, in one place so no module writes a bare number. Only what some
 * module reads lives here. The template engine and the loader are entries of their own and keep
 * their limits beside the code (partial depth in src/template/renderer.ts, alt text length in
 * src/template/plugins/content/image.ts, the chunk time-out in loader/loader.ts), so their
 * bundles carry none of this file.
 */

// ---------------------------------------------------------------------------------------------
// Codes (spec 001 §2, §3)

/** Page-type codes (spec 001 §2). */
export const PAGE_TYPES = {
  mainContent: 1,
  page: 2,
  splashPage: 3,
  contentItem: 50,
  notFound: 100,
  error: 101,
  search: 102,
  lockScreen: 103,
  popupOverlay: 104,
  protectedContent: 105,
  memberAreaAccessDenied: 106,
  showCart: 200,
  checkout: 201,
  orderConfirmed: 202,
  donate: 203,
  contributionConfirmed: 204,
  commerceCartV2: 205,
  subscriptionConfirmed: 206,
  orderReceived: 207,
  membershipConfirmed: 208,
  reviewsRequest: 209,
  newsletterUnsubscribe: 300,
  commerceEmailPreview: 301,
} as const;
export type PageType = (typeof PAGE_TYPES)[keyof typeof PAGE_TYPES];

/** Pages on which analytics tracking is skipped (spec 000 §4). */
export const UNTRACKED_PAGE_TYPES: readonly PageType[] = [
  PAGE_TYPES.notFound,
  PAGE_TYPES.lockScreen,
  PAGE_TYPES.memberAreaAccessDenied,
];

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

/** Form field types (spec 001 §3; spec 000 §3 for the additional-fields form). */
export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'currency',
  'number',
  'website',
  'password',
  'twitter',
  'date',
  'time',
  'name',
  'address',
  'phone',
  'section',
  'radio',
  'checkbox',
  'select',
  'likert',
  'hidden',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export function isFormFieldType(value: unknown): value is FormFieldType {
  return typeof value === 'string' && (FORM_FIELD_TYPES as readonly string[]).includes(value);
}

/**
 * Fields whose value is an object of parts (spec 000 §5: "multi-part"), with the key of each part
 * in the order the inputs show.
 */
export const MULTI_PART_FIELDS = {
  date: ['month', 'day', 'year'],
  name: ['first', 'last'],
  time: ['hour', 'minute', 'ampm'],
  address: ['line1', 'line2', 'city', 'state', 'zip', 'country'],
  phone: ['country', 'areaCode', 'prefix', 'line'],
} as const satisfies Partial<Record<FormFieldType, readonly string[]>>;
export type MultiPartFieldType = keyof typeof MULTI_PART_FIELDS;
export type FieldPart = (typeof MULTI_PART_FIELDS)[MultiPartFieldType][number];

export function isMultiPartFieldType(type: string): type is MultiPartFieldType {
  return Object.prototype.hasOwnProperty.call(MULTI_PART_FIELDS, type);
}

/** Fields that hold no answer: a section is a heading, a hidden field is never shown. */
export const NO_ANSWER_FIELD_TYPES: readonly FormFieldType[] = ['section', 'hidden'];

/** Likert answers run from -2 to 2 (spec 001 §9). */
export const LIKERT_VALUES = ['-2', '-1', '0', '1', '2'] as const;
export type LikertValue = (typeof LIKERT_VALUES)[number];

/** Subscription billing period units (spec 000 §3, spec 001 §3). */
export const BILLING_PERIOD_UNITS = ['WEEK', 'MONTH', 'YEAR'] as const;
export type BillingPeriodUnit = (typeof BILLING_PERIOD_UNITS)[number];

export const ENVIRONMENTS = ['dev', 'qa', 'staging', 'prod'] as const;
export const EXPERIMENT_TYPES = ['FEATURE_TOGGLE', 'AB_TEST'] as const;

/** Paths with special analytics handling (spec 000 §2). */
export const ANALYTICS_PATHS = {
  /** Excluded from page-view tracking. */
  excluded: '/search',
  /** Treated as an editing area. */
  editing: '/config',
} as const;

/** Feature flags the spec names (about 68 exist; the rest are not shown). */
export const FEATURE_FLAGS = {
  commerce: 'commerce',
  subscriptions: 'subscriptions',
  giftCards: 'gift_cards',
  pointOfSale: 'point_of_sale',
  automaticTax: 'automatic_tax',
  afterpay: 'afterpay',
  clearpay: 'clearpay',
  nativeProductReviews: 'native_product_reviews',
  importedProductReviews: 'imported_product_reviews',
  visitorMetrics: 'visitor_metrics',
  /** The visitor census: analytics are skipped when it is off (spec 000 §4). On unless set false. */
  visitorCensus: 'visitor_census',
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

/** Add-to-cart button timing (spec 000 §4, §9). */
export const ADD_BUTTON_TIMING = {
  /** After success, Added! appears this long later. */
  addedDelayMs: 1000,
  /** Added! stays this long before the button returns to idle. */
  addedDurationMs: 2000,
  /** After a failure the button returns to idle this long later. */
  errorResetMs: 1000,
} as const;

/** Instalment messaging (spec 000 §4, §7, §9). */
export const INSTALMENTS = {
  defaultCount: 4,
  /** Country to supported provider languages. */
  locales: { US: ['en'], CA: ['en', 'fr'], AU: ['en'], NZ: ['en'], GB: ['en'] },
  /** US, CA, AU and NZ use the first brand, GB the second. */
  brandByCountry: { US: 'afterpay', CA: 'afterpay', AU: 'afterpay', NZ: 'afterpay', GB: 'clearpay' },
} as const;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Cookie names and lifetimes (spec 000 §9, spec 001 §9). */
export const COOKIE_POLICY = {
  /** Removed when the site has a restrictive cookie policy. */
  restrictedCookies: ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'],
  visitorIdLifetimeMs: 2 * 365 * DAY_MS,
  visitLifetimeMs: 30 * MINUTE_MS,
  analyticsLifetimeMs: 390 * DAY_MS,
} as const;

/** Hard limits and sizes (spec 000 §9, spec 001 §5, §9). */
export const LIMITS = {
  /** Most keys the query-string parser accepts. */
  queryKeys: 1000,
  /** Error reporter: sends per page, events held for the next send, quiet time, stack length. */
  errorReporterSends: 20,
  errorReporterQueue: 10,
  errorReporterDebounceMs: 1000,
  errorReporterStackChars: 5000,
  censusTimeoutMs: 2500,
  performanceFlushMs: 30_000,
  performanceSettingsTimeoutMs: 30_000,
  performanceMetricsMaxMs: 60_000,
  /** The cart pill shows 100+ above this count. */
  cartCountMax: 100,
  emailMinLength: 3,
  emailMaxLength: 256,
  weeksPerYear: 52,
  monthsPerYear: 12,
} as const;

/** Tracker versions reported with analytics (spec 001 §9). */
export const TRACKER_VERSIONS = { client: '3.8.0', collector: '4.3.0' } as const;
