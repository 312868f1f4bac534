/**
 * Performance records (spec 001 §3, §4, §7, §8, §9): a page-load id from the settings call (30 s
 * time-out; "Unable to resolve pageLoadId" reported when it fails), page-speed measures and user
 * measures named `rum-…` from PerformanceObserver, image metrics; flushed 30 s after the load
 * event or when the page is hidden, by sendBeacon as plain text. Metrics are collected for up to
 * 60 s after load, or until the page is hidden. An empty record is never made ("Data is empty").
 */
import { PAGE_LIMITS } from './constants.js';
import { DIAGNOSTICS } from '../messages/diagnostics.js';
import type { ApiResult } from '../api/types.js';

export const PERFORMANCE_APP_NAME = 'storefront-widgets';

export type PerformanceEventType = 'page_speed' | 'user' | 'image';

/** One record of spec 001 §3. */
export interface PerformanceRecord {
  readonly pageLoadId: string;
  readonly appName: string;
  readonly eventType: PerformanceEventType;
  /** Milliseconds since the epoch. */
  readonly timestamp: number;
  readonly data: Readonly<Record<string, unknown>>;
}

/** Only user-timing measures whose name starts with this are reported (spec 001 §5). */
export const USER_MEASURE_PREFIX = 'rum-';

/** Images measured per page: a gallery page must not turn into a huge beacon. */
export const MAX_IMAGE_RECORDS = 20;

/** A record; data without a single value is refused with "Data is empty" (spec 001 §8). */
export function performanceRecord(
  pageLoadId: string,
  eventType: PerformanceEventType,
  data: Readonly<Record<string, unknown>>,
  timestamp: number,
): PerformanceRecord {
  if (Object.values(data).every((v) => v === undefined)) throw new Error(DIAGNOSTICS.performanceEmptyRecord);
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) if (value !== undefined) clean[key] = value;
  return { pageLoadId, appName: PERFORMANCE_APP_NAME, eventType, timestamp, data: clean };
}

const round = (n: number): number => Math.round(n * 1000) / 1000;
const positive = (n: number | undefined): number | undefined =>
  n !== undefined && Number.isFinite(n) && n > 0 ? round(n) : undefined;
const span = (end: number | undefined, start: number | undefined): number | undefined =>
  end !== undefined && start !== undefined && start > 0 && end >= start ? round(end - start) : undefined;

/** What the observers saw, folded as entries arrive. */
export interface PaintMeasures {
  firstContentfulPaint?: number;
  largestContentfulPaint?: number;
  cumulativeLayoutShift?: number;
  firstInputDelay?: number;
}

/** The page-speed measures of spec 001 §3 from the navigation entry and the observed paints. */
export function pageSpeedData(
  nav: Partial<PerformanceNavigationTiming> | null,
  paints: PaintMeasures,
): Record<string, number | undefined> {
  const n = nav ?? {};
  return {
    cumulativeLayoutShift:
      paints.cumulativeLayoutShift === undefined ? undefined : round(paints.cumulativeLayoutShift),
    decodedBodySize: positive(n.decodedBodySize),
    encodedBodySize: positive(n.encodedBodySize),
    domContentLoadedEventStart: positive(n.domContentLoadedEventStart),
    domContentLoadedEventEnd: positive(n.domContentLoadedEventEnd),
    domainLookup: span(n.domainLookupEnd, n.domainLookupStart),
    firstContentfulPaint: positive(paints.firstContentfulPaint),
    firstInputDelay: paints.firstInputDelay === undefined ? undefined : round(paints.firstInputDelay),
    largestContentfulPaint: positive(paints.largestContentfulPaint),
    loadEventStart: positive(n.loadEventStart),
    loadEventEnd: positive(n.loadEventEnd),
    responseStart: positive(n.responseStart),
    tcp: span(n.connectEnd, n.connectStart),
    tls: span(n.connectEnd, n.secureConnectionStart),
  };
}

/** What is known about one image when it is measured. */
export interface ImageSample {
  readonly src: string;
  readonly naturalWidth: number;
  readonly naturalHeight: number;
  readonly renderedWidth: number;
  readonly renderedHeight: number;
  /** Share of the image inside the viewport, 0 to 1. */
  readonly intersectionRatio: number;
  readonly visibleOnLoad: boolean;
  /** ms since navigation start when the sample was taken. */
  readonly observationTime: number;
  /** Bytes over the wire, when the resource timing says. */
  readonly size?: number | undefined;
  /** ms since navigation start when the image finished loading, when known. */
  readonly responseEnd?: number | undefined;
}

/** The image metrics of spec 001 §3. */
export function imageData(sample: ImageSample, lcp: number | undefined): Record<string, unknown> {
  return {
    src: sample.src,
    visibleOnLoad: sample.visibleOnLoad,
    observationTime: round(sample.observationTime),
    intersectionRatio: round(sample.intersectionRatio),
    size: sample.size,
    naturalWidth: sample.naturalWidth,
    naturalHeight: sample.naturalHeight,
    renderedWidth: round(sample.renderedWidth),
    renderedHeight: round(sample.renderedHeight),
    loadedBeforeLargestContentfulPaint:
      lcp !== undefined && sample.responseEnd !== undefined ? sample.responseEnd <= lcp : undefined,
  };
}

