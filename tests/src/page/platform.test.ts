import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENTS } from '../../../src/contract.js';
import type { AnalyticsEvent } from '../../../src/page/analytics.js';
import { parseSiteContext } from '../../../src/page/context.js';
import type { AnalyticsEventRecord } from '../../../src/page/events.js';
import { resetAnalyticsIdMemory, type IdentityEnv } from '../../../src/page/identity.js';
import { createPlatform, type PlatformDeps } from '../../../src/page/platform.js';

const ok = async () => ({ ok: true as const, data: null });

/** A page at `path` whose requests, cookies and pixel events the test can read. */
function page(path: string, raw: Record<string, unknown> = {}) {
  const url = new URL(path, 'https://shop.example');
  const jar = new Map<string, string>();
  const cookieWrites: string[] = [];
  const doc = {
    referrer: '',
    documentElement: { lang: 'en' },
    location: { hostname: 'shop.example', protocol: 'https:' },
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      cookieWrites.push(line);
      const [pair] = line.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (/Max-Age=0\b/.test(line)) jar.delete(name);
      else jar.set(name, value);
    },
    dispatchEvent: (e: Event) => document.dispatchEvent(e),
  } as unknown as Document;
  const win = {
    location: { pathname: url.pathname, search: url.search, hash: url.hash, href: url.href },
    navigator: { userAgent: 'UA', language: 'en-US' },
    innerWidth: 1024,
    innerHeight: 768,
    screen: { width: 1920, height: 1080 },
    document: doc,
  } as unknown as Window & typeof globalThis;
  const api = {
    recordHit: vi.fn(ok),
    recordEvent: vi.fn(ok),
    recordQuickView: vi.fn(ok),
    formRender: vi.fn(ok),
    buttonRender: vi.fn(ok),
    buttonClick: vi.fn(ok),
    overlay: vi.fn(ok),
    performanceSettings: vi.fn(async () => ({ ok: true as const, data: { pageLoadId: 'p' } })),
    performanceRecords: vi.fn(ok),
  };
  const visitorEvents: AnalyticsEventRecord[] = [];
  let n = 0;
  const identity: IdentityEnv = {
    doc,
    local: () => null,
    session: () => null,
    now: () => 1_700_000_000_000,
    newId: () => `id-${(n += 1)}`,
    log: () => undefined,
  };
  const deps: PlatformDeps = {
    win,
    doc,
    context: parseSiteContext(raw).context,
    raw,
    api,
    identity,
    sendVisitorEvents: vi.fn(async (events: readonly AnalyticsEventRecord[]) => {
      visitorEvents.push(...events);
    }),
    sendBeacon: null,
    report: vi.fn(),
    performance: false,
  };
  const pixels: unknown[] = [];
  const listener = (e: Event) => pixels.push((e as CustomEvent).detail);
  document.addEventListener(EVENTS.pixel, listener);
  cleanups.push(() => document.removeEventListener(EVENTS.pixel, listener));
  return { deps, api, jar, cookieWrites, visitorEvents, pixels };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((f) => f());
  resetAnalyticsIdMemory();
});

/** The commerce shopping events among the site-visitor events (pixel records go there too). */
const commerceEvents = (p: ReturnType<typeof page>) =>
  p.visitorEvents.filter((e) => e.customSchemaName === 'commerce_shopping_event');

const requestsOf = (api: ReturnType<typeof page>['api']) =>
  Object.values(api).reduce((sum, fn) => sum + fn.mock.calls.length, 0);

