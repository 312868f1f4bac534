/**
 * The page's blocks, kept by the runtime chunk once the loader hands them over: mount every block
 * with its widget and parsed props, report what cannot mount, and keep the mounts in step as the
 * DOM changes. The loader (loader/loader.ts) only finds the blocks and starts their chunks loading
 * beside this one: the runtime chunk loads on every page with a block anyway, and every byte of
 * the loader is a byte before anything else can start.
 */
import {
  CART_PAGE_ROOT_ID,
  MOUNTED_ATTR,
  PROPS_ATTR,
  WIDGET_ATTR,
  type WidgetModule,
  type WidgetMount,
} from '../contract.js';
import type { BlockOptions, BlockRuntime, Blocks, ChunkError } from './block-types.js';
import { codeFile, styleFile } from './widget-files.js';

export type { BlockOptions, BlockRuntime, Blocks, ChunkError } from './block-types.js';

/**
 * Every widget defined on the page so far (`defineWidget` of src/react/define.tsx), by name. A
 * widget that travels in a chunk of another name (the cart pill in `runtime.js`, the instalment
 * pill in `product-form.js`) is defined as that chunk runs: its blocks mount from here, and the
 * page never fetches the widget's own entry file, a request for a re-export of a few bytes.
 */
export const definedWidgets = new Map<string, WidgetModule>();

/**
 * How long blocks mount one after another before the thread is handed back, in ms. Each slice
 * lets a frame through, and a frame's style, pre-paint and intersection work grows with the page:
 * at 8 ms a page of 1,000 product blocks spent three times the CPU per block of a page of 100. At
 * 16 ms a task stays well under the 50 ms of a long task (about 25 ms with the block that ends it).
 */
const SLICE_MS = 16;

/** What {@link startBlocks}' props reader gives for props that are not JSON. */
const NOT_JSON = Symbol('not JSON');

/**
 * How near the viewport a block comes before it mounts: one screen height above and below it (a
 * width beside it), so a block is usually in place before a scrolling visitor reaches it.
 */
const NEAR_MARGIN = '100%';

/** A widget's controls a shopper can Tab to: where focus goes when the block it was in mounts. */
const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** How long a mounting block is watched for the focus its fallback held, in ms. */
const FOCUS_WATCH_MS = 2000;

/** The console line of every block report: the loader's, and a deferred widget's of its own. */
export const warnBlock = (widget: string, message: string): void =>
  console.warn(`[storefront] block data-sf-widget="${widget}": ${message}`);

/**
 * Takes over the page's blocks: mounts those in the page now and those added later, and starts
 * the platform layer once the first mount has settled and the widgets are interactive.
 */
