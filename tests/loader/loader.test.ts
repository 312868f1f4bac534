import { within } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { definedWidgets } from '../../src/page/blocks.js';
import { shouldLoadCartAtStart } from '../../src/page/cookies.js';
import { readSiteContext } from '../../src/page/context.js';
import { chunkUrl, createHarness, fakeWidget, settle } from './harness.js';

const pillBlock = (props?: string, fallback = '<a href="/cart">Cart</a>') =>
  `<div data-sf-widget="cart-pill"${props === undefined ? '' : ` data-sf-props='${props}'`}>${fallback}</div>`;

describe('loader: scanning and mounting', () => {
  it('mounts every block on the page with its parsed props and marks it mounted', async () => {
    const pill = fakeWidget('cart-pill');
    const h = createHarness({
      body: `${pillBlock('{"label":"Basket"}')}<section>${pillBlock('{"label":"Bag"}')}</section>`,
      modules: { 'cart-pill.js': pill.module },
    });
    await settle();
    const body = within(h.doc.body);
    expect(body.getByRole('button', { name: 'Basket' })).toBeInstanceOf(HTMLElement);
    expect(body.getByRole('button', { name: 'Bag' })).toBeInstanceOf(HTMLElement);
    expect(h.doc.querySelectorAll('[data-sf-mounted]')).toHaveLength(2);
    expect(pill.module.mount).toHaveBeenCalledWith(expect.anything(), { label: 'Basket' }, expect.anything());
  });

  it('imports a widget chunk once for many blocks, from next to the loader script', async () => {
    const pill = fakeWidget('cart-pill');
    const h = createHarness({
      body: pillBlock() + pillBlock() + pillBlock(),
      modules: { 'cart-pill.js': pill.module },
    });
    await settle();
    expect(h.imports.filter((u) => u === chunkUrl('cart-pill.js'))).toHaveLength(1);
    expect(h.imports).toContain(chunkUrl('runtime.js'));
  });

  it('mounts the cart page on a root with its fixed id and no data-sf-widget', async () => {
    const cartPage = fakeWidget('cart-page');
    const h = createHarness({
      body: `<main><div id="sf-cart-page" data-sf-props='{"label":"Your cart"}'><p>Loading</p></div></main>`,
      modules: { 'cart-page.js': cartPage.module },
      widgets: ['cart-pill', 'cart-page'],
    });
    await settle();
    expect(within(h.doc.body).getByRole('button', { name: 'Your cart' })).toBeInstanceOf(HTMLElement);
    expect(h.doc.getElementById('sf-cart-page')?.hasAttribute('data-sf-mounted')).toBe(true);
    expect(h.imports).toContain(chunkUrl('cart-page.js'));
    // Naming the root is no change of widget: it mounts once.
    expect(cartPage.module.mount).toHaveBeenCalledTimes(1);
  });

  it('gives a block without data-sf-props an empty props object', async () => {
    const pill = fakeWidget('cart-pill');
    createHarness({ body: pillBlock(), modules: { 'cart-pill.js': pill.module } });
    await settle();
    expect(pill.module.mount).toHaveBeenCalledWith(expect.anything(), {}, expect.anything());
  });

  it('treats mounting twice as a no-op', async () => {
    const pill = fakeWidget('cart-pill');
    const h = createHarness({ body: pillBlock(), modules: { 'cart-pill.js': pill.module } });
    await settle();
    await h.storefront.mount();
    await h.storefront.mount(h.doc.body);
    expect(pill.module.mount).toHaveBeenCalledTimes(1);
    expect(within(h.doc.body).getAllByRole('button')).toHaveLength(1);
  });

  it('skips a block another loader copy already marked as mounted', async () => {
    const pill = fakeWidget('cart-pill');
    createHarness({
      body: '<div data-sf-widget="cart-pill" data-sf-mounted=""></div>',
      modules: { 'cart-pill.js': pill.module },
    });
    await settle();
    expect(pill.module.mount).not.toHaveBeenCalled();
  });

  it('exposes the baked-in version', () => {
    expect(createHarness().storefront.version).toBe('9.9.9');
  });
});

describe('loader: widgets whose code another chunk holds', () => {
  afterEach(() => {
    definedWidgets.clear();
  });

  it('mounts the cart pill from the runtime chunk without fetching cart-pill.js, styled by its own sheet', async () => {
    const pill = fakeWidget('cart-pill');
    const h = createHarness({
      body: pillBlock('{"label":"Basket"}'),
      styled: ['cart-pill'],
      homes: { 'cart-pill': 'runtime' },
      // The runtime chunk defines the cart pill as it runs.
      runtimeArrives: Promise.resolve().then(() => definedWidgets.set('cart-pill', pill.module)),
    });
    await settle();
    expect(within(h.doc.body).getByRole('button', { name: 'Basket' })).toBeInstanceOf(HTMLElement);
    expect(h.imports).toEqual([chunkUrl('runtime.js')]);
    // The runtime is no styled widget: the pill keeps its own stylesheet.
    expect(h.styles).toEqual([chunkUrl('cart-pill.css')]);
    expect(h.reportError).not.toHaveBeenCalled();
  });

  it("starts the holding chunk once for both of its widgets and links that chunk's stylesheet once", async () => {
    const form = fakeWidget('product-form');
    const instalments = fakeWidget('instalment-pill');
    const h = createHarness({
      body:
        `<div data-sf-widget="product-form" data-sf-props='{"label":"Add To Cart"}'></div>` +
        `<div data-sf-widget="instalment-pill" data-sf-props='{"label":"Pay in 4"}'></div>`,
      widgets: ['product-form', 'instalment-pill'],
      styled: ['product-form', 'instalment-pill'],
      homes: { 'instalment-pill': 'product-form' },
      modules: {
        'product-form.js': async () => {
          definedWidgets.set('instalment-pill', instalments.module);
          return form.module;
        },
      },
    });
    await settle();
    const body = within(h.doc.body);
    expect(body.getByRole('button', { name: 'Add To Cart' })).toBeInstanceOf(HTMLElement);
    expect(body.getByRole('button', { name: 'Pay in 4' })).toBeInstanceOf(HTMLElement);
    expect(h.imports.filter((u) => u !== chunkUrl('runtime.js'))).toEqual([chunkUrl('product-form.js')]);
    // The instalment pill's rules are in its home's stylesheet: one request for both widgets.
    expect(h.styles).toEqual([chunkUrl('product-form.css')]);
  });
});

