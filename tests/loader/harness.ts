/**
 * A loader under test: a fresh document, fake chunks standing in for dist/widgets/*.js, and a
 * record of what was imported and reported.
 */
import { Window } from 'happy-dom';
import { afterEach, vi } from 'vitest';
import { DEFAULT_CONTEXT } from '../../src/page/context.js';
import type { WidgetEnv, WidgetModule } from '../../src/contract.js';
import { createLoader, type LoaderOptions, type Runtime } from '../../loader/loader.js';
import { startBlocks, type BlockRuntime } from '../../src/page/blocks.js';

export const BASE = 'https://cdn.example.com/sf/1.0/loader.js';
export const chunkUrl = (file: string) => `https://cdn.example.com/sf/1.0/widgets/${file}`;

/**
 * A stand-in widget: renders a button named after its props' `label` (or the widget name), and
 * removes it on unmount.
 */
export function fakeWidget(name: string) {
  const unmounts: HTMLElement[] = [];
  const module: WidgetModule = {
    mount: vi.fn((el: HTMLElement, props: unknown) => {
      const label =
        props && typeof props === 'object' && 'label' in props
          ? String((props as { label: unknown }).label)
          : name;
      const button = el.ownerDocument.createElement('button');
      button.textContent = label;
      const fallback = Array.from(el.childNodes);
      fallback.forEach((n) => n.remove());
      el.appendChild(button);
      return () => {
        unmounts.push(el);
        button.remove();
        fallback.forEach((n) => el.appendChild(n));
      };
    }),
  };
  return { module, unmounts };
}

export interface Harness {
  readonly doc: Document;
  readonly storefront: ReturnType<typeof createLoader>;
  readonly imports: string[];
  readonly styles: string[];
  readonly reportError: ReturnType<typeof vi.fn>;
  readonly loadCart: ReturnType<typeof vi.fn>;
  readonly warn: ReturnType<typeof vi.spyOn>;
}

export interface HarnessOptions {
  body?: string;
  head?: string;
  modules?: Record<string, unknown | (() => Promise<unknown>)>;
  widgets?: readonly string[];
  styled?: readonly string[];
  homes?: Readonly<Record<string, string>>;
  cartCode?: readonly string[];
  styleLoad?: (url: string) => Promise<unknown>;
  cookie?: string;
  env?: WidgetEnv;
  timeoutMs?: number;
  loadCart?: () => Promise<void>;
  /**
   * The document refuses cookies and web storage, as one in `<iframe sandbox="allow-scripts">`
   * (no allow-same-origin) does: reading or writing `document.cookie` and touching
   * `localStorage` or `sessionStorage` throw a SecurityError.
   */
  sandboxed?: boolean;
  /** The runtime chunk arrives once this settles. @default at once */
  runtimeArrives?: Promise<unknown>;
  /**
   * The page's IntersectionObserver and requestIdleCallback. happy-dom's observer never reports,
   * so by default there is none: every block takes its turn at once, as in a browser without it.
   * @default undefined
   */
  intersectionObserver?: typeof IntersectionObserver;
  requestIdleCallback?: typeof requestIdleCallback;
}

const windows: Window[] = [];
afterEach(async () => {
  vi.unstubAllGlobals();
  await Promise.all(windows.splice(0).map((w) => w.happyDOM.close()));
});

/** Lets pending promise callbacks (chunk imports, mounts) run. */
export const settle = async (rounds = 5) => {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((r) => setTimeout(r, 0));
};

export function createHarness(options: HarnessOptions = {}): Harness {
  // A window per loader: its own document, cookie jar and observers, closed after the test.
  const win = new Window({ url: 'https://shop.example.com/products/mug' });
  windows.push(win);
  const doc = win.document as unknown as Document;
  doc.head.innerHTML = options.head ?? '';
  doc.body.innerHTML = options.body ?? '';
  if (options.cookie !== undefined) {
    for (const c of options.cookie.split(';')) doc.cookie = c.trim();
  }
  if (options.sandboxed) {
    const refuse = () => {
      throw new win.DOMException(
        'The document is sandboxed and lacks the "allow-same-origin" flag.',
        'SecurityError',
      );
    };
    Object.defineProperty(doc, 'cookie', { configurable: true, get: refuse, set: refuse });
    for (const name of ['localStorage', 'sessionStorage']) {
      Object.defineProperty(win, name, { configurable: true, get: refuse });
    }
  }
  vi.stubGlobal('IntersectionObserver', options.intersectionObserver);
  vi.stubGlobal('requestIdleCallback', options.requestIdleCallback);
  const imports: string[] = [];
  const styles: string[] = [];
  const reportError = vi.fn();
  const loadCart = vi.fn(options.loadCart ?? (async () => undefined));
  const env: WidgetEnv = options.env ?? { context: DEFAULT_CONTEXT, report: reportError };
  const runtime = {
    getPageEnv: () => env,
    localeReady: async () => undefined,
    reportError,
    loadCart,
    getCartStore: () => ({ getState: () => ({ cart: { id: 'cart-1' } }) }),
    platform: async () => ({ start: () => undefined }),
  } as unknown as Runtime;
  const modules: Record<string, unknown> = { 'runtime.js': runtime, ...options.modules };
  // The runtime chunk takes the blocks over with the real code, over the stand-in's parts.
  const rt = modules['runtime.js'] as BlockRuntime & { startBlocks?: Runtime['startBlocks'] };
  if (typeof rt === 'object') rt.startBlocks ??= (o) => startBlocks(o, rt);
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const opts: LoaderOptions = {
    doc,
    base: BASE,
    version: '9.9.9',
    widgets: options.widgets ?? ['cart-pill', 'product-form'],
    styled: options.styled ?? [],
    homes: options.homes,
    cartCode: options.cartCode,
    timeoutMs: options.timeoutMs,
    importModule: async (url) => {
      imports.push(url);
      const file = url.slice(url.lastIndexOf('/') + 1).replace(/\?.*$/, '');
      if (file === 'runtime.js') await options.runtimeArrives;
      const entry = modules[file];
      if (entry === undefined) throw new TypeError(`Failed to fetch dynamically imported module: ${url}`);
      return typeof entry === 'function' ? (entry as () => Promise<unknown>)() : entry;
    },
    loadStyle: async (url) => {
      styles.push(url);
      return options.styleLoad ? options.styleLoad(url) : undefined;
    },
  };
  const storefront = createLoader(opts);
  return { doc, storefront, imports, styles, reportError, loadCart, warn };
}
