import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PENDING_LIMIT,
  connectPlatform,
  setAnalyticsSink,
  track,
  type AnalyticsEvent,
} from '../../../src/page/analytics.js';

afterEach(() => {
  setAnalyticsSink(null);
  connectPlatform(null);
});

describe('analytics hooks', () => {
  const event: AnalyticsEvent = { type: 'item-added', itemId: 'mug', sku: 'MUG', quantity: 2 };

  it('does nothing without a sink', () => {
    expect(() => track(event)).not.toThrow();
  });

  it('hands each event to the installed sink', () => {
    const sink = vi.fn();
    setAnalyticsSink(sink);
    track(event);
    track({ type: 'reviews-tab', itemId: 'mug' });
    expect(sink.mock.calls).toEqual([[event], [{ type: 'reviews-tab', itemId: 'mug' }]]);
  });

  it('swallows a failing sink', () => {
    setAnalyticsSink(() => {
      throw new Error('down');
    });
    expect(() => track(event)).not.toThrow();
  });

  it('goes quiet again when the sink is removed', () => {
    const sink = vi.fn();
    setAnalyticsSink(sink);
    setAnalyticsSink(null);
    track(event);
    expect(sink).not.toHaveBeenCalled();
  });
});

describe('the platform connection', () => {
  it('holds events until the platform connects, then hands them over in order', () => {
    // Earlier tests may have queued events: drain them first.
    connectPlatform(() => undefined);
    connectPlatform(null);
    track({ type: 'product-page-viewed', itemId: 'tee' });
    track({ type: 'cart-viewed' });
    const platform = vi.fn();
    connectPlatform(platform);
    expect(platform.mock.calls.map(([e]) => e)).toEqual([
      { type: 'product-page-viewed', itemId: 'tee' },
      { type: 'cart-viewed' },
    ]);
    track({ type: 'quick-view', itemId: 'tee' });
    expect(platform).toHaveBeenLastCalledWith({ type: 'quick-view', itemId: 'tee' });
  });

  it('holds the two events of each of 1,000 product blocks', () => {
    connectPlatform(() => undefined);
    connectPlatform(null);
    for (let i = 0; i < 1000; i += 1) {
      track({ type: 'button-rendered', itemId: String(i), button: 'add' });
      track({ type: 'product-page-viewed', itemId: String(i) });
    }
    const platform = vi.fn();
    connectPlatform(platform);
    expect(platform).toHaveBeenCalledTimes(2000);
    expect(platform.mock.lastCall?.[0]).toEqual({ type: 'product-page-viewed', itemId: '999' });
  });

  it(`holds at most ${PENDING_LIMIT} events`, () => {
    connectPlatform(() => undefined);
    connectPlatform(null);
    for (let i = 0; i < PENDING_LIMIT + 30; i += 1) track({ type: 'reviews-tab', itemId: String(i) });
    const platform = vi.fn();
    connectPlatform(platform);
    expect(platform).toHaveBeenCalledTimes(PENDING_LIMIT);
  });

  it('ignores anything but an event object, queued or handed over', () => {
    connectPlatform(() => undefined);
    connectPlatform(null);
    const sink = vi.fn();
    setAnalyticsSink(sink);
    const malformed = [null, undefined, 'cart-viewed', 7] as unknown as AnalyticsEvent[];
    for (const bad of malformed) track(bad);
    track({ type: 'cart-viewed' });
    // As the platform's handler does: it reads the event's type.
    const platform = vi.fn((e: AnalyticsEvent) => void e.type);
    connectPlatform(platform);
    expect(platform.mock.calls.map(([e]) => e)).toEqual([{ type: 'cart-viewed' }]);
    for (const bad of malformed) expect(() => track(bad)).not.toThrow();
    expect(platform).toHaveBeenCalledTimes(1);
    expect(sink.mock.calls).toEqual([[{ type: 'cart-viewed' }]]);
  });

  it('still feeds the platform when the theme sink throws', () => {
    const event: AnalyticsEvent = { type: 'cart-viewed' };
    const platform = vi.fn();
    connectPlatform(platform);
    setAnalyticsSink(() => {
      throw new Error('theme bug');
    });
    track(event);
    expect(platform).toHaveBeenCalledWith(event);
  });
});
