/**
 * The page's blocks as the runtime chunk keeps them (src/page/blocks.ts): what a block's mount does
 * when the block changes under it while its chunk is on the way. The loader's own behaviour, and
 * the blocks' everyday mounting, are in tests/loader/loader.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WidgetModule } from '../../../src/contract.js';
import { definedWidgets } from '../../../src/page/blocks.js';
import { deferredWidget } from '../../../src/page/deferred-widget.js';
import { createHarness, fakeWidget, settle } from '../../loader/harness.js';

const pill = (fallback = '<a href="/cart">Cart</a>') => `<div data-sf-widget="cart-pill">${fallback}</div>`;

/** A chunk that arrives when the test says so. */
function heldChunk(module: unknown) {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { load: () => arrived.then(() => module), release };
}

/**
 * A screen on which every block is near the viewport: an IntersectionObserver that reports each
 * block it observes as on the screen once the test says the browser has drawn a frame.
 */
function nearScreen() {
  const observers: { callback: IntersectionObserverCallback; targets: Set<Element> }[] = [];
  class Observer {
    readonly targets = new Set<Element>();
    constructor(readonly callback: IntersectionObserverCallback) {
      observers.push(this);
    }
    observe(el: Element) {
      this.targets.add(el);
    }
    unobserve(el: Element) {
      this.targets.delete(el);
    }
    disconnect() {
      this.targets.clear();
    }
  }
  return {
    intersectionObserver: Observer as unknown as typeof IntersectionObserver,
    frame() {
      for (const o of observers) {
        const entries = [...o.targets].map((target) => ({
          target,
          isIntersecting: true,
          boundingClientRect: { top: 100, bottom: 500 },
        }));
        if (entries.length) o.callback(entries as unknown as IntersectionObserverEntry[], o as never);
      }
    },
  };
}

describe('blocks: a block that changes while its chunk loads', () => {
  it('mounts the widget it became, and Storefront.mount() resolves, when the old chunk arrives first', async () => {
    const screen = nearScreen();
    const cartPill = fakeWidget('cart-pill');
    const form = fakeWidget('product-form');
    const pillChunk = heldChunk(cartPill.module);
    const h = createHarness({
      body: pill(),
      intersectionObserver: screen.intersectionObserver,
      modules: { 'cart-pill.js': pillChunk.load, 'product-form.js': form.module },
    });
    await settle();
    const el = h.doc.querySelector<HTMLElement>('[data-sf-widget]')!;
    el.setAttribute('data-sf-widget', 'product-form');
    await settle();
    let resolved = false;
    void h.storefront.mount().then(() => (resolved = true));
    // The pill's chunk arrives before the browser's next frame.
    pillChunk.release();
    await settle();
    await vi.waitFor(() => {
      screen.frame();
      expect(form.module.mount).toHaveBeenCalledTimes(1);
      expect(resolved).toBe(true);
    });
    expect(cartPill.module.mount).not.toHaveBeenCalled();
    expect(el.hasAttribute('data-sf-mounted')).toBe(true);
  });

  it('mounts a block that went A to B and back to A once, and unmounts it once when removed', async () => {
    const cartPill = fakeWidget('cart-pill');
    const form = fakeWidget('product-form');
    const pillChunk = heldChunk(cartPill.module);
    const h = createHarness({
      body: `<main>${pill()}</main>`,
      modules: { 'cart-pill.js': pillChunk.load, 'product-form.js': form.module },
    });
    await settle();
    const el = h.doc.querySelector<HTMLElement>('[data-sf-widget]')!;
    el.setAttribute('data-sf-widget', 'product-form');
    await settle();
    el.setAttribute('data-sf-widget', 'cart-pill');
    await settle();
    pillChunk.release();
    await vi.waitFor(() => expect(el.hasAttribute('data-sf-mounted')).toBe(true));
    await settle();
    expect(cartPill.module.mount).toHaveBeenCalledTimes(1);
    h.doc.querySelector('main')!.remove();
    await vi.waitFor(() => expect(cartPill.unmounts).toHaveLength(1));
    expect(el.textContent).toBe('Cart');
  });

  it("leaves the new widget's mount alone when the old widget's chunk fails", async () => {
    const form = fakeWidget('product-form');
    let fail!: () => void;
    const failed = new Promise<never>((_, reject) => (fail = () => reject(new TypeError('offline'))));
    const formChunk = heldChunk(form.module);
    const h = createHarness({
      body: pill(),
      modules: { 'cart-pill.js': () => failed, 'product-form.js': formChunk.load },
    });
    await settle();
    const el = h.doc.querySelector<HTMLElement>('[data-sf-widget]')!;
    el.setAttribute('data-sf-widget', 'product-form');
    await settle();
    fail();
    await settle();
    // The form's mount is still on its way: mount() waits for it rather than starting another.
    void h.storefront.mount();
    await settle();
    formChunk.release();
    await vi.waitFor(() => expect(el.hasAttribute('data-sf-mounted')).toBe(true));
    await settle();
    expect(form.module.mount).toHaveBeenCalledTimes(1);
    // The pill's failure is not the block's any more: nothing is reported for the product form.
    expect(h.reportError).not.toHaveBeenCalled();
  });
});

describe('blocks: Storefront.unmount() of a block whose chunk is still loading', () => {
  it('mounts nothing into it when the chunk arrives, and mounts it once on the next mount()', async () => {
    const cartPill = fakeWidget('cart-pill');
    const pillChunk = heldChunk(cartPill.module);
    const h = createHarness({ body: pill(), modules: { 'cart-pill.js': pillChunk.load } });
    await settle();
    const el = h.doc.querySelector<HTMLElement>('[data-sf-widget]')!;
    h.storefront.unmount();
    pillChunk.release();
    await settle();
    expect(cartPill.module.mount).not.toHaveBeenCalled();
    expect(el.hasAttribute('data-sf-mounted')).toBe(false);
    expect(el.textContent).toBe('Cart');
    await h.storefront.mount();
    expect(cartPill.module.mount).toHaveBeenCalledTimes(1);
    expect(el.hasAttribute('data-sf-mounted')).toBe(true);
  });
});

describe('blocks: a widget that gave up after its mount', () => {
  afterEach(() => definedWidgets.clear());

  it('is mounted afresh by the next Storefront.mount(): the deferred instalment pill whose code failed', async () => {
    const inner = fakeWidget('instalment-pill');
    let offline = true;
    const load = vi.fn(async (): Promise<WidgetModule> => {
      if (offline) throw new TypeError('Failed to fetch dynamically imported module');
      return inner.module;
    });
    const h = createHarness({
      body: '<div data-sf-widget="instalment-pill"><p>4 payments</p></div>',
      widgets: ['instalment-pill'],
      modules: { 'instalment-pill.js': deferredWidget('instalment-pill', load) },
    });
    const el = h.doc.querySelector<HTMLElement>('[data-sf-widget]')!;
    await vi.waitFor(() => expect(h.reportError).toHaveBeenCalledTimes(1));
    expect(el.hasAttribute('data-sf-mounted')).toBe(false);
    expect(el.textContent).toBe('4 payments');
    offline = false;
    await h.storefront.mount();
    await vi.waitFor(() => expect(inner.module.mount).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(2);
    expect(el.hasAttribute('data-sf-mounted')).toBe(true);
    expect(el.textContent).toBe('instalment-pill');
    // Mounting again is a no-op once it is in.
    await h.storefront.mount();
    await settle();
    expect(inner.module.mount).toHaveBeenCalledTimes(1);
  });
});
