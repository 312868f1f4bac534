/**
 * Every limit of the reference server in one place: rates, sizes, lifetimes and storage caps.
 * docs/security.md lists them; docs/http-api.md gives the wire-level ones.
 */
import { QUANTITY } from '../../src/constants';

export interface RateLimitSetting {
  /**
   * Requests allowed per window per client IP. For `loginFailures`: failures per account and
   * address before delays start.
   */
  readonly max: number;
  /** Window length in milliseconds. For `loginFailures`: the longest delay. */
  readonly timeWindowMs: number;
}

const perMinute = (max: number): RateLimitSetting => ({ max, timeWindowMs: 60_000 });

/** Defaults of `createServer({ rateLimit })`. */
export const DEFAULT_RATE_LIMITS = {
  /** Add to cart and subscription carts, per client IP. */
  addToCart: perMinute(60),
  /** Restock sign-ups, per client IP: each one may store an email and send a confirmation mail. */
  restockSignUp: perMinute(10),
  /** Form submission keys, per client IP: each one is a stored row. */
  formKey: perMinute(30),
  /** Form submissions, per client IP. */
  formSubmission: perMinute(10),
  /** Login attempts, per client IP (right or wrong). */
  login: perMinute(10),
  /**
   * Failed logins per account at one address before that pair waits: 30 s, doubling with each
   * further failure up to 15 minutes. Never the account as a whole: the owner's own address keeps
   * its own count (docs/security.md).
   */
  loginFailures: { max: 5, timeWindowMs: 15 * 60_000 } as RateLimitSetting,
  /**
   * Failed logins per account from all browsers without that account's device cookie together,
   * whatever their addresses: past it those browsers wait for the window's end. A browser where
   * the account signed in before carries the cookie and is never held by this (docs/security.md).
   */
  loginFailuresPerAccount: { max: 10, timeWindowMs: 15 * 60_000 } as RateLimitSetting,
  /** Analytics, performance and error beacons together, per client IP. */
  beacons: perMinute(120),
} as const;

export type RateLimits = { -readonly [K in keyof typeof DEFAULT_RATE_LIMITS]: RateLimitSetting };

/** The first delay of an account at an address past its free login failures; each further failure doubles it. */
export const LOGIN_BASE_DELAY_MS = 30_000;
/** An account at an address with no failed login for this long is forgotten. */
export const LOGIN_FAILURE_MEMORY_MS = 24 * 60 * 60_000;
/** Accounts at addresses remembered at most by the login throttle (about 100 bytes each). */
export const MAX_LOGIN_FAILURE_KEYS = 10_000;

/** How long the server waits for a client, `createServer({ timeouts })`. */
export interface ServerTimeouts {
  /** The whole request, headers and body: a body trickled a byte a second is cut here (408). */
  readonly requestMs: number;
  /** The request headers. */
  readonly headersMs: number;
  /** A connection with no traffic at all, in either direction. */
  readonly idleMs: number;
  /** A kept-alive connection between two requests. */
  readonly keepAliveMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  requestMs: 20_000,
  headersMs: 10_000,
  idleMs: 30_000,
  keepAliveMs: 5_000,
};

/**
 * How often Node looks for requests past their time: a request is cut at most this much after
 * its timeout. Node's own default (30 s) would let a trickled body live 50 s.
 */
export const timeoutCheckIntervalMs = (timeouts: ServerTimeouts): number =>
  Math.max(100, Math.min(5_000, Math.floor(Math.min(timeouts.requestMs, timeouts.headersMs) / 4)));

/**
 * Open connections per client address (an IPv6 client by its /64). Requests on connections past it
 * are answered 503 with `Retry-After`; past twice as many, new connections are closed at once.
 * A browser opens at most 6 per origin, so 128 leaves room for about twenty busy browsers behind
 * one NAT, and for a client pool of 80 parallel adds.
 */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 128;

/** Every request body. */
export const BODY_LIMIT = 256 * 1024;
/** Census, performance, clanker and RecordEvent beacons: a page view's beacon is a few hundred bytes. */
export const BEACON_BODY_LIMIT = 16 * 1024;
/** Records one clanker or census beacon may carry (a list of them, the SDK's batches). */
export const MAX_BEACON_BATCH = 100;
/** Error reports: up to 10 events with a stack of up to 5000 characters each. */
export const ERROR_REPORT_BODY_LIMIT = 64 * 1024;
/** Nesting depth of any JSON a request carries (bodies, JSON strings inside fields). */
export const MAX_JSON_DEPTH = 32;

/** Largest quantity of one cart entry, whatever the number of adds (spec 001 §5). */
export const MAX_ENTRY_QUANTITY = QUANTITY.max;

/**
 * Lines one cart holds (an add that would make another is refused with 409 `cart-full`). Adds of
 * an item with answers to its form never merge, so without it every add would be a row.
 */
export const MAX_CART_ENTRIES = 100;
/** Characters in each part of a multi-part answer (a name's first, an address's line1...). */
export const MAX_ANSWER_PART_LENGTH = 256;
/** Characters in a text answer whose field sets no `maxLength` of its own. */
export const MAX_TEXT_ANSWER_LENGTH = 10_000;

/** Rows kept per analytics table (census hits, events, error reports, performance records and page loads). */
export const DEFAULT_MAX_ANALYTICS_ROWS = 5000;
/**
 * Restock sign-ups kept per product, all variants together. When full, the oldest sign-up already
 * notified makes room; with none notified, the newest sign-up of the client network holding the
 * most of the product's sign-ups does: a flood makes room from itself, never by refusing anyone.
 */
export const MAX_RESTOCK_SIGNUPS_PER_PRODUCT = 1000;
/**
 * Mailing-list confirmation mails, so that strangers typing other people's emails cannot make the
 * store mail hundreds of them. Past any bound the sign-up is kept and its mail is not sent; the
 * same sign-up repeated once the window has moved on sends it.
 */
export const CONFIRMATION_MAIL_LIMITS = {
  /** The window the counts below are taken over. */
  windowMs: 60 * 60_000,
  /** Mails per window from the whole store. */
  total: 100,
  /** Mails per window for the sign-ups of one product. */
  perProduct: 20,
  /** Mails per window asked for from one client network (an IPv4 address, an IPv6 /64). */
  perNetwork: 3,
  /** One mail per recipient in this time, whatever the product: the mailing list is the store's. */
  perRecipientMs: 24 * 60 * 60_000,
} as const;
/** How long a mailing-list confirmation link works. */
export const OPT_IN_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Unused form submission keys kept at most (each also expires after an hour). Past the cap the
 * oldest key of the address holding the most goes, never a key of a visitor who asked for one.
 */
export const MAX_FORM_KEYS = 5000;
/** Unused form submission keys kept per client IP: its oldest goes first. */
export const MAX_FORM_KEYS_PER_ADDRESS = 20;
/** Revoked crumbs remembered at most (a crumb is revoked at each login and logout). */
export const MAX_REVOKED_CRUMBS = 100_000;

export const CRUMB_MAX_AGE_S = 390 * 24 * 60 * 60;
export const CART_MAX_AGE_S = 14 * 24 * 60 * 60;
export const REMEMBER_ME_MAX_AGE_S = 30 * 24 * 60 * 60;
export const SESSION_MAX_AGE_S = 24 * 60 * 60;
/** The sign-in device cookie: a browser where an account signed in is known to it this long. */
export const DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;
export const FORM_KEY_TTL_MS = 60 * 60 * 1000;
/** Adds without a cart cookie by one visitor (one crumb) within this time share one new cart. */
export const FIRST_ADD_WINDOW_MS = 60_000;
