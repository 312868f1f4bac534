/**
 * Platform enumerations, codes, defaults and limits of spec 001 §2, §3, §9 and spec 000 §9, in
 * one place so no module writes a bare number. Codes the spec says exist but does not show are
 * left out rather than guessed; their ranges are given instead.
 */
import type { GALLERY_ACTIVE_ALIGNMENTS, GALLERY_DESIGNS, GALLERY_META_POSITIONS } from './site-lists.js';

/** An inclusive numeric range. */
export interface Range {
  readonly min: number;
  readonly max: number;
}

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
export type ProductTypeName = keyof typeof PRODUCT_TYPES;

/** Only these can be made subscribable by a merchant (spec 001 §3). */
export const SUBSCRIBABLE_PRODUCT_TYPES: readonly ProductType[] = [
  PRODUCT_TYPES.physical,
  PRODUCT_TYPES.service,
];

export function isProductType(value: unknown): value is ProductType {
  return typeof value === 'number' && Object.values(PRODUCT_TYPES).includes(value as ProductType);
}

/** Block-type codes the spec names (spec 001 §3); the others between 5 and 69 are not shown. */
export const BLOCK_TYPES = {
  navigation: 1,
  html: 2,
  logo: 3,
  map: 4,
  image: 5,
  accordion: 69,
} as const;
/** Block types run 1 to 70. */
export const BLOCK_TYPE_RANGE: Range = { min: 1, max: 70 };

/** Collection-type codes the spec names; the full range is 1 to 24. */
export const COLLECTION_TYPES = {
  generic: 1,
  subscription: 2,
  page: 10,
  products: 13,
} as const;
export const COLLECTION_TYPE_RANGE: Range = { min: 1, max: 24 };

/** Content item (record) type codes the spec names; the full range is 1 to 62. */
export const RECORD_TYPES = {
  text: 1,
  image: 2,
  quote: 4,
  link: 5,
  audio: 7,
  video: 8,
  storeItem: 11,
  event: 12,
  gallery: 14,
} as const;
export const RECORD_TYPE_RANGE: Range = { min: 1, max: 62 };

export const SLICE_TYPE_RANGE: Range = { min: 1, max: 19 };

export const SECTION_TYPES = {
  coverPage: 1,
  lockScreen: 2,
  popupOverlay: 3,
} as const;

export const FOLDER_BEHAVIORS = ['index', 'redirect', 'none'] as const;
export type FolderBehavior = (typeof FOLDER_BEHAVIORS)[number];

/** An item is clickable when folderBehavior is missing, index or redirect (spec 001 §4). */
export function isClickableFolderBehavior(value: unknown): boolean {
  return value === undefined || value === null || value === 'index' || value === 'redirect';
}

export const BACKGROUND_SOURCES = ['upload', 'instagram', 'video', 'none'] as const;

/** Site-user roles (spec 001 §3), as they appear in the context's `websiteRoles`. */
export const SITE_USER_ROLES = {
  admin: 'ADMIN',
  billing: 'BILLING',
  reporting: 'REPORTING',
  editor: 'EDITOR',
  moderator: 'MODERATOR',
  commenter: 'COMMENTER',
  storeManager: 'STORE_MANAGER',
  scheduling: 'SCHEDULING',
  viewer: 'VIEWER',
  campaignsEditor: 'CAMPAIGNS_EDITOR',
  schedulingViewer: 'SCHEDULING_VIEWER',
  schedulingEditor: 'SCHEDULING_EDITOR',
} as const;
export type SiteUserRole = (typeof SITE_USER_ROLES)[keyof typeof SITE_USER_ROLES];

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

export const EVENT_SOURCES = ['WEB', 'IOS', 'ANDROID', 'SERVER'] as const;
export const ENVIRONMENTS = ['dev', 'qa', 'staging', 'prod'] as const;
export const EXPERIMENT_TYPES = ['FEATURE_TOGGLE', 'AB_TEST'] as const;

/** The nine positions: top, center, bottom crossed with left, center, right. */
// Pure: bundles that never read the positions leave the computation out.
export const POSITIONS = /* @__PURE__ */ (['top', 'center', 'bottom'] as const).flatMap((v) =>
  (['left', 'center', 'right'] as const).map((h) => `${v}-${h}` as const),
);

export const POPUP_OVERLAY_STORAGE_KEYS = ['date-closed', 'version', 'submitted'] as const;

/** Layout-engine default data: a body with 12 columns and no rows. */
export const LAYOUT_DEFAULTS = { columns: 12, rows: 0 } as const;

export const CONTENT_STATUSES = ['Scheduled', 'Needs Review', 'Draft', 'Private'] as const;

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
// Gallery (spec 001 §3)

export {
  GALLERY_ACTIVE_ALIGNMENTS,
  GALLERY_DESIGNS,
  GALLERY_META_POSITIONS,
  PROMOTED_BLOCK_TYPES,
} from './site-lists.js';

/** Aspect ratios as width / height. */
export const GALLERY_ASPECT_RATIOS = {
  square: 1,
  standard: 3 / 2,
  'standard-vertical': 2 / 3,
  'four-three': 4 / 3,
  'three-four-vertical': 3 / 4,
  widescreen: 16 / 9,
  'anamorphic-widescreen': 2.4,
} as const;

export const GALLERY_META_OPTIONS = [
  'show-meta-basic',
  'show-meta',
  'show-meta-only-title',
  'show-meta-on-hover',
] as const;

