import { describe, expect, it, vi } from 'vitest';
import { EVENTS } from '../../../src/contract.js';
import {
  COMMERCE_SHOPPING_EVENTS,
  PIXEL_EVENTS,
  createVisitorEventSender,
  eventRecord,
  firePixel,
  pagePath,
  resolveLocale,
  type PageSnapshot,
  type RecordBase,
} from '../../../src/page/events.js';

const base: RecordBase = {
  websiteId: 'w1',
  memberAccountId: null,
  templateId: 't1',
  websiteLocale: 'en-US',
  memberLocale: null,
  explicitLocale: null,
  analyticsId: 'a1',
  marketingId: null,
  sessionId: 's1',
  environment: 'prod',
};

const page: PageSnapshot = {
  pathname: '/shop/tee/',
  hash: '#reviews',
  search: { q: 'tee' },
  referrer: 'https://search.example/',
  userAgent: 'UA',
  browserLanguage: 'fr-FR',
  documentLanguage: 'fr',
  width: 800,
  height: 600,
  now: 1_700_000_000_000,
};

describe('the analytics event record (spec 001 §3)', () => {
  it.each([
    ['/shop/tee/', '/shop/tee'],
    ['/shop//', '/shop'],
    ['/shop', '/shop'],
    ['/', '/'],
    ['', '/'],
  ])('page path %j becomes %j', (path, expected) => {
    expect(pagePath(path)).toBe(expected);
  });

  it.each([
    ['de-DE', 'fr', 'de-DE'],
    [null, 'fr', 'fr'],
    [null, '  ', 'en-US'],
    [null, null, 'en-US'],
  ])('locale %j with document language %j resolves to %j', (explicit, lang, expected) => {
    expect(resolveLocale(explicit, lang)).toBe(expected);
  });

  it('carries every field of the record', () => {
    const record = eventRecord(base, page, {
      eventName: 'VisitPDP',
      customSchemaName: 'commerce_shopping_event',
      objectIdentifier: 'tee',
      payload: { itemId: 'tee' },
    });
    expect(record).toEqual({
      eventName: 'VisitPDP',
      eventSource: 'WEB',
      websiteId: 'w1',
      memberAccountId: null,
      templateId: 't1',
      variantId: null,
      websiteLocale: 'en-US',
      memberLocale: null,
      pagePath: '/shop/tee',
      pageHash: '#reviews',
      analyticsId: 'a1',
      marketingId: null,
      sessionId: 's1',
      browserLanguage: 'fr-FR',
      windowSize: { width: 800, height: 600 },
      userAgent: 'UA',
      referrer: 'https://search.example/',
      queryParams: { q: 'tee' },
      timestamp: 1_700_000_000_000,
      customSchemaName: 'commerce_shopping_event',
      sourceEnvironment: 'prod',
      destinationUrl: null,
      objectIdentifier: 'tee',
      resolvedLocale: 'fr',
      trackerVersion: '3.8.0',
      collectorVersion: '4.3.0',
      payload: { itemId: 'tee' },
    });
  });
});

describe('the site-visitor event sender', () => {
  const record = eventRecord(base, page, { eventName: 'ViewCart', customSchemaName: 'x' });
  const URL = 'https://shop.example/api/v1/clanker/events';

  it.each([200, 202])('resolves on %i', async (status) => {
    const fetch = vi.fn(async () => new Response(null, { status }));
    const send = createVisitorEventSender({
      url: URL,
      fetch: fetch as unknown as typeof globalThis.fetch,
      sendBeacon: null,
    });
    await expect(send([record])).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(URL);
    expect(init.method).toBe('POST');
    expect(init.keepalive).toBe(true);
    expect(JSON.parse(init.body as string)).toEqual(record);
  });

  it.each([204, 400, 500])('rejects %i with "Error tracking event: HTTP Status %i"', async (status) => {
    const fetch = vi.fn(async () => new Response(null, { status }));
    const send = createVisitorEventSender({
      url: URL,
      fetch: fetch as unknown as typeof globalThis.fetch,
      sendBeacon: null,
    });
    await expect(send([record])).rejects.toThrow(`Error tracking event: HTTP Status ${status}`);
  });

  it('sends by beacon when asked, and falls back to fetch when the beacon is refused', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 202 }));
    const beacon = vi.fn(() => true);
    const send = createVisitorEventSender({
      url: URL,
      fetch: fetch as unknown as typeof globalThis.fetch,
      sendBeacon: beacon,
    });
    await send([record, record], { beacon: true });
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(fetch).not.toHaveBeenCalled();
    beacon.mockReturnValue(false);
    await send([record], { beacon: true });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends text/plain JSON by beacon and by fetch, which another origin takes with no preflight', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 202 }));
    const beacon = vi.fn((_url: string, _data: BodyInit) => true);
    const send = createVisitorEventSender({
      url: 'https://events.example/api/v1/clanker/events',
      fetch: fetch as unknown as typeof globalThis.fetch,
      sendBeacon: beacon,
    });
    await send([record], { beacon: true });
    const data = beacon.mock.calls[0]?.[1];
    expect(typeof data).toBe('string');
    expect(JSON.parse(data as string)).toEqual(record);
    beacon.mockReturnValue(false);
    await send([record], { beacon: true });
    await send([record]);
    for (const [url, init] of fetch.mock.calls as unknown as [string, RequestInit][]) {
      expect(typeof init.body).toBe('string');
      expect(new Request(url, init).headers.get('content-type')).toBe('text/plain;charset=UTF-8');
    }
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('sends nothing for no events', async () => {
    const fetch = vi.fn();
    const send = createVisitorEventSender({
      url: URL,
      fetch: fetch as unknown as typeof globalThis.fetch,
      sendBeacon: null,
    });
    await send([]);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('event tables (spec 000 §7)', () => {
  it('names the six commerce shopping events', () => {
    expect(Object.values(COMMERCE_SHOPPING_EVENTS).sort()).toEqual([
      'AddToCart',
      'RemoveFromCart',
      'ReviewsTab',
      'ReviewsVitalsAnchorLink',
      'ViewCart',
      'VisitPDP',
    ]);
  });

  it('names the six pixel events', () => {
    expect([...PIXEL_EVENTS].sort()).toEqual([
      'AddToCart',
      'CompleteRegistration',
      'Lead',
      'Purchase',
      'Search',
      'ViewContent',
    ]);
  });

  it('announces a pixel event on document, and survives a throwing listener', () => {
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    const thrower = () => {
      throw new Error('site pixel broke');
    };
    document.addEventListener(EVENTS.pixel, listener);
    document.addEventListener(EVENTS.pixel, thrower);
    expect(() => firePixel(document, 'AddToCart', { content_ids: ['tee'] })).not.toThrow();
    document.removeEventListener(EVENTS.pixel, listener);
    document.removeEventListener(EVENTS.pixel, thrower);
    expect(seen).toEqual([{ event: 'AddToCart', data: { content_ids: ['tee'] } }]);
  });
});
