/**
 * Who the visitor is, as far as analytics may know (spec 000 §4, §9; spec 001 §4, §9): the census
 * cookies (visitor id for 2 years, visit for 30 minutes, all removed and none set under a
 * restrictive cookie policy), the session info (first landing, first session, session id) and
 * the analytics id (cookie, then local storage, then memory, else new; kept 390 days).
 *
 * Nothing here throws: storage and cookies can be switched off, sandboxed or full, and analytics
 * failures are silently ignored. The two storage failures the spec names are logged.
 */
import { COOKIE_POLICY } from './constants.js';
import { DIAGNOSTICS } from '../messages/diagnostics.js';
import { readCookie } from './cookies.js';
import { pageState } from './page-state.js';
import { isRecord } from '../result.js';
import { getItem, readSessionData, removeItem, setItem, writeSessionData } from './session-data.js';

/** The cookies this layer reads and writes. The census names are the platform's (spec 000 §9). */
export const ANALYTICS_COOKIES = {
  /** Visitor id, 2 years. */
  visitor: 'ss_cvr',
  /** Current visit, 30 minutes from the last page view. */
  visit: 'ss_cvt',
  /** Analytics id, 390 days. */
  analyticsId: 'sf_aid',
  /** Session id, 390 days (spec 001 §9 lists it with the analytics cookies). */
  sessionId: 'sf_sid',
  /** Marketing id: read when a marketing tool has set it, never written here. */
  marketingId: 'sf_mid',
} as const;

/** Keys in web storage. */
export const STORAGE_KEYS = {
  /** Session storage: present once the visitor has landed in this browser session. */
  firstSession: 'sf-first-session',
  /** Local storage: `true` during the visitor's first session, `false` after it. */
  hasLanded: 'sf-has-landed',
  /** Local storage: `{ value, expires }` copy of the analytics id. */
  analyticsId: 'sf-analytics-id',
  /**
   * Local storage (session storage under a restrictive cookie policy): `{ [orderId]: expires }`,
   * the orders whose purchase this browser has recorded.
   */
  recordedOrders: 'sf-recorded-orders',
} as const;

/** `standard`, or `restricted` under a restrictive cookie policy (spec 000 §4). */
export type VisitorCookieMode = 'standard' | 'restricted';

/** What this module needs from the page; tests pass their own. */
export interface IdentityEnv {
  readonly doc: Document;
  /** The storage object, or null when the browser refuses access. */
  readonly local: () => Storage | null;
  readonly session: () => Storage | null;
  readonly now: () => number;
  /** A new random id. */
  readonly newId: () => string;
  /** Where the spec's storage texts go. @default console.warn */
  readonly log: (text: string) => void;
}

export const randomId = (): string => {
  try {
    return globalThis.crypto.randomUUID();
  } catch {
    // Older browsers and insecure origins: random enough for an analytics id.
    return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  }
};

/** A storage getter that logs "Unable access local/session storage" once when access fails. */
export const storageGetter = (
  kind: 'localStorage' | 'sessionStorage',
  log: (text: string) => void,
  win: (Window & typeof globalThis) | undefined = globalThis.window,
): (() => Storage | null) => {
  let logged = false;
  return () => {
    try {
      const storage = win?.[kind] ?? null;
      if (!storage) throw new Error('no storage');
      return storage;
    } catch {
      if (!logged) {
        logged = true;
        log(DIAGNOSTICS.storageUnavailable);
      }
      return null;
    }
  };
};

/** The page's own environment. */
export const pageIdentityEnv = (doc: Document = globalThis.document): IdentityEnv => {
  const log = (text: string) => console.warn(text);
  return {
    doc,
    local: storageGetter('localStorage', log),
    session: storageGetter('sessionStorage', log),
    now: () => Date.now(),
    newId: randomId,
    log,
  };
};

const isHttps = (doc: Document): boolean => {
  try {
    return doc.location?.protocol === 'https:';
  } catch {
    return false;
  }
};

