/**
 * The site context: what the page tells the storefront about the site (spec 000 §3, see
 * docs/page-contract.md). It arrives as JSON in `<script type="application/json" id="sf-context">` and
 * is parsed once here. Every key is optional; a bad key falls back to its default on its own and
 * is reported, and a missing or unreadable context gives the defaults with one reported issue.
 */
import { CONTEXT_SCRIPT_ID } from '../contract.js';
import { defaultsOf, isRecord, notesInto, objectOf, readId, readObject, schema } from '../result.js';
import { DEFAULT_CURRENCY, parseCurrencyCode, type CurrencyCode } from '../commerce/money.js';
import { siteFlags } from './flags.js';
import { TIMEZONE_LOAD_FAILED } from '../messages/time-zone-text.js';
import { siteOrWebUrl } from '../urls.js';

export interface CookieSettings {
  /**
   * The site asks for a restrictive cookie policy: the visitor cookie mode becomes restricted
   * and the analytics cookies are removed (spec 000 §4, §9).
   * @default false
   */
  readonly isRestrictiveCookiePolicyEnabled: boolean;
  /** @default false */
  readonly isCookieBannerEnabled: boolean;
}

export interface ReviewSettings {
  /** Show the site's own product reviews. @default false */
  readonly native: boolean;
  /** Show reviews imported from elsewhere. @default false */
  readonly imported: boolean;
}

export interface SiteContext {
  readonly websiteId?: string;
  readonly templateId?: string;
  /** Set when a site user is signed in; the cart then loads at page start (spec 000 §4). */
  readonly authenticatedAccountId?: string;
  /** Roles of the signed-in account, e.g. `VIEWER` (spec 000 §6). @default [] */
  readonly websiteRoles: readonly string[];
  readonly cookieSettings: CookieSettings;
  /** The store's selected currency. @default 'USD' */
  readonly currency: CurrencyCode;
  /** BCP 47 locale for numbers and money. @default 'en-US' */
  readonly locale: string;
  /** IANA time zone of the site. @default 'America/New_York' */
  readonly timeZone: string;
  /** Text shown after a restock sign-up. @default 'Signed up!' */
  readonly restockSuccessText: string;
  /** A captcha is rendered only when this is set (spec 000 §5). */
  readonly captchaSiteKey?: string;
  /**
   * Where the captcha provider's script is loaded from (on demand, once). A same-site path or an
   * http(s) address.
   * @default 'https://www.google.com/recaptcha/api.js?render=explicit'
   */
  readonly captchaScriptUrl: string;
  /** Prefix of the documented endpoints, always ending in `/`. @default '/api/' */
  readonly apiRoot: string;
  /** Feature flag name to on/off. @default {} */
  readonly features: Readonly<Record<string, boolean>>;
  /** The page runs inside the editor's design frame. @default false */
  readonly designFrame: boolean;
  /** Colour of the floating cart pill, chosen in site settings. @default 'light' */
  readonly pillTheme: 'light' | 'dark';
  readonly reviews: ReviewSettings;
  /** Money arrives as `{ value, currency }` rather than `{ decimalValue, currencyCode }`. @default false */
  readonly useCLDRMoneyFormat: boolean;
  /**
   * Cart reads ask for the server's sample cart (`mock=true`, spec 000 §7): a preview of the cart
   * page outside a shopper's visit. @default false
   */
  readonly mockCart: boolean;
  /**
   * Where the instalment provider's texts are read, `{locale}` standing for the provider locale
   * (`/instalments/{locale}.json`): a same-site path or an http(s) address serving
   * `{ title, paragraphs }` (docs/decisions.md), the merchant's own wording. Without it the info
   * popup words nothing of the terms itself and links to the provider's.
   * @default none
   */
  readonly instalmentTextsUrl?: string;
  /**
   * Where the info popup links for the provider's terms, `{locale}` standing for the provider
   * locale: a same-site path or an http(s) address. @default the provider's own terms page for the
   * locale (widgets/instalment-pill/terms.ts)
   */
  readonly instalmentTermsUrl?: string;
}

