/**
 * The script-tag build's transport: the outcomes of ./transport.ts (the ky one) over plain
 * `fetch`, so a product page does not download ky's general-purpose request machinery. Time
 * limits use an AbortController per attempt; a GET whose connection failed is repeated once,
 * after the same 300 ms pause ky takes; nothing else is repeated.
 */
import type { Transport, TransportOptions } from './transport.js';

export type { Method, Outcome, Transport, TransportOptions, TransportRequest } from './transport.js';

/** ky's first back-off step, kept so both transports pace a repeat alike. */
const RETRY_DELAY_MS = 300;

const TIMED_OUT = Symbol('timeout');

export const createTransport = (options: TransportOptions): Transport => {
  const prefix = options.prefixUrl.endsWith('/') ? options.prefixUrl : `${options.prefixUrl}/`;

  const attempt = async (
    build: (signal: AbortSignal) => Request,
    ms: number,
  ): Promise<Response | typeof TIMED_OUT> => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve(TIMED_OUT);
      }, ms);
    });
    try {
      // Read globalThis.fetch at call time: a page (or a test) may replace it after start.
      const request = build(controller.signal);
      return await Promise.race([options.fetch ? options.fetch(request) : fetch(request), limit]);
    } catch (error) {
      // The abort at the limit rejects the fetch at once, which can win the race: that is the
      // time-out, not a failed connection to repeat.
      if (controller.signal.aborted) return TIMED_OUT;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };

  return async ({ method, path, headers, searchParams, json, body, timeoutMs, keepalive }) => {
    const query = searchParams ? `?${new URLSearchParams({ ...searchParams }).toString()}` : '';
    const allHeaders: Record<string, string> = { ...headers };
    if (json !== undefined) allHeaders['Content-Type'] ??= 'application/json';
    const build = (signal: AbortSignal) =>
      new Request(`${prefix}${path}${query}`, {
        method: method.toUpperCase(),
        headers: allHeaders,
        credentials: options.credentials ?? 'same-origin',
        signal,
        keepalive: keepalive === true,
        ...(json !== undefined ? { body: JSON.stringify(json) } : body !== undefined ? { body } : {}),
      });
    // The limit is the call's, the repeat of a GET included (as ky's is): a connection that fails
    // late leaves the repeat only what is left of it.
    const deadline = Date.now() + (timeoutMs ?? options.timeoutMs);
    for (let tries = method === 'get' ? 2 : 1; ;) {
      try {
        const left = deadline - Date.now();
        if (left <= 0) return 'timeout';
        const response = await attempt(build, left);
        return response === TIMED_OUT ? 'timeout' : response;
      } catch {
        tries -= 1;
        if (tries === 0) return 'network';
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      }
    }
  };
};
