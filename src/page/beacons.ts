/**
 * The platform layer's requests, batched: site-visitor events, the census (page view, button
 * renders and presses, form renders, overlay, Quick View) and RecordEvent wait in one queue, and
 * a timer sends one request a second, carrying as many records of one endpoint as it takes (the
 * events endpoint and the four JSON census endpoints take a list; the page view, Quick View and
 * RecordEvent take one record a request). When the page is hidden (`pagehide`, or
 * `visibilitychange` to hidden) everything left goes at once: the events and the census by
 * `navigator.sendBeacon`, RecordEvent and Quick View as calls. Those calls, and any a refused
 * beacon falls back to, are keep-alive requests, which the browser does not cancel as the page
 * unloads. A page of 100 product blocks so sends 4 requests where it
 * sent 51 (docs/analytics.md#batched-requests). Every send's failure is ignored (spec 000 §8).
 */
import type { AnalyticsApi, SendOptions } from '../api/analytics.js';
import { CENSUS_PATHS, formBody } from '../api/census.js';
import type { ApiResult } from '../api/types.js';
import { PAGE_LIMITS } from './constants.js';
import type { AnalyticsEventRecord } from './events.js';

/** `navigator.sendBeacon`, bound; false when the browser refused the data. */
export type SendBeacon = (url: string, data: BodyInit) => boolean;

/** One endpoint's way of sending a batch of its records. */
export interface BeaconChannel<T> {
  /** Most records one request carries: 1 for an endpoint that takes one. */
  readonly maxItems: number;
  /** Sends `items`; `hiding` when the page is going away (a beacon then, where it can). */
  send(items: readonly T[], hiding: boolean): void;
}

export interface BeaconQueueOptions {
  /** @default PAGE_LIMITS.beaconIntervalMs (1 s) */
  readonly intervalMs?: number | undefined;
  /** Most bytes of one request's JSON list. @default PAGE_LIMITS.beaconBodyBytes (16 KB) */
  readonly maxBytes?: number | undefined;
  /** @default globalThis.setTimeout */
  readonly setTimeout?: ((fn: () => void, ms: number) => unknown) | undefined;
  /** @default globalThis.clearTimeout */
  readonly clearTimeout?: ((id: unknown) => void) | undefined;
}

export interface BeaconQueue {
  /** Queues one record for `channel`; the next tick of the timer sends it. */
  add<T>(channel: BeaconChannel<T>, item: T): void;
  /** Sends everything queued now, as the page is hidden. */
  flush(): void;
}

interface Entry {
  readonly channel: BeaconChannel<unknown>;
  readonly item: unknown;
  readonly bytes: number;
}

const encoder = new TextEncoder();
const jsonBytes = (item: unknown): number => {
  try {
    return encoder.encode(JSON.stringify(item) ?? '').length;
  } catch {
    return 0;
  }
};

export function createBeaconQueue(options: BeaconQueueOptions = {}): BeaconQueue {
  const intervalMs = options.intervalMs ?? PAGE_LIMITS.beaconIntervalMs;
  const maxBytes = options.maxBytes ?? PAGE_LIMITS.beaconBodyBytes;
  const later = options.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const cancel = options.clearTimeout ?? ((id) => globalThis.clearTimeout(id as number));
  let pending: Entry[] = [];
  let timer: unknown = null;

  /** Sends the next request: the oldest record's endpoint, with as many of its records as fit. */
  const sendNext = (hiding: boolean): void => {
    const first = pending[0];
    if (!first) return;
    const { channel } = first;
    const batch: unknown[] = [];
    const rest: Entry[] = [];
    // A JSON list: its brackets, and each record with the comma before the next.
    let bytes = 2;
    for (const entry of pending) {
      const fits =
        entry.channel === channel &&
        batch.length < channel.maxItems &&
        (batch.length === 0 || bytes + entry.bytes + 1 <= maxBytes);
      if (fits) {
        batch.push(entry.item);
        bytes += entry.bytes + 1;
      } else {
        rest.push(entry);
      }
    }
    pending = rest;
    try {
      channel.send(batch, hiding);
    } catch {
      // A send that throws loses its own batch, never the queue.
    }
  };

  const tick = (): void => {
    timer = null;
    sendNext(false);
    schedule();
  };
  const schedule = (): void => {
    if (timer === null && pending.length > 0) timer = later(tick, intervalMs);
  };

  return {
    add(channel, item) {
      pending.push({ channel: channel as BeaconChannel<unknown>, item, bytes: jsonBytes(item) });
      schedule();
    },
    flush() {
      if (timer !== null) cancel(timer);
      timer = null;
      while (pending.length > 0) sendNext(true);
    },
  };
}

/** Flushes `queue` whenever the page is hidden or left; the page may come back (bfcache). */
export function flushWhenHidden(win: Window, queue: BeaconQueue): void {
  win.addEventListener('pagehide', () => queue.flush());
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') queue.flush();
  });
}