/** Gallery settings with their defaults and, for numbers, their allowed ranges. */
export const GALLERY_DEFAULTS = {
  design: 'grid',
  autoplay: false,
  autoplayDuration: { default: 5, min: 1, max: 10 },
  controls: false,
  autoCrop: true,
  squareThumbs: true,
  thumbnails: false,
  aspectRatio: 'square',
  thumbnailStripHeight: { default: 80, min: 0, max: 200 },
  thumbnailStripMargin: { default: 20, min: 0, max: 60 },
  thumbnailsPerRow: { default: 4, min: 1, max: 10 },
  padding: { default: 20, min: 0, max: 50 },
  maxWidth: { default: 300, min: 100, max: 300 },
  metaPosition: 'bottom',
  activeAlignment: 'center',
  lightbox: false,
  lightboxTheme: 'dark',
  newWindow: false,
  transparentBackground: false,
} as const satisfies {
  design: (typeof GALLERY_DESIGNS)[number];
  aspectRatio: keyof typeof GALLERY_ASPECT_RATIOS;
  metaPosition: (typeof GALLERY_META_POSITIONS)[number];
  activeAlignment: (typeof GALLERY_ACTIVE_ALIGNMENTS)[number];
  lightboxTheme: 'dark' | 'light';
  [key: string]: unknown;
};

/** Clamps a numeric setting to its range; a non-number gives the default. */
export function clampSetting(value: unknown, setting: { readonly default: number } & Range): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return setting.default;
  return Math.min(setting.max, Math.max(setting.min, value));
}

// ---------------------------------------------------------------------------------------------
// Images and colour (spec 001 §9)

/** The widths an image is served at. */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/**
 * The served width for a thumbnail of a given display size: the next step up, so the image is
 * never upscaled (above 1000 gives 1500, above 750 gives 1000, ... else 100).
 */
export function pickThumbnailWidth(size: number): ImageWidth {
  if (size > 1000) return 1500;
  if (size > 750) return 1000;
  if (size > 500) return 750;
  if (size > 300) return 500;
  if (size > 100) return 300;
  return 100;
}

export const DEFAULT_FOCAL_POINT = Object.freeze({ x: 0.5, y: 0.5 });

/** Alt text built from an image body is cut to this many characters. */
export const IMAGE_ALT_TEXT_MAX = 1000;

const WHITE = 0xffffff;

/**
 * Light or dark for a colour value: light above half of white. Takes a 24-bit number or a hex
 * string (3 or 6 digits, optional #); anything unreadable counts as dark.
 */
export function colorWeight(value: number | string): 'light' | 'dark' {
  let n: number;
  if (typeof value === 'number') {
    n = value;
  } else {
    const hex = value.trim().replace(/^#/, '');
    if (!/^(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex)) return 'dark';
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    n = Number.parseInt(full, 16);
  }
  return Number.isFinite(n) && n > WHITE / 2 ? 'light' : 'dark';
}

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
// Layout, timing and limits

/** Mobile up to 432 px wide, desktop from 433 px (spec 001 §9). */
export const BREAKPOINTS = { mobileMax: 432, desktopMin: 433 } as const;

export function isMobileWidth(width: number): boolean {
  return width <= BREAKPOINTS.mobileMax;
}

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
  buttonMinWidth: '11em',
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
  /** Template partials may nest this deep. */
  partialDepth: 16,
  /** Default truncate length; the ellipsis appended is "...". */
  truncateLength: 100,
  truncateEllipsis: '...',
  /** Number format digit options are capped here. */
  numberFormatDigits: 50,
  messageFormatterCache: 100,
  timeZoneCache: 100,
  /** Most keys the query-string parser accepts. */
  queryKeys: 1000,
  /** Error reporter: sends per page, events held, debounce, stack length. */
  errorReporterSends: 20,
  errorReporterQueue: 10,
  errorReporterDebounceMs: 1000,
  errorReporterStackChars: 5000,
  censusTimeoutMs: 2500,
  /** Cookie lifetimes, also in COOKIE_POLICY: visitor id 2 years, visit 30 minutes, analytics 390 days. */
  visitorCookieLifetimeMs: COOKIE_POLICY.visitorIdLifetimeMs,
  visitCookieLifetimeMs: COOKIE_POLICY.visitLifetimeMs,
  analyticsCookieLifetimeMs: COOKIE_POLICY.analyticsLifetimeMs,
  performanceFlushMs: 30_000,
  performanceSettingsTimeoutMs: 30_000,
  performanceMetricsMaxMs: 60_000,
  chunkLoadTimeoutMs: 120_000,
  /** The cart pill shows 100+ above this count. */
  cartCountMax: 100,
  emailMinLength: 3,
  emailMaxLength: 256,
  tagLength: 50,
  categoryLength: 25,
  blocksPerLayout: 60,
  tracksPerAlbum: 60,
  itemsPerOrderableCollection: 250,
  productsPerCollection: 200,
  nestedCategories: 10_000,
  importedGalleries: 20,
  gallerySize: 50,
  bytesPerMB: 1_000_000,
  /** Captcha renders compact below this container width. */
  captchaCompactWidth: 320,
  julianDay: { min: 0, max: 4_881_503 },
  weeksPerYear: 52,
  monthsPerYear: 12,
} as const;

/** Scroll animation defaults (spec 001 §9). */
export const SCROLL_ANIMATION = {
  durationMin: 50,
  durationDefault: 50,
  offsetDefault: 30,
  tweenMs: 300,
} as const;

export const DEFAULT_SLIDER_ASPECT_RATIO = 50;

/** Tracker versions reported with analytics (spec 001 §9). */
export const TRACKER_VERSIONS = { client: '3.8.0', collector: '4.3.0' } as const;
