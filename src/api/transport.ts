/**
 * How a call reaches the network: the part of the client that differs between builds. This one,
 * for npm users and tests, is ky. The script-tag build swaps in ./transport-fetch.ts, a few lines
 * over `fetch` with the same outcomes (vite.config.ts, docs/decisions.md); the api suites run
 * against both.
 */
import ky, { isTimeoutError } from 'ky';

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface TransportOptions {
  /** Prefix of every path, ending in `/`. */
  readonly prefixUrl: string;
  /** Per-attempt time limit in milliseconds. */
  readonly timeoutMs: number;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch | undefined;
  /**
   * Whether cookies go with each call: `include` for an API on another origin (the shopper's
   * cart and crumb cookies must reach it), else `same-origin`.
   * @default 'same-origin'
   */
  readonly credentials?: 'include' | 'same-origin' | undefined;
}

export interface TransportRequest {
  readonly method: Method;
  /** Relative to the prefix, no leading slash. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly searchParams?: Readonly<Record<string, string>> | undefined;
  /** Sent as JSON with `Content-Type: application/json`. */
  readonly json?: unknown;
  readonly body?: URLSearchParams | string | undefined;
  /** Overrides the transport's time limit for this call. */
  readonly timeoutMs?: number | undefined;
  /**
   * Lets the request outlive the page (`fetch`'s `keepalive`): for a call made as the page is
   * hidden or left, which the browser would otherwise cancel as the page unloads.
   */
  readonly keepalive?: boolean | undefined;
}

/** A response of any status, or why none arrived. */
export type Outcome = Response | 'timeout' | 'network';

/**
 * Sends one request. Only a GET is repeated, once, and only when no response arrived at all and
 * the limit was not the reason: repeating a POST could add an item twice.
 */
export type Transport = (request: TransportRequest) => Promise<Outcome>;

export const createTransport = (options: TransportOptions): Transport => {
  const fetchImpl = options.fetch;
  const http = ky.create({
    prefixUrl: options.prefixUrl,
    credentials: options.credentials ?? 'same-origin',
    timeout: options.timeoutMs,
    throwHttpErrors: false,
    retry: { limit: 1, methods: ['get'], statusCodes: [], afterStatusCodes: [], retryOnTimeout: false },
    ...(fetchImpl
      ? { fetch: (input: Request | URL | string, init?: RequestInit) => fetchImpl(input, init) }
      : {}),
  });
  return async (request) => {
    // The limit is the call's, the repeat of a GET included: ky's own counts each attempt.
    const call = new AbortController();
    const timer = setTimeout(() => call.abort(), request.timeoutMs ?? options.timeoutMs);
    try {
      return await http(request.path, {
        method: request.method,
        headers: request.headers,
        signal: call.signal,
        ...(request.searchParams ? { searchParams: { ...request.searchParams } } : {}),
        ...(request.json !== undefined ? { json: request.json } : {}),
        ...(request.body !== undefined ? { body: request.body } : {}),
        ...(request.timeoutMs !== undefined ? { timeout: request.timeoutMs } : {}),
        ...(request.keepalive ? { keepalive: true } : {}),
        ...(request.method === 'get' ? {} : { retry: 0 }),
      });
    } catch (error) {
      return isTimeoutError(error) || call.signal.aborted ? 'timeout' : 'network';
    } finally {
      clearTimeout(timer);
    }
  };
};
