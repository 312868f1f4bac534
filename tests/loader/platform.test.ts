import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONTEXT } from '../../src/page/context.js';
import { createHarness, fakeWidget, settle } from './harness.js';

/** A runtime chunk whose platform() hands out a fake platform layer. */
function runtimeWithPlatform() {
  const platform = {
    start: vi.fn(),
    login: vi.fn(async (input: unknown) => ({ ok: true, data: { input } })),
    logout: vi.fn(async () => ({ ok: true, data: null })),
    toggle: vi.fn((name: string) => ({ value: name === 'on' })),
    variant: vi.fn((_name: string, fallback: string) => ({ value: fallback })),
    track: vi.fn(),
  };
  const load = vi.fn(async () => platform);
  const runtime = {
    getPageEnv: () => ({ context: DEFAULT_CONTEXT, report: vi.fn() }),
    localeReady: async () => undefined,
    reportError: vi.fn(),
    loadCart: vi.fn(async () => undefined),
    getCartStore: () => ({ getState: () => ({ cart: null }) }),
    platform: load,
  };
  return { platform, load, runtime };
}

const pillBlock = '<div data-sf-widget="cart-pill"><a href="/cart">Cart</a></div>';

describe('the platform layer from the loader', () => {
  it('is imported and started only after the first mount has settled', async () => {
    const { platform, load, runtime } = runtimeWithPlatform();
    let finishMount: () => void = () => undefined;
    const pill = fakeWidget('cart-pill');
    const h = createHarness({
      body: pillBlock,
      modules: {
        'runtime.js': runtime,
        'cart-pill.js': () => new Promise((resolve) => (finishMount = () => resolve(pill.module))),
      },
    });
    await settle();
    expect(load).not.toHaveBeenCalled();
    finishMount();
    await settle();
    expect(h.doc.querySelector('[data-sf-mounted]')).not.toBeNull();
    expect(load).toHaveBeenCalled();
    expect(platform.start).toHaveBeenCalledTimes(1);
  });

  it("waits for a returning shopper's cart read at start (data-sf-ready) before loading", async () => {
    const { platform, load, runtime } = runtimeWithPlatform();
    let finishRead: () => void = () => undefined;
    runtime.loadCart = vi.fn(
      () => new Promise<undefined>((resolve) => (finishRead = () => resolve(undefined))),
    );
    const pill = fakeWidget('cart-pill');
    const h = createHarness({
      body: pillBlock,
      cookie: 'CART=abc123',
      modules: { 'runtime.js': runtime, 'cart-pill.js': pill.module },
    });
    await settle();
    expect(h.doc.querySelector('[data-sf-mounted]')).not.toBeNull();
    expect(h.doc.documentElement.hasAttribute('data-sf-ready')).toBe(false);
    expect(load).not.toHaveBeenCalled();
    finishRead();
    await settle();
    expect(h.doc.documentElement.hasAttribute('data-sf-ready')).toBe(true);
    expect(load).toHaveBeenCalled();
    expect(platform.start).toHaveBeenCalledTimes(1);
  });

  it('starts on a page without blocks too (page views count everywhere)', async () => {
    const { platform, runtime } = runtimeWithPlatform();
    createHarness({ modules: { 'runtime.js': runtime } });
    await settle();
    expect(platform.start).toHaveBeenCalledTimes(1);
  });

  it('offers Storefront.account and Storefront.flags, forwarding to the platform', async () => {
    const { platform, runtime } = runtimeWithPlatform();
    const h = createHarness({ modules: { 'runtime.js': runtime } });
    const input = { email: 'a@b.co', password: 'pw', rememberMe: true };
    expect(await h.storefront.account.login(input)).toEqual({ ok: true, data: { input } });
    expect(platform.login).toHaveBeenCalledWith(input);
    await h.storefront.account.logout({ cloneCart: true });
    expect(platform.logout).toHaveBeenCalledWith({ cloneCart: true });
    expect(await h.storefront.flags.toggle('on')).toEqual({ value: true });
    expect(await h.storefront.flags.variant('exp', 'control')).toEqual({ value: 'control' });
  });

  it('offers Storefront.track, handing the event to the platform layer', async () => {
    const { platform, runtime } = runtimeWithPlatform();
    const h = createHarness({ modules: { 'runtime.js': runtime } });
    await h.storefront.track({ type: 'quick-view', itemId: 'prod-tee' });
    expect(platform.track).toHaveBeenCalledWith({ type: 'quick-view', itemId: 'prod-tee' });
  });

  it('window.Storefront has exactly the members of the page contract', () => {
    const { runtime } = runtimeWithPlatform();
    const h = createHarness({ modules: { 'runtime.js': runtime } });
    expect(Object.keys(h.storefront).sort()).toEqual(
      ['account', 'cart', 'flags', 'mount', 'on', 'track', 'unmount', 'version'].sort(),
    );
    expect(Object.keys(h.storefront.account).sort()).toEqual(['login', 'logout']);
    expect(Object.keys(h.storefront.flags).sort()).toEqual(['toggle', 'variant']);
  });

  it('stays quiet when the platform chunk cannot load', async () => {
    const { runtime } = runtimeWithPlatform();
    runtime.platform = vi.fn(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const h = createHarness({ modules: { 'runtime.js': runtime } });
    await settle();
    // Analytics failures are silently ignored: nothing reported, nothing thrown into the page.
    expect(runtime.reportError).not.toHaveBeenCalled();
    expect(h.warn).not.toHaveBeenCalled();
    await expect(h.storefront.account.logout()).rejects.toThrow('Failed to fetch');
  });

  // The contract's own `void window.Storefront?.track(…)` must leak no unhandled rejection.
  it.each([
    ['the platform chunk', 'Failed to fetch dynamically imported module'],
    ['the runtime chunk', 'Chunk "runtime" failed to load (error)'],
  ])('resolves track and the flags when %s cannot load; the account calls reject', async (chunk, why) => {
    const { runtime } = runtimeWithPlatform();
    runtime.platform = vi.fn(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const h = createHarness({
      modules: {
        'runtime.js':
          chunk === 'the runtime chunk' ? async () => Promise.reject(new Error('offline')) : runtime,
      },
    });
    await settle();
    await expect(h.storefront.track({ type: 'cart-viewed' })).resolves.toBeUndefined();
    const toggle = await h.storefront.flags.toggle('new-checkout');
    expect(toggle).toEqual({ value: false, error: expect.stringContaining(why) as string });
    expect(await h.storefront.flags.toggle('new-checkout', true)).toMatchObject({ value: true });
    expect(await h.storefront.flags.variant('hero', 'control')).toMatchObject({
      value: 'control',
      error: expect.stringContaining(why) as string,
    });
    // A sign-in form awaits its call and shows the failure.
    await expect(h.storefront.account.login({ email: 'a@b.co', password: 'pw' })).rejects.toThrow(why);
    await expect(h.storefront.account.logout()).rejects.toThrow(why);
  });
});
