import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../src/api/types.js';
import {
  MAX_IMAGE_RECORDS,
  browserPerformanceHooks,
  imageData,
  intersectionRatio,
  pageSpeedData,
  performanceRecord,
  startPerformance,
  type ImageSample,
  type ObservedEntry,
  type PerformanceOptions,
  type PerformanceRecord,
} from '../../../src/page/performance.js';

const NOW = 1_700_000_000_000;

/** A page whose load, visibility and performance entries the test drives. */
function harness(settings: () => Promise<ApiResult<{ pageLoadId: string }>>, images: ImageSample[] = []) {
  const observers = new Map<string, (e: ObservedEntry) => void>();
  const sent: PerformanceRecord[][] = [];
  /** Each send's `hidden`: whether the page had been hidden or left by then. */
  const hiddenAtSend: boolean[] = [];
  const report = vi.fn();
  let onLoad: (sinceLoadMs?: number) => void = () => undefined;
  let onHidden: () => void = () => undefined;
  const options: PerformanceOptions = {
    settings,
    send: (records, hidden) => {
      sent.push([...records]);
      hiddenAtSend.push(hidden);
    },
    report,
    observe: (type, fn) => {
      observers.set(type, fn);
      return () => observers.delete(type);
    },
    navigation: () => ({
      domContentLoadedEventStart: 120,
      domContentLoadedEventEnd: 130,
      loadEventStart: 200,
      loadEventEnd: 210,
      responseStart: 50,
      domainLookupStart: 5,
      domainLookupEnd: 15,
      connectStart: 15,
      secureConnectionStart: 20,
      connectEnd: 30,
      encodedBodySize: 4000,
      decodedBodySize: 12000,
    }),
    images: () => images,
    visibleImages: () => images.filter((i) => i.intersectionRatio > 0).map((i) => i.src),
    onLoad: (fn) => {
      onLoad = fn;
    },
    onHidden: (fn) => {
      onHidden = fn;
    },
    now: () => NOW,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
  };
  const collector = startPerformance(options);
  const entry = (type: string, e: Partial<ObservedEntry> & { name: string }) =>
    observers.get(type)?.({
      startTime: 0,
      duration: 0,
      entryType: type,
      toJSON: () => ({}),
      ...e,
    } as ObservedEntry);
  return {
    collector,
    sent,
    hiddenAtSend,
    report,
    entry,
    observing: (type: string) => observers.has(type),
    load: (sinceLoadMs?: number) => onLoad(sinceLoadMs),
    hide: () => onHidden(),
  };
}

