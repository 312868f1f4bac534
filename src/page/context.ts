/**
 * The site context: what the page tells the storefront about the site (spec 000 §3, design.md
 * "page contract"). It arrives as JSON in `<script type="application/json" id="sf-context">` and
 * is parsed once here. Every key is optional; a bad key falls back to its default on its own and
 * is reported, and a missing or unreadable context gives the defaults with one reported issue.
 */
import { CONTEXT_SCRIPT_ID } from '../contract.js';
import { isRecord, type JsonRecord } from '../result.js';
import { DEFAULT_CURRENCY, parseCurrencyCode, type CurrencyCode } from '../commerce/money.js';

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
}

export const DEFAULT_CONTEXT: SiteContext = deepFreeze({
  websiteRoles: [],
  cookieSettings: { isRestrictiveCookiePolicyEnabled: false, isCookieBannerEnabled: false },
  currency: DEFAULT_CURRENCY,
  locale: 'en-US',
  timeZone: 'America/New_York',
  restockSuccessText: 'Signed up!',
  captchaScriptUrl: 'https://www.google.com/recaptcha/api.js?render=explicit',
  apiRoot: '/api/',
  features: {},
  designFrame: false,
  pillTheme: 'light',
  reviews: { native: false, imported: false },
  useCLDRMoneyFormat: false,
});