export interface SiteContextResult {
  readonly context: SiteContext;
  /**
   * One note per key that was ignored for its default ("<key> is not <what it should be>"); empty
   * when the context was clean.
   */
  readonly issues: string[];
  /**
   * The value as given when it was an object (null otherwise): the platform layer reads its own
   * keys from it (`pageType`, `experiments`, …), which the widgets' context leaves out.
   */
  readonly raw: Readonly<Record<string, unknown>> | null;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    // Data properties only: reading an accessor (the lazy time zone) would run its check now.
    for (const d of Object.values(Object.getOwnPropertyDescriptors(value))) deepFreeze(d.value);
    // Returned, not just called: the build counts Object.freeze as pure and drops an unused call.
    return Object.freeze(value);
  }
  return value;
}

/** The canonical form of a BCP 47 tag ("en-us" -> "en-US"), or null when Intl refuses it. */
export function canonicalLocale(tag: string): string | null {
  try {
    // One tag in gives one out, or a RangeError.
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

const DEFAULT_TIME_ZONE = 'America/New_York';

/**
 * The zone as given when Intl knows it, else the default and a console warning. Asking Intl builds
 * a `DateTimeFormat`, the page's first of which costs 10 to 30 ms while the browser loads its
 * locale data (docs/performance.md), and nothing on a page's start formats a date: so the check
 * runs when `timeZone` is first read, not when the context is parsed.
 */
function knownTimeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    // Spec 001 §8's shared message for the situation, then what the context got wrong.
    console.warn(
      `[storefront] site context: ${TIMEZONE_LOAD_FAILED}: timeZone is not a known time zone`,
    );
    return DEFAULT_TIME_ZONE;
  }
}

/** Makes `context.timeZone` check the given zone on its first read (once), see knownTimeZone. */
function checkTimeZoneLazily(context: SiteContext): SiteContext {
  const given = context.timeZone;
  if (given === DEFAULT_TIME_ZONE) return context;
  let checked: string | undefined;
  return Object.defineProperty(context, 'timeZone', {
    enumerable: true,
    get: () => (checked ??= knownTimeZone(given)),
  });
}

/**
 * The captcha script runs with the page's rights, so only a same-site path or an http(s) address
 * is taken (never `javascript:`, `data:` or a protocol-relative `//host`: ../urls.ts).
 */
const normalizeScriptUrl = (raw: string): string | null => siteOrWebUrl(raw.trim());

/**
 * The api root ends up in every request URL, so it is held to the same rule as a script address
 * (a same-site path or an http(s) address), and always ends in `/`. Each endpoint's path is added
 * at its end, so a query or a fragment there would swallow every path: such a root is refused.
 */
export function normalizeApiRoot(raw: string): string | null {
  const root = normalizeScriptUrl(raw);
  return root === null || /[?#]/.test(root) ? null : root.endsWith('/') ? root : `${root}/`;
}

const CONTEXT = `#${CONTEXT_SCRIPT_ID}`;
const BOOLEAN = 'a boolean';
const ADDRESS = 'a path starting with / or an http(s) address';
const NON_EMPTY = 'a non-empty string';

const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);
/** A string, trimmed, then normalised (null refuses it). */
const text =
  <T extends string>(normalize: (s: string) => T | null) =>
  (v: unknown): T | null =>
    typeof v === 'string' ? normalize(v.trim()) : null;
// Ids sometimes arrive as numbers; they are still ids.
const id = readId;
/** A flag, off by default; each bad one falls back alone. */
const FLAG = { read: bool, expected: BOOLEAN, fallback: false } as const;
const COOKIE_FLAGS = schema({ isRestrictiveCookiePolicyEnabled: FLAG, isCookieBannerEnabled: FLAG });
const REVIEW_FLAGS = schema({ native: FLAG, imported: FLAG });

/**
 * How each key is read, what a refused value is said not to be, and its default. Every key of
 * SiteContext is here (DEFAULT_CONTEXT and the parser come from this schema), so the issue texts
 * follow one pattern and a new key is one line.
 */
