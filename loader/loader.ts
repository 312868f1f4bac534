/**
 * The loader's body, free of globals so it can be tested against any document: scan for blocks,
 * import each widget's chunk once, mount, and keep the page's blocks and mounts in step as the
 * DOM changes. No framework and no store here; both live in chunks loaded on demand.
 */
import {
  CART_PAGE_ROOT_ID,
  COOKIES,
  CONTEXT_SCRIPT_ID,
  MOUNTED_ATTR,
  PROPS_ATTR,
  READY_ATTR,
  WIDGET_ATTR,
  WIDGET_NAMES,
  type WidgetModule,
} from '../src/contract.js';

/** The framework-free runtime chunk (`widgets/runtime.js`), loaded on demand. */
export type Runtime = typeof import('../src/page/runtime.js');
type CartStore = ReturnType<Runtime['getCartStore']>;
/** The platform layer chunk (analytics, sessions, flags), loaded after the first mount. */
type Platform = typeof import('../src/page/platform.js');
/** A platform function as the global offers it: the same arguments, the result once loaded. */
type Later<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;

export interface LoaderOptions {
  readonly doc: Document;
  /** The loader's own script URL; chunk URLs are resolved against it. */
  readonly base: string;
  /** Baked in at build time. */
  readonly version: string;
  /** The widget names the build holds a chunk for. */
  readonly widgets: readonly string[];
  /** Widgets that ship a stylesheet (`widgets/<name>.css`). */
  readonly styled: readonly string[];
  /** Imports an ES module by URL. @default dynamic `import()` */
  readonly importModule: (url: string) => Promise<unknown>;
  /** Loads a stylesheet by URL. @default a `<link rel="stylesheet">` in `<head>` */
  readonly loadStyle?: ((url: string) => Promise<unknown>) | undefined;
  /** Time limit of one chunk load, in ms. @default 120000 */
  readonly timeoutMs?: number | undefined;
}

/** `window.Storefront`. */
export interface StorefrontGlobal {
  readonly version: string;
  /** Mounts every block in `root` not mounted yet; resolves when they have settled. @default document */
  mount(root?: ParentNode): Promise<void>;
  /** Unmounts every mounted block in `root` and puts back its server-rendered fallback. @default document */
  unmount(root?: ParentNode): void;
  /** The shared cart, loaded with the runtime chunk on first use. */
  readonly cart: {
    store(): Promise<CartStore>;
    get(): Promise<ReturnType<CartStore['getState']>['cart']>;
    load(): Promise<void>;
  };
  /** Listens to an `sf:*` event (the prefix is optional); returns the unsubscribe. */
  on(event: string, fn: (detail: unknown, event: Event) => void): () => void;
  /** Site-user sessions; the shared cart reloads after each (spec 001 §7). */
  readonly account: { login: Later<Platform['login']>; logout: Later<Platform['logout']> };
  /** Feature flags and experiments (spec 001 §4). */
  readonly flags: { toggle: Later<Platform['toggle']>; variant: Later<Platform['variant']> };
  /**
   * Records a widget event for the platform layer, as the package's `track` does (queued until
   * the platform has started; dropped when tracking is off).
   */
  track: Later<Platform['track']>;
}

/** A failed chunk load: names the chunk and how it failed (spec 001 §8). */
export interface ChunkError extends Error {
  code: 'CHUNK_LOAD_FAILED' | 'CSS_CHUNK_LOAD_FAILED';
  chunk: string;
  type: 'error' | 'timeout';
}

