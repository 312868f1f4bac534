/**
 * The loader's body, free of globals so it can be tested against any document. It does only what
 * must happen before the runtime chunk arrives: find the blocks, read the cart cookie, start the
 * runtime and the blocks' widget chunks and stylesheets loading side by side (each once, with a
 * time limit, again after a failure), offer `window.Storefront` and set `data-sf-ready`. Mounting,
 * props, reporting and the DOM watch are the runtime chunk's (src/page/blocks.ts): it loads on
 * every page with a block anyway, and every byte here is a byte before anything else can start.
 */
import { CONTEXT_SCRIPT_ID, READY_ATTR, WIDGET_ATTR, WIDGET_NAMES } from '../src/contract.js';
import type { Blocks, ChunkError } from '../src/page/blocks.js';

/** The framework-free runtime chunk (`widgets/runtime.js`), loaded on demand. */
export type Runtime = typeof import('../src/page/runtime.js');
type CartStore = ReturnType<Runtime['getCartStore']>;
/** The platform layer chunk (analytics, sessions, flags), loaded after the first mount. */
type Platform = typeof import('../src/page/platform-api.js');
/** The one key of the site context the loader reads. */
type Context = { authenticatedAccountId?: unknown };
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
  /**
   * Widgets whose code a chunk of another name holds, by that chunk (`{ "cart-pill": "runtime" }`):
   * they load with it, not from their own entry file, and where that chunk is a styled widget's,
   * are styled by its stylesheet, which holds theirs (`product-form.css`). @default {}
   */
  readonly homes?: Readonly<Record<string, string>> | undefined;
  /**
   * The chunk files a cart read at start imports besides the runtime (the cart endpoints, the api
   * client and what they import), named by the build: with a cart to read they are fetched beside
   * the runtime rather than after it, on a page whose server gave no preload hints. @default []
   */
  readonly cartCode?: readonly string[] | undefined;
  /** Imports an ES module by URL. @default dynamic `import()` */
  readonly importModule: (url: string) => Promise<unknown>;
  /** Loads a stylesheet by URL. @default a `<link rel="stylesheet">` in `<head>` */
  readonly loadStyle?: ((url: string) => Promise<unknown>) | undefined;
  /** Time limit of one chunk load, in ms. @default 120000 */
  readonly timeoutMs?: number | undefined;
}

/** `window.Storefront`. */
export interface StorefrontGlobal extends Blocks {
  readonly version: string;
  /** The shared cart, loaded with the runtime chunk on first use. */
  readonly cart: {
    store(): Promise<CartStore>;
    get(): Promise<ReturnType<CartStore['getState']>['cart']>;
    /** Reads the cart: resolves with the cart, or the failure and its message (spec 000 §8). */
    load(): ReturnType<Runtime['loadCart']>;
  };
  /** Listens to an `sf:*` event (the prefix is optional); returns the unsubscribe. */
  on(event: string, fn: (detail: unknown, event: Event) => void): () => void;
  /**
   * Site-user sessions; the shared cart reloads after each (spec 001 §7). They reject when the
   * platform chunk or the runtime cannot load: their caller awaits them.
   */
  readonly account: { login: Later<Platform['login']>; logout: Later<Platform['logout']> };
  /**
   * Feature flags and experiments (spec 001 §4). Never reject: where the platform chunk or the
   * runtime cannot load, the default comes with that failure's message as `error`.
   */
  readonly flags: { toggle: Later<Platform['toggle']>; variant: Later<Platform['variant']> };
  /**
   * Records a widget event for the platform layer, as the package's `track` does (queued until
   * the platform has started; dropped when tracking is off, or when the platform chunk or the
   * runtime cannot load). Never rejects.
   */
  track: Later<Platform['track']>;
}

