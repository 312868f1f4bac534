/**
 * The platform layer's own keys of the site context (spec 001 §2, §3, §7), read from the context
 * as the page gave it: the page type, the environment, the explicit and member locales, and where
 * site-visitor events go. Each reader returns null or the default for a value it cannot use, and
 * {@link warnAboutPlatformKeys} says so in the console, as the runtime does of the other keys.
 */
import { isRecord, type JsonRecord } from '../result.js';
import { ENVIRONMENTS, type Environment } from './events.js';

/** Page-type code of spec 001 §2 from the context key `pageType`, or null. */
export const readPageType = (raw: JsonRecord | null): number | null => {
  const v = raw?.['pageType'];
  return typeof v === 'number' && Number.isInteger(v) ? v : null;
};

export const readEnvironment = (raw: JsonRecord | null): Environment => {
  const v = raw?.['environment'];
  return ENVIRONMENTS.includes(v as Environment) ? (v as Environment) : 'prod';
};

/** A non-blank text key, trimmed, or null. */
export const readOptionalText = (raw: JsonRecord | null, key: string): string | null => {
  const v = raw?.[key];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
};

/** Path of the site-visitor events endpoint on an events host (spec 001 §7). */
export const VISITOR_EVENTS_PATH = '/api/v1/clanker/events';

/**
 * Where site-visitor events go (spec 001 §7: the host differs per environment, dev, QA/staging
 * and prod). The context key `visitorEventHosts` maps an environment to an http(s) origin; QA
 * and staging share one host, so either key serves both. Without a host for the page's
 * environment the events go to the site's own api root.
 */
export function visitorEventsUrl(apiRoot: string, raw: JsonRecord | null): string {
  const hosts = raw?.['visitorEventHosts'];
  const env = readEnvironment(raw);
  const shared = env === 'qa' ? 'staging' : env === 'staging' ? 'qa' : env;
  if (isRecord(hosts)) {
    for (const key of [env, shared]) {
      const host = hosts[key];
      if (typeof host !== 'string') continue;
      try {
        const url = new URL(VISITOR_EVENTS_PATH, host);
        if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
      } catch {
        // Not an address: the next key, else the api root.
      }
    }
  }
  return `${apiRoot}v1/clanker/events`;
}

/**
 * Warns in the console about each platform key given (not null) that its reader above refuses for
 * the default, worded as the context's other keys are (./context.ts): "<key> is not <what it
 * should be>". The platform starts once a page is interactive, so it says so then, once. Inside
 * `experiments` and `visitorEventHosts` each entry is looked at where it is used: a definition the
 * flags refuse says why in the `error` of its lookup (./flags.ts), a host that is not an http(s)
 * address is passed over for the api root.
 */
export function warnAboutPlatformKeys(raw: JsonRecord): void {
  const check = (key: string, taken: unknown, expected = 'an object') =>
    raw[key] != null && !taken && console.warn(`[storefront] site context: ${key} is not ${expected}`);
  check('pageType', readPageType(raw) !== null, 'a whole number');
  check('experiments', isRecord(raw['experiments']));
  check('environment', readEnvironment(raw) === raw['environment'], `one of ${ENVIRONMENTS.join(', ')}`);
  check('memberLocale', readOptionalText(raw, 'memberLocale'), 'a non-empty string');
  check('visitorEventHosts', isRecord(raw['visitorEventHosts']));
}