/** The visible share of a box in a viewport. */
export function intersectionRatio(
  rect: { top: number; left: number; width: number; height: number },
  viewport: { width: number; height: number },
): number {
  const area = rect.width * rect.height;
  if (area <= 0) return 0;
  const w = Math.max(0, Math.min(rect.left + rect.width, viewport.width) - Math.max(rect.left, 0));
  const h = Math.max(0, Math.min(rect.top + rect.height, viewport.height) - Math.max(rect.top, 0));
  return (w * h) / area;
}

/** A performance entry as the observer callback sees it. */
export type ObservedEntry = PerformanceEntry & {
  readonly value?: number;
  readonly hadRecentInput?: boolean;
  readonly processingStart?: number;
};

export interface PerformanceOptions {
  /** The settings call (`api.performanceSettings`). */
  readonly settings: () => Promise<ApiResult<{ pageLoadId: string }>>;
  /**
   * Sends one batch as plain text: a beacon, else a request; `hidden` once the page has been
   * hidden or left (a request must then outlive the page).
   */
  readonly send: (records: readonly PerformanceRecord[], hidden: boolean) => void;
  /** The error reporter. */
  readonly report: (error: unknown, info?: Record<string, string>) => void;
  /** Subscribes to performance entries of one type; returns the disconnect. */
  readonly observe: (type: string, onEntry: (entry: ObservedEntry) => void) => () => void;
  /** The navigation entry, when the browser has one. */
  readonly navigation: () => Partial<PerformanceNavigationTiming> | null;
  /** Samples the page's images, at most {@link MAX_IMAGE_RECORDS}. */
  readonly images: (visibleOnLoad: ReadonlySet<string>) => ImageSample[];
  /** Sources of the images in view when the page loaded. */
  readonly visibleImages: () => string[];
  /**
   * Calls back once the page has loaded, with how long ago that was in ms (at once, with the time
   * since the load event, when it already has: the platform starts after the page's widgets).
   */
  readonly onLoad: (fn: (sinceLoadMs?: number) => void) => void;
  /** Calls back each time the page is hidden or left. */
  readonly onHidden: (fn: () => void) => void;
  readonly now: () => number;
  readonly setTimeout: (fn: () => void, ms: number) => unknown;
}

export interface PerformanceCollector {
  /** Sends what was collected and not yet sent. */
  flush(): void;
}

/** Starts collecting. Never throws; everything it does is best effort. */
export function startPerformance(o: PerformanceOptions): PerformanceCollector {
  let pageLoadId: string | null = null;
  let failed = false;
  let collecting = true;
  let pageSpeedSent = false;
  let flushWanted = false;
  let loaded = false;
  let hidden = false;
  const paints: PaintMeasures = {};
  const users: Record<string, unknown>[] = [];
  const visibleOnLoad = new Set<string>();
  const disconnects: (() => void)[] = [];

  const watch = (type: string, fn: (entry: ObservedEntry) => void) => {
    try {
      disconnects.push(o.observe(type, fn));
    } catch {
      // An entry type this browser does not support.
    }
  };
  watch('paint', (e) => {
    if (e.name === 'first-contentful-paint') paints.firstContentfulPaint = e.startTime;
  });
  watch('largest-contentful-paint', (e) => {
    paints.largestContentfulPaint = e.startTime;
  });
  watch('layout-shift', (e) => {
    if (!e.hadRecentInput && typeof e.value === 'number') {
      paints.cumulativeLayoutShift = (paints.cumulativeLayoutShift ?? 0) + e.value;
    }
  });
  watch('first-input', (e) => {
    if (paints.firstInputDelay === undefined && typeof e.processingStart === 'number') {
      paints.firstInputDelay = e.processingStart - e.startTime;
    }
  });
  watch('measure', (e) => {
    if (collecting && e.name.startsWith(USER_MEASURE_PREFIX)) {
      users.push({ name: e.name, startTime: round(e.startTime), duration: round(e.duration) });
    }
  });

  const stopCollecting = () => {
    collecting = false;
    for (const off of disconnects.splice(0)) {
      try {
        off();
      } catch {
        // already gone
      }
    }
  };

  const flush = () => {
    if (failed) return;
    if (pageLoadId === null) {
      // The settings call is still out; send as soon as it answers.
      flushWanted = true;
      return;
    }
    const id = pageLoadId;
    const now = o.now();
    const batch: PerformanceRecord[] = [];
    const add = (type: PerformanceEventType, data: Record<string, unknown>) => {
      try {
        batch.push(performanceRecord(id, type, data, now));
      } catch {
        // "Data is empty": nothing measured, nothing to send.
      }
    };
    if (!pageSpeedSent && loaded) {
      pageSpeedSent = true;
      add('page_speed', pageSpeedData(o.navigation(), paints));
      for (const image of o.images(visibleOnLoad).slice(0, MAX_IMAGE_RECORDS)) {
        add('image', imageData(image, paints.largestContentfulPaint));
      }
    }
    for (const user of users.splice(0)) add('user', user);
    if (batch.length > 0) o.send(batch, hidden);
  };

  void o.settings().then(
    (result) => {
      if (result.ok) {
        pageLoadId = result.data.pageLoadId;
        if (flushWanted) flush();
        return;
      }
      failed = true;
      stopCollecting();
      const reason =
        result.error.kind === 'timeout'
          ? DIAGNOSTICS.performanceSettingsTimeout
          : DIAGNOSTICS.performanceUnexpectedStatus;
      o.report(new Error(DIAGNOSTICS.performanceNoPageLoadId), { code: 'PERFORMANCE_SETTINGS', reason });
    },
    () => undefined,
  );

  o.onLoad((sinceLoadMs = 0) => {
    loaded = true;
    try {
      for (const src of o.visibleImages()) visibleOnLoad.add(src);
    } catch {
      // Measuring images is optional.
    }
    // Spec 001: flushed 30 s after the page loaded, metrics for up to 60 s: counted from the load
    // event, not from when this started.
    const since = Math.max(0, sinceLoadMs);
    o.setTimeout(flush, Math.max(0, PAGE_LIMITS.performanceFlushMs - since));
    o.setTimeout(stopCollecting, Math.max(0, PAGE_LIMITS.performanceMetricsMaxMs - since));
  });
  // Spec 001: metrics are collected until the page is hidden, and what was collected goes then.
  o.onHidden(() => {
    hidden = true;
    flush();
    stopCollecting();
  });

  return { flush };
}