export function startBlocks(o: BlockOptions, rt: BlockRuntime): Blocks {
  const { doc } = o;
  const mounted = new Map<Element, WidgetMount>();
  /**
   * Each block's mount on its way, by element: what settles once it has, which is also that
   * mount's token. A change of widget, an unmount or the block's removal ends it ({@link stop}):
   * its chain, still waiting for a chunk or its turn, then finds another mount (or none) in its
   * place, and neither mounts nor touches the state of the block's next mount.
   */
  const pending = new Map<Element, Promise<void>>();
  /** The widget each block's mount on its way started as. */
  const startedAs = new WeakMap<Element, string>();
  const reported = new WeakMap<Element, string>();

  const report = (el: Element, code: string, message: string, error?: unknown) => {
    if (reported.get(el) === code) return;
    reported.set(el, code);
    const widget = el.getAttribute(WIDGET_ATTR) || '';
    warnBlock(widget, message);
    rt.reportError(error ?? new Error(message), { code, widget });
  };

  // Blocks mount one after another in slices of SLICE_MS, then a timer hands the thread back: a
  // page of 100 product blocks mounted in one go held the main thread for over 100 ms (docs/performance.md).
  // A timer, not `scheduler.yield()`: a yield resumes ahead of the browser's rendering, so one
  // frame then styled and laid out every block mounted since the last (tasks of 50-70 ms); after
  // a timer the frame in between holds one slice's blocks.
  let turns: Promise<void> = Promise.resolve();
  let slice = 0;
  const pause = (): unknown =>
    Date.now() - slice < SLICE_MS ||
    new Promise<void>((resume) =>
      setTimeout(() => {
        slice = Date.now();
        resume();
      }),
    );

  // Blocks mount as they come near the viewport (within one screen of it), never before. Each
  // slice of mounts lets a frame through, and each frame walks the whole page (style, the
  // content-visibility checks of every block, layout, paint): mounting the far blocks of a page of
  // 1,000 at idle cost 4 to 5 times the CPU per block of a page of 100 on a slow phone
  // (docs/performance.md). A far block shows its server-rendered fallback until then, which holds
  // the widget's boxes and texts: printing and find-in-page read it. The observer reports each block
  // once the browser has drawn a frame; the blocks on the screen go first, then the nearest, in page
  // order. Without IntersectionObserver every block goes at once.
  const waiting = new Map<Element, { go: () => void; far: () => void }>();
  const view = doc.defaultView;
  /** How far a block is from the screen, in px (0 on it), from the box the observer measured. */
  const away = (e: IntersectionObserverEntry) =>
    Math.max(0, e.boundingClientRect.top - (view?.innerHeight ?? 0), -e.boundingClientRect.bottom);
  const near =
    typeof IntersectionObserver != 'undefined' &&
    new IntersectionObserver(
      (entries) => {
        for (const e of [...entries].sort((a, b) => away(a) - away(b))) {
          const block = waiting.get(e.target);
          if (!block) continue;
          if (!e.isIntersecting) {
            block.far();
            continue;
          }
          // Let go once: the block leaves the observer and the waiting list together.
          waiting.delete(e.target);
          (near as IntersectionObserver).unobserve(e.target);
          block.go();
        }
      },
      { rootMargin: NEAR_MARGIN },
    );
  /**
   * Settles once the block may take its turn: it has come near the viewport. `far` is called when
   * the observer has found it far: the block then waits, and its mount counts as settled.
   */
  const nearby = (el: Element, far: () => void) =>
    new Promise<void>((go) => {
      if (!near) return go();
      waiting.set(el, { go, far });
      near.observe(el);
    });
  /**
   * Forgets the mounts on their way of the blocks of `node`, taken out of the page (put back, they
   * mount again): only the removed subtree is searched, as every mount takes a fallback out.
   */
  const forget = (node: Node) => {
    if (node.nodeType !== 1) return;
    for (const el of blocks(node as Element)) if (!el.isConnected) stop(el);
  };
  /**
   * Ends a block's mount on its way, if any, nothing mounted. One waiting to come near waits no
   * more, so `mount()` (and the platform) no longer waits for it.
   */
  const stop = (el: Element) => {
    pending.delete(el);
    const block = waiting.get(el);
    if (!block || !near) return;
    waiting.delete(el);
    near.unobserve(el);
    block.far();
  };

  /**
   * A shopper who was in a block's fallback when its widget took over (a Tab ahead of the mount on
   * a slow network, or into a far block, which focus scrolls near) stays in the block: once the
   * widget has drawn and the fallback's control has gone, focus goes to the widget's first control
   * instead of falling back to the page's start. Looked at once a frame until the widget has drawn,
   * for at most FOCUS_WATCH_MS; a shopper who has moved on meanwhile, or clicked away from the
   * fallback, is left where they are.
   */
  const keepFocusIn = (el: Element, was: Element, until: number): void => {
    const now = doc.activeElement;
    // Still on the fallback's control: the widget has not drawn yet.
    const waiting = now === was && el.contains(was);
    // The control went with the fallback and took the focus with it.
    const dropped = !el.contains(was) && (!now || now === doc.body || !now.isConnected);
    if (!waiting && !dropped) return;
    const first = dropped && el.querySelector<HTMLElement>(FOCUSABLE);
    if (first) return first.focus();
    if (Date.now() < until) view?.requestAnimationFrame(() => keepFocusIn(el, was, until));
  };

  /** Mounts a block whose chunks are in, in its own turn. */
  const mountNow = (el: HTMLElement, mod: WidgetModule): void => {
    pending.delete(el);
    if (!el.isConnected) return;
    // Props are read and parsed in the block's own turn: parsing every block's props in the
    // first scan was one task of over 60 ms for 100 product blocks (docs/performance.md).
    const props = propsOf(el);
    if (props === NOT_JSON) return;
    // Read before the mount: the widget may take the fallback's control out as it mounts.
    const focused = doc.activeElement;
    const inBlock = focused !== null && el.contains(focused);
    try {
      // Set first: a widget whose render fails at once (preact renders as it mounts) takes it off.
      el.setAttribute(MOUNTED_ATTR, '');
      mounted.set(el, mod.mount(el, props, rt.getPageEnv()));
      if (inBlock) keepFocusIn(el, focused, Date.now() + FOCUS_WATCH_MS);
    } catch (e) {
      el.removeAttribute(MOUNTED_ATTR);
      reportMountError(el, e, 'MOUNT_FAILED');
    }
  };

  const reportMountError = (el: Element, e: unknown, code: string) => {
    const err = e as Error;
    report(el, err.name === 'WidgetPropsError' ? 'BAD_PROPS' : code, String(err.message), e);
  };

  /** The block's props, JSON-decoded; {@link NOT_JSON}, reported, when they are not JSON. */
  const propsOf = (el: Element): unknown => {
    const raw = el.getAttribute(PROPS_ATTR);
    if (!raw || !raw.trim()) return {};
    try {
      return JSON.parse(raw) as unknown;
    } catch (e) {
      report(el, 'BAD_PROPS', `data-sf-props is not valid JSON (${(e as Error).message})`, e);
      return NOT_JSON;
    }
  };

  /**
   * The editor changed a block's props in place. A mounted widget draws them as it stands (or is
   * mounted again when it cannot); one that could not mount tries again with them; one on its
   * way reads them in its own turn. Props that do not parse keep the widget as it was, reported.
   */
  const propsChanged = (el: HTMLElement): void => {
    // Each edit is judged afresh: a bad one after a good one, or after another bad one, is told.
    reported.delete(el);
    const widget = mounted.get(el);
    if (!widget) return void (el.hasAttribute(MOUNTED_ATTR) || mountBlock(el));
    const props = propsOf(el);
    if (props === NOT_JSON) return;
    try {
      if (widget.update) return widget.update(props);
      unmountBlock(el, widget);
      void mountBlock(el);
    } catch (e) {
      reportMountError(el, e, 'RENDER_FAILED');
    }
  };

  /** A block that became another widget or none (a router reusing the element): the old goes, the new mounts. */
  const widgetChanged = (el: HTMLElement): void => {
    const widget = mounted.get(el);
    // On its way as the widget it names (the cart page's root is named as its mount starts).
    if (!widget && pending.has(el) && startedAs.get(el) === el.getAttribute(WIDGET_ATTR)) return;
    if (widget) unmountBlock(el, widget);
    stop(el);
    reported.delete(el);
    if (el.hasAttribute(WIDGET_ATTR)) void mountBlock(el);
  };

  const unmountBlock = (el: Element, widget: WidgetMount) => {
    mounted.delete(el);
    el.removeAttribute(MOUNTED_ATTR);
    widget();
  };

  const mountBlock = (el: HTMLElement): Promise<void> | void => {
    if (el.hasAttribute(MOUNTED_ATTR)) return;
    // A widget that gave up after its mount (its render failed, a deferred widget's code did not
    // load) took `data-sf-mounted` off and shows the fallback: it is mounted afresh.
    const gaveUp = mounted.get(el);
    if (gaveUp) unmountBlock(el, gaveUp);
    // On its way already (found by the DOM watch, say): settles when that mount does.
    if (pending.has(el)) return pending.get(el);
    const name = el.getAttribute(WIDGET_ATTR) ?? '';
    startedAs.set(el, name);
    if (!o.widgets.includes(name)) {
      // A name the page contract reserves for a widget this build does not hold is no mistake of
      // the page (a newer template, an older loader): the block keeps its fallback, quietly.
      if (o.reserved.includes(name)) return;
      return report(el, 'UNKNOWN_WIDGET', `unknown widget "${name}"`);
    }
    // Still the block's own mount (asked in promise callbacks, once `settled` is set): one that
    // was ended stops at its next step, and its chunk's failure is no longer the block's to report.
    const current = () => pending.get(el) === settled;
    const style = o.styled.includes(name)
      ? // A missing stylesheet leaves the widget usable, so it is reported and the mount goes on.
        o.load(styleFile(name, o.homes, o.styled)).catch((e: ChunkError) => {
          if (current()) report(el, e.code, e.message, e);
        })
      : 0;
    // The catalogue language is in place before any widget shows (French is fetched then).
    const settled: Promise<void> = Promise.all([
      o.load(codeFile(name, o.homes)),
      rt.localeReady(),
      style,
    ]).then(
      ([mod]) =>
        current()
          ? new Promise<void>((done) => {
              void nearby(el, done).then(() => {
                turns = turns.then(pause).then(() => {
                  if (current() && el.getAttribute(WIDGET_ATTR) === name)
                    mountNow(el, definedWidgets.get(name) ?? (mod as WidgetModule));
                });
                void turns.then(done);
              });
            })
          : undefined,
      (e: ChunkError) => {
        if (!current()) return;
        pending.delete(el);
        report(el, e.code, e.message, e);
      },
    );
    pending.set(el, settled);
    return settled;
  };

  const blocks = (root: ParentNode): HTMLElement[] => {
    // The cart page's root is known by its fixed id alone: it is the cart page's block.
    const cart = doc.getElementById(CART_PAGE_ROOT_ID);
    if (cart && !cart.hasAttribute(WIDGET_ATTR)) cart.setAttribute(WIDGET_ATTR, 'cart-page');
    const found = Array.from(root.querySelectorAll<HTMLElement>(`[${WIDGET_ATTR}]`));
    if ((root as Element).hasAttribute?.(WIDGET_ATTR)) found.unshift(root as HTMLElement);
    return found;
  };

  const mount = (root: ParentNode = doc) => Promise.all(blocks(root).map(mountBlock)).then(() => undefined);

  const unmount = (root: ParentNode = doc) => {
    mounted.forEach((widget, el) => {
      // `contains` holds for the node itself too.
      if ((root as Node).contains(el)) unmountBlock(el, widget);
    });
    // A block whose mount is on its way (its chunk loading, or waiting to come near) stops.
    for (const el of blocks(root)) stop(el);
  };

  // Analytics and the rest of the platform layer wait until the widgets are interactive.
  mount()
    .then(() => o.interactive)
    .then(rt.platform)
    .then((p) => p.start())
    .catch(() => undefined);
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') {
        const el = r.target as HTMLElement;
        if (!el.isConnected) continue;
        if (r.attributeName === WIDGET_ATTR) widgetChanged(el);
        else if (el.hasAttribute(WIDGET_ATTR)) propsChanged(el);
        continue;
      }
      if (r.removedNodes.length) {
        r.removedNodes.forEach(forget);
        // Unmounted as unmount() does, so the block mounts again, once, if it comes back.
        mounted.forEach((widget, el) => {
          if (!el.isConnected) unmountBlock(el, widget);
        });
      }
      r.addedNodes.forEach((n) => {
        if (n.nodeType === 1) void mount(n as Element);
      });
    }
  }).observe(doc.documentElement, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: [PROPS_ATTR, WIDGET_ATTR],
  });

  return { mount, unmount };
}