/** Where a block is: on the screen, near it (within the observer's margin) or far from it. */
type Place = 'on' | 'near' | 'far';
/** The box of a block in each place, on a window 768 px high (happy-dom's). */
const BOXES: Record<Place, { top: number; bottom: number }> = {
  on: { top: 100, bottom: 500 },
  near: { top: 1000, bottom: 1400 },
  far: { top: 5000, bottom: 5400 },
};

/**
 * A screen for the blocks: an IntersectionObserver that reports, when the test says the browser
 * has drawn a frame, where each observed block is (`place`), as Chromium does: every observed
 * block in its first frame, and a block again only when it has crossed the margin.
 */
function fakeScreen(place: (el: Element) => Place) {
  const observers: FakeObserver[] = [];
  class FakeObserver {
    readonly targets = new Map<Element, boolean | undefined>();
    constructor(
      readonly callback: IntersectionObserverCallback,
      readonly options?: IntersectionObserverInit,
    ) {
      observers.push(this);
    }
    observe(el: Element) {
      this.targets.set(el, undefined);
    }
    unobserve(el: Element) {
      this.targets.delete(el);
    }
    disconnect() {
      this.targets.clear();
    }
  }
  return {
    intersectionObserver: FakeObserver as unknown as typeof IntersectionObserver,
    observers,
    /** A frame: every observer hears of each of its blocks that came near or went away. */
    frame() {
      for (const o of observers) {
        const entries = [...o.targets]
          .map(([target, was]) => {
            const at = place(target);
            return { target, isIntersecting: at !== 'far', boundingClientRect: BOXES[at], was };
          })
          .filter((e) => e.isIntersecting !== e.was);
        for (const e of entries) o.targets.set(e.target, e.isIntersecting);
        if (entries.length) o.callback(entries as unknown as IntersectionObserverEntry[], o as never);
      }
    },
  };
}

describe('loader: blocks mount as they come near the viewport', () => {
  const labels = (doc: Document) =>
    within(doc.body)
      .queryAllByRole('button')
      .map((b) => b.textContent);
  const mounts = (pill: ReturnType<typeof fakeWidget>) =>
    vi.mocked(pill.module.mount).mock.calls.map(([, props]) => (props as { label: string }).label);
  // A visitor who arrived halfway down a long page.
  const page = ['Far one', 'Near one', 'On one', 'Far two', 'On two']
    .map((l) => pillBlock(`{"label":"${l}"}`))
    .join('');
  const placeOf = (el: Element): Place => {
    const props = el.getAttribute('data-sf-props') ?? '';
    return props.includes('On') ? 'on' : props.includes('Near') ? 'near' : 'far';
  };

  it('mounts the blocks on the screen first, then those near it, and none far from it', async () => {
    const screen = fakeScreen(placeOf);
    const pill = fakeWidget('cart-pill');
    const h = createHarness({ body: page, modules: { 'cart-pill.js': pill.module }, ...screen });
    await settle();
    // The chunks are in, but where the blocks are is known only after a frame.
    expect(labels(h.doc)).toEqual([]);
    expect(screen.observers.map((o) => o.options)).toEqual([{ rootMargin: '100%' }]);
    screen.frame();
    await settle();
    expect(mounts(pill)).toEqual(['On one', 'On two', 'Near one']);
    expect(labels(h.doc)).toEqual(['Near one', 'On one', 'On two']);
    expect(h.doc.querySelectorAll('[data-sf-mounted]')).toHaveLength(3);
    // The far blocks keep their fallback and stay observed; the mounted ones are let go.
    expect([...(screen.observers[0]?.targets.keys() ?? [])].map(placeOf)).toEqual(['far', 'far']);
  });

  it('mounts a far block once it comes near, and never twice', async () => {
    const shown = new Set<string>();
    const screen = fakeScreen((el) =>
      shown.has(el.getAttribute('data-sf-props') ?? '') ? 'near' : placeOf(el),
    );
    const pill = fakeWidget('cart-pill');
    const h = createHarness({ body: page, modules: { 'cart-pill.js': pill.module }, ...screen });
    await settle();
    screen.frame();
    await settle();
    expect(labels(h.doc)).not.toContain('Far two');
    // The visitor scrolls down to the fourth block, then up and down past it again.
    shown.add('{"label":"Far two"}');
    screen.frame();
    await settle();
    expect(labels(h.doc)).toContain('Far two');
    shown.delete('{"label":"Far two"}');
    screen.frame();
    shown.add('{"label":"Far two"}');
    screen.frame();
    await h.storefront.mount();
    await settle();
    expect(mounts(pill).filter((l) => l === 'Far two')).toHaveLength(1);
    expect(mounts(pill)).not.toContain('Far one');
    expect(h.doc.querySelectorAll('[data-sf-mounted]')).toHaveLength(4);
  });

  it('resolves Storefront.mount() once the blocks near the viewport have mounted, the far ones waiting', async () => {
    const shown = new Set<string>();
    const screen = fakeScreen((el) =>
      shown.has(el.getAttribute('data-sf-props') ?? '') ? 'on' : placeOf(el),
    );
    const pill = fakeWidget('cart-pill');
    const h = createHarness({ body: page, modules: { 'cart-pill.js': pill.module }, ...screen });
    let resolved = false;
    const mounting = h.storefront.mount().then(() => (resolved = true));
    await settle();
    expect(resolved).toBe(false);
    screen.frame();
    await mounting;
    expect(labels(h.doc)).toEqual(['Near one', 'On one', 'On two']);
    // A block the editor adds far from the screen waits too, and mounts when it comes near.
    h.doc.body.insertAdjacentHTML('beforeend', pillBlock('{"label":"Far three"}'));
    await settle();
    screen.frame();
    await h.storefront.mount();
    expect(labels(h.doc)).not.toContain('Far three');
    shown.add('{"label":"Far three"}');
    screen.frame();
    await settle();
    expect(labels(h.doc)).toContain('Far three');
  });

  it('resolves Storefront.mount() when a block still waiting for its first frame is taken out', async () => {
    const screen = fakeScreen(placeOf);
    const pill = fakeWidget('cart-pill');
    const h = createHarness({ body: page, modules: { 'cart-pill.js': pill.module }, ...screen });
    let resolved = false;
    const mounting = h.storefront.mount().then(() => (resolved = true));
    await settle();
    // A router swaps the page before the browser has drawn a frame: no observer ever reports.
    h.doc.body.innerHTML = '';
    await settle();
    await mounting;
    expect(resolved).toBe(true);
    expect(pill.module.mount).not.toHaveBeenCalled();
  });

  it('mounts no waiting block after Storefront.unmount(), and mounts it once again on mount()', async () => {
    const shown = new Set<string>();
    const screen = fakeScreen((el) =>
      shown.has(el.getAttribute('data-sf-props') ?? '') ? 'on' : placeOf(el),
    );
    const pill = fakeWidget('cart-pill');
    const h = createHarness({ body: page, modules: { 'cart-pill.js': pill.module }, ...screen });
    await settle();
    screen.frame();
    await settle();
    h.storefront.unmount(h.doc.body);
    expect(h.doc.querySelectorAll('[data-sf-mounted]')).toHaveLength(0);
    // The visitor scrolls to a block that was waiting: it stays as it is.
    shown.add('{"label":"Far one"}');
    screen.frame();
    await settle();
    expect(mounts(pill)).not.toContain('Far one');
    const again = h.storefront.mount(h.doc.body);
    await settle();
    screen.frame();
    await again;
    await settle();
    expect(mounts(pill).filter((l) => l === 'Far one')).toHaveLength(1);
  });

  it('forgets a waiting block taken out of the page, and mounts it once when it is put back near', async () => {
    const shown = new Set<string>();
    const screen = fakeScreen((el) =>
      shown.has(el.getAttribute('data-sf-props') ?? '') ? 'on' : placeOf(el),
    );
    const pill = fakeWidget('cart-pill');
    const h = createHarness({ body: page, modules: { 'cart-pill.js': pill.module }, ...screen });
    await settle();
    screen.frame();
    await settle();
    const far = h.doc.querySelector(`[data-sf-props='{"label":"Far one"}']`) as Element;
    far.remove();
    await settle();
    expect(screen.observers[0]?.targets.has(far)).toBe(false);
    shown.add('{"label":"Far one"}');
    h.doc.body.append(far);
    await settle();
    screen.frame();
    await settle();
    expect(mounts(pill).filter((l) => l === 'Far one')).toHaveLength(1);
    expect(far.hasAttribute('data-sf-mounted')).toBe(true);
  });
});

