/**
 * The visitor census (spec 000 §4, §7; spec 001 §2, §4): whether this page view may be tracked at
 * all, and the RecordHit page view. When tracking is skipped the platform layer sends nothing.
 */
import { ANALYTICS_PATHS, PLATFORM_FLAGS, UNTRACKED_PAGE_TYPES, type PageType } from './constants.js';
import type { SiteContext } from './context.js';
import type { Flags } from './flags.js';
import type { VisitorCookieMode } from './identity.js';

/** The page-view event name of RecordHit. */
export const PAGE_VIEW_EVENT = 'view';

/** Role name of the viewer-only account (spec 000 §6). */
const VIEWER = 'VIEWER';

const isUnder = (pathname: string, root: string): boolean =>
  pathname === root || pathname.startsWith(`${root}/`);

/**
 * The census is on unless its flag is off: in the site's flags (with the address's overrides)
 * when given, else in the site context.
 */
export function censusEnabled(context: SiteContext, flags?: Pick<Flags, 'toggle'>): boolean {
  return flags
    ? flags.toggle(PLATFORM_FLAGS.visitorCensus, true).value
    : context.features[PLATFORM_FLAGS.visitorCensus] !== false;
}

export interface TrackingInput {
  readonly context: SiteContext;
  /** Page-type code of spec 001 §2, when the page says. */
  readonly pageType: number | null;
  readonly pathname: string;
  /** The site's flags (src/page/flags.ts `siteFlags`); the context's features alone without. */
  readonly flags?: Pick<Flags, 'toggle'> | undefined;
}

/**
 * Spec 000 §4, §6: tracking is skipped when the census is off, on not-found, lock-screen and
 * access-denied pages, and for a signed-in account that is not viewer-only; a viewer-only
 * account is tracked like a visitor except on /config paths (an editing area).
 */
export function trackingAllowed({ context, pageType, pathname, flags }: TrackingInput): boolean {
  if (!censusEnabled(context, flags)) return false;
  if (pageType !== null && UNTRACKED_PAGE_TYPES.includes(pageType as PageType)) return false;
  if (context.authenticatedAccountId !== undefined) {
    const roles = context.websiteRoles;
    const viewerOnly = roles.length > 0 && roles.every((role) => role.toUpperCase() === VIEWER);
    if (!viewerOnly) return false;
    if (isUnder(pathname, ANALYTICS_PATHS.editing)) return false;
  }
  return true;
}

/** Spec 000 §2: /search is excluded from page-view tracking (other events still count). */
export function pageViewTracked(input: TrackingInput): boolean {
  return trackingAllowed(input) && !isUnder(input.pathname, ANALYTICS_PATHS.excluded);
}

/** The `data` JSON of a RecordHit page view (spec 000 §7). */
// A type, not an interface: it goes where a JSON record is expected.
export type PageViewData = {
  readonly page: string;
  readonly website: string | null;
  readonly template: string | null;
  readonly locale: string;
  readonly userAgent: string;
  /** ISO 8601, from the visitor's clock. */
  readonly clientDate: string;
  readonly viewport: { readonly width: number; readonly height: number };
  readonly screen: { readonly width: number; readonly height: number };
  readonly visitorCookieMode: VisitorCookieMode;
};

export interface PageViewInput {
  readonly context: SiteContext;
  readonly href: string;
  readonly userAgent: string;
  readonly now: number;
  readonly viewport: { readonly width: number; readonly height: number };
  readonly screen: { readonly width: number; readonly height: number };
  readonly mode: VisitorCookieMode;
}

export function pageViewData(input: PageViewInput): PageViewData {
  return {
    page: input.href,
    website: input.context.websiteId ?? null,
    template: input.context.templateId ?? null,
    locale: input.context.locale,
    userAgent: input.userAgent,
    clientDate: new Date(input.now).toISOString(),
    viewport: input.viewport,
    screen: input.screen,
    visitorCookieMode: input.mode,
  };
}