const settled =
  (pageLoadId = 'pl-1') =>
  () =>
    Promise.resolve<ApiResult<{ pageLoadId: string }>>({ ok: true, data: { pageLoadId } });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('performance records', () => {
  it('flushes 30 s after load, not before', async () => {
    const page = harness(settled());
    await vi.advanceTimersByTimeAsync(0);
    page.entry('paint', { name: 'first-contentful-paint', startTime: 310 });
    page.entry('largest-contentful-paint', { name: '', startTime: 900 });
    page.load();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(page.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.sent).toHaveLength(1);
    const [record] = page.sent[0]!;
    expect(record).toMatchObject({
      pageLoadId: 'pl-1',
      appName: 'storefront-widgets',
      eventType: 'page_speed',
      timestamp: NOW,
    });
    expect(record!.data).toEqual({
      decodedBodySize: 12000,
      encodedBodySize: 4000,
      domContentLoadedEventStart: 120,
      domContentLoadedEventEnd: 130,
      domainLookup: 10,
      firstContentfulPaint: 310,
      largestContentfulPaint: 900,
      loadEventStart: 200,
      loadEventEnd: 210,
      responseStart: 50,
      tcp: 15,
      tls: 10,
    });
  });

  it('flushes when the page is hidden, and only what is new', async () => {
    const page = harness(settled());
    await vi.advanceTimersByTimeAsync(0);
    page.load();
    page.entry('measure', { name: 'rum-add-to-cart', startTime: 1000, duration: 42.5 });
    page.entry('measure', { name: 'other-measure', startTime: 1000, duration: 1 });
    page.hide();
    expect(page.sent).toHaveLength(1);
    expect(page.sent[0]!.map((r) => r.eventType)).toEqual(['page_speed', 'user']);
    expect(page.sent[0]![1]!.data).toEqual({ name: 'rum-add-to-cart', startTime: 1000, duration: 42.5 });
    page.hide();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(page.sent).toHaveLength(1);
  });

  it('tells the sender when the page has been hidden, so its request can outlive the page', async () => {
    const page = harness(settled());
    await vi.advanceTimersByTimeAsync(0);
    page.load();
    await vi.advanceTimersByTimeAsync(30_000);
    page.entry('measure', { name: 'rum-late', startTime: 31_000, duration: 1 });
    page.hide();
    expect(page.hiddenAtSend).toEqual([false, true]);
    // Hidden before the page-load id came: the late send is still the hidden page's.
    let answer: (r: ApiResult<{ pageLoadId: string }>) => void = () => undefined;
    const late = harness(() => new Promise((resolve) => (answer = resolve)));
    late.load();
    late.hide();
    answer({ ok: true, data: { pageLoadId: 'late' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(late.hiddenAtSend).toEqual([true]);
  });

  it('stops collecting once the page is hidden', async () => {
    const page = harness(settled());
    await vi.advanceTimersByTimeAsync(0);
    page.load();
    page.hide();
    expect(page.observing('measure')).toBe(false);
    page.entry('measure', { name: 'rum-after', startTime: 2000, duration: 1 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(page.sent.flat().filter((r) => r.eventType === 'user')).toEqual([]);
  });

  it('sums layout shifts without recent input and keeps the first input delay', async () => {
    const page = harness(settled());
    await vi.advanceTimersByTimeAsync(0);
    page.entry('layout-shift', { name: '', value: 0.1 });
    page.entry('layout-shift', { name: '', value: 0.5, hadRecentInput: true });
    page.entry('layout-shift', { name: '', value: 0.05 });
    page.entry('first-input', { name: 'click', startTime: 100, processingStart: 112 });
    page.entry('first-input', { name: 'click', startTime: 200, processingStart: 300 });
    page.load();
    page.hide();
    expect(page.sent[0]![0]!.data).toMatchObject({ cumulativeLayoutShift: 0.15, firstInputDelay: 12 });
  });

  it('waits for the page-load id before sending', async () => {
    let answer: (r: ApiResult<{ pageLoadId: string }>) => void = () => undefined;
    const page = harness(() => new Promise((resolve) => (answer = resolve)));
    page.load();
    page.hide();
    expect(page.sent).toEqual([]);
    answer({ ok: true, data: { pageLoadId: 'late' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(page.sent[0]![0]!.pageLoadId).toBe('late');
  });

  it.each([
    ['timeout', 'Metric settings request timeout'],
    ['http', 'XHR request DONE with unexpected status'],
  ] as const)(
    'a settings %s reports "Unable to resolve pageLoadId" and sends nothing',
    async (kind, reason) => {
      const page = harness(() =>
        Promise.resolve({ ok: false, error: { kind, status: kind === 'http' ? 500 : 0, message: 'x' } }),
      );
      await vi.advanceTimersByTimeAsync(0);
      page.load();
      page.hide();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(page.sent).toEqual([]);
      expect(page.report).toHaveBeenCalledTimes(1);
      const [error, info] = page.report.mock.calls[0]!;
      expect((error as Error).message).toBe('Unable to resolve pageLoadId');
      expect(info).toMatchObject({ reason });
    },
  );

  it('never sends an empty batch', async () => {
    const page = harness(settled());
    await vi.advanceTimersByTimeAsync(0);
    page.hide();
    page.collector.flush();
    expect(page.sent).toEqual([]);
  });

  // The platform starts once the widgets are interactive, after the load event: its 30 s and 60 s
  // are the page's, counted from that event.
  it('counts 30 s and 60 s from the load event when it starts after it', async () => {
    const page = harness(settled());
    await vi.advanceTimersByTimeAsync(0);
    page.entry('paint', { name: 'first-contentful-paint', startTime: 310 });
    page.load(4_000);
    await vi.advanceTimersByTimeAsync(25_999);
    expect(page.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(page.observing('measure')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.observing('measure')).toBe(false);
  });

  it("tells how long ago a page loaded from its navigation entry's load end", () => {
    const win = {
      document: { readyState: 'complete' },
      performance: {
        now: () => 7_500,
        getEntriesByType: (type: string) => (type === 'navigation' ? [{ loadEventEnd: 1_500 }] : []),
      },
    } as unknown as Window & typeof globalThis;
    const since = vi.fn();
    browserPerformanceHooks(win).onLoad(since);
    expect(since).toHaveBeenCalledWith(6_000);
  });

  it('stops collecting user measures 60 s after load', async () => {
    const page = harness(settled());
    await vi.advanceTimersByTimeAsync(0);
    page.load();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(page.observing('measure')).toBe(false);
    page.entry('measure', { name: 'rum-late', startTime: 61_000, duration: 1 });
    page.hide();
    expect(page.sent.flat().filter((r) => r.eventType === 'user')).toEqual([]);
  });

  it('adds image metrics, at most 20', async () => {
    const image = (i: number): ImageSample => ({
      src: `/img/${i}.jpg`,
      naturalWidth: 1000,
      naturalHeight: 500,
      renderedWidth: 400,
      renderedHeight: 200,
      intersectionRatio: i === 0 ? 1 : 0,
      visibleOnLoad: false,
      observationTime: 1500,
      size: 30_000,
      responseEnd: 800,
    });
    const page = harness(
      settled(),
      Array.from({ length: 25 }, (_, i) => image(i)),
    );
    await vi.advanceTimersByTimeAsync(0);
    page.entry('largest-contentful-paint', { name: '', startTime: 900 });
    page.load();
    page.hide();
    const images = page.sent[0]!.filter((r) => r.eventType === 'image');
    expect(images).toHaveLength(MAX_IMAGE_RECORDS);
    expect(images[0]!.data).toEqual({
      src: '/img/0.jpg',
      visibleOnLoad: false,
      observationTime: 1500,
      intersectionRatio: 1,
      size: 30_000,
      naturalWidth: 1000,
      naturalHeight: 500,
      renderedWidth: 400,
      renderedHeight: 200,
      loadedBeforeLargestContentfulPaint: true,
    });
  });
});

describe('record helpers', () => {
  it('refuses an empty record with "Data is empty"', () => {
    expect(() => performanceRecord('p', 'user', {}, 1)).toThrow('Data is empty');
    expect(() => performanceRecord('p', 'user', { a: undefined }, 1)).toThrow('Data is empty');
  });

  it('leaves out what was not measured', () => {
    expect(pageSpeedData(null, {})).toEqual(
      Object.fromEntries(Object.keys(pageSpeedData(null, {})).map((k) => [k, undefined])),
    );
    expect(
      performanceRecord('p', 'page_speed', { ...pageSpeedData(null, { firstContentfulPaint: 5 }) }, 1).data,
    ).toEqual({
      firstContentfulPaint: 5,
    });
  });

  it.each([
    [{ top: 0, left: 0, width: 100, height: 100 }, 1],
    [{ top: 550, left: 0, width: 100, height: 100 }, 0.5],
    [{ top: 700, left: 0, width: 100, height: 100 }, 0],
    [{ top: 0, left: 0, width: 0, height: 100 }, 0],
  ])('intersection of %j with an 800x600 viewport is %d', (rect, ratio) => {
    expect(intersectionRatio(rect, { width: 800, height: 600 })).toBe(ratio);
  });

  it('says whether an image loaded before the largest contentful paint, when both are known', () => {
    const sample: ImageSample = {
      src: 'a',
      naturalWidth: 1,
      naturalHeight: 1,
      renderedWidth: 1,
      renderedHeight: 1,
      intersectionRatio: 0,
      visibleOnLoad: false,
      observationTime: 1,
      responseEnd: 1000,
    };
    expect(imageData(sample, 900)['loadedBeforeLargestContentfulPaint']).toBe(false);
    expect(imageData(sample, undefined)['loadedBeforeLargestContentfulPaint']).toBeUndefined();
  });
});
