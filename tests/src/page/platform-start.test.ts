import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectPlatform, track, type AnalyticsEvent } from '../../../src/page/analytics.js';
import { createPageRuntime } from '../../../src/page/create-runtime.js';
import { pageState } from '../../../src/page/page-state.js';
import type { AnalyticsEventRecord } from '../../../src/page/events.js';
import { connectInTurns, pageDeps, start, whenIdle } from '../../../src/page/platform-start.js';

describe('connectInTurns', () => {
  afterEach(() => connectPlatform(null));

  it('hands the events queued before it over one per turn, then every later one at once', () => {
    // Events earlier tests queued are drained first.
    connectPlatform(() => undefined);
    connectPlatform(null);
    const viewed = (itemId: string): AnalyticsEvent => ({ type: 'product-page-viewed', itemId });
    track(viewed('a'));
    track(viewed('b'));
    const turns: (() => void)[] = [];
    const handle = vi.fn();
    connectInTurns(handle, (fn) => turns.push(fn));
    expect(handle.mock.calls.map(([e]) => e)).toEqual([viewed('a')]);
    // Tracked while the queue is handed over: it waits behind the queued ones.
    track(viewed('c'));
    expect(handle).toHaveBeenCalledTimes(1);
    turns.shift()?.();
    expect(handle.mock.calls.map(([e]) => e)).toEqual([viewed('a'), viewed('b')]);
    turns.shift()?.();
    turns.shift()?.();
    expect(turns).toEqual([]);
    expect(handle.mock.calls.map(([e]) => e)).toEqual([viewed('a'), viewed('b'), viewed('c')]);
    track(viewed('d'));
    expect(handle).toHaveBeenLastCalledWith(viewed('d'));
    expect(handle).toHaveBeenCalledTimes(4);
  });

  it('hands over every queued event, past one that reads as false', () => {
    connectPlatform(() => undefined);
    connectPlatform(null);
    const viewed = (itemId: string): AnalyticsEvent => ({ type: 'product-page-viewed', itemId });
    track(viewed('a'));
    // The queue is the page's (./page-state.ts): another copy of the runtime may have put anything there.
    pageState().pendingEvents?.push(null as unknown as AnalyticsEvent);
    track(viewed('b'));
    const turns: (() => void)[] = [];
    const handle = vi.fn();
    connectInTurns(handle, (fn) => turns.push(fn));
    while (turns.length > 0) turns.shift()?.();
    track(viewed('c'));
    expect(handle.mock.calls.map(([e]) => e)).toEqual([viewed('a'), null, viewed('b'), viewed('c')]);
  });
});

describe('whenIdle', () => {
  const fakeWin = (readyState: string, idle: boolean) => {
    const listeners: Record<string, () => void> = {};
    const win = {
      document: { readyState },
      addEventListener: (type: string, fn: () => void) => (listeners[type] = fn),
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
      ...(idle ? { requestIdleCallback: vi.fn((fn: () => void) => setTimeout(fn, 50)) } : {}),
    } as unknown as Window & typeof globalThis;
    return { win, load: () => listeners['load']?.() };
  };

  it('waits for the load event, then for an idle moment', async () => {
    vi.useFakeTimers();
    try {
      const { win, load } = fakeWin('interactive', true);
      const fn = vi.fn();
      whenIdle(win, fn);
      await vi.advanceTimersByTimeAsync(1000);
      expect(fn).not.toHaveBeenCalled();
      load();
      await vi.advanceTimersByTimeAsync(49);
      expect(fn).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(fn).toHaveBeenCalledTimes(1);
      expect(win.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs on the next task where the browser has no idle callback', async () => {
    vi.useFakeTimers();
    try {
      const { win } = fakeWin('complete', false);
      const fn = vi.fn();
      whenIdle(win, fn);
      expect(fn).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(fn).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the site-visitor events host (spec 001 §7)', () => {
  /** Sends one event by beacon from a runtime whose site context is `raw`; gives the URL used. */
  async function sentTo(raw: Record<string, unknown>): Promise<string[]> {
    const urls: string[] = [];
    const win = {
      document,
      navigator: { sendBeacon: (url: string) => urls.push(url) > 0 },
      addEventListener: () => undefined,
    } as unknown as Window & typeof globalThis;
    const deps = pageDeps(win, createPageRuntime({ context: raw }));
    await deps.sendVisitorEvents([{ eventName: 'ViewCart' } as AnalyticsEventRecord], { beacon: true });
    return urls;
  }

  const hosts = {
    dev: 'https://events.dev.example',
    qa: 'https://events.qa.example',
    prod: 'https://events.example',
  };

  it.each([
    ['dev', 'https://events.dev.example/api/v1/clanker/events'],
    ['qa', 'https://events.qa.example/api/v1/clanker/events'],
    ['staging', 'https://events.qa.example/api/v1/clanker/events'],
    ['prod', 'https://events.example/api/v1/clanker/events'],
  ])('in %s goes to that environment’s host', async (environment, url) => {
    expect(await sentTo({ environment, visitorEventHosts: hosts })).toEqual([url]);
  });
});

describe('start', () => {
  it('warns once, as the platform starts, about each of its keys of the context with the wrong type', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const state = pageState();
    // This test's own platform start, the page's state put back after it.
    const before = { ...state };
    state.platformStarted = false;
    delete state.platform;
    try {
      // Tracking off (page type 100): the platform starts without sending anything.
      const runtime = createPageRuntime({
        context: { pageType: 100, environment: 'production', memberLocale: 7 },
      });
      start(runtime);
      start(runtime);
      await vi.waitFor(() => expect(state.platform).toBeDefined());
      expect(warn.mock.calls).toEqual([
        ['[storefront] site context: environment is not one of dev, qa, staging, prod'],
        ['[storefront] site context: memberLocale is not a non-empty string'],
      ]);
    } finally {
      delete state.platformStarted;
      delete state.platform;
      Object.assign(state, before);
      warn.mockRestore();
    }
  });
});