describe('the page view', () => {
  it('records a hit with the page data and the visitor cookie', () => {
    const p = page('/shop?x=1', { websiteId: 'w1', templateId: 't1' });
    const platform = createPlatform(p.deps);
    expect(platform.tracking).toBe(true);
    expect(p.api.recordHit).toHaveBeenCalledTimes(1);
    const [hit] = p.api.recordHit.mock.calls[0] as unknown as [
      { event: string; data: Record<string, unknown>; ss_cvr?: string },
    ];
    expect(hit.event).toBe('view');
    expect(hit.ss_cvr).toBe(platform.visitor.visitorId);
    expect(hit.data).toMatchObject({
      page: 'https://shop.example/shop?x=1',
      website: 'w1',
      template: 't1',
      locale: 'en-US',
      userAgent: 'UA',
      viewport: { width: 1024, height: 768 },
      screen: { width: 1920, height: 1080 },
      visitorCookieMode: 'standard',
    });
    expect([...p.jar.keys()].sort()).toEqual(['sf_aid', 'sf_sid', 'ss_cvr', 'ss_cvt']);
  });

  it('makes no request and writes no cookie when the census is off', () => {
    const p = page('/shop', { features: { visitor_census: false } });
    const platform = createPlatform(p.deps);
    platform.handle({ type: 'item-added', itemId: 'tee', sku: 'T', quantity: 1 });
    platform.handle({ type: 'quick-view', itemId: 'tee' });
    expect(requestsOf(p.api)).toBe(0);
    expect(p.visitorEvents).toEqual([]);
    expect(p.pixels).toEqual([]);
    expect(p.cookieWrites).toEqual([]);
  });

  it.each([
    ['a not-found page', { pageType: 100 }],
    ['a signed-in editor', { authenticatedAccountId: 'u1', websiteRoles: ['EDITOR'] }],
  ])('makes no request on %s', (_name, raw) => {
    const p = page('/shop', raw);
    createPlatform(p.deps).handle({ type: 'cart-viewed' });
    expect(requestsOf(p.api)).toBe(0);
    expect(p.visitorEvents).toEqual([]);
  });

  it('under a restrictive policy keeps and sends none of the removed cookies', () => {
    const p = page('/shop', { cookieSettings: { isRestrictiveCookiePolicyEnabled: true } });
    p.jar.set('ss_cvr', 'old-visitor');
    p.jar.set('ss_cid', 'old-customer');
    const platform = createPlatform(p.deps);
    expect(platform.visitor.mode).toBe('restricted');
    const [hit] = p.api.recordHit.mock.calls[0] as unknown as [
      { data: Record<string, unknown>; ss_cvr?: string },
    ];
    expect(hit.ss_cvr).toBeUndefined();
    expect(hit.data['visitorCookieMode']).toBe('restricted');
    expect([...p.jar.keys()].filter((k) => k.startsWith('ss_'))).toEqual([]);
    expect(p.cookieWrites.filter((w) => w.startsWith('ss_') && !/Max-Age=0\b/.test(w))).toEqual([]);
  });

  it('under a restrictive policy stores no identifier and sends events without one', () => {
    const p = page('/shop', { cookieSettings: { isRestrictiveCookiePolicyEnabled: true } });
    p.jar.set('sf_aid', 'old-analytics-id');
    p.jar.set('sf_sid', 'old-session-id');
    const local = new Map<string, string>([
      ['sf-analytics-id', JSON.stringify({ value: 'old-analytics-id', expires: 2e12 })],
      ['sf-has-landed', 'true'],
    ]);
    const session = new Map<string, string>([['sf-first-session', '1']]);
    const storage = (m: Map<string, string>) =>
      ({
        getItem: (k: string) => m.get(k) ?? null,
        setItem: (k: string, v: string) => void m.set(k, v),
        removeItem: (k: string) => void m.delete(k),
      }) as unknown as Storage;
    const deps = {
      ...p.deps,
      identity: { ...p.deps.identity, local: () => storage(local), session: () => storage(session) },
    };
    const platform = createPlatform(deps);
    platform.handle({ type: 'item-added', itemId: 'tee', sku: 'TEE-S', quantity: 1 });

    expect([...p.jar.keys()]).toEqual([]);
    expect(p.cookieWrites.filter((w) => !/Max-Age=0\b/.test(w))).toEqual([]);
    expect([...local.keys(), ...session.keys()]).toEqual([]);
    expect(platform.analyticsId).toBeNull();
    expect(platform.session).toBeNull();
    // The page view and the event still go, carrying no id.
    expect(p.api.recordHit).toHaveBeenCalledTimes(1);
    expect(commerceEvents(p)).toHaveLength(1);
    expect(commerceEvents(p)[0]).toMatchObject({
      eventName: 'AddToCart',
      analyticsId: null,
      sessionId: null,
      payload: { itemId: 'tee', sessionId: null },
    });
  });

  it.each([
    ['the address turns the census off', '/shop?sf-flag-visitor_census=false', {}],
    [
      'the address overrides the context',
      '/shop?sf-flag-visitor_census=false',
      { features: { visitor_census: true } },
    ],
  ])('makes no request when %s', (_n, path, raw) => {
    const p = page(path, raw);
    const platform = createPlatform(p.deps);
    platform.handle({ type: 'item-added', itemId: 'tee', sku: 'T', quantity: 1 });
    expect(platform.tracking).toBe(false);
    expect(requestsOf(p.api)).toBe(0);
    expect(p.visitorEvents).toEqual([]);
  });

  it('sends visitor metrics when the address turns them on', () => {
    const p = page('/shop?sf-flag-visitor_metrics=true');
    createPlatform(p.deps).handle({ type: 'item-added', itemId: 'tee', sku: 'T', quantity: 1 });
    expect(p.api.recordEvent).toHaveBeenCalledWith({
      event: 'visitor_metrics',
      data: { eventName: 'add_to_cart', itemId: 'tee', sku: 'T', quantity: 1 },
    });
  });

  it('records no page view on /search but fires the Search pixel', () => {
    const p = page('/search?q=mug');
    createPlatform(p.deps);
    expect(p.api.recordHit).not.toHaveBeenCalled();
    expect(p.pixels).toEqual([{ event: 'Search', data: { search_string: 'mug' } }]);
  });
});

