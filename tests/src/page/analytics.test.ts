import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAnalyticsSink, track, type AnalyticsEvent } from '../../../src/page/analytics.js';

afterEach(() => setAnalyticsSink(null));

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