describe('loader: mounting in slices (no long task while 100 blocks mount)', () => {
  const global = globalThis as { scheduler?: unknown };
  afterEach(() => {
    delete global.scheduler;
  });

  describe('on a clock and timers the test moves', () => {
    /** The loader's hand-backs: timers without a delay, released by the test. */
    let turns: (() => void)[] = [];
    /** The clock the loader reads; each mount of the fake widget takes `cost` ms of it. */
    let now = 1000;
    let cost = 0;
    const realSetTimeout = globalThis.setTimeout;
    beforeEach(() => {
      turns = [];
      now = 1000;
      cost = 0;
      vi.spyOn(Date, 'now').mockImplementation(() => now);
      vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
        if (ms !== undefined) return realSetTimeout(fn, ms);
        turns.push(fn);
        return 0;
      }) as typeof setTimeout);
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    const slowPill = () => {
      const pill = fakeWidget('cart-pill');
      const mount = vi.mocked(pill.module.mount);
      const render = mount.getMockImplementation()!;
      mount.mockImplementation((...args: Parameters<typeof render>) => {
        now += cost;
        return render(...args);
      });
      return pill;
    };
    const labels = (doc: Document) =>
      within(doc.body)
        .queryAllByRole('button')
        .map((b) => b.textContent);

    it('hands the thread back before the first block, then whenever 16 ms of mounting have passed', async () => {
      cost = 10;
      const pill = slowPill();
      const h = createHarness({
        body: ['One', 'Two', 'Three', 'Four'].map((l) => pillBlock(`{"label":"${l}"}`)).join(''),
        modules: { 'cart-pill.js': pill.module },
      });
      await settle();
      // Chunks are in; the first block waits for a timer to give the thread back.
      expect(pill.module.mount).not.toHaveBeenCalled();
      expect(turns).toHaveLength(1);
      // 10 ms then 20 ms into the slice: the second block still fits, the third waits for a timer.
      turns[0]?.();
      await settle();
      expect(labels(h.doc)).toEqual(['One', 'Two']);
      expect(turns).toHaveLength(2);
      turns[1]?.();
      await settle();
      expect(labels(h.doc)).toEqual(['One', 'Two', 'Three', 'Four']);
      expect(turns).toHaveLength(2);
    });

    it("reads and parses each block's props in that block's own turn, not in the first scan", async () => {
      cost = 20;
      const parse = vi.spyOn(JSON, 'parse');
      const pill = slowPill();
      const h = createHarness({
        body: pillBlock('{"label":"One"}') + pillBlock('{oops'),
        modules: { 'cart-pill.js': pill.module },
      });
      await settle();
      const parsed = () => parse.mock.calls.map((call) => call[0]);
      // Scanned and chunks loaded, yet no block's props have been parsed.
      expect(parsed()).not.toContain('{"label":"One"}');
      expect(parsed()).not.toContain('{oops');
      // Props fixed before the second block's turn are the props it mounts with: nothing is reported.
      h.doc.querySelectorAll('[data-sf-widget]')[1]?.setAttribute('data-sf-props', '{"label":"Two"}');
      turns[0]?.();
      await settle();
      expect(parsed()).toContain('{"label":"One"}');
      expect(parsed()).not.toContain('{"label":"Two"}');
      turns[1]?.();
      await settle();
      expect(parsed()).toContain('{"label":"Two"}');
      expect(labels(h.doc)).toEqual(['One', 'Two']);
      expect(h.warn).not.toHaveBeenCalled();
      expect(h.reportError).not.toHaveBeenCalled();
    });

    it('hands the thread back by a timer, not scheduler.yield, which would run ahead of rendering', async () => {
      const yieldTo = vi.fn(() => Promise.resolve());
      global.scheduler = { yield: yieldTo };
      const pill = slowPill();
      const h = createHarness({
        body: pillBlock('{"label":"One"}') + pillBlock('{"label":"Two"}'),
        modules: { 'cart-pill.js': pill.module },
      });
      await settle();
      expect(labels(h.doc)).toEqual([]);
      turns[0]?.();
      await settle();
      expect(labels(h.doc)).toEqual(['One', 'Two']);
      expect(yieldTo).not.toHaveBeenCalled();
    });
  });

  it('resolves mount() once a block the DOM watch found first has mounted too', async () => {
    const pill = fakeWidget('cart-pill');
    let finish: () => void = () => undefined;
    const h = createHarness({
      modules: { 'cart-pill.js': () => new Promise((resolve) => (finish = () => resolve(pill.module))) },
    });
    await settle();
    h.doc.body.innerHTML = pillBlock('{"label":"Late"}');
    // The DOM watch has taken the block up and is waiting for its chunk.
    await settle();
    let resolved = false;
    const mounting = h.storefront.mount().then(() => (resolved = true));
    await settle();
    expect(resolved).toBe(false);
    finish();
    await mounting;
    expect(within(h.doc.body).getByRole('button', { name: 'Late' })).toBeInstanceOf(HTMLElement);
  });

  it('resolves mount() once every block it found has mounted', async () => {
    const pill = fakeWidget('cart-pill');
    const h = createHarness({ modules: { 'cart-pill.js': pill.module } });
    await settle();
    h.doc.body.innerHTML = pillBlock('{"label":"Late one"}') + pillBlock('{"label":"Late two"}');
    await h.storefront.mount();
    expect(h.doc.querySelectorAll('[data-sf-mounted]')).toHaveLength(2);
  });
});