export function createLoader(o: LoaderOptions): StorefrontGlobal {
  const { doc } = o;
  const timeoutMs = o.timeoutMs ?? 120_000;
  const chunks = new Map<string, Promise<unknown>>();
  const mounted = new Map<Element, () => void>();
  const pending = new Set<Element>();
  const reported = new WeakMap<Element, string>();
  const attempts = new Map<string, number>();

  const url = (file: string) => new URL(`widgets/${file}`, o.base).href;

  // Cached per chunk; a failure drops the cache entry so the next mount() tries again.
  const load = (key: string, file: string, css: boolean): Promise<unknown> => {
    let p = chunks.get(key);
    if (!p) {
      const n = attempts.get(key) ?? 0;
      attempts.set(key, n + 1);
      // A retry gets its own URL: some browsers remember a failed module fetch for the page. Not
      // the runtime: widget chunks import it by its plain URL, and a second copy would mean a
      // second cart store.
      const href = url(file) + (n && !css && key !== 'runtime' ? `?retry=${n}` : '');
      p = new Promise((resolve, reject) => {
        // `cause` stays undefined on a time-out: nothing failed, the chunk never came.
        const fail = (type: 'error' | 'timeout', cause?: unknown) => {
          chunks.delete(key);
          const e = new Error(
            `${css ? 'Style chunk' : 'Chunk'} "${key}" failed to load (${type}): ${href}`,
          ) as ChunkError;
          e.name = 'ChunkLoadError';
          e.code = css ? 'CSS_CHUNK_LOAD_FAILED' : 'CHUNK_LOAD_FAILED';
          e.chunk = key;
          e.type = type;
          e.cause = cause;
          reject(e);
        };
        const timer = setTimeout(() => fail('timeout'), timeoutMs);
        (css ? (o.loadStyle ?? linkStyle)(href) : o.importModule(href)).then(
          (m) => {
            clearTimeout(timer);
            resolve(m);
          },
          (e: unknown) => {
            clearTimeout(timer);
            fail('error', e);
          },
        );
      });
      chunks.set(key, p);
    }
    return p;
  };

  const linkStyle = (href: string) =>
    new Promise((resolve, reject) => {
      const link = doc.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = resolve;
      link.onerror = reject;
      doc.head.appendChild(link);
    });

  const runtime = () => load('runtime', 'runtime.js', false) as Promise<Runtime>;
  const platform = () => runtime().then((rt) => rt.platform());
  // One forwarder per global function: the platform chunk loads on the first call.
  const later =
    <K extends 'login' | 'logout' | 'toggle' | 'variant' | 'track'>(name: K) =>
    (...args: unknown[]) =>
      platform().then((p) => (p[name] as (...a: unknown[]) => unknown)(...args));

  const report = (el: Element | null, code: string, message: string, error?: unknown) => {
    const widget = (el && el.getAttribute(WIDGET_ATTR)) || '';
    if (el) {
      if (reported.get(el) === code) return;
      reported.set(el, code);
    }
    console.warn(`[storefront] ${el ? `block data-sf-widget="${widget}": ` : ''}${message}`);
    runtime().then(
      (rt) => rt.reportError(error ?? new Error(message), { code, widget }),
      () => undefined,
    );
  };

  // Blocks mount one after another in slices of about 8 ms, then a timer hands the thread back: a
  // page of 100 product blocks mounted in one go held the main thread for over 100 ms (docs/performance.md).
  // A timer, not `scheduler.yield()`: a yield resumes ahead of the browser's rendering, so one
  // frame then styled and laid out every block mounted since the last (tasks of 50-70 ms); after
  // a timer the frame in between holds one slice's blocks.
  let turns: Promise<void> = Promise.resolve();
  let slice = 0;
  const pause = (): unknown =>
    Date.now() - slice < 8 ||
    new Promise<void>((resume) =>
      setTimeout(() => {
        slice = Date.now();
        resume();
      }),
    );

  const mountBlock = (el: HTMLElement): Promise<void> | void => {
    if (mounted.has(el) || pending.has(el) || el.hasAttribute(MOUNTED_ATTR)) return;
    const name = el.getAttribute(WIDGET_ATTR) ?? '';
    if (!o.widgets.includes(name)) {
      // A name the page contract reserves for a widget this build does not hold is no mistake of
      // the page (a newer template, an older loader): the block keeps its fallback, quietly.
      if ((WIDGET_NAMES as readonly string[]).includes(name)) return;
      return report(el, 'UNKNOWN_WIDGET', `unknown widget "${name}"`);
    }
    pending.add(el);
    const style = o.styled.includes(name)
      ? // A missing stylesheet leaves the widget usable, so it is reported and the mount goes on.
        load(`${name}.css`, `${name}.css`, true).catch((e: ChunkError) => report(el, e.code, e.message, e))
      : 0;
    // The runtime resolves once the page's catalogue language is in place (French is fetched then).
    const ready = runtime().then((rt) => rt.localeReady().then(() => rt));
    return Promise.all([load(name, `${name}.js`, false), ready, style]).then(
      ([mod, rt]) =>
        (turns = turns.then(pause).then((): void => {
          pending.delete(el);
          if (!el.isConnected) return;
          // Props are read and parsed in the block's own turn: parsing every block's props in the
          // first scan was one task of over 60 ms for 100 product blocks (docs/performance.md).
          let props: unknown = {};
          const raw = el.getAttribute(PROPS_ATTR);
          if (raw && raw.trim()) {
            try {
              props = JSON.parse(raw);
            } catch (e) {
              return report(el, 'BAD_PROPS', `data-sf-props is not valid JSON (${(e as Error).message})`, e);
            }
          }
          try {
            mounted.set(el, (mod as WidgetModule).mount(el, props, rt.getPageEnv()));
            el.setAttribute(MOUNTED_ATTR, '');
          } catch (e) {
            const err = e as Error;
            report(
              el,
              err.name === 'WidgetPropsError' ? 'BAD_PROPS' : 'MOUNT_FAILED',
              String(err.message),
              e,
            );
          }
        })),
      (e: ChunkError) => {
        pending.delete(el);
        report(el, e.code, e.message, e);
      },
    );
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
    mounted.forEach((off, el) => {
      // `contains` holds for the node itself too.
      if ((root as Node).contains(el)) {
        mounted.delete(el);
        el.removeAttribute(MOUNTED_ATTR);
        off();
      }
    });
  };

  // A has-cart cookie equal to true, or a cart cookie of any value.
  let cartCookie = false;
  try {
    cartCookie = new RegExp(`(?:^|;\\s*)(?:${COOKIES.hasCart}=true(?:;|$)|${COOKIES.cart}=)`).test(
      doc.cookie,
    );
  } catch {
    // A sandboxed frame (no allow-same-origin) throws on any cookie access: no cookies, then.
  }

  let ctx: { authenticatedAccountId?: unknown } | null = null;
  try {
    ctx = JSON.parse(doc.getElementById(CONTEXT_SCRIPT_ID)?.textContent || 'null');
  } catch {
    // The runtime parses the context properly and reports what is wrong with it.
  }
  const ready = () => doc.documentElement.setAttribute(READY_ATTR, '');
  // Spec 000 §4: read the cart at start only when signed in or a cart cookie says there is one.
  const account = ctx?.authenticatedAccountId;
  const signedIn = typeof account === 'string' && account !== '';
  if (signedIn || cartCookie) {
    runtime()
      .then((rt) => rt.loadCart())
      .catch((e: ChunkError) => report(null, e.code, e.message, e))
      .then(ready);
  } else {
    ready();
  }

  const start = () => {
    // Analytics and the rest of the platform layer wait until the widgets are interactive.
    mount()
      .then(platform)
      .then((p) => p.start())
      .catch(() => undefined);
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.removedNodes.length) {
          mounted.forEach((off, el) => {
            if (!el.isConnected) {
              mounted.delete(el);
              off();
            }
          });
        }
        r.addedNodes.forEach((n) => {
          if (n.nodeType === 1) void mount(n as Element);
        });
      }
    }).observe(doc.documentElement, { childList: true, subtree: true });
  };
  // Blocks are mounted once parsed in full, so their fallback HTML is complete when captured.
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', start);
  else start();

  return {
    version: o.version,
    mount,
    unmount,
    cart: {
      store: () => runtime().then((rt) => rt.getCartStore()),
      get: () => runtime().then((rt) => rt.getCartStore().getState().cart),
      load: () => runtime().then((rt) => rt.loadCart()),
    },
    on(event, fn) {
      const type = event.startsWith('sf:') ? event : `sf:${event}`;
      const h = (e: Event) => fn((e as CustomEvent).detail, e);
      doc.addEventListener(type, h);
      return () => doc.removeEventListener(type, h);
    },
    account: { login: later('login'), logout: later('logout') },
    flags: { toggle: later('toggle'), variant: later('variant') },
    track: later('track'),
  } as StorefrontGlobal;
}
