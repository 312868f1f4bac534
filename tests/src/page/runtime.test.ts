import { describe, expect, it, vi } from 'vitest';
import * as reporter from '../../../src/page/reporter.js';
import { getPageEnv, localeReady, reportError } from '../../../src/page/runtime.js';

describe('page runtime', () => {
  it('reads the site context for the locale in a task of its own, once for the page (issue 10)', async () => {
    vi.useFakeTimers();
    try {
      const ready = localeReady();
      let settled = false;
      void ready.then(() => (settled = true));
      // Not in the task that asked (the one that evaluated the runtime chunk): after a timer.
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(0);
      await ready;
      expect(settled).toBe(true);
      // Every block asks; the context is read and the catalogue applied once.
      expect(localeReady()).toBe(ready);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reportError sends to the page reporter and dispatches sf:error with a plain detail', async () => {
    const report = vi.fn();
    vi.spyOn(reporter, 'getErrorReporter').mockReturnValue({ report, flush: async () => undefined });
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    document.addEventListener('sf:error', listener);
    try {
      const error = new Error('Chunk "cart-pill" failed to load (error)');
      reportError(error, { code: 'CHUNK_LOAD_FAILED', widget: 'cart-pill' });
      // The event is immediate; the reporter is a chunk of its own, loaded with the first error.
      expect(seen).toEqual([
        {
          message: 'Chunk "cart-pill" failed to load (error)',
          code: 'CHUNK_LOAD_FAILED',
          widget: 'cart-pill',
        },
      ]);
      await vi.waitFor(() =>
        expect(report).toHaveBeenCalledWith(error, { code: 'CHUNK_LOAD_FAILED', widget: 'cart-pill' }),
      );
    } finally {
      document.removeEventListener('sf:error', listener);
    }
  });

  it('reportError survives a page listener that throws and a value that cannot be printed', () => {
    vi.spyOn(reporter, 'getErrorReporter').mockReturnValue({ report: vi.fn(), flush: async () => undefined });
    const hostile = () => {
      throw new Error('listener broke');
    };
    document.addEventListener('sf:error', hostile);
    try {
      expect(() => reportError(Object.create(null))).not.toThrow();
    } finally {
      document.removeEventListener('sf:error', hostile);
    }
  });

  it('getPageEnv gives one environment per page, built from the site context', () => {
    const env = getPageEnv();
    expect(getPageEnv()).toBe(env);
    expect(env.context.currency).toBe('USD');
    expect(env.report).toBe(reportError);
  });
});