describe('loader: blocks it cannot mount keep their fallback and are reported once', () => {
  it.each([
    {
      problem: 'props that are not JSON',
      body: `<div data-sf-widget="cart-pill" data-sf-props="{oops"><a href="/cart">Cart</a></div>`,
      code: 'BAD_PROPS',
      warning: /data-sf-widget="cart-pill".*data-sf-props is not valid JSON/,
    },
    {
      problem: 'an unknown widget name',
      body: `<div data-sf-widget="wishlist"><a href="/cart">Cart</a></div>`,
      code: 'UNKNOWN_WIDGET',
      warning: /data-sf-widget="wishlist".*unknown widget "wishlist"/,
    },
  ])('$problem', async ({ body, code, warning }) => {
    const pill = fakeWidget('cart-pill');
    const h = createHarness({ body, modules: { 'cart-pill.js': pill.module } });
    await settle();
    await h.storefront.mount();
    await settle();
    expect(within(h.doc.body).getByRole('link', { name: 'Cart' })).toBeInstanceOf(HTMLElement);
    expect(h.doc.querySelector('[data-sf-mounted]')).toBeNull();
    expect(pill.module.mount).not.toHaveBeenCalled();
    expect(h.warn).toHaveBeenCalledTimes(1);
    expect(String(h.warn.mock.calls[0]?.[0])).toMatch(warning);
    expect(h.reportError).toHaveBeenCalledTimes(1);
    expect(h.reportError.mock.calls[0]?.[1]).toMatchObject({ code });
  });

  it.each(['instalment-pill', 'restock-form', 'site-form'])(
    'skips a block naming %s, reserved but not in this build, quietly: fallback kept, nothing reported',
    async (name) => {
      const h = createHarness({
        body: `<div data-sf-widget="${name}"><a href="/cart">Cart</a></div>`,
        widgets: ['cart-pill'],
      });
      await settle();
      await h.storefront.mount();
      await settle();
      expect(within(h.doc.body).getByRole('link', { name: 'Cart' })).toBeInstanceOf(HTMLElement);
      expect(h.doc.querySelector('[data-sf-mounted]')).toBeNull();
      expect(h.warn).not.toHaveBeenCalled();
      expect(h.reportError).not.toHaveBeenCalled();
      expect(h.imports.some((url) => url.includes(name))).toBe(false);
    },
  );

  it('mounts a reserved name once the build holds it', async () => {
    const restock = fakeWidget('restock-form');
    const h = createHarness({
      body: `<div data-sf-widget="restock-form" data-sf-props='{"productId":"tee"}'></div>`,
      widgets: ['cart-pill', 'restock-form'],
      modules: { 'restock-form.js': restock.module },
    });
    await settle();
    expect(within(h.doc.body).getByRole('button', { name: 'restock-form' })).toBeInstanceOf(HTMLElement);
    expect(restock.module.mount).toHaveBeenCalledWith(
      expect.anything(),
      { productId: 'tee' },
      expect.anything(),
    );
  });

  it('reports props the widget refuses (WidgetPropsError) and keeps the fallback', async () => {
    const error = Object.assign(
      new Error('cart-pill: invalid data-sf-props: "theme" must be "light" or "dark"'),
      {
        name: 'WidgetPropsError',
      },
    );
    const module = {
      mount: vi.fn(() => {
        throw error;
      }),
    };
    const h = createHarness({ body: pillBlock('{"theme":"pink"}'), modules: { 'cart-pill.js': module } });
    await settle();
    expect(within(h.doc.body).getByRole('link', { name: 'Cart' })).toBeInstanceOf(HTMLElement);
    expect(h.doc.querySelector('[data-sf-mounted]')).toBeNull();
    expect(h.reportError).toHaveBeenCalledWith(error, { code: 'BAD_PROPS', widget: 'cart-pill' });
  });
});

