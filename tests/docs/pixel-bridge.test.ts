/**
 * The pixel bridge of docs/analytics.md (examples/pixel-bridge.js, quoted there verbatim) run
 * against a stub `fbq`: the platform layer's pixel events reach the marketing pixel, Purchase from
 * the confirmation page's `purchase` context key, in the currency's major units, once per order.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSiteContext } from '../../src/page/context.js';
import { createPlatform, type PlatformDeps } from '../../src/page/platform.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SAMPLE = readFileSync(join(ROOT, 'examples/pixel-bridge.js'), 'utf8');

const calls: unknown[][] = [];
const fbq = (...args: unknown[]) => void calls.push(args);
const pixelWindow = window as unknown as { fbq?: typeof fbq };

beforeAll(async () => {
  pixelWindow.fbq = fbq;
  // The sample is a classic script: importing the file runs it against this document.
  await import('../../examples/pixel-bridge.js');
});
afterAll(() => {
  delete pixelWindow.fbq;
});

const ok = async () => ({ ok: true as const, data: null });

/** A platform on this document for a page of `raw` context. */
function platformAt(raw: Record<string, unknown>, local: Storage | null = null) {
  const deps: PlatformDeps = {
    win: window as unknown as Window & typeof globalThis,
    doc: document,
    context: parseSiteContext(raw).context,
    raw,
    api: {
      recordHit: ok,
      recordEvent: ok,
      recordQuickView: ok,
      formRender: ok,
      buttonRender: ok,
      buttonClick: ok,
      overlay: ok,
      performanceSettings: async () => ({ ok: true as const, data: { pageLoadId: 'p' } }),
      performanceRecords: ok,
    },
    identity: {
      doc: document,
      local: () => local,
      session: () => null,
      now: () => 1_700_000_000_000,
      newId: () => 'id',
      log: () => undefined,
    },
    sendVisitorEvents: async () => undefined,
    sendBeacon: null,
    report: () => undefined,
    performance: false,
  };
  return createPlatform(deps);
}

describe('the pixel bridge sample of docs/analytics.md', () => {
  it('is quoted in the docs as it is in examples/pixel-bridge.js', () => {
    const docs = readFileSync(join(ROOT, 'docs/analytics.md'), 'utf8');
    expect(docs).toContain(['```js', SAMPLE.trimEnd(), '```'].join('\n'));
  });

  it('forwards ViewContent, AddToCart, Lead and CompleteRegistration to the pixel', () => {
    calls.length = 0;
    const platform = platformAt({ pageType: 50 });
    platform.handle({ type: 'product-page-viewed', itemId: 'tee' });
    platform.handle({ type: 'item-added', itemId: 'tee', sku: 'TEE-S', quantity: 2 });
    platform.handle({ type: 'newsletter-subscribed', formId: 'news' });
    platform.handle({ type: 'account-created' });
    expect(calls).toEqual([
      ['track', 'ViewContent', { content_ids: ['tee'], content_type: 'product' }, {}],
      ['track', 'AddToCart', { content_ids: ['tee'], sku: 'TEE-S', quantity: 2 }, {}],
      ['track', 'Lead', { formId: 'news' }, {}],
      ['track', 'CompleteRegistration', {}, {}],
    ]);
  });

  it("forwards Search from the search page's query", () => {
    calls.length = 0;
    window.history.replaceState(null, '', '/search?q=mug');
    try {
      platformAt({});
    } finally {
      window.history.replaceState(null, '', '/');
    }
    expect(calls).toEqual([['track', 'Search', { search_string: 'mug' }, {}]]);
  });

  it("forwards the Purchase of the confirmation page's context once, in major units", () => {
    calls.length = 0;
    const kept = new Map<string, string>();
    const local = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
      removeItem: (k: string) => void kept.delete(k),
    } as unknown as Storage;
    const confirmation = { pageType: 202, purchase: { orderId: 'order-7', amount: 4250, currency: 'USD' } };
    platformAt(confirmation, local);
    // The shopper reloads the confirmation page.
    platformAt(confirmation, local);
    platformAt({ pageType: 202, purchase: { orderId: 'order-8', amount: 4250, currency: 'JPY' } }, local);
    expect(calls).toEqual([
      [
        'track',
        'Purchase',
        { orderId: 'order-7', value: 42.5, currency: 'USD' },
        { eventID: 'purchase-order-7' },
      ],
      [
        'track',
        'Purchase',
        { orderId: 'order-8', value: 4250, currency: 'JPY' },
        { eventID: 'purchase-order-8' },
      ],
    ]);
  });

  it('never lets a throwing pixel reach the page', () => {
    pixelWindow.fbq = () => {
      throw new Error('blocked');
    };
    try {
      expect(() => platformAt({ pageType: 208 })).not.toThrow();
    } finally {
      pixelWindow.fbq = fbq;
    }
  });
});