describe('widget events', () => {
  it('sends the commerce shopping event with site-user, login and session ids', () => {
    const p = page('/shop/tee/', { authenticatedAccountId: 'u1', websiteRoles: ['VIEWER'] });
    const platform = createPlatform(p.deps);
    platform.handle({ type: 'item-added', itemId: 'tee', sku: 'TEE-S', quantity: 2 });
    expect(commerceEvents(p)).toHaveLength(1);
    expect(commerceEvents(p)[0]).toMatchObject({
      eventName: 'AddToCart',
      customSchemaName: 'commerce_shopping_event',
      objectIdentifier: 'tee',
      pagePath: '/shop/tee',
      memberAccountId: 'u1',
      sessionId: platform.session?.sessionId,
      analyticsId: platform.analyticsId,
      payload: {
        itemId: 'tee',
        sku: 'TEE-S',
        quantity: 2,
        siteUserId: 'u1',
        loginId: 'u1',
        sessionId: platform.session?.sessionId,
      },
    });
    expect(p.pixels).toEqual([
      { event: 'AddToCart', data: { content_ids: ['tee'], sku: 'TEE-S', quantity: 2 } },
    ]);
  });

  it.each([
    [{ type: 'product-page-viewed', itemId: 'tee' }, 'VisitPDP'],
    [{ type: 'cart-viewed' }, 'ViewCart'],
    [{ type: 'item-removed', itemId: 'tee', sku: null }, 'RemoveFromCart'],
    [{ type: 'reviews-tab', itemId: 'tee' }, 'ReviewsTab'],
    [{ type: 'reviews-anchor-link', itemId: 'tee' }, 'ReviewsVitalsAnchorLink'],
  ] as const)('%j is sent as %s', (event, name) => {
    const p = page('/shop/tee', { pageType: 50 });
    createPlatform(p.deps).handle(event);
    expect(commerceEvents(p).map((e) => e.eventName)).toEqual([name]);
  });

  it.each([
    ['a shop page', { pageType: 1 }],
    ['a page that names no type', {}],
  ])('counts no product page view on %s: no VisitPDP, metric or ViewContent', (_n, raw) => {
    const p = page('/shop', { ...raw, features: { visitor_metrics: true } });
    createPlatform(p.deps).handle({ type: 'product-page-viewed', itemId: 'tee' });
    expect([p.visitorEvents, p.pixels, p.api.recordEvent.mock.calls]).toEqual([[], [], []]);
  });

  it('sends visitor metrics only behind the visitor_metrics flag', () => {
    const off = page('/shop/tee', { pageType: 50 });
    createPlatform(off.deps).handle({ type: 'product-page-viewed', itemId: 'tee' });
    expect(off.api.recordEvent).not.toHaveBeenCalled();

    const on = page('/shop/tee', { pageType: 50, features: { visitor_metrics: true } });
    const platform = createPlatform(on.deps);
    platform.handle({ type: 'product-page-viewed', itemId: 'tee' });
    platform.handle({ type: 'item-added', itemId: 'tee', sku: null, quantity: 1 });
    expect(on.api.recordEvent.mock.calls).toEqual([
      [{ event: 'visitor_metrics', data: { eventName: 'view_product_page', itemId: 'tee' } }],
      [
        {
          event: 'visitor_metrics',
          data: { eventName: 'add_to_cart', itemId: 'tee', sku: null, quantity: 1 },
        },
      ],
    ]);
  });

  it('records quick views and form renders through the census', () => {
    const p = page('/shop');
    const platform = createPlatform(p.deps);
    platform.handle({ type: 'quick-view', itemId: 'tee' });
    platform.handle({ type: 'form-rendered', formId: 'f1' });
    expect(p.api.recordQuickView.mock.calls).toEqual([['tee']]);
    expect(p.api.formRender.mock.calls).toEqual([
      [{ formId: 'f1', visitorCookie: platform.visitor.visitorId }],
    ]);
  });

  it('sends purchase analytics and the Purchase pixel', () => {
    const p = page('/checkout/done');
    createPlatform(p.deps).handle({ type: 'purchase', orderId: 'o1', amount: 2500, currency: 'USD' });
    expect(p.api.recordEvent.mock.calls).toEqual([
      [
        {
          event: 'commerce_purchase',
          data: { eventName: 'commerce_purchase', orderId: 'o1', amount: 2500, currency: 'USD' },
        },
      ],
    ]);
    expect(p.pixels).toEqual([{ event: 'Purchase', data: { orderId: 'o1', value: 2500, currency: 'USD' } }]);
  });

  it('sends a newsletter subscription and the Lead pixel', () => {
    const p = page('/');
    createPlatform(p.deps).handle({ type: 'newsletter-subscribed', formId: 'news' });
    expect(p.api.recordEvent).toHaveBeenCalledWith({
      event: 'newsletter_subscription',
      data: { eventName: 'newsletter_subscription', formId: 'news' },
    });
    expect(p.pixels).toEqual([{ event: 'Lead', data: { formId: 'news' } }]);
  });

  it('ignores a malformed event and never throws', () => {
    const p = page('/shop/tee', { pageType: 50 });
    const platform = createPlatform(p.deps);
    for (const bad of [null, undefined, 'cart-viewed', 7]) {
      expect(() => platform.handle(bad as unknown as AnalyticsEvent)).not.toThrow();
    }
    platform.handle({ type: 'cart-viewed' });
    expect(p.visitorEvents.map((e) => e.eventName)).toEqual(['ViewCart']);
  });

  it.each([
    ['not a locale', 'en-US', 'en'],
    ['fr-fr', 'fr-FR', 'fr-FR'],
    [undefined, 'en-US', 'en'],
  ])(
    'resolves the context locale %j (site locale %j) to %j, the document language for one refused',
    (locale, site, resolved) => {
      const p = page('/shop', locale === undefined ? {} : { locale });
      createPlatform(p.deps).handle({ type: 'cart-viewed' });
      expect(p.visitorEvents[0]).toMatchObject({ websiteLocale: site, resolvedLocale: resolved });
    },
  );

  it('ignores failing sends', async () => {
    const p = page('/shop');
    p.deps.api.recordQuickView = vi.fn(async () => {
      throw new Error('offline');
    });
    (p.deps as { sendVisitorEvents: PlatformDeps['sendVisitorEvents'] }).sendVisitorEvents = vi.fn(
      async () => {
        throw new Error('Error tracking event: HTTP Status 500');
      },
    );
    const platform = createPlatform(p.deps);
    expect(() => platform.handle({ type: 'quick-view', itemId: 'tee' })).not.toThrow();
    expect(() => platform.handle({ type: 'cart-viewed' })).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});

describe('conversion and census sources (spec 000 §7)', () => {
  it('sends the button census with the visitor cookie and the page fields', () => {
    const p = page('/shop/mug', { websiteId: 'w1' });
    const platform = createPlatform(p.deps);
    platform.handle({ type: 'button-rendered', itemId: 'mug', button: 'express' });
    platform.handle({ type: 'button-clicked', itemId: 'mug', button: 'add' });
    const fields = {
      visitorCookie: platform.visitor.visitorId,
      website: 'w1',
      page: 'https://shop.example/shop/mug',
    };
    expect(p.api.buttonRender).toHaveBeenCalledWith({ ...fields, button: 'express', itemId: 'mug' });
    expect(p.api.buttonClick).toHaveBeenCalledWith({ ...fields, button: 'add', itemId: 'mug' });
  });

  it('sends the overlay census with the visitor cookie', () => {
    const p = page('/shop');
    const platform = createPlatform(p.deps);
    platform.handle({ type: 'overlay-opened' });
    expect(p.api.overlay).toHaveBeenCalledWith({ visitorCookie: platform.visitor.visitorId });
  });

  it('counts the platform popup overlay (page type 104) once, and no other page', () => {
    const popup = page('/popup', { pageType: 104 });
    const platform = createPlatform(popup.deps);
    expect(popup.api.overlay.mock.calls).toEqual([[{ visitorCookie: platform.visitor.visitorId }]]);
    const shop = page('/shop', { pageType: 1 });
    createPlatform(shop.deps);
    expect(shop.api.overlay).not.toHaveBeenCalled();
  });

  it('sends the commerce event and the pixel record of one widget event in one request', () => {
    const p = page('/shop/tee', { pageType: 50 });
    createPlatform(p.deps).handle({ type: 'product-page-viewed', itemId: 'tee' });
    const calls = (p.deps.sendVisitorEvents as unknown as { mock: { calls: [AnalyticsEventRecord[]][] } })
      .mock.calls;
    expect(calls.map(([records]) => records.map((r) => `${r.customSchemaName}:${r.eventName}`))).toEqual([
      ['commerce_shopping_event:VisitPDP', 'pixel_event:ViewContent'],
    ]);
  });

  it('keeps each event’s batch when an sf:pixel listener tracks from inside it', () => {
    const p = page('/shop/tee', { pageType: 50 });
    const platform = createPlatform(p.deps);
    const listener = (e: Event) => {
      if ((e as CustomEvent).detail.event === 'AddToCart') platform.handle({ type: 'cart-viewed' });
    };
    document.addEventListener(EVENTS.pixel, listener);
    cleanups.push(() => document.removeEventListener(EVENTS.pixel, listener));
    expect(() =>
      platform.handle({ type: 'item-added', itemId: 'tee', sku: 'TEE-S', quantity: 1 }),
    ).not.toThrow();
    const calls = (p.deps.sendVisitorEvents as unknown as { mock: { calls: [AnalyticsEventRecord[]][] } })
      .mock.calls;
    expect(calls.map(([records]) => records.map((r) => `${r.customSchemaName}:${r.eventName}`))).toEqual([
      ['commerce_shopping_event:ViewCart'],
      ['commerce_shopping_event:AddToCart', 'pixel_event:AddToCart'],
    ]);
  });

  it('records every pixel event as a site-visitor event of its own schema', () => {
    const p = page('/shop');
    createPlatform(p.deps).handle({ type: 'item-added', itemId: 'tee', sku: 'TEE-S', quantity: 2 });
    expect(p.visitorEvents.filter((e) => e.customSchemaName === 'pixel_event')).toMatchObject([
      { eventName: 'AddToCart', payload: { content_ids: ['tee'], sku: 'TEE-S', quantity: 2 } },
    ]);
  });

  it.each([202, 206, 207])('records the purchase a confirmation page (type %i) names', (pageType) => {
    const purchase = { orderId: 'order-7', amount: 4200, currency: 'USD' };
    const p = page('/order/confirmed', { pageType, purchase });
    createPlatform(p.deps);
    expect(p.api.recordEvent).toHaveBeenCalledWith({
      event: 'commerce_purchase',
      data: { eventName: 'commerce_purchase', ...purchase },
    });
    expect(p.pixels).toContainEqual({
      event: 'Purchase',
      data: { orderId: 'order-7', value: 4200, currency: 'USD' },
    });
    expect(p.visitorEvents.map((e) => e.eventName)).toContain('Purchase');
  });

  it('records the purchase once per order whatever the reloads, and a new order again', () => {
    const storage = new Map<string, string>();
    const local = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    } as unknown as Storage;
    const load = (orderId: string, now = 1_700_000_000_000) => {
      const p = page('/order/confirmed', { pageType: 202, purchase: { orderId, amount: 4200 } });
      const deps = { ...p.deps, identity: { ...p.deps.identity, local: () => local, now: () => now } };
      const platform = createPlatform(deps);
      // The page's own flow tracking the same order adds nothing either.
      platform.handle({ type: 'purchase', orderId, amount: 4200 });
      return p;
    };
    const purchases = (p: ReturnType<typeof page>) => [
      p.api.recordEvent.mock.calls.length,
      p.pixels.filter((x) => (x as { event: string }).event === 'Purchase').length,
    ];
    expect(purchases(load('order-7'))).toEqual([1, 1]);
    expect(purchases(load('order-7'))).toEqual([0, 0]);
    expect(purchases(load('order-8'))).toEqual([1, 1]);
    // Long after, the order is forgotten (its record expired) and the key holds no stale ids.
    const later = 1_700_000_000_000 + 31 * 24 * 60 * 60 * 1000;
    expect(purchases(load('order-9', later))).toEqual([1, 1]);
    const recorded = JSON.parse(storage.get('sf-recorded-orders') ?? '{}') as { value?: object };
    expect(Object.keys(recorded.value ?? {})).toEqual(['order-9']);
  });

  it.each([
    ['a membership confirmation page', { pageType: 208 }, null],
    ["the page's own track", {}, { type: 'account-created' } as const],
  ])('fires CompleteRegistration from %s', (_n, raw, event) => {
    const p = page('/members/welcome', raw);
    const platform = createPlatform(p.deps);
    if (event) platform.handle(event);
    expect(p.pixels).toContainEqual({ event: 'CompleteRegistration', data: {} });
    expect(p.visitorEvents.map((e) => e.eventName)).toEqual(['CompleteRegistration']);
  });
});
