import { createContext, useContext, useId, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { WidgetEnv } from '../contract.js';
import type { SiteContext } from '../page/context.js';
import { getApi, type Api } from '../api/page.js';
import { createMessages, type Messages } from '../messages/format.js';
import { STOREFRONT_MESSAGES, type StorefrontMessageKey } from '../messages/storefront.js';
import { getCartStore, type CartState, type CartStore } from '../store/index.js';
import { navigateTo, redirectTo } from '../page/navigate.js';
import { getPageEnv } from '../page/runtime.js';
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
  /** Reports an error once to the page reporter and as `sf:error`. */
  readonly reporter: { report(error: unknown, info?: Record<string, string>): void };
  /**
   * Leaves the page for a same-origin path; in the design frame asks the editor instead.
   * Returns false for a refused path (another origin, `javascript:`, not a URL).
   */
  navigate(path: string): boolean;
  /**
   * Goes to a form's success address: a same-origin path, or an absolute http(s) address outside
   * the design frame. Returns false when it did not leave.
   */
  redirect(url: string): boolean;
}

export interface StorefrontProviderProps {
  /**
   * Site context and reporter.
   * @default the page environment (the `#sf-context` script and the page reporter)
   */
  readonly env?: WidgetEnv | undefined;
  /**
   * Overrides for the storefront's own texts (key to text); unknown keys are ignored.
   * @default none
   */
  readonly messages?: Readonly<Record<string, unknown>> | null | undefined;
  /** @default the page-wide api client */
  readonly api?: Api | undefined;
  /** @default the page-wide cart store */
  readonly store?: CartStore | undefined;
  /**
   * The window navigation acts on; tests pass a stand-in.
   * @default window
   */
  readonly window?: Pick<Window, 'location' | 'parent'> | undefined;
  readonly children?: ReactNode;
}

const StorefrontContext = createContext<Storefront | null>(null);

function buildStorefront(
  props: Omit<StorefrontProviderProps, 'children'>,
  report?: Storefront['reporter']['report'],
): Storefront {
  const env = props.env ?? getPageEnv();
  const { context } = env;
  const win = props.window;
  return {
    context,
    messages: createMessages(props.messages ?? null, STOREFRONT_MESSAGES),
    api: props.api ?? getApi(),
    store: props.store ?? getCartStore(),
    reporter: { report: report ?? env.report },
    navigate: (path) => navigateTo(path, context.designFrame, win ?? window),
    redirect: (url) => redirectTo(url, context.designFrame, win ?? window),
  };
}

/**
 * Provides the storefront to a widget tree. Widgets mounted by the loader get one from
 * `mountWidget`'s caller; npm users wrap their tree once (every prop has a page default).
 */
export function StorefrontProvider({
  env,
  messages,
  api,
  store,
  window: win,
  children,
}: StorefrontProviderProps) {
  // Widgets' effects list the reporter: it stays one function for the provider's life and calls
  // the latest `env.report`, so a page passing `env={{ context, report: (e) => ... }}` inline does
  // not restart them on every render.
  const latestEnv = useLatest(env);
  const report = useMemo<Storefront['reporter']['report']>(
    () => (error, info) => (latestEnv.current ?? getPageEnv()).report(error, info),
    [latestEnv],
  );
  const value = useMemo(
    () => buildStorefront({ env, messages, api, store, window: win }, report),
    [env, messages, api, store, win, report],
  );
  return <StorefrontContext.Provider value={value}>{children}</StorefrontContext.Provider>;
}

let pageDefault: Storefront | null = null;

/** The storefront of the nearest provider, or the page defaults when there is none. */
export function useStorefront(): Storefront {
  const value = useContext(StorefrontContext);
  if (value) return value;
  pageDefault ??= buildStorefront({});
  return pageDefault;
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
