import { afterEach, describe, expect, it, vi } from 'vitest';
import * as reporter from '../../../src/page/reporter.js';
import { CART_START_TIMEOUT_MS } from '../../../src/page/create-runtime.js';
import {
  getCartStore,
  getPageEnv,
  globalTaken,
  loadCart,
  localeReady,
  reportError,
} from '../../../src/page/runtime.js';

describe('page runtime', () => {
  it('reads the site context for the locale in a task of its own, once for the page', async () => {
    vi.useFakeTimers();
    try {
      const ready = localeReady('http://localhost/dist/loader.js');
      let settled = false;
      void ready.then(() => (settled = true));
      // Not in the task that asked (the one that evaluated the runtime chunk): after a timer.
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(0);
      await ready;
      expect(settled).toBe(true);
      // Every block asks; the context is read and the catalogue applied once.
      expect(localeReady('http://localhost/dist/loader.js')).toBe(ready);
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

/** The `sf:error` details dispatched while `run` runs, with the page reporter stubbed out. */
const sfErrorsDuring = async (run: () => Promise<unknown>): Promise<unknown[]> => {
  vi.spyOn(reporter, 'getErrorReporter').mockReturnValue({ report: vi.fn(), flush: async () => undefined });
  const seen: unknown[] = [];
  const listener = (e: Event) => seen.push((e as CustomEvent).detail);
  document.addEventListener('sf:error', listener);
  try {
    await run();
  } finally {
    document.removeEventListener('sf:error', listener);
  }
  return seen;
};

describe('the cart read at page start (spec 000 §4)', () => {
  // The page-wide store and api send through the page's fetch; each test says what it answers.
  let answer: (request: Request) => Promise<Response> = async () => new Response('{}');
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return answer(request);
    }),
  );
  afterEach(() => {
    vi.useRealTimers();
    sent.length = 0;
  });

  it.each<{ why: string; reply: () => Promise<Response>; message: string }>([
    {
      why: 'an error status',
      reply: async () => Response.json({ message: 'Injected fault' }, { status: 500 }),
      message: 'Injected fault',
    },
    {
      why: 'a failed connection',
      reply: async () => Promise.reject(new TypeError('Failed to fetch')),
      message: 'Please check your internet connection',
    },
    {
      why: 'an answer that is not a cart',
      reply: async () => new Response('{"shoppingCart": ', { status: 200 }),
      message: 'Please try again',
    },
  ])('reports $why as CART_LOAD_FAILED and settles', async ({ reply, message }) => {
    answer = reply;
    let read: Awaited<ReturnType<typeof loadCart>> | undefined;
    const seen = await sfErrorsDuring(async () => {
      read = await loadCart();
    });
    expect(sent[0]).toBe('GET /api/commerce/shopping-cart');
    expect(seen).toEqual([{ message, code: 'CART_LOAD_FAILED' }]);
    expect(getCartStore().getState().error?.message).toBe(message);
    // Spec 000 §8: "A cart load failure passes its message to the caller" (Storefront.cart.load()).
    expect(read).toMatchObject({ ok: false, error: { message } });
  });

  it(`gives up on a read with no answer after ${CART_START_TIMEOUT_MS} ms and reports it`, async () => {
    vi.useFakeTimers();
    // A server that never answers: the request ends only when the page aborts it.
    answer = (request) =>
      new Promise<Response>((_resolve, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason)),
      );
    const seen = await sfErrorsDuring(async () => {
      let settled = false;
      const pending = loadCart().then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(CART_START_TIMEOUT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await pending;
      expect(settled).toBe(true);
    });
    expect(CART_START_TIMEOUT_MS).toBe(5000);
    expect(seen).toEqual([{ message: 'Please check your internet connection', code: 'CART_LOAD_FAILED' }]);
    expect(getCartStore().getState()).toMatchObject({ status: 'idle', error: { kind: 'timeout' } });
  });
});

describe('a page whose window.Storefront was already taken', () => {
  it('warns in the console and reports GLOBAL_TAKEN with a message that says what happened', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const message =
      'window.Storefront is already defined (by another script, or by this loader included twice): the storefront loader leaves it as it is and mounts nothing';
    const seen = await sfErrorsDuring(() => globalTaken());
    expect(warn).toHaveBeenCalledWith(`[storefront] ${message}`);
    expect(seen).toEqual([{ message, code: 'GLOBAL_TAKEN' }]);
  });

  // A theme that hides its add buttons until data-sf-ready would otherwise hide them for good.
  it("says the page is ready when the global is another script's, and leaves that to a copy of the loader", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const root = document.documentElement;
    const w = window as unknown as Record<string, unknown>;
    try {
      w['Storefront'] = { theme: 'mine' };
      root.removeAttribute('data-sf-ready');
      await globalTaken();
      expect(root.hasAttribute('data-sf-ready')).toBe(true);
      w['Storefront'] = { mount: () => undefined, cart: { load: () => undefined } };
      root.removeAttribute('data-sf-ready');
      await globalTaken();
      expect(root.hasAttribute('data-sf-ready')).toBe(false);
    } finally {
      delete w['Storefront'];
      root.removeAttribute('data-sf-ready');
    }
  });

  // A second copy of the loader from another URL is a module instance of its own: a page runtime
  // built there would be a second cart store, whose tab sync echoes every sf:cart-change.
  it('builds no page runtime of its own, and still sends the report to the error endpoint', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const before = globalThis.fetch;
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string | URL, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(input, init);
        sent.push(`${request.method} ${new URL(request.url).pathname} ${await request.text()}`);
        return new Response('{}');
      }),
    );
    document.head.innerHTML = `<script type="application/json" id="sf-context">{"apiRoot":"/shop-api/","currency":"XXX"}</script>`;
    try {
      vi.resetModules();
      const copy = await import('../../../src/page/runtime.js');
      const { pageState } = await import('../../../src/page/page-state.js');
      await copy.globalTaken();
      // Earlier tests' reports may still be on their way, to the default api root.
      const ours = () => sent.filter((line) => line.startsWith('POST /shop-api/'));
      await vi.waitFor(() => expect(ours()).toHaveLength(1), { timeout: 3000 });
      expect(ours()[0]).toMatch(/^POST \/shop-api\/events\/RecordJavascriptErrors .*GLOBAL_TAKEN/);
      expect(pageState().runtime).toBeUndefined();
      // The context is the first copy's to warn about: only the global's warning here.
      expect(warn.mock.calls.map(([text]) => String(text))).toEqual([
        expect.stringContaining('window.Storefront is already defined') as string,
      ]);
    } finally {
      document.head.innerHTML = '';
      vi.stubGlobal('fetch', before);
    }
  });
});
