/**
 * The platform layer's codes, limits and lifetimes (spec 000 §2, §4, §9; spec 001 §2, §8, §9). They
 * live beside the page runtime rather than in src/constants.ts because only the chunks loaded after
 * the first mount read them (analytics, sessions, flags, the error reporter): the shared chunk every
 * product page loads at start stays free of them.
 */

/**
 * Page-type codes (spec 001 §2): the namespace of ./page-types.ts, one export per code, so a chunk
 * carries the codes its code names rather than all 23 (a bundler drops unused exports of a
 * module, not unused keys of an object).
 */
import * as PAGE_TYPES from './page-types.js';
export { PAGE_TYPES };
export type PageType = (typeof PAGE_TYPES)[keyof typeof PAGE_TYPES];

/** Pages on which analytics tracking is skipped (spec 000 §4). */
export const UNTRACKED_PAGE_TYPES: readonly PageType[] = [
  PAGE_TYPES.notFound,
  PAGE_TYPES.lockScreen,
  PAGE_TYPES.memberAreaAccessDenied,
];

/** Feature flags the platform layer reads (spec 000 §4, spec 001 §4). */
export const PLATFORM_FLAGS = {
  visitorMetrics: 'visitor_metrics',
  /** The visitor census: analytics are skipped when it is off (spec 000 §4). On unless set false. */
  visitorCensus: 'visitor_census',
} as const;

/** Experiment kinds of the site context's `experiments` (spec 001 §4). */
export const EXPERIMENT_TYPES = ['FEATURE_TOGGLE', 'AB_TEST'] as const;

/** Paths with special analytics handling (spec 000 §2). */
export const ANALYTICS_PATHS = {
  /** Excluded from page-view tracking. */
  excluded: '/search',
  /** Treated as an editing area. */
  editing: '/config',
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

/** Tracker versions reported with analytics (spec 001 §9). */
export const TRACKER_VERSIONS = { client: '3.8.0', collector: '4.3.0' } as const;

/**
 * The platform layer's limits and timings (spec 000 §9, spec 001 §5, §8, §9): the namespace of
 * ./page-limits.ts, one export each, like {@link PAGE_TYPES}.
 */
import * as PAGE_LIMITS from './page-limits.js';
export { PAGE_LIMITS };
