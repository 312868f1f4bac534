/**
 * The page-wide api client. Every group of endpoints (cart, forms, restock, analytics) is a
 * separate chunk fetched the first time one of its calls is made, so a page does not download
 * endpoints and response parsers it may never use: a visitor with no cart cookie who never
 * presses a button never loads the cart's. Callers see one complete `Api`.
 */
import { readSiteContext } from '../page/context.js';
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

/**
 * Methods that load their module on first call. A failed load (offline, a redeploy removed the
 * chunk) resolves like a failed request, as a network error, and the next call tries again.
 * `names` is a record rather than a list so the compiler checks that none is missing.
 */
export const deferEndpoints = <M extends { [K in keyof M]: AnyCall }>(
  load: () => Promise<M>,
  names: Readonly<Record<keyof M, 0>>,
): M => {
  let loading: Promise<M> | null = null;
  const methods: Partial<Record<keyof M, AnyCall>> = {};
  for (const name of Object.keys(names) as (keyof M)[]) {
    methods[name] = (...args) => {
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
  return methods as M;
};

/**
 * The complete api over one client, each group of endpoints loaded on demand. The client (fetch
 * transport, failure mapping) is loaded with the first group that needs it.
 */
export const createPageApi = (loadClient: () => Promise<ApiClient>): Api => ({
  ...deferEndpoints<CartApi>(async () => (await import('./cart.js')).createCartApi(await loadClient()), {
    getCart: 0,
    addCartEntry: 0,
    updateEntryAdditionalFields: 0,
    changeEntryQuantity: 0,
    removeEntry: 0,
    createSubscriptionCart: 0,
    getStock: 0,
  }),
  ...deferEndpoints<FormsApi>(async () => (await import('./forms.js')).createFormsApi(await loadClient()), {
    getFormSchema: 0,
    validateForm: 0,
    getFormSubmissionKey: 0,
    saveFormSubmission: 0,
  }),
  ...deferEndpoints<RestockApi>(
    async () => (await import('./restock.js')).createRestockApi(await loadClient()),
    {
      restockSignUp: 0,
      getAllRestockGroups: 0,
      getRestockSignUps: 0,
      sendRestock: 0,
      sendRestockAll: 0,
    },
  ),
  ...deferEndpoints<AnalyticsApi>(
    async () => (await import('./analytics.js')).createAnalyticsApi(await loadClient()),
    {
      recordJavascriptErrors: 0,
      recordHit: 0,
      buttonClick: 0,
      buttonRender: 0,
      formRender: 0,
      overlay: 0,
      recordQuickView: 0,
      performanceSettings: 0,
      performanceRecords: 0,
      recordEvent: 0,
    },
  ),
});

let pageApi: Api | null = null;

/** The page-wide client, rooted at the site context's `apiRoot`. */
export const getApi = (): Api => {
  let client: Promise<ApiClient> | null = null;
  pageApi ??= createPageApi(() => {
    // A failed load is tried again by the next call (deferEndpoints reports it as offline).
    client ??= import('./client.js')
      .then((m) => m.createClient({ apiRoot: readSiteContext().context.apiRoot }))
      .catch((error: unknown) => {
        client = null;
        throw error;
      });
    return client;
  });
  return pageApi;
};
