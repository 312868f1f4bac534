/**
 * The page-wide api client. Every group of endpoints (cart, forms, restock, analytics) is a
 * separate chunk fetched the first time one of its calls is made, so a page does not download
 * endpoints and response parsers it may never use: a visitor with no cart cookie who never
 * presses a button never loads the cart's. Callers see one complete `Api`.
 */
import type { AnalyticsApi } from './analytics.js';
import type { CartApi } from './cart.js';
import type { ApiClient } from './client.js';
import { networkError } from './texts.js';
import type { FormsApi } from './forms.js';
import type { RestockApi } from './restock.js';
import type { ApiResult } from './types.js';

/** Every endpoint of docs/http-api.md. */
export type Api = CartApi & FormsApi & RestockApi & AnalyticsApi;

type AnyCall = (...args: never[]) => Promise<ApiResult<unknown>>;

/** One entry per method of `M`: the compiler names a method left out or misspelt. */
type EveryMethod<M> = { readonly [K in keyof M]: true };

/**
 * Methods that load their module on first call. A failed load (offline, a redeploy removed the
 * chunk) resolves like a failed request, as a network error, and the next call tries again.
 * `methods` names each method once.
 */
const deferEndpoints = <M extends { [K in keyof M]: AnyCall }>(
  load: () => Promise<M>,
  methods: EveryMethod<M>,
): M => {
  let loading: Promise<M> | null = null;
  const deferred: Partial<Record<keyof M, AnyCall>> = {};
  for (const name of Object.keys(methods) as (keyof M)[]) {
    deferred[name] = (...args) => {
      loading ??= load().catch((error: unknown) => {
        loading = null;
        throw error;
      });
      return loading.then(
        (module) => (module[name] as (...a: typeof args) => Promise<ApiResult<unknown>>)(...args),
        (): ApiResult<never> => ({ ok: false, error: networkError() }),
      );
    };
  }
  return deferred as M;
};

/**
 * The complete api over one client, each group of endpoints loaded on demand. The client (fetch
 * transport, failure mapping) is loaded with the first group that needs it, side by side with the
 * group's own chunk: one round trip for both rather than one after the other.
 */
export const createPageApi = (
  loadClient: () => Promise<ApiClient>,
  mockCart: () => boolean = () => false,
): Api => ({
  // The read alone first: a page reads the cart at start, and writes only once the shopper acts.
  ...deferEndpoints(
    async () => {
      const [mod, client] = await Promise.all([import('./cart-read.js'), loadClient()]);
      return mod.createCartReader(client, { mock: mockCart() });
    },
    { getCart: true },
  ),
  ...deferEndpoints(
    async () => {
      const [mod, client] = await Promise.all([import('./cart.js'), loadClient()]);
      return mod.createCartWriter(client);
    },
    {
      addCartEntry: true,
      updateEntryAdditionalFields: true,
      changeEntryQuantity: true,
      removeEntry: true,
      createSubscriptionCart: true,
      getStock: true,
    },
  ),
  ...deferEndpoints(
    async () => {
      const [mod, client] = await Promise.all([import('./forms.js'), loadClient()]);
      return mod.createFormsApi(client);
    },
    {
      getFormSchema: true,
      validateForm: true,
      getFormSubmissionKey: true,
      saveFormSubmission: true,
    },
  ),
  ...deferEndpoints(
    async () => {
      const [mod, client] = await Promise.all([import('./restock.js'), loadClient()]);
      return mod.createRestockApi(client);
    },
    {
      restockSignUp: true,
      getAllRestockGroups: true,
      getRestockSignUps: true,
      sendRestock: true,
      sendRestockAll: true,
    },
  ),
  ...deferEndpoints(
    async () => {
      const [mod, client] = await Promise.all([import('./analytics.js'), loadClient()]);
      return mod.createAnalyticsApi(client);
    },
    {
      recordJavascriptErrors: true,
      recordHit: true,
      buttonClick: true,
      buttonRender: true,
      formRender: true,
      overlay: true,
      recordQuickView: true,
      performanceSettings: true,
      performanceRecords: true,
      recordEvent: true,
    },
  ),
});