export interface SiteContextResult {
  readonly context: SiteContext;
  /** Human-readable notes about what was ignored; empty when the context was clean. */
  readonly issues: string[];
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

const hasOwn = (o: object, k: PropertyKey): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** A key that is absent, or null as JSON writers often emit, simply takes its default. */
const isAbsent = (raw: JsonRecord, key: string): boolean =>
  !hasOwn(raw, key) || raw[key] === undefined || raw[key] === null;

/** The canonical form of a BCP 47 tag ("en-us" -> "en-US"), or null when Intl refuses it. */
function canonicalLocale(tag: string): string | null {
  try {
    const list = Intl.getCanonicalLocales(tag);
    return list.length === 1 ? (list[0] ?? null) : null;
  } catch {
    return null;
  }
}

/** The zone as given when Intl knows it, else null. */
function knownTimeZone(zone: string): string | null {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

/**
 * The api root ends up in every request URL, so only a same-site path or an http(s) address is
 * taken; anything else (`javascript:`, protocol-relative `//host`) is refused.
 */
export function normalizeApiRoot(raw: string): string | null {
  const root = raw.trim();
  if (root === '') return null;
  const isPath = root.startsWith('/') && !root.startsWith('//') && !root.includes('\\');
  const isHttp = /^https?:\/\/[^/\\\s]+/i.test(root);
  if (!isPath && !isHttp) return null;
  if (/\s/.test(root)) return null;
  return root.endsWith('/') ? root : `${root}/`;
}

/**
 * The captcha script runs with the page's rights, so only a same-site path or an http(s) address
 * is taken (never `javascript:`, `data:` or a protocol-relative `//host`).
 */
export function normalizeScriptUrl(raw: string): string | null {
  const url = raw.trim();
  const isPath = url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');
  const isHttp = /^https?:\/\/[^/\\\s]+/i.test(url);
  return (isPath || isHttp) && !/\s/.test(url) ? url : null;
}

/** Reads one value; null refuses it (the key then takes its default and is reported). */
type Reader = (value: unknown, report: Report, key: string, fallback: never) => unknown;
type Report = (key: string, expected: string) => void;

const BOOLEAN = 'a boolean';
const ADDRESS = 'a path starting with / or an http(s) address';
const NON_EMPTY = 'a non-empty string';

const bool: Reader = (v) => (typeof v === 'boolean' ? v : null);
/** A string, trimmed, then normalised (null refuses it). */
const text =
  (normalize: (s: string) => string | null): Reader =>
  (v) =>
    typeof v === 'string' ? normalize(v.trim()) : null;
// Ids sometimes arrive as numbers; they are still ids.
const id: Reader = (v) =>
  typeof v === 'string' && v.trim() !== ''
    ? v.trim()
    : typeof v === 'number' && Number.isFinite(v)
      ? String(v)
      : null;
/** An object of booleans whose keys are those of the default; each bad one falls back alone. */
const booleans: Reader = (v, report, key, fallback: Record<string, boolean>) =>
  isRecord(v)
    ? Object.fromEntries(
        Object.keys(fallback).map((k) => [
          k,
          readKey(v, k, [bool, BOOLEAN], fallback[k], report, `${key}.${k}`),
        ]),
      )
    : null;

/**
 * How each key is read and what a refused value is said not to be. Every key of SiteContext is
 * here, so the issue texts follow one pattern and a new key is one line.
 */
const READERS: { readonly [K in keyof SiteContext]-?: readonly [Reader, string] } = {
  websiteId: [id, NON_EMPTY],
  templateId: [id, NON_EMPTY],
  authenticatedAccountId: [id, NON_EMPTY],
  websiteRoles: [
    (v) =>
      Array.isArray(v) && v.every((r): r is string => typeof r === 'string')
        ? v.map((r) => r.trim()).filter((r) => r !== '')
        : null,
    'a list of strings',
  ],
  cookieSettings: [booleans, 'an object'],
  currency: [parseCurrencyCode, 'a supported currency code'],
  locale: [text(canonicalLocale), 'a valid locale tag'],
  timeZone: [text(knownTimeZone), 'a known time zone'],
  restockSuccessText: [text((s) => s || null), NON_EMPTY],
  captchaSiteKey: [id, NON_EMPTY],
  captchaScriptUrl: [text(normalizeScriptUrl), ADDRESS],
  apiRoot: [text(normalizeApiRoot), ADDRESS],
  features: [
    (v, report, key) => {
      if (!isRecord(v)) return null;
      // A null-prototype map: flag names come from the page and must not reach Object.prototype.
      const flags = Object.create(null) as Record<string, boolean>;
      for (const [name, on] of Object.entries(v)) {
        if (typeof on === 'boolean') flags[name] = on;
        else report(`${key}.${name}`, BOOLEAN);
      }
      return flags;
    },
    'an object of booleans',
  ],
  designFrame: [bool, BOOLEAN],
  pillTheme: [(v) => (v === 'light' || v === 'dark' ? v : null), '"light" or "dark"'],
  reviews: [booleans, 'an object'],
  useCLDRMoneyFormat: [bool, BOOLEAN],
};

function readKey(
  from: JsonRecord,
  key: string,
  [read, expected]: readonly [Reader, string],
  fallback: unknown,
  report: Report,
  label = key,
): unknown {
  if (isAbsent(from, key)) return fallback;
  const value = read(from[key], report, label, fallback as never);
  if (value !== null) return value;
  report(label, expected);
  return fallback;
}

/**
 * Parses an untrusted site-context value. Never throws. A value that is not an object gives the
 * defaults and exactly one issue; each bad key falls back to its default and adds one issue.
 */
export function parseSiteContext(raw: unknown): SiteContextResult {
  if (!isRecord(raw)) {
    const what =
      raw === undefined
        ? 'missing'
        : raw === null
          ? 'null'
          : Array.isArray(raw)
            ? 'an array'
            : `a ${typeof raw}`;
    return { context: DEFAULT_CONTEXT, issues: [`site context is ${what}, not an object; using defaults`] };
  }
  const issues: string[] = [];
  const report: Report = (key, expected) => {
    issues.push(`site context key "${key}" is not ${expected}; using the default`);
  };
  const context: Record<string, unknown> = {};
  for (const key of Object.keys(READERS) as (keyof SiteContext)[]) {
    const value = readKey(raw, key, READERS[key], DEFAULT_CONTEXT[key], report);
    // Optional keys without a default stay absent rather than present and undefined.
    if (value !== undefined) context[key] = value;
  }
  return { context: deepFreeze(context as unknown as SiteContext), issues };
}

/**
 * Reads the site context from the page. No document (server rendering), no script element, or
 * JSON that does not parse all give the defaults and one issue.
 */
export function readSiteContext(doc: Document | undefined = globalThis.document): SiteContextResult {
  if (!doc) return { context: DEFAULT_CONTEXT, issues: ['no document; using the default site context'] };
  const el = doc.getElementById(CONTEXT_SCRIPT_ID);
  if (!el) {
    return {
      context: DEFAULT_CONTEXT,
      issues: [`no #${CONTEXT_SCRIPT_ID} element; using the default site context`],
    };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(el.textContent ?? '');
  } catch {
    return {
      context: DEFAULT_CONTEXT,
      issues: [`#${CONTEXT_SCRIPT_ID} does not hold valid JSON; using the default site context`],
    };
  }
  return parseSiteContext(raw);
}

/** Whether a feature flag is on; unknown flags are off. */
export function isFeatureEnabled(context: SiteContext, name: string): boolean {
  return hasOwn(context.features, name) && context.features[name] === true;
}