export function createLoader(o: LoaderOptions): StorefrontGlobal {
  const { doc } = o;
  const timeoutMs = o.timeoutMs ?? 120_000;
  const url = (file: string) => new URL(`widgets/${file}`, o.base).href;
  // An empty body, not `undefined`: 2 B fewer in the loader.
  const quiet = () => {};
  const chunks = new Map<string, Promise<unknown>>();
  const attempts = new Map<string, number>();

  const linkStyle = (href: string) =>
    new Promise((resolve, reject) => {
      const link = doc.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = resolve;
      link.onerror = reject;
      doc.head.appendChild(link);
    });

  // One chunk (`runtime.js`, `cart-pill.js`, `cart-pill.css`) once, through a cached promise; a
  // failure drops the cache entry so the next call tries again. The runtime chunk's blocks load
  // through here too, so a chunk the first scan started is never fetched twice.
  const load = (file: string): Promise<unknown> => {
    let p = chunks.get(file);
    if (!p) {
      const css = file.endsWith('.css');
      const chunk = css ? file : file.slice(0, -3);
      const n = attempts.get(file) ?? 0;
      attempts.set(file, n + 1);
      // A retry gets its own URL: some browsers remember a failed module fetch for the page. Not
      // the runtime: widget chunks import it by its plain URL, and a second copy would mean a
      // second cart store.
      const href = url(file) + (n && !css && chunk !== 'runtime' ? `?retry=${n}` : '');
      p = new Promise((resolve, reject) => {
        // `cause` stays undefined on a time-out: nothing failed, the chunk never came.
        const fail = (type: 'error' | 'timeout', cause?: unknown) => {
          chunks.delete(file);
          const e = new Error(
            `${css ? 'Style chunk' : 'Chunk'} "${chunk}" failed to load (${type}): ${href}`,
          ) as ChunkError;
          e.name = 'ChunkLoadError';
          e.code = css ? 'CSS_CHUNK_LOAD_FAILED' : 'CHUNK_LOAD_FAILED';
          e.chunk = chunk;
          e.type = type;
          e.cause = cause;
          // Without the runtime chunk nothing can report it: the console is all there is.
          if (chunk === 'runtime') console.warn(`[storefront] ${e.message}`);
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
      chunks.set(file, p);
    }
    return p;
  };

  const runtime = () => load('runtime.js') as Promise<Runtime>;
  // The loads the first scan started, each handed as it is to the runtime chunk's first scan of
  // the page: one that has failed meanwhile is then reported there, and the next load tries again.
  const started = new Map<string, Promise<unknown>>();

  // One forwarder per global function: the platform chunk loads on the first call. Where that
  // chunk or the runtime cannot load, `miss` gives the answer instead, so that a `void` call leaks
  // no rejection into the page; without one (the account calls) the failure goes to the caller.
  const later =
    <K extends 'login' | 'logout' | 'toggle' | 'variant' | 'track'>(
      name: K,
      miss?: (e: Error, args: unknown[]) => unknown,
    ) =>
    (...args: unknown[]) =>
      runtime()
        .then((r) => r.platform())
        .then((p) => (p[name] as (...a: unknown[]) => unknown)(...args))
        .catch(miss && ((e: Error) => miss(e, args)));
  // A flag's default (a toggle's is off), with the failure's message as the reason.
  const flag = (e: Error, [, fallback = false]: unknown[]) => ({ value: fallback, error: e.message });

  // A chunk started now, beside the runtime chunk: a block's widget or stylesheet, the cart code.
  // A block's failure is the runtime chunk's to report, once it has the block; a cart chunk's is
  // the cart read's, which imports it again.
  const begin = (file: string) => {
    if (started.has(file)) return;
    const p = load(file);
    p.catch(quiet);
    started.set(file, p);
  };

  // Spec 000 §4: read the cart at start only when signed in or a cart cookie says there is one,
  // by the runtime's rules (shouldLoadCartAtStart over the parsed context, src/page/cookies.ts),
  // written short. Signed in is readId's (src/result.ts): a string not blank, or a safe integer;
  // anything else throws at `trim` (no context, not JSON, null, 1.5) and counts as signed out.
  let read: unknown;
  try {
    const id = (JSON.parse(doc.getElementById(CONTEXT_SCRIPT_ID)?.textContent as string) as Context)
      .authenticatedAccountId;
    read = Number.isSafeInteger(id) || (id as string).trim();
  } catch {
    // The runtime parses the context properly and reports what is wrong with it.
  }
  // readCookie's: a has-cart cookie of `true` (quoted or not), or a cart cookie, even without a
  // value. The names of COOKIES (src/contract.ts), written out: the object costs the loader 40 B.
  try {
    read ||= /(?:^|;\s*)(?:hasCart=("?)true\1|CART(=[^;]*)?)(;|$)/.test(doc.cookie);
  } catch {
    // A sandboxed frame (no allow-same-origin) throws on any cookie access: no cookies, then.
  }

  const ready = () => doc.documentElement.setAttribute(READY_ATTR, '');
  // The widgets are interactive once `data-sf-ready` is set: after that read, else at once.
  let interactive: Promise<void> | undefined;
  if (read) {
    for (const file of o.cartCode ?? []) begin(file);
    interactive = runtime()
      .then((r) => r.loadCart())
      .catch(quiet)
      .then(ready);
  } else {
    ready();
  }

  let blocks: Blocks | undefined;
  const page = () =>
    runtime().then((r) => {
      if (!blocks) {
        blocks = r.startBlocks({
          ...o,
          reserved: WIDGET_NAMES,
          interactive,
          load: (f) => started.get(f) ?? load(f),
        });
        started.clear();
      }
      return blocks;
    });

  // Blocks are mounted once parsed in full, so their fallback HTML is complete when captured.
  const start = () => {
    doc.querySelectorAll(`[${WIDGET_ATTR}]`).forEach((el) => {
      const name = el.getAttribute(WIDGET_ATTR) ?? '';
      if (o.widgets.includes(name)) {
        const home = o.homes?.[name] ?? name;
        begin(`${home}.js`);
        // src/page/widget-files.ts's styleFile, written out: a call costs the loader 40 B.
        if (o.styled.includes(name)) begin(`${o.styled.includes(home) ? home : name}.css`);
      }
    });
    page().catch(quiet);
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', start);
  else start();

  return {
    version: o.version,
    mount: (root) => page().then((b) => b.mount(root), quiet),
    // Called before the runtime chunk is in, it unmounts once the runtime has taken the blocks
    // over, so a block in root whose mount has begun does not mount.
    unmount: (root) => (blocks ? blocks.unmount(root) : page().then((b) => b.unmount(root), quiet)),
    cart: {
      store: () => runtime().then((r) => r.getCartStore()),
      get: () => runtime().then((r) => r.getCartStore().getState().cart),
      load: () => runtime().then((r) => r.loadCart()),
    },
    on(event, fn) {
      const type = event.startsWith('sf:') ? event : `sf:${event}`;
      const h = (e: Event) => fn((e as CustomEvent).detail, e);
      doc.addEventListener(type, h);
      return () => doc.removeEventListener(type, h);
    },
    account: { login: later('login'), logout: later('logout') },
    flags: { toggle: later('toggle', flag), variant: later('variant', flag) },
    track: later('track', quiet),
  } as StorefrontGlobal;
}
