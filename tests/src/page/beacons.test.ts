import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../../src/api/index.js';
import { KeepAliveRequest } from '../api/fixtures.js';
import { createBeaconQueue, type BeaconChannel } from '../../../src/page/beacons.js';
import { createPageRuntime } from '../../../src/page/create-runtime.js';
import { resetAnalyticsIdMemory } from '../../../src/page/identity.js';
import { createPlatform } from '../../../src/page/platform.js';
import { pageDeps } from '../../../src/page/platform-start.js';

const API_ROOT = 'https://shop.example/api/';

/** A request the page made, by fetch or by beacon, as the server would read it. */
interface Sent {
  readonly via: 'fetch' | 'beacon';
  readonly path: string;
  readonly body: string;
  /** When it left, in ms since the page's platform started. */
  readonly at: number;
  /** A fetch sent to outlive the page (`keepalive`). */
  readonly keepalive: boolean;
}

let sent: Sent[];
let started: number;
let refuseBeacons: boolean;
const listeners: [EventTarget, string, EventListenerOrEventListenerObject][] = [];

const pathOf = (url: string): string => new URL(url, 'https://shop.example').pathname;
const bodyText = async (data: unknown): Promise<string> => {
  if (data === undefined || data === null) return '';
  if (typeof data === 'string') return data;
  if (data instanceof Blob) return data.text();
  return String(data);
};

async function record(via: Sent['via'], url: string, data: unknown, keepalive = false): Promise<void> {
  const at = Date.now() - started;
  sent.push({ via, path: pathOf(url), body: await bodyText(data), at, keepalive });
}

const fakeFetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new KeepAliveRequest(input, init);
  await record('fetch', request.url, await request.text(), request.keepalive);
  if (request.url.includes('/performance/settings')) {
    return new Response('{"pageLoadId":"pl-1"}', { headers: { 'content-type': 'application/json' } });
  }
  const status = request.url.includes('/clanker/') ? 202 : 204;
  return new Response(null, { status });
});

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  started = Date.now();
  refuseBeacons = false;
  vi.stubGlobal('fetch', fakeFetch);
  vi.stubGlobal('Request', KeepAliveRequest);
  Object.defineProperty(window.navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, data?: BodyInit) => {
      if (refuseBeacons) return false;
      void record('beacon', url, data);
      return true;
    },
  });
  // Keep the platform's own page and visibility listeners to remove them after each test.
  for (const target of [window, document]) {
    const add = target.addEventListener.bind(target);
    vi.spyOn(target, 'addEventListener').mockImplementation((type, fn, options) => {
      listeners.push([target, type, fn as EventListenerOrEventListenerObject]);
      add(type, fn, options);
    });
  }
});

afterEach(() => {
  for (const [target, type, fn] of listeners.splice(0)) target.removeEventListener(type, fn);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetAnalyticsIdMemory();
  Reflect.deleteProperty(window.navigator, 'sendBeacon');
  fakeFetch.mockClear();
});

/** The platform of a product page (page type 50) at /products/tee. */
function productPage({ features = {}, performance = false } = {}) {
  window.history.replaceState(null, '', '/products/tee');
  const context = { apiRoot: API_ROOT, websiteId: 'w1', pageType: 50, features };
  const runtime = createPageRuntime({ context, api: createApi({ apiRoot: API_ROOT, fetch: fakeFetch }) });
  const deps = { ...pageDeps(window, runtime), performance };
  return createPlatform(deps);
}

/** 100 product blocks drawn: each its add button's render and, as a page's form, its view. */
function drawBlocks(platform: ReturnType<typeof productPage>, count = 100): void {
  for (let i = 0; i < count; i += 1) {
    platform.handle({ type: 'button-rendered', itemId: `item-${i}`, button: 'add' });
    platform.handle({ type: 'product-page-viewed', itemId: `item-${i}` });
  }
}

