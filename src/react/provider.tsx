import {
  createContext,
  useContext,
  useEffect,
  useId,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { WidgetEnv } from '../contract.js';
import type { SiteContext } from '../page/context.js';
import { contextSitePaths, readSitePaths, type SitePaths } from '../page/site-paths.js';
import type { Api } from '../api/page.js';
import type { ProductChoices } from '../page/choices.js';
import {
  createPageRuntime,
  getPageRuntime,
  loadCartAtStart,
  startPlatform,
  type PageRuntime,
} from '../page/create-runtime.js';
import { createMessages, type Messages } from '../messages/format.js';
import { STOREFRONT_MESSAGES, type StorefrontMessageKey } from '../messages/storefront.js';
import type { CartState, CartStore } from '../store/index.js';
import { isPlainClick, navigateTo, redirectTo, type LinkClick, type Router } from '../page/navigate.js';
import { sameOriginPath } from '../urls.js';
import { notesInto } from '../result.js';
import { useLatest } from './use-latest.js';

/** Everything a widget reads from its surroundings, through {@link useStorefront}. */
export interface Storefront {
  readonly context: SiteContext;
  /**
   * The storefront's own texts (the call failures of spec 000 §8) with the page's overrides
   * applied. Each widget's texts are in its own catalogue, overridden through its `strings` prop;
   * the whole shared catalogue is `createMessages` of the package, which a page pays for only if
   * it uses it.
   */
  readonly messages: Messages<StorefrontMessageKey>;
  readonly api: Api;
  readonly store: CartStore;
  /** What the shopper chose for each product; the product form writes it, the others follow. */
  readonly choices: ProductChoices;
  /** Reports an error once to the page reporter and as `sf:error`. */
  readonly reporter: { report(error: unknown, info?: Record<string, string>): void };
  /**
   * Leaves the page for a same-origin path (through the provider's `navigate` when it has one);
   * in the design frame asks the editor instead. Returns false for a refused path (another
   * origin, `javascript:`, not a URL).
   */
  navigate(path: string): boolean;
  /**
   * Goes to a form's success address or a site path (`context.paths`): a same-origin path as
   * `navigate` does, or an absolute http(s) address outside the design frame. Returns false when
   * it did not leave.
   */
  redirect(url: string): boolean;
  /**
   * What a click on a widget's link to `url` does: in the design frame the editor moves the frame;
   * with the provider's `navigate` a plain click goes through the app's router. Otherwise, and for
   * a click with a modifier key or another button, the browser follows the link.
   */
  follow(click: LinkClick & { preventDefault(): void }, url: string): void;
  /**
   * The site's paths as the npm provider resolved them (its `paths` over the context's). Absent
   * for the script tag's widgets: read them with `sitePaths(storefront)`, which then reads the
   * page's context.
   */
  readonly paths?: SitePaths | undefined;
}

export interface StorefrontProviderProps {
  /**
   * Where the API lives: a path on this origin, or a full URL for a server on another origin
   * (calls then carry the shopper's cookies, so that server must allow this origin with
   * credentials: `--cors` on the reference server).
   * @default context.apiRoot, which defaults to '/api/'
   */
  readonly apiRoot?: string | undefined;
  /**
   * The site context, the shape of the page's `#sf-context` script (every key optional).
   * @default the page's `#sf-context` script, else the defaults
   */
  readonly context?: Readonly<Record<string, unknown>> | undefined;
  /** Locale for numbers, money and the catalogue language. @default context.locale ('en-US') */
  readonly locale?: string | undefined;
  /**
   * Overrides for the storefront's own texts (key to text); unknown keys are ignored.
   * @default none
   */
  readonly strings?: Readonly<Record<string, unknown>> | null | undefined;
  /**
   * Starts the platform layer (census, analytics events, performance records), as the script
   * tag does once its widgets are interactive. Off, `track` events stay on the page.
   * @default true
   */
  readonly analytics?: boolean | undefined;
  /**
   * Site context and reporter of a widget the loader mounts; with it the provider starts nothing
   * (the loader reads the cart and starts the platform itself).
   * @default the provider's own runtime
   */
  readonly env?: WidgetEnv | undefined;
  /** The older name of `strings`. @default none */
  readonly messages?: Readonly<Record<string, unknown>> | null | undefined;
  /** @default a client rooted at `apiRoot` (the page-wide one without options) */
  readonly api?: Api | undefined;
  /** @default a cart store over the api (the page-wide one without options) */
  readonly store?: CartStore | undefined;
  /**
   * The window navigation acts on; tests pass a stand-in.
   * @default window
   */
  readonly window?: Pick<Window, 'location' | 'parent'> | undefined;
  /**
   * Where the widgets send the shopper, over the context's `paths`: `cart`, `checkout`,
   * `subscription`, `giftCard`, `continueShopping`. Each is a path on this site or an http(s)
   * address (a checkout hosted elsewhere); a refused one falls back to its default with a console
   * warning. Compared by content, so an inline object is fine.
   * @default context.paths, which default to `PATHS` ('/cart', '/checkout', '/checkout/subscription', '/checkout/gift-card', '/')
   */
  readonly paths?: Readonly<Partial<Record<keyof SitePaths, string>>> | undefined;
  /**
   * The app's client-side router (React Router's `navigate`, ...): called with a same-origin path
   * (`/cart?x#y`) whenever a widget goes to one (a plain click on the cart pill or Continue
   * Shopping, Checkout, the express checkout, a subscription or a gift card), so the app shows it
   * without a page load. A click with a modifier key or another button stays the browser's, and
   * an address on another origin loads as a page. May be an inline arrow.
   * @default none: the browser loads each page
   */
  readonly navigate?: ((path: string) => void) | undefined;
  readonly children?: ReactNode;
}

const StorefrontContext = createContext<Storefront | null>(null);

function buildStorefront(
  runtime: PageRuntime,
  context: SiteContext,
  strings: Readonly<Record<string, unknown>> | null | undefined,
  report: Storefront['reporter']['report'],
  win: Pick<Window, 'location' | 'parent'> | undefined,
): Storefront {
  return {
    context,
    messages: createMessages(strings ?? null, STOREFRONT_MESSAGES),
    api: runtime.api,
    store: runtime.store,
    choices: runtime.choices,
    reporter: { report },
    navigate: (path) => navigateTo(path, context.designFrame, win ?? window),
    redirect: (url) => redirectTo(url, context.designFrame, win ?? window),
    follow: (click, url) => {
      // The design frame never moves itself, whatever the click (nor leaves the site: a path
      // elsewhere is refused there); elsewhere the browser follows the link.
      if (!context.designFrame) return;
      click.preventDefault();
      navigateTo(url, true, win ?? window);
    },
  };
}

/**
 * The storefront with an app's router: same-origin paths go through it, and so does a plain
 * click on a widget's link (one the browser would follow in this tab). Only the npm provider
 * builds it, so the script tag's start carries none of it.
 */
function routedStorefront(
  base: Storefront,
  win: Pick<Window, 'location' | 'parent'> | undefined,
  router: Router,
): Storefront {
  const { designFrame } = base.context;
  // The design frame keeps its rule (the editor moves the frame); a refused path stays refused.
  const navigate = (path: string): boolean => {
    const target = designFrame ? null : sameOriginPath(path, (win ?? window).location);
    if (target === null) return base.navigate(path);
    router(target);
    return true;
  };
  const redirect = (url: string): boolean => navigate(url) || base.redirect(url);
  return {
    ...base,
    navigate,
    redirect,
    follow: (click, url) => {
      if (!designFrame && !isPlainClick(click)) return;
      click.preventDefault();
      redirect(url);
    },
  };
}

/** The storefront around one runtime: the value widgets read, with the reporter kept stable. */
function RuntimeProvider({
  runtime,
  env,
  strings,
  window: win,
  paths,
  navigate,
  children,
}: {
  readonly runtime: PageRuntime;
  readonly env: WidgetEnv | undefined;
  readonly strings: Readonly<Record<string, unknown>> | null | undefined;
  readonly window: Pick<Window, 'location' | 'parent'> | undefined;
  readonly paths: StorefrontProviderProps['paths'];
  readonly navigate: StorefrontProviderProps['navigate'];
  readonly children?: ReactNode;
}) {
  const siteContext = env?.context ?? runtime.context;
  const sitePaths = useSitePaths(runtime, paths);
  const latestNavigate = useLatest(navigate);
  const routed = navigate !== undefined;
  // One router for the provider's life that calls the latest `navigate`: an inline arrow from the
  // app does not rebuild the storefront (and restart the widgets' effects) on every render.
  const router = useMemo<Router | undefined>(
    () => (routed ? (path) => latestNavigate.current?.(path) : undefined),
    [routed, latestNavigate],
  );
  // Widgets' effects list the reporter: it stays one function for the provider's life and calls
  // the latest `env.report`, so a page passing `env={{ context, report: (e) => ... }}` inline does
  // not restart them on every render.
  const latestEnv = useLatest(env);
  const report = useMemo<Storefront['reporter']['report']>(
    () => (error, info) => (latestEnv.current?.report ?? runtime.report)(error, info),
    [latestEnv, runtime],
  );
  const value = useMemo(() => {
    const storefront = { ...buildStorefront(runtime, siteContext, strings, report, win), paths: sitePaths };
    return router ? routedStorefront(storefront, win, router) : storefront;
  }, [runtime, siteContext, strings, report, win, router, sitePaths]);
  return <StorefrontContext.Provider value={value}>{children}</StorefrontContext.Provider>;
}

/**
 * The provider's `paths` over its context's, compared by content: the same paths in a new object
 * each render give the same value. Refused paths are warned about once per change.
 */
function useSitePaths(runtime: PageRuntime, paths: StorefrontProviderProps['paths']): SitePaths {
  const fromContext = contextSitePaths(runtime.raw);
  const issues: string[] = [];
  const merged =
    paths === undefined ? fromContext : readSitePaths({ ...fromContext, ...paths }, notesInto(issues));
  // Read paths are strings only, so their JSON is their content.
  const key = JSON.stringify(merged);
  const warning = issues.join('; ');
  useEffect(() => {
    if (warning !== '') console.warn(`[storefront] provider: ${warning}`);
  }, [warning]);
  return useMemo(() => JSON.parse(key) as SitePaths, [key]);
}

/**
 * What the loader wraps each widget it mounts in: the page's runtime, with the mount's site
 * context and reporter. It starts nothing; the loader reads the cart and starts the platform.
 */
export function PageStorefrontProvider({ env, children }: { env: WidgetEnv; children?: ReactNode }) {
  // The mount's env is one object for the widget's life (the loader's is the page's), so its
  // reporter is used as it is, without the npm provider's latest-env indirection.
  const value = useMemo(
    () => buildStorefront(getPageRuntime(), env.context, undefined, env.report, undefined),
    [env],
  );
  return <StorefrontContext.Provider value={value}>{children}</StorefrontContext.Provider>;
}

/**
 * Provides the storefront to a widget tree: one page runtime (src/page/create-runtime.ts) for
 * the provider's life. A React app wraps its tree once; like a published page, the provider then
 * reads the cart at start when the cookies say there is one and starts the platform layer.
 * Without `apiRoot`, `context`, `locale`, `api` or `store` it shares the page's own runtime.
 */
export function StorefrontProvider({
  apiRoot,
  context,
  locale,
  strings,
  analytics = true,
  env,
  messages,
  api,
  store,
  window: win,
  paths,
  navigate,
  children,
}: StorefrontProviderProps) {
  const mountedByLoader = env !== undefined;
  // Built once: a new context object on every render of the app must not make a new cart.
  const [runtime] = useState<PageRuntime>(() => {
    const built =
      apiRoot === undefined &&
      context === undefined &&
      api === undefined &&
      store === undefined &&
      locale === undefined
        ? getPageRuntime()
        : createPageRuntime({ apiRoot, context, locale, api, store });
    // Started before the first render of the tree, as the loader starts it before any mount: the
    // widgets' first render sees the read under way (add buttons wait for it, spec 000 §4). Once
    // per runtime, whatever a strict-mode double render does.
    if (!mountedByLoader) loadCartAtStart(built);
    return built;
  });
  useEffect(() => {
    if (!mountedByLoader && analytics) startPlatform(runtime);
  }, [runtime, mountedByLoader, analytics]);
  return (
    <RuntimeProvider
      runtime={runtime}
      env={env}
      strings={strings ?? messages}
      window={win}
      paths={paths}
      navigate={navigate}
    >
      {children}
    </RuntimeProvider>
  );
}

/** What a widget outside any provider sees of each page runtime, by the runtime: each page's own. */
const storefrontOf = new WeakMap<PageRuntime, Storefront>();

/** The page runtime as a widget outside any provider sees it; built with the first such widget. */
function pageStorefront(): Storefront {
  const runtime = getPageRuntime();
  let storefront = storefrontOf.get(runtime);
  if (!storefront) {
    storefront = buildStorefront(runtime, runtime.context, null, runtime.report, undefined);
    storefrontOf.set(runtime, storefront);
  }
  return storefront;
}

/** The storefront of the nearest provider, or the page's runtime when there is none. */
export function useStorefront(): Storefront {
  return useContext(StorefrontContext) ?? pageStorefront();
}

/**
 * A slice of the cart state, re-rendering only when the selected value changes. Selectors must
 * return stable values (a primitive or a stored object), never a fresh object per call.
 */
export function useCart<T>(selector: (state: CartState) => T): T {
  // What zustand's `useStore` does, without its React binding: that binding imports React's
  // default export, which under preact/compat is an object holding all of compat, so none of it
  // could be left out of the script-tag build.
  const { store } = useStorefront();
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(store.getInitialState()),
  );
}

/** Per-root id prefix; set by `mountWidget`. */
export const IdPrefixContext = createContext('sf-');

/**
 * `useId` made unique across widget roots. Preact's `useId` restarts its count in every root, so
 * two widgets on one page would otherwise produce the same ids for their labels.
 */
export function useWidgetId(): string {
  return `${useContext(IdPrefixContext)}${useId().replace(/:/g, '')}`;
}