/** Writes a first-party cookie on the whole site. Never throws. */
export function writeCookie(doc: Document, name: string, value: string, maxAgeMs: number): boolean {
  try {
    const secure = isHttps(doc) ? '; Secure' : '';
    doc.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${Math.floor(maxAgeMs / 1000)}; SameSite=Lax${secure}`;
    return readCookie(name, doc) === value;
  } catch {
    return false;
  }
}

/**
 * Expires a cookie wherever a site may have set it: host-only and on every parent domain of the
 * page's host, at the site root.
 */
export function removeCookie(doc: Document, name: string): void {
  const host = (() => {
    try {
      return doc.location?.hostname ?? '';
    } catch {
      return '';
    }
  })();
  const domains = [''];
  const parts = host.split('.');
  // An IP address has no parent domains.
  if (parts.length > 1 && !/^[\d.]+$/.test(host)) {
    for (let i = 0; i < parts.length - 1; i += 1) domains.push(`; Domain=${parts.slice(i).join('.')}`);
  }
  for (const domain of domains) {
    try {
      doc.cookie = `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT${domain}`;
    } catch {
      // Sandboxed documents refuse cookie writes; there is nothing to remove then.
    }
  }
}

export interface VisitorIdentity {
  readonly mode: VisitorCookieMode;
  /** Null in restricted mode. */
  readonly visitorId: string | null;
  /** Null in restricted mode. */
  readonly visitId: string | null;
}

/**
 * The census cookies for this page view. Standard mode reads or creates the visitor id (2 years)
 * and the visit (30 minutes, renewed by every page view). Restricted mode removes every cookie
 * of spec 000 §9 (`ss_cid`, `ss_cpvisit`, `ss_cvisit`, `ss_cvr`, `ss_cvt`) and writes none.
 */
export function visitorIdentity(env: IdentityEnv, restrictive: boolean): VisitorIdentity {
  if (restrictive) {
    for (const name of COOKIE_POLICY.restrictedCookies) removeCookie(env.doc, name);
    return { mode: 'restricted', visitorId: null, visitId: null };
  }
  const visitorId = readCookie(ANALYTICS_COOKIES.visitor, env.doc) || env.newId();
  const visitId = readCookie(ANALYTICS_COOKIES.visit, env.doc) || String(env.now());
  writeCookie(env.doc, ANALYTICS_COOKIES.visitor, visitorId, COOKIE_POLICY.visitorIdLifetimeMs);
  writeCookie(env.doc, ANALYTICS_COOKIES.visit, visitId, COOKIE_POLICY.visitLifetimeMs);
  return { mode: 'standard', visitorId, visitId };
}

export interface SessionInfo {
  /** No first-session marker in session storage: this is the session's first page. */
  readonly firstLanding: boolean;
  /** The has-landed marker in local storage is absent or says `true`. */
  readonly firstSession: boolean;
  readonly sessionId: string;
}

/** Session info of spec 001 §3, §4. */
export function sessionInfo(env: IdentityEnv): SessionInfo {
  const session = env.session();
  const local = env.local();
  const firstLanding = getItem(session, STORAGE_KEYS.firstSession) === null;
  if (firstLanding) setItem(session, STORAGE_KEYS.firstSession, '1');
  let landed = getItem(local, STORAGE_KEYS.hasLanded);
  // The marker says true through the visitor's first session; a later session's first page turns
  // it false for good.
  if (firstLanding) {
    landed = landed === null ? 'true' : 'false';
    setItem(local, STORAGE_KEYS.hasLanded, landed);
  }
  const firstSession = landed === null || landed === 'true';
  let sessionId = readCookie(ANALYTICS_COOKIES.sessionId, env.doc);
  if (!sessionId) {
    sessionId = env.newId();
    writeCookie(env.doc, ANALYTICS_COOKIES.sessionId, sessionId, COOKIE_POLICY.analyticsLifetimeMs);
  }
  return { firstLanding, firstSession, sessionId };
}

/** How long a recorded order is remembered: a confirmation page reloaded within it records nothing. */
export const RECORDED_ORDER_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Whether the purchase of `orderId` is recorded for the first time in this browser; if so it is
 * remembered in `storage` for {@link RECORDED_ORDER_LIFETIME_MS} (expired orders are dropped on
 * the way). An unreadable value counts as none; a failed write only means a later reload may
 * record the order again.
 */
export function firstRecordOfOrder(storage: Storage | null, orderId: string, now: number): boolean {
  const kept: Record<string, number> = {};
  const stored = readSessionData(storage, STORAGE_KEYS.recordedOrders, now);
  if (isRecord(stored)) {
    for (const [id, expires] of Object.entries(stored)) {
      if (typeof expires === 'number' && expires > now) kept[id] = expires;
    }
  }
  if (Object.prototype.hasOwnProperty.call(kept, orderId)) return false;
  kept[orderId] = now + RECORDED_ORDER_LIFETIME_MS;
  // The whole record expires with its latest order (session data, ./session-data.ts).
  const latest = Math.max(...Object.values(kept));
  writeSessionData(storage, STORAGE_KEYS.recordedOrders, kept, latest - now, now);
  return true;
}

/**
 * Forgets the in-memory analytics id (tests): the one the page keeps (./page-state.ts) when neither
 * cookie nor storage can, the same id for the page's lifetime.
 */
export const resetAnalyticsIdMemory = (doc: Document = globalThis.document): void => {
  pageState(doc).memoryId = null;
};

/** The analytics id's copy in local storage: session data, removed once expired or unreadable. */
const readStoredId = (env: IdentityEnv, local: Storage | null): string | null => {
  const value = readSessionData(local, STORAGE_KEYS.analyticsId, env.now());
  if (typeof value === 'string' && value !== '') return value;
  if (value !== null) removeItem(local, STORAGE_KEYS.analyticsId);
  return null;
};

/**
 * The analytics id: from its cookie, then local storage (unless expired, which clears it), then
 * memory, else a new random id. It is stored back with a 390-day expiry in both places; a
 * failed write logs "Unable to store analyticsId".
 */
export function analyticsId(env: IdentityEnv): string {
  const local = env.local();
  const page = pageState(env.doc);
  const id =
    readCookie(ANALYTICS_COOKIES.analyticsId, env.doc) ||
    readStoredId(env, local) ||
    page.memoryId ||
    env.newId();
  page.memoryId = id;
  const lifetime = COOKIE_POLICY.analyticsLifetimeMs;
  const cookieKept = writeCookie(env.doc, ANALYTICS_COOKIES.analyticsId, id, lifetime);
  const stored = local !== null && writeSessionData(local, STORAGE_KEYS.analyticsId, id, lifetime, env.now());
  if (!cookieKept || (local !== null && !stored)) env.log(DIAGNOSTICS.storageWriteFailed);
  return id;
}

/**
 * Under a restrictive cookie policy the visitor has not agreed to identifiers, so none is kept:
 * the analytics id and session id cookies go (as the census cookies do in
 * {@link visitorIdentity}), with the copies and markers of web storage. Nothing is written back.
 */
export function forgetIdentity(env: IdentityEnv): void {
  removeCookie(env.doc, ANALYTICS_COOKIES.analyticsId);
  removeCookie(env.doc, ANALYTICS_COOKIES.sessionId);
  const local = env.local();
  removeItem(local, STORAGE_KEYS.analyticsId);
  removeItem(local, STORAGE_KEYS.hasLanded);
  removeItem(env.session(), STORAGE_KEYS.firstSession);
  pageState(env.doc).memoryId = null;
}