/** Lets every pending timer and promise run, a second at a time, for `seconds`. */
async function live(seconds: number): Promise<void> {
  for (let s = 0; s < seconds; s += 1) await vi.advanceTimersByTimeAsync(1000);
}

const listOf = (body: string): Record<string, unknown>[] => {
  const parsed = JSON.parse(body) as unknown;
  return (Array.isArray(parsed) ? parsed : [parsed]) as Record<string, unknown>[];
};
const itemsSentTo = (path: string) => sent.filter((s) => s.path === path).flatMap((s) => listOf(s.body));

describe('the platform layer’s requests', () => {
  it('leave a 100-block page at most one a second, every record in them', async () => {
    const platform = productPage();
    drawBlocks(platform);
    // Nothing leaves before the first second is up.
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toEqual([]);
    await live(60);

    const seconds = sent.map((s) => Math.floor(s.at / 1000));
    expect(new Set(seconds).size).toBe(sent.length);
    expect(sent.every((s) => s.via === 'fetch')).toBe(true);

    expect(sent.filter((s) => s.path === '/api/census/RecordHit')).toHaveLength(1);
    const renders = itemsSentTo('/api/census/button-render');
    expect(renders.map((r) => r['itemId'])).toEqual(Array.from({ length: 100 }, (_, i) => `item-${i}`));
    expect(renders[0]).toEqual({
      visitorCookie: platform.visitor.visitorId,
      website: 'w1',
      page: `${window.location.origin}/products/tee`,
      button: 'add',
      itemId: 'item-0',
    });
    const events = itemsSentTo('/api/v1/clanker/events');
    expect(events.filter((e) => e['eventName'] === 'VisitPDP')).toHaveLength(100);
    expect(events.filter((e) => e['eventName'] === 'ViewContent')).toHaveLength(100);
    // 201 requests one by one; every body within the beacon limit of 16 KB.
    expect(sent.length).toBeLessThan(25);
    expect(sent.every((s) => new TextEncoder().encode(s.body).length <= 16 * 1024)).toBe(true);
  });

  it('go all at once by beacon when the page is left, and none twice', async () => {
    const platform = productPage();
    drawBlocks(platform, 25);
    await live(1);
    const before = sent.length;
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    const atHide = sent.slice(before);
    expect(atHide.length).toBeGreaterThan(0);
    expect(atHide.every((s) => s.via === 'beacon' && s.at === atHide[0]!.at)).toBe(true);
    await live(30);
    expect(sent).toHaveLength(before + atHide.length);

    expect(itemsSentTo('/api/census/button-render')).toHaveLength(25);
    expect(sent.filter((s) => s.path === '/api/census/RecordHit')).toHaveLength(1);
    const events = itemsSentTo('/api/v1/clanker/events');
    expect(events).toHaveLength(50);
  });

  it('go when the page is hidden, by keep-alive fetch where the browser refuses the beacon', async () => {
    const platform = productPage();
    platform.handle({ type: 'cart-viewed' });
    refuseBeacons = true;
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
    expect(sent.map((s) => `${s.via} ${s.path}`).sort()).toEqual([
      'fetch /api/census/RecordHit',
      'fetch /api/v1/clanker/events',
    ]);
    const init = fakeFetch.mock.calls.find(([url]) => String(url).includes('/clanker/'))?.[1];
    expect(init).toMatchObject({ keepalive: true });
    expect(itemsSentTo('/api/v1/clanker/events').map((e) => e['eventName'])).toEqual(['ViewCart']);
  });
});