/** The calls the queue takes over. */
export type BatchedApi = Pick<
  AnalyticsApi,
  'recordHit' | 'recordEvent' | 'recordQuickView' | 'formRender' | 'buttonRender' | 'buttonClick' | 'overlay'
>;
export type VisitorEventSender = (
  events: readonly AnalyticsEventRecord[],
  opts?: { beacon?: boolean },
) => Promise<void>;

export interface BatchedSendsInput<A extends BatchedApi> {
  readonly api: A;
  readonly sendVisitorEvents: VisitorEventSender;
  /** The site's api root (the site context's `apiRoot`), for the census beacons. */
  readonly apiRoot: string;
  readonly sendBeacon: SendBeacon | null;
  readonly queue: BeaconQueue;
}

/** What a queued call answers: its request has not gone yet, and its outcome is ignored anyway. */
const QUEUED: ApiResult<unknown> = { ok: true, data: null };

const quiet = (promise: Promise<unknown> | undefined | void): void => {
  void promise?.catch?.(() => undefined);
};

/**
 * `api` and `sendVisitorEvents` with their analytics calls going through `queue`: what the
 * platform layer (./platform.ts) calls one at a time leaves the page in batches.
 */
export function batchedSends<A extends BatchedApi>(
  input: BatchedSendsInput<A>,
): { api: A; sendVisitorEvents: VisitorEventSender } {
  const { api, queue, apiRoot, sendBeacon } = input;
  const byBeacon = (path: string, body: BodyInit): boolean => {
    try {
      return sendBeacon?.(`${apiRoot}${path}`, body) === true;
    } catch {
      // Refused (no beacon in this context, or over the browser's quota): the call instead.
      return false;
    }
  };
  /** A JSON census endpoint: one record as itself, more as a list; a beacon's body is text. */
  const censusList = <T>(
    path: string,
    call: (fields: T | readonly T[], send: SendOptions) => Promise<unknown>,
  ) => {
    const channel: BeaconChannel<T> = {
      maxItems: PAGE_LIMITS.beaconBatchItems,
      send(items, hiding) {
        const body = items.length === 1 ? items[0]! : items;
        // A string goes as text/plain: no preflight, and the endpoint reads it as JSON.
        if (hiding && byBeacon(path, JSON.stringify(body))) return;
        quiet(call(body, { keepalive: hiding }));
      },
    };
    return (fields: T | readonly T[]): Promise<ApiResult<unknown>> => {
      for (const item of Array.isArray(fields) ? fields : [fields as T]) queue.add(channel, item);
      return Promise.resolve(QUEUED);
    };
  };
  /** An endpoint of one record a request; `beacon` gives its beacon, or null for the call. */
  const single = <T>(
    call: (input: T, send: SendOptions) => Promise<unknown>,
    beacon: (input: T) => { path: string; body: BodyInit } | null,
  ) => {
    const channel: BeaconChannel<T> = {
      maxItems: 1,
      send([item], hiding) {
        if (item === undefined) return;
        const request = hiding ? beacon(item) : null;
        if (request && byBeacon(request.path, request.body)) return;
        quiet(call(item, { keepalive: hiding }));
      },
    };
    return (item: T): Promise<ApiResult<unknown>> => {
      queue.add(channel, item);
      return Promise.resolve(QUEUED);
    };
  };
  const events: BeaconChannel<AnalyticsEventRecord> = {
    maxItems: PAGE_LIMITS.beaconBatchItems,
    send: (records, hiding) => quiet(input.sendVisitorEvents(records, { beacon: hiding })),
  };

  const batched: BatchedApi = {
    // The api's calls are taken detached: each is a closure of its own, as `{ ...api }` below needs.
    recordHit: single(api.recordHit, (hit) => ({ path: CENSUS_PATHS.recordHit, body: formBody(hit) })),
    // These two go as calls even at page hide (keep-alive ones then): RecordEvent carries the
    // crumb the api client reads, and a Quick View's path is the api client's to encode.
    recordQuickView: single(api.recordQuickView, () => null),
    recordEvent: single(api.recordEvent, () => null),
    buttonRender: censusList(CENSUS_PATHS.buttonRender, api.buttonRender),
    buttonClick: censusList(CENSUS_PATHS.buttonClick, api.buttonClick),
    formRender: censusList(CENSUS_PATHS.formRender, api.formRender),
    overlay: censusList(CENSUS_PATHS.overlay, api.overlay),
  };
  return {
    api: { ...api, ...batched },
    sendVisitorEvents: (records, opts) => {
      if (opts?.beacon) return input.sendVisitorEvents(records, opts);
      for (const record of records) queue.add(events, record);
      return Promise.resolve();
    },
  };
}
