/**
 * The one HTTP client every endpoint module builds on: one transport (ky; plain fetch in the
 * script-tag build, see ./transport.ts), the crumb header, the request/parse/error mapping
 * (results, never throws). Endpoint modules (cart, forms, restock, analytics) only describe their
 * calls; a page loads the ones it uses, and this file stays the only place that talks to the
 * network.
 */
import { COOKIES, CSRF_HEADER } from '../contract.js';
import { readCookie } from '../page/cookies.js';
import type { ApiResult } from './types.js';
import {
  invalidResponse,
  isCrumbFailure,
  mapCartError,
  networkError,
  timeoutError,
  type FailureMapper,
} from './errors.js';
import type { Parser } from './parsers.js';
import { createTransport, type Method } from './transport.js';

export type { Method } from './transport.js';

export interface ApiOptions {
  /**
   * Where the endpoints live; every path of docs/http-api.md is relative to it.
   * @default '/api/'
   */
  apiRoot?: string | undefined;
  /** @default globalThis.fetch */
  fetch?: typeof fetch | undefined;
  /** The document whose cookies hold the crumb. @default globalThis.document */
  doc?: Document | undefined;
  /**
   * Per-request time limit in milliseconds (census calls use their own 2500 ms).
   * @default 10000
   */
  timeoutMs?: number | undefined;
  /**
   * Where the client reports a fault of the page's set-up that the shopper's text cannot name (an
   * API on another host, whose crumb the page cannot read: code `API_CROSS_SITE`). It is also
   * written to the console, once per page.
   * @default none: the console only
   */
  report?: ((error: unknown, info?: Record<string, string>) => void) | undefined;
}

/** One call as an endpoint module describes it. */
export interface Call<T> {
  readonly method: Method;
  /** Relative to the api root, no leading slash. */
  readonly path: string;
  readonly searchParams?: Readonly<Record<string, string>> | undefined;
  readonly json?: unknown;
  readonly body?: URLSearchParams | string | undefined;
  readonly contentType?: string | undefined;
  readonly parse: Parser<T>;
  /** @default mapCartError */
  readonly mapError?: FailureMapper | undefined;
  readonly timeoutMs?: number | undefined;
  /** Sent so that it outlives the page: a call made as the page is hidden or left. */
  readonly keepalive?: boolean | undefined;
}

export interface ApiClient {
  /** Sends one call. Resolves, never rejects, to an ApiResult. */
  call<T>(spec: Call<T>): Promise<ApiResult<T>>;
  /** The anti-forgery crumb from the page's cookies, or null. */
  crumb(): string | null;
}

/**
 * Whether the browser accepts cookies; decides which crumb-failure text is shown (spec 000 §8).
 * `navigator.cookieEnabled` is the answer where it exists; without a navigator (server) the
 * answer is false.
 */
export function cookiesEnabled(
  nav: Pick<Navigator, 'cookieEnabled'> | null | undefined = globalThis.navigator,
): boolean {
  if (!nav) return false;
  try {
    return nav.cookieEnabled === true;
  } catch {
    return false;
  }
}

/**
 * `include` when the api root names another origin than the page's: a theme's dev server on one
 * port calling the shop's API on another. A path, or the page's own origin, keeps `same-origin`.
 */
export function credentialsFor(
  apiRoot: string,
  pageOrigin: string | undefined = globalThis.location?.origin,
): 'include' | 'same-origin' {
  // Without a page (a server, a test in Node) there are no browser cookies to send either way.
  if (pageOrigin === undefined || !/^https?:\/\//i.test(apiRoot)) return 'same-origin';
  try {
    return new URL(apiRoot).origin === pageOrigin ? 'same-origin' : 'include';
  } catch {
    return 'same-origin';
  }
}

/** A path segment from a value the caller does not control. */
export const segment = (value: string): string => encodeURIComponent(value);

/**
 * The body of a response as text within `ms`, or why not. A transport's time limit ends when the
 * headers arrive; a server that then stalls mid-body must not hold a call (and the page's
 * `data-sf-ready`, the add button, a form's submit) for ever.
 */
const bodyWithin = async (response: Response, ms: number): Promise<string | 'timeout' | 'network'> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), Math.max(ms, 0));
  });
  try {
    return await Promise.race([response.text(), late]);
  } catch {
    // The connection dropped while the body was streaming in.
    return 'network';
  } finally {
    clearTimeout(timer);
  }
};