describe('what the page still holds when it is left', () => {
  /** Leaves the page; what went then, as `via path keepalive`. */
  async function leave(): Promise<string[]> {
    const before = sent.length;
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    return sent.slice(before).map((s) => `${s.via} ${s.path} ${s.keepalive}`);
  }

  it('goes as keep-alive calls: RecordEvent and Quick View (an express checkout leaves at once)', async () => {
    const platform = productPage({ features: { visitor_metrics: true } });
    await live(1);
    platform.handle({ type: 'item-added', itemId: 'i1', sku: 's', quantity: 1 });
    platform.handle({ type: 'newsletter-subscribed', formId: 'f1' });
    platform.handle({ type: 'quick-view', itemId: 'i2' });
    const calls = (await leave()).filter((s) => s.startsWith('fetch'));
    expect(calls.sort()).toEqual([
      'fetch /api/census/RecordQuickView/i2 true',
      'fetch /api/events/RecordEvent true',
      'fetch /api/events/RecordEvent true',
    ]);
  });

  it('goes as keep-alive calls where the browser refuses the beacons', async () => {
    const platform = productPage();
    platform.handle({ type: 'button-clicked', itemId: 'i1', button: 'express' });
    platform.handle({ type: 'cart-viewed' });
    refuseBeacons = true;
    expect((await leave()).sort()).toEqual([
      'fetch /api/census/RecordHit true',
      'fetch /api/census/button-click true',
      'fetch /api/v1/clanker/events true',
    ]);
  });

  it('sends the performance records as a keep-alive call where the browser refuses the beacon', async () => {
    // One image on the page, measured at hide (happy-dom has no document.images).
    const img = document.createElement('img');
    img.src = 'https://shop.example/tee.jpg';
    Object.defineProperty(document, 'images', { configurable: true, value: [img] });
    try {
      productPage({ performance: true });
      await live(1);
      refuseBeacons = true;
      expect((await leave()).filter((s) => s.includes('/performance/records'))).toEqual([
        'fetch /api/1/performance/records true',
      ]);
    } finally {
      Reflect.deleteProperty(document, 'images');
    }
  });
});

describe('createBeaconQueue', () => {
  const channel = (maxItems: number) => {
    const batches: { items: unknown[]; hiding: boolean }[] = [];
    const c: BeaconChannel<unknown> = {
      maxItems,
      send: (items, hiding) => void batches.push({ items: [...items], hiding }),
    };
    return { c, batches };
  };

  it('sends one request a tick, the oldest record’s endpoint first', async () => {
    const queue = createBeaconQueue();
    const list = channel(100);
    const one = channel(1);
    queue.add(list.c, 'a');
    queue.add(one.c, 'x');
    queue.add(list.c, 'b');
    queue.add(one.c, 'y');
    await vi.advanceTimersByTimeAsync(1000);
    expect(list.batches).toEqual([{ items: ['a', 'b'], hiding: false }]);
    expect(one.batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(one.batches).toEqual([{ items: ['x'], hiding: false }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(one.batches).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(list.batches).toHaveLength(1);
  });

  it('keeps each request’s JSON list within its byte limit', async () => {
    const queue = createBeaconQueue({ maxBytes: 30 });
    const list = channel(100);
    // Each record is 10 bytes of JSON ("aaaaaaaa" with its quotes).
    for (const letter of 'abcde') queue.add(list.c, letter.repeat(8));
    await vi.advanceTimersByTimeAsync(3000);
    expect(list.batches.map((b) => b.items.length)).toEqual([2, 2, 1]);
    for (const batch of list.batches) expect(JSON.stringify(batch.items).length).toBeLessThanOrEqual(30);
  });

  it('sends everything at a flush, marked as the page hiding, and keeps a throwing send to itself', async () => {
    const queue = createBeaconQueue();
    const broken: BeaconChannel<unknown> = {
      maxItems: 1,
      send: () => {
        throw new Error('offline');
      },
    };
    const list = channel(2);
    queue.add(broken, 'x');
    for (const item of [1, 2, 3]) queue.add(list.c, item);
    expect(() => queue.flush()).not.toThrow();
    expect(list.batches).toEqual([
      { items: [1, 2], hiding: true },
      { items: [3], hiding: true },
    ]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(list.batches).toHaveLength(2);
  });
});
