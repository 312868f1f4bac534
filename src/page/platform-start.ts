/**
 * The page's platform layer, started once: its dependencies from a page runtime, at the next idle
 * moment after load, and the widget events queued before it handed over in turns. The runtime
 * loads this chunk only after the page's widgets are interactive (`platform()` in ./runtime.ts,
 * started by the loader once its first mount has settled).
 */
import { connectPlatform, type AnalyticsEvent, type AnalyticsSink } from './analytics.js';
import { batchedSends, createBeaconQueue, flushWhenHidden } from './beacons.js';
import { getPageRuntime, reportError } from './create-runtime.js';
import { createVisitorEventSender } from './events.js';
import { pageIdentityEnv } from './identity.js';
import { pageState } from './page-state.js';
import { createPlatform, type Platform, type PlatformDeps } from './platform.js';
import { visitorEventsUrl, warnAboutPlatformKeys } from './platform-keys.js';
import type { SiteContext } from './context.js';
import type { JsonRecord } from '../result.js';

/**
 * What a page runtime hands the platform: its context (parsed, and as given: the platform keys
 * `pageType`, `experiments`, … live there), api and reporter.
 */
export interface PlatformRuntime {
  readonly context: SiteContext;
  readonly raw: JsonRecord | null;
  readonly api: PlatformDeps['api'];
  readonly report: PlatformDeps['report'];
}

/** The dependencies of the page's platform: a runtime's (the page's, or the npm provider's). */
export function pageDeps(
  win: Window & typeof globalThis = globalThis.window,
  runtime: PlatformRuntime = getPageRuntime(),
): PlatformDeps {
  const doc = win.document;
  const { context, raw, api, report } = runtime;
  let beacon: ((url: string, data: BodyInit) => boolean) | null = null;
  try {
    if (typeof win.navigator.sendBeacon === 'function') beacon = win.navigator.sendBeacon.bind(win.navigator);
  } catch {
    beacon = null;
  }
  // Events and census leave in batches, at most one request a second (./beacons.ts).
  const queue = createBeaconQueue();
  flushWhenHidden(win, queue);
  const batched = batchedSends({
    api,
    sendVisitorEvents: createVisitorEventSender({
      url: visitorEventsUrl(context.apiRoot, raw),
      sendBeacon: beacon,
    }),
    apiRoot: context.apiRoot,
    sendBeacon: beacon,
    queue,
  });
  return {
    win,
    doc,
    context,
    raw,
    api: batched.api,
    identity: pageIdentityEnv(doc),
    sendVisitorEvents: batched.sendVisitorEvents,
    sendBeacon: beacon,
    report,
  };
}

/** Runs `fn` once the page has loaded and the browser is idle (or after 2 s at the latest). */
export function whenIdle(win: Window & typeof globalThis, fn: () => void): void {
  const idle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => fn(), { timeout: 2000 });
    else win.setTimeout(fn, 1);
  };
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}

/**
 * Connects `handle` to the widget events, handing over those queued before it one per task: a
 * page of 100 product blocks queues an event per block, and sending them all from the idle
 * callback would make one task of them (docs/performance.md). Events tracked meanwhile wait their turn.
 * `later` runs the next turn. @default a timer
 */
export function connectInTurns(
  handle: AnalyticsSink,
  later: (fn: () => void) => void = (fn) => void setTimeout(fn),
): void {
  const queued: AnalyticsEvent[] = [];
  connectPlatform((event) => void queued.push(event));
  const next = (): void => {
    // The queue's end is its length, never an event that reads as false.
    if (queued.length === 0) return connectPlatform(handle);
    handle(queued.shift() as AnalyticsEvent);
    later(next);
  };
  next();
}

/**
 * Starts the page's platform layer once (later calls do nothing): at the next idle moment after
 * load it reads the identity, records the page view, starts the performance records and takes
 * over the widget events queued by `track`. A page has one platform layer, whichever runtime
 * starts it first: it is the page's state (./page-state.ts).
 */
export function start(runtime?: PlatformRuntime): void {
  if (typeof window === 'undefined') return;
  const page = pageState();
  if (page.platformStarted) return;
  page.platformStarted = true;
  whenIdle(window, () => {
    try {
      const deps = pageDeps(window, runtime);
      // Once for the page, as the platform starts: what its own keys of the context got wrong.
      warnAboutPlatformKeys(deps.raw ?? {});
      const platform = (page.platform = createPlatform(deps));
      connectInTurns(platform.handle);
    } catch (error) {
      reportError(error, { code: 'PLATFORM_FAILED' });
    }
  });
}

/** The started platform (null until `start` has run); for tests and debugging. */
export const current = (): Platform | null => pageState().platform ?? null;