/** The browser side of {@link PerformanceOptions}, for the page. */
export function browserPerformanceHooks(
  win: Window & typeof globalThis,
): Pick<PerformanceOptions, 'observe' | 'navigation' | 'images' | 'visibleImages' | 'onLoad' | 'onHidden'> {
  const doc = win.document;
  const viewport = () => ({ width: win.innerWidth, height: win.innerHeight });
  const imgs = () => Array.from(doc.images).filter((img) => img.currentSrc || img.src);
  const srcOf = (img: HTMLImageElement) => img.currentSrc || img.src;
  // Observers deliver entries a task later; a page being hidden may not get that task, so what
  // they hold is taken before the flush.
  const drains = new Set<() => void>();
  const hidden = (fn: () => void) => () => {
    for (const drain of drains) {
      try {
        drain();
      } catch {
        // an observer already gone
      }
    }
    fn();
  };
  return {
    observe(type, onEntry) {
      const deliver = (entries: PerformanceEntryList) => {
        for (const entry of entries) onEntry(entry as ObservedEntry);
      };
      const observer = new win.PerformanceObserver((list) => deliver(list.getEntries()));
      observer.observe({ type, buffered: true });
      const pending = () => deliver(observer.takeRecords());
      drains.add(pending);
      return () => {
        drains.delete(pending);
        observer.disconnect();
      };
    },
    navigation: () =>
      (win.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined) ?? null,
    visibleImages: () =>
      imgs()
        .filter((img) => intersectionRatio(img.getBoundingClientRect(), viewport()) > 0)
        .map(srcOf),
    images: (visible) =>
      imgs()
        .slice(0, MAX_IMAGE_RECORDS)
        .map((img) => {
          const src = srcOf(img);
          const rect = img.getBoundingClientRect();
          const timing = win.performance.getEntriesByName(src, 'resource')[0] as
            PerformanceResourceTiming | undefined;
          return {
            src,
            naturalWidth: img.naturalWidth,
            naturalHeight: img.naturalHeight,
            renderedWidth: rect.width,
            renderedHeight: rect.height,
            intersectionRatio: intersectionRatio(rect, viewport()),
            visibleOnLoad: visible.has(src),
            observationTime: win.performance.now(),
            size: timing && timing.encodedBodySize > 0 ? timing.encodedBodySize : undefined,
            responseEnd: timing ? timing.responseEnd : undefined,
          };
        }),
    onLoad(fn) {
      if (doc.readyState !== 'complete') {
        win.addEventListener('load', () => fn(0), { once: true });
        return;
      }
      let loadedAt: number | undefined;
      try {
        const nav = win.performance.getEntriesByType('navigation')[0] as
          PerformanceNavigationTiming | undefined;
        loadedAt = nav && nav.loadEventEnd > 0 ? nav.loadEventEnd : undefined;
      } catch {
        // No navigation timing: counted from now.
      }
      fn(loadedAt === undefined ? 0 : win.performance.now() - loadedAt);
    },
    onHidden(fn) {
      const flush = hidden(fn);
      doc.addEventListener('visibilitychange', () => {
        if (doc.visibilityState === 'hidden') flush();
      });
      win.addEventListener('pagehide', flush);
    },
  };
}