const decode = (text: string): { ok: true; value: unknown } | { ok: false } => {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

export const createClient = (options: ApiOptions = {}): ApiClient => {
  const doc = options.doc ?? (typeof document === 'undefined' ? undefined : document);
  const apiRoot = options.apiRoot ?? '/api/';
  const pageOrigin = doc?.defaultView?.location?.origin ?? globalThis.location?.origin;
  const credentials = credentialsFor(apiRoot, pageOrigin);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const send = createTransport({
    prefixUrl: apiRoot,
    timeoutMs,
    fetch: options.fetch,
    credentials,
  });

  const areCookiesEnabled = (): boolean => {
    try {
      return cookiesEnabled(doc?.defaultView?.navigator ?? globalThis.navigator);
    } catch {
      return true;
    }
  };

  const crumb = (): string | null => {
    try {
      return readCookie(COOKIES.crumb, doc);
    } catch {
      return null;
    }
  };

  const attempt = async <T>(spec: Call<T>, retried = false): Promise<ApiResult<T>> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = spec.method === 'get' ? null : crumb();
    if (token) headers[CSRF_HEADER] = token;
    if (spec.contentType) headers['Content-Type'] = spec.contentType;
    // The call's time limit covers its body too: what is left of it once the headers are in.
    const startedAt = Date.now();
    // The transport takes the call's own fields (path, body, time limit, keepalive) and the headers.
    const response = await send({ ...spec, headers });
    if (response === 'timeout') return { ok: false, error: timeoutError() };
    if (response === 'network') return { ok: false, error: networkError() };
    const text = await bodyWithin(response, (spec.timeoutMs ?? timeoutMs) - (Date.now() - startedAt));
    if (text === 'timeout') return { ok: false, error: timeoutError() };
    if (text === 'network') return { ok: false, error: networkError() };
    const decoded = decode(text);
    if (credentials === 'include' && decoded.ok && isCrumbFailure(decoded.value)) {
      // A page on another origin has no crumb until the API has answered it once. The refusal
      // sets a fresh one, and one retry with it is what the wire format promises (docs/http-api.md,
      // "The crumb rule"); nothing was done the first time. On the API's own pages a missing
      // crumb, or one sent and refused, stays the failure spec 000 §8 words.
      if (crumb()) {
        if (!retried && token === null && spec.method !== 'get') return attempt(spec, true);
      } else if (areCookiesEnabled()) {
        // Even the refusal left the page no crumb to read: the API sets it on another host, and
        // across sites the browser sends the API no SameSite cookies either, so every write fails
        // and reloading never helps. The shopper still reads the catalogued text (spec 000 §8);
        // the developer is told what is wrong (./crumb-out-of-reach.ts, its own chunk: a page
        // whose API is set up right never fetches it).
        import('./crumb-out-of-reach.js').then(
          (m) => m.tell(apiRoot, pageOrigin, options.report),
          () => undefined,
        );
      }
    }
    if (!response.ok) {
      const mapError = spec.mapError ?? mapCartError;
      return {
        ok: false,
        error: mapError({
          status: response.status,
          body: decoded.ok ? decoded.value : undefined,
          cookiesEnabled: areCookiesEnabled(),
        }),
      };
    }
    if (!decoded.ok) return { ok: false, error: invalidResponse(response.status) };
    const parsed = spec.parse(decoded.value);
    return parsed.ok
      ? { ok: true, data: parsed.value }
      : { ok: false, error: invalidResponse(response.status) };
  };

  return {
    // The promise of "never rejects" holds even if something above has a bug.
    call: <T>(spec: Call<T>): Promise<ApiResult<T>> =>
      attempt(spec).catch((): ApiResult<T> => ({ ok: false, error: invalidResponse(0) })),
    crumb,
  };
};