describe('loader: chunk failures', () => {
  it('names the chunk and the failure type, then loads it again on the next mount()', async () => {
    const pill = fakeWidget('cart-pill');
    let fail = true;
    const h = createHarness({
      body: pillBlock(),
      modules: {
        'cart-pill.js': async () => {
          if (fail) throw new TypeError('Failed to fetch dynamically imported module');
          return pill.module;
        },
      },
    });
    await settle();
    expect(h.reportError).toHaveBeenCalledTimes(1);
    const [error, info] = h.reportError.mock.calls[0] as [Error & { chunk: string; type: string }, object];
    expect(info).toEqual({ code: 'CHUNK_LOAD_FAILED', widget: 'cart-pill' });
    expect(error.message).toBe(`Chunk "cart-pill" failed to load (error): ${chunkUrl('cart-pill.js')}`);
    expect(error).toMatchObject({ name: 'ChunkLoadError', chunk: 'cart-pill', type: 'error' });
    expect(within(h.doc.body).getByRole('link', { name: 'Cart' })).toBeInstanceOf(HTMLElement);

    fail = false;
    await h.storefront.mount();
    expect(within(h.doc.body).getByRole('button', { name: 'cart-pill' })).toBeInstanceOf(HTMLElement);
    expect(h.imports.filter((u) => u.startsWith(chunkUrl('cart-pill.js')))).toEqual([
      chunkUrl('cart-pill.js'),
      `${chunkUrl('cart-pill.js')}?retry=1`,
    ]);
  });

  it('starts a widget chunk beside the runtime chunk and reports its failure once the runtime is in', async () => {
    const pill = fakeWidget('cart-pill');
    let fail = true;
    let runtimeIn: (value?: unknown) => void = () => undefined;
    const h = createHarness({
      body: pillBlock() + pillBlock(),
      runtimeArrives: new Promise((resolve) => (runtimeIn = resolve)),
      modules: {
        'cart-pill.js': async () => {
          if (fail) throw new TypeError('Failed to fetch dynamically imported module');
          return pill.module;
        },
      },
    });
    await settle();
    // Both loads are under way before the runtime is in, and the widget chunk has failed already.
    expect([...h.imports].sort()).toEqual([chunkUrl('cart-pill.js'), chunkUrl('runtime.js')]);
    expect(h.reportError).not.toHaveBeenCalled();
    runtimeIn();
    await settle();
    // Each block found at start reports it, once.
    expect(h.reportError.mock.calls.map(([, info]) => info)).toEqual([
      { code: 'CHUNK_LOAD_FAILED', widget: 'cart-pill' },
      { code: 'CHUNK_LOAD_FAILED', widget: 'cart-pill' },
    ]);
    expect(h.doc.querySelector('[data-sf-mounted]')).toBeNull();
    fail = false;
    await h.storefront.mount();
    expect(within(h.doc.body).getAllByRole('button', { name: 'cart-pill' })).toHaveLength(2);
    expect(h.imports.filter((u) => u.startsWith(chunkUrl('cart-pill.js')))).toEqual([
      chunkUrl('cart-pill.js'),
      `${chunkUrl('cart-pill.js')}?retry=1`,
    ]);
  });

  it('gives up on a chunk after the 120 s limit with a timeout failure', async () => {
    vi.useFakeTimers();
    try {
      const h = createHarness({
        body: pillBlock(),
        modules: { 'cart-pill.js': () => new Promise(() => undefined) },
      });
      await vi.advanceTimersByTimeAsync(119_999);
      expect(h.reportError).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await vi.advanceTimersByTimeAsync(0);
      expect(h.reportError).toHaveBeenCalledTimes(1);
      expect(h.reportError.mock.calls[0]?.[0]).toMatchObject({ chunk: 'cart-pill', type: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('links a widget stylesheet once and reports a failed one as CSS_CHUNK_LOAD_FAILED, mounting anyway', async () => {
    const pill = fakeWidget('cart-pill');
    const h = createHarness({
      body: pillBlock() + pillBlock(),
      styled: ['cart-pill'],
      styleLoad: async () => {
        throw new Error('stylesheet error');
      },
      modules: { 'cart-pill.js': pill.module },
    });
    await settle();
    expect(h.styles).toEqual([chunkUrl('cart-pill.css')]);
    expect(within(h.doc.body).getAllByRole('button', { name: 'cart-pill' })).toHaveLength(2);
    const cssReports = h.reportError.mock.calls.filter(([, info]) => info.code === 'CSS_CHUNK_LOAD_FAILED');
    expect(cssReports.length).toBeGreaterThanOrEqual(1);
    expect((cssReports[0]?.[0] as Error).message).toBe(
      `Style chunk "cart-pill.css" failed to load (error): ${chunkUrl('cart-pill.css')}`,
    );
  });
});

describe("loader: a shopper in a block's fallback as its widget takes over", () => {
  /** The pill's block with a link in its fallback, and the runtime held until `arrive()`. */
  function pageWithHeldRuntime(module: unknown) {
    let arrive: () => void = () => undefined;
    const runtimeArrives = new Promise<void>((resolve) => (arrive = resolve));
    const h = createHarness({
      body: `<input aria-label="Search">${pillBlock()}`,
      modules: { 'cart-pill.js': module },
      runtimeArrives,
    });
    return { h, arrive, fallbackLink: within(h.doc.body).getByRole('link', { name: 'Cart' }) };
  }
  const focusedName = (doc: Document) =>
    doc.activeElement === doc.body ? 'the page' : (doc.activeElement?.textContent ?? '');

  it("moves focus to the widget's first control, not to the page's start", async () => {
    const { h, arrive, fallbackLink } = pageWithHeldRuntime(fakeWidget('cart-pill').module);
    fallbackLink.focus();
    arrive();
    await settle();
    await vi.waitFor(() => expect(focusedName(h.doc)).toBe('cart-pill'));
    expect(h.doc.activeElement?.closest('[data-sf-widget]')).not.toBeNull();
  });

  it('waits for a widget that draws a few frames after its mount', async () => {
    const later = {
      mount: (el: HTMLElement) => {
        const timer = setTimeout(() => {
          el.replaceChildren(el.ownerDocument.createElement('button'));
          (el.firstChild as HTMLElement).textContent = 'Drawn later';
        }, 20);
        return () => clearTimeout(timer);
      },
    };
    const { h, arrive, fallbackLink } = pageWithHeldRuntime(later);
    fallbackLink.focus();
    arrive();
    await settle();
    await vi.waitFor(() => expect(focusedName(h.doc)).toBe('Drawn later'));
  });

  it('leaves a shopper who has moved on where they are', async () => {
    const later = {
      mount: (el: HTMLElement) => {
        const timer = setTimeout(() => el.replaceChildren(el.ownerDocument.createElement('button')), 20);
        return () => clearTimeout(timer);
      },
    };
    const { h, arrive, fallbackLink } = pageWithHeldRuntime(later);
    fallbackLink.focus();
    arrive();
    await vi.waitFor(() => expect(h.doc.querySelector('[data-sf-mounted]')).not.toBeNull());
    const search = within(h.doc.body).getByRole('textbox', { name: 'Search' });
    search.focus();
    await vi.waitFor(() => expect(h.doc.querySelector('[data-sf-widget] button')).not.toBeNull());
    await settle(10);
    expect(h.doc.activeElement).toBe(search);
  });

  it('leaves a shopper who clicked away from the fallback before the widget drew', async () => {
    let draw = () => undefined as void;
    const onDemand = {
      mount: (el: HTMLElement) => {
        draw = () => el.replaceChildren(el.ownerDocument.createElement('button'));
        return () => undefined;
      },
    };
    const { h, arrive, fallbackLink } = pageWithHeldRuntime(onDemand);
    fallbackLink.focus();
    arrive();
    await vi.waitFor(() => expect(h.doc.querySelector('[data-sf-mounted]')).not.toBeNull());
    // A click on the page outside any control: focus goes to the body, the fallback still there.
    fallbackLink.blur();
    await new Promise((resolve) => h.doc.defaultView?.requestAnimationFrame(resolve));
    await new Promise((resolve) => h.doc.defaultView?.requestAnimationFrame(resolve));
    expect(focusedName(h.doc)).toBe('the page');
    draw();
    await settle(10);
    await new Promise((resolve) => h.doc.defaultView?.requestAnimationFrame(resolve));
    expect(focusedName(h.doc)).toBe('the page');
  });

  it('takes focus nowhere when the shopper was not in the block', async () => {
    const { h, arrive } = pageWithHeldRuntime(fakeWidget('cart-pill').module);
    arrive();
    await settle(10);
    expect(h.doc.querySelector('[data-sf-mounted]')).not.toBeNull();
    expect(focusedName(h.doc)).toBe('the page');
  });
});

describe('loader: the DOM changing under it', () => {
  it('mounts a block added after start', async () => {
    const pill = fakeWidget('cart-pill');
    const h = createHarness({ modules: { 'cart-pill.js': pill.module } });
    await settle();
    const wrapper = h.doc.createElement('div');
    wrapper.innerHTML = pillBlock('{"label":"Late"}');
    h.doc.body.appendChild(wrapper);
    await settle();
    expect(within(h.doc.body).getByRole('button', { name: 'Late' })).toBeInstanceOf(HTMLElement);
  });

  it('unmounts a block removed from the page', async () => {
    const pill = fakeWidget('cart-pill');
    const h = createHarness({
      body: `<main>${pillBlock()}</main>`,
      modules: { 'cart-pill.js': pill.module },
    });
    await settle();
    const block = h.doc.querySelector('[data-sf-widget]') as HTMLElement;
    h.doc.querySelector('main')?.remove();
    await settle();
    expect(pill.unmounts).toEqual([block]);
  });

  it('mounts a block removed and added back later once again, showing its widget', async () => {
    const pill = fakeWidget('cart-pill');
    const h = createHarness({
      body: `<main>${pillBlock()}</main>`,
      modules: { 'cart-pill.js': pill.module },
    });
    await settle();
    const block = h.doc.querySelector('[data-sf-widget]') as HTMLElement;
    block.remove();
    await settle();
    h.doc.querySelector('main')?.appendChild(block);
    await settle();
    expect(within(h.doc.body).getByRole('button', { name: 'cart-pill' })).toBeInstanceOf(HTMLElement);
    expect(block.hasAttribute('data-sf-mounted')).toBe(true);
    expect(pill.module.mount).toHaveBeenCalledTimes(2);
    expect(pill.unmounts).toEqual([block]);
  });

  it('keeps a block moved within one task mounted, without mounting it again', async () => {
    const pill = fakeWidget('cart-pill');
    const h = createHarness({
      body: `<main>${pillBlock()}</main><aside></aside>`,
      modules: { 'cart-pill.js': pill.module },
    });
    await settle();
    h.doc.querySelector('aside')?.appendChild(h.doc.querySelector('[data-sf-widget]') as HTMLElement);
    await settle();
    expect(within(h.doc.body).getAllByRole('button', { name: 'cart-pill' })).toHaveLength(1);
    expect(pill.module.mount).toHaveBeenCalledTimes(1);
    expect(pill.unmounts).toEqual([]);
  });

  it('hands a mounted widget the props the editor changes in place, parsed', async () => {
    const update = vi.fn();
    const module = { mount: vi.fn(() => Object.assign(() => undefined, { update })) };
    const h = createHarness({ body: pillBlock('{"label":"Old"}'), modules: { 'cart-pill.js': module } });
    await settle();
    h.doc.querySelector('[data-sf-widget]')?.setAttribute('data-sf-props', '{"label":"New"}');
    await settle();
    expect(update).toHaveBeenCalledWith({ label: 'New' });
    expect(module.mount).toHaveBeenCalledTimes(1);
  });

  it('mounts again, with the new props, a widget that cannot take them in place', async () => {
    const pill = fakeWidget('cart-pill');
    const h = createHarness({ body: pillBlock('{"label":"Old"}'), modules: { 'cart-pill.js': pill.module } });
    await settle();
    h.doc.querySelector('[data-sf-widget]')?.setAttribute('data-sf-props', '{"label":"New"}');
    await settle();
    expect(within(h.doc.body).getByRole('button', { name: 'New' })).toBeInstanceOf(HTMLElement);
    expect(within(h.doc.body).queryByRole('button', { name: 'Old' })).toBeNull();
  });

  it('keeps the widget as it was and reports new props that are not JSON', async () => {
    const update = vi.fn();
    const module = { mount: vi.fn(() => Object.assign(() => undefined, { update })) };
    const h = createHarness({ body: pillBlock('{"label":"Old"}'), modules: { 'cart-pill.js': module } });
    await settle();
    h.doc.querySelector('[data-sf-widget]')?.setAttribute('data-sf-props', '{"label":');
    await settle();
    expect(update).not.toHaveBeenCalled();
    expect(h.reportError).toHaveBeenCalledWith(expect.any(Error), { code: 'BAD_PROPS', widget: 'cart-pill' });
  });

  it('reports each bad edit: a second in a row, and one after the block was corrected', async () => {
    const pill = fakeWidget('cart-pill');
    const h = createHarness({ body: pillBlock('{"label":'), modules: { 'cart-pill.js': pill.module } });
    await settle();
    const badProps = () =>
      h.reportError.mock.calls.filter(([, info]) => (info as { code?: string }).code === 'BAD_PROPS').length;
    expect(badProps()).toBe(1);
    const block = h.doc.querySelector('[data-sf-widget]');
    block?.setAttribute('data-sf-props', '{"label":"Fi');
    await settle();
    expect(badProps()).toBe(2);
    block?.setAttribute('data-sf-props', '{"label":"Fixed"}');
    await settle();
    expect(within(h.doc.body).getByRole('button', { name: 'Fixed' })).toBeInstanceOf(HTMLElement);
    block?.setAttribute('data-sf-props', '{"label"');
    await settle();
    expect(badProps()).toBe(3);
    expect(within(h.doc.body).getByRole('button', { name: 'Fixed' })).toBeInstanceOf(HTMLElement);
  });

  // A router that reuses the element for another page's block changes its attributes in place.
  it('mounts the new widget of a block whose element becomes another widget, the old one unmounted', async () => {
    const pill = fakeWidget('cart-pill');
    const form = fakeWidget('product-form');
    const h = createHarness({
      body: pillBlock('{"label":"Pill"}'),
      modules: { 'cart-pill.js': pill.module, 'product-form.js': form.module },
    });
    await settle();
    const block = h.doc.querySelector('[data-sf-widget]') as HTMLElement;
    expect(within(h.doc.body).getByRole('button', { name: 'Pill' })).toBeInstanceOf(HTMLElement);
    block.setAttribute('data-sf-props', '{"label":"Form"}');
    block.setAttribute('data-sf-widget', 'product-form');
    await settle();
    expect(pill.unmounts).toEqual([block]);
    expect(within(h.doc.body).getByRole('button', { name: 'Form' })).toBeInstanceOf(HTMLElement);
    expect(within(h.doc.body).queryByRole('button', { name: 'Pill' })).toBeNull();
    expect(block.hasAttribute('data-sf-mounted')).toBe(true);
    // No longer a block: its widget goes and its fallback comes back.
    block.removeAttribute('data-sf-widget');
    await settle();
    expect(within(h.doc.body).queryByRole('button')).toBeNull();
    expect(within(h.doc.body).getByRole('link', { name: 'Cart' })).toBeInstanceOf(HTMLElement);
  });

  it('mounts a block whose refused props the editor corrects', async () => {
    const pill = fakeWidget('cart-pill');
    const h = createHarness({ body: pillBlock('{"label":'), modules: { 'cart-pill.js': pill.module } });
    await settle();
    expect(pill.module.mount).not.toHaveBeenCalled();
    h.doc.querySelector('[data-sf-widget]')?.setAttribute('data-sf-props', '{"label":"Fixed"}');
    await settle();
    expect(within(h.doc.body).getByRole('button', { name: 'Fixed' })).toBeInstanceOf(HTMLElement);
  });

  it('unmount(root) puts the fallback back and a later mount(root) mounts again', async () => {
    const pill = fakeWidget('cart-pill');
    const h = createHarness({ body: pillBlock(), modules: { 'cart-pill.js': pill.module } });
    await settle();
    h.storefront.unmount(h.doc.body);
    expect(within(h.doc.body).getByRole('link', { name: 'Cart' })).toBeInstanceOf(HTMLElement);
    expect(h.doc.querySelector('[data-sf-mounted]')).toBeNull();
    await h.storefront.mount(h.doc.body);
    expect(within(h.doc.body).getByRole('button', { name: 'cart-pill' })).toBeInstanceOf(HTMLElement);
    expect(pill.module.mount).toHaveBeenCalledTimes(2);
  });

  it('mounts nothing in root after unmount(root) called before the runtime chunk was in, and mounts it on a later mount(root)', async () => {
    const pill = fakeWidget('cart-pill');
    let arrive!: () => void;
    const h = createHarness({
      body: `<main>${pillBlock()}</main><aside>${pillBlock('{"label":"Other"}')}</aside>`,
      modules: { 'cart-pill.js': pill.module },
      runtimeArrives: new Promise<void>((resolve) => (arrive = resolve)),
    });
    await settle();
    h.storefront.unmount(h.doc.querySelector('main')!);
    arrive();
    // The block outside root mounts as usual.
    await vi.waitFor(() => expect(within(h.doc.body).getByRole('button', { name: 'Other' })).toBeTruthy());
    await settle();
    expect(pill.module.mount).toHaveBeenCalledTimes(1);
    expect(within(h.doc.body).getByRole('link', { name: 'Cart' })).toBeInstanceOf(HTMLElement);
    await h.storefront.mount(h.doc.querySelector('main')!);
    expect(pill.module.mount).toHaveBeenCalledTimes(2);
    expect(h.doc.querySelectorAll('[data-sf-mounted]')).toHaveLength(2);
  });
});

describe('loader: cart load at page start and add-button readiness (spec 000 §4)', () => {
  it.each([
    { why: 'an anonymous visitor without cart cookies', cookie: '', context: '{}', load: false },
    { why: 'a signed-in visitor', cookie: '', context: '{"authenticatedAccountId":"acc-1"}', load: true },
    { why: 'a has-cart cookie equal to true', cookie: 'hasCart=true', context: '{}', load: true },
    { why: 'a has-cart cookie equal to false', cookie: 'hasCart=false', context: '{}', load: false },
    { why: 'a cart cookie', cookie: 'CART=abc123', context: '{}', load: true },
    { why: 'a context that is not JSON', cookie: '', context: '{nope', load: false },
    // The loader's short check and the runtime's parsing (readId, readCookie) give the same answers.
    { why: 'a numeric account id', cookie: '', context: '{"authenticatedAccountId":12345}', load: true },
    { why: 'a blank account id', cookie: '', context: '{"authenticatedAccountId":"   "}', load: false },
    {
      why: 'an account id padded with spaces',
      cookie: '',
      context: '{"authenticatedAccountId":" a1 "}',
      load: true,
    },
    {
      why: 'an account id that is not a whole number',
      cookie: '',
      context: '{"authenticatedAccountId":1.5}',
      load: false,
    },
    {
      why: 'an account id past the safe integers',
      cookie: '',
      context: '{"authenticatedAccountId":1e300}',
      load: false,
    },
    { why: 'an account id of null', cookie: '', context: '{"authenticatedAccountId":null}', load: false },
    { why: 'an account id of true', cookie: '', context: '{"authenticatedAccountId":true}', load: false },
    {
      why: 'an account id that is an object',
      cookie: '',
      context: '{"authenticatedAccountId":{"trim":1}}',
      load: false,
    },
    { why: 'a context that is not an object', cookie: '', context: '"acc-1"', load: false },
    { why: 'a context of null', cookie: '', context: 'null', load: false },
    { why: 'a quoted has-cart cookie of true', cookie: 'hasCart="true"', context: '{}', load: true },
    { why: 'a quoted has-cart cookie of false', cookie: 'hasCart="false"', context: '{}', load: false },
    { why: 'a has-cart cookie of true with one quote', cookie: 'hasCart="true', context: '{}', load: false },
    { why: 'a has-cart cookie of truer', cookie: 'hasCart=truer', context: '{}', load: false },
    { why: 'a cart cookie named in another', cookie: 'NOCART=1; CARTS=2', context: '{}', load: false },
    { why: 'an empty cart cookie among others', cookie: 'crumb=x; CART=', context: '{}', load: true },
    { why: 'a cart cookie without a value', cookie: 'crumb=x; CART', context: '{}', load: true },
  ])('$why: loads the cart = $load', async ({ cookie, context, load }) => {
    let finish: () => void = () => undefined;
    const h = createHarness({
      head: `<script type="application/json" id="sf-context">${context}</script>`,
      cookie,
      loadCart: () => new Promise<void>((r) => (finish = r)),
    });
    await settle();
    // The loader's inline check and the runtime's rule, over the context as the runtime parses it,
    // must agree.
    expect(shouldLoadCartAtStart(readSiteContext(h.doc).context, h.doc)).toBe(load);
    const root = h.doc.documentElement;
    if (!load) {
      expect(h.loadCart).not.toHaveBeenCalled();
      expect(root.hasAttribute('data-sf-ready')).toBe(true);
      return;
    }
    expect(h.loadCart).toHaveBeenCalledTimes(1);
    expect(root.hasAttribute('data-sf-ready')).toBe(false);
    finish();
    await settle();
    expect(root.hasAttribute('data-sf-ready')).toBe(true);
  });

  it.each([
    { why: 'a has-cart cookie', cookie: 'hasCart=true', context: '{}', preload: true },
    { why: 'a signed-in visitor', cookie: '', context: '{"authenticatedAccountId":"acc-1"}', preload: true },
    { why: 'no cart to read', cookie: 'hasCart=false', context: '{}', preload: false },
  ])('$why: fetches the cart code beside the runtime = $preload', async ({ cookie, context, preload }) => {
    const cartCode = ['chunks/cart-abc.js', 'chunks/platform-def.js'];
    let arrive: (v?: unknown) => void = () => undefined;
    const h = createHarness({
      head: `<script type="application/json" id="sf-context">${context}</script>`,
      cookie,
      cartCode,
      modules: { 'cart-abc.js': {}, 'platform-def.js': {} },
      runtimeArrives: new Promise((r) => (arrive = r)),
    });
    await settle();
    // Asked for before the runtime chunk has arrived, not once its cart read imports them.
    const asked = cartCode.map(chunkUrl).filter((url) => h.imports.includes(url));
    expect(asked).toEqual(preload ? cartCode.map(chunkUrl) : []);
    arrive();
    await settle();
    expect(h.loadCart).toHaveBeenCalledTimes(preload ? 1 : 0);
  });

  it('still reads the cart when its code failed to preload', async () => {
    const h = createHarness({ cookie: 'hasCart=true', cartCode: ['chunks/cart-gone.js'] });
    await settle();
    expect(h.imports).toContain(chunkUrl('chunks/cart-gone.js'));
    expect(h.loadCart).toHaveBeenCalledTimes(1);
    expect(h.doc.documentElement.hasAttribute('data-sf-ready')).toBe(true);
    expect(h.reportError).not.toHaveBeenCalled();
  });

  it('still shows the add buttons when the runtime chunk fails to load', async () => {
    const h = createHarness({
      cookie: 'hasCart=true',
      modules: { 'runtime.js': async () => Promise.reject(new Error('offline')) },
    });
    await settle();
    expect(h.doc.documentElement.hasAttribute('data-sf-ready')).toBe(true);
    expect(String(h.warn.mock.calls[0]?.[0])).toMatch(/Chunk "runtime" failed to load \(error\)/);
  });
});

describe('loader: a document that refuses cookies and storage (sandboxed frame)', () => {
  it('mounts every block and shows the add buttons at once, as for a visitor without cookies', async () => {
    const pill = fakeWidget('cart-pill');
    // The loader reads the cart cookies at start; here that read throws.
    const h = createHarness({ body: pillBlock(), modules: { 'cart-pill.js': pill.module }, sandboxed: true });
    expect(() => h.doc.cookie).toThrow('sandboxed');
    await settle();
    expect(within(h.doc.body).getByRole('button', { name: 'cart-pill' })).toBeInstanceOf(HTMLElement);
    expect(h.doc.documentElement.hasAttribute('data-sf-ready')).toBe(true);
    expect(h.loadCart).not.toHaveBeenCalled();
    expect(h.warn).not.toHaveBeenCalled();
  });
});

describe('loader: window.Storefront API', () => {
  it('on() passes event details and its return value unsubscribes', () => {
    const h = createHarness();
    const seen: unknown[] = [];
    const off = h.storefront.on('cart-change', (detail) => seen.push(detail));
    h.doc.dispatchEvent(
      new (h.doc.defaultView as typeof window).CustomEvent('sf:cart-change', { detail: { count: 2 } }),
    );
    off();
    h.doc.dispatchEvent(
      new (h.doc.defaultView as typeof window).CustomEvent('sf:cart-change', { detail: { count: 3 } }),
    );
    expect(seen).toEqual([{ count: 2 }]);
  });

  it('on() accepts the full sf: event name', () => {
    const h = createHarness();
    const fn = vi.fn();
    h.storefront.on('sf:error', fn);
    h.doc.dispatchEvent(
      new (h.doc.defaultView as typeof window).CustomEvent('sf:error', { detail: { message: 'x' } }),
    );
    expect(fn).toHaveBeenCalledWith({ message: 'x' }, expect.any(Event));
  });

  it('cart.get() loads the runtime chunk and reads the shared store', async () => {
    const h = createHarness();
    await expect(h.storefront.cart.get()).resolves.toEqual({ id: 'cart-1' });
    expect(h.imports).toContain(chunkUrl('runtime.js'));
  });
});