const FIELDS = schema({
  websiteId: { read: id, expected: NON_EMPTY },
  templateId: { read: id, expected: NON_EMPTY },
  authenticatedAccountId: { read: id, expected: NON_EMPTY },
  websiteRoles: {
    read: (v) =>
      Array.isArray(v) && v.every((r): r is string => typeof r === 'string')
        ? v.map((r) => r.trim()).filter((r) => r !== '')
        : null,
    expected: 'a list of strings',
    fallback: [],
  },
  cookieSettings: { read: objectOf(COOKIE_FLAGS), expected: 'an object', fallback: defaultsOf(COOKIE_FLAGS) },
  currency: { read: parseCurrencyCode, expected: 'a supported currency code', fallback: DEFAULT_CURRENCY },
  locale: { read: text(canonicalLocale), expected: 'a valid locale tag', fallback: 'en-US' },
  // Any non-empty name here; whether Intl knows it is asked on first read (checkTimeZoneLazily).
  timeZone: { read: text((s) => s || null), expected: 'a known time zone', fallback: DEFAULT_TIME_ZONE },
  restockSuccessText: { read: text((s) => s || null), expected: NON_EMPTY, fallback: 'Signed up!' },
  captchaSiteKey: { read: id, expected: NON_EMPTY },
  captchaScriptUrl: {
    read: text(normalizeScriptUrl),
    expected: ADDRESS,
    fallback: 'https://www.google.com/recaptcha/api.js?render=explicit',
  },
  apiRoot: { read: text(normalizeApiRoot), expected: `${ADDRESS}, without ? or #`, fallback: '/api/' },
  features: {
    read: (v, label, note) => {
      if (!isRecord(v)) return null;
      // A null-prototype map: flag names come from the page and must not reach Object.prototype.
      const on = Object.create(null) as Record<string, boolean>;
      for (const [name, value] of Object.entries(v)) {
        if (typeof value === 'boolean') on[name] = value;
        else note(`${label}.${name}`, BOOLEAN);
      }
      return on;
    },
    expected: 'an object of booleans',
    fallback: {},
  },
  designFrame: { read: bool, expected: BOOLEAN, fallback: false },
  pillTheme: {
    read: (v) => (v === 'light' || v === 'dark' ? v : null),
    expected: '"light" or "dark"',
    fallback: 'light',
  },
  reviews: { read: objectOf(REVIEW_FLAGS), expected: 'an object', fallback: defaultsOf(REVIEW_FLAGS) },
  useCLDRMoneyFormat: { read: bool, expected: BOOLEAN, fallback: false },
  instalmentTextsUrl: { read: text(normalizeScriptUrl), expected: ADDRESS },
  instalmentTermsUrl: { read: text(normalizeScriptUrl), expected: ADDRESS },
  mockCart: { read: bool, expected: BOOLEAN, fallback: false },
});

/** Every key's default; the optional keys without one are absent. */
export const DEFAULT_CONTEXT: SiteContext = deepFreeze(defaultsOf(FIELDS));

/**
 * Parses an untrusted site-context value. Never throws. A value that is not an object gives the
 * defaults and exactly one issue; each bad key falls back to its default and adds one issue.
 */
export function parseSiteContext(raw: unknown): SiteContextResult {
  const issues: string[] = [];
  if (!isRecord(raw)) return { context: DEFAULT_CONTEXT, issues: [`${CONTEXT} is not an object`], raw: null };
  const context: SiteContext = readObject(raw, FIELDS, '', notesInto(issues));
  return { context: deepFreeze(checkTimeZoneLazily(context)), issues, raw };
}

/**
 * Reads the site context from the page. No document (server rendering), no script element, or
 * JSON that does not parse all give the defaults and one issue.
 */
export function readSiteContext(doc: Document | undefined = globalThis.document): SiteContextResult {
  const el = doc?.getElementById(CONTEXT_SCRIPT_ID);
  let raw: unknown;
  try {
    raw = JSON.parse(el?.textContent ?? '');
  } catch {
    // No document (server rendering), no element, or text that is not JSON: the defaults.
    return {
      context: DEFAULT_CONTEXT,
      issues: [`${CONTEXT} is not ${el ? 'JSON' : 'on the page'}`],
      raw: null,
    };
  }
  return parseSiteContext(raw);
}

/**
 * Whether a feature flag is on, as the SDK reads its own: an `sf-flag-<name>` override in the page
 * address first, else the context's `features`; unknown flags are off.
 */
export function isFeatureEnabled(context: SiteContext, name: string): boolean {
  return siteFlags(context.features).isEnabled(name);
}
