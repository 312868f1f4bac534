/**
 * The page-wide api client. The cart endpoints are loaded with the page; the form, restock and
 * analytics endpoints are separate chunks fetched the first time one of their calls is made, so
 * a product page does not download endpoints it may never use. Callers see one complete `Api`.
 */
import { readSiteContext } from '../page/context.js';
import type { AnalyticsApi } from './analytics.js';
import { createCartApi, type CartApi } from './cart.js';
import { createClient, type ApiClient } from './client.js';
import { networkError } from './errors.js';
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

/** The complete api over one client, with everything but the cart loaded on demand. */
export const createPageApi = (client: ApiClient): Api => ({
  ...createCartApi(client),
  ...deferEndpoints<FormsApi>(() => import('./forms.js').then((m) => m.createFormsApi(client)), {
    getFormSchema: 0,
    validateForm: 0,
    getFormSubmissionKey: 0,
    saveFormSubmission: 0,
  }),
  ...deferEndpoints<RestockApi>(() => import('./restock.js').then((m) => m.createRestockApi(client)), {
    restockSignUp: 0,
    getAllRestockGroups: 0,
    getRestockSignUps: 0,
    sendRestock: 0,
    sendRestockAll: 0,
  }),
  ...deferEndpoints<AnalyticsApi>(() => import('./analytics.js').then((m) => m.createAnalyticsApi(client)), {
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
  }),
});

let pageApi: Api | null = null;

/** The page-wide client, rooted at the site context's `apiRoot`. */
export const getApi = (): Api => {
  pageApi ??= createPageApi(createClient({ apiRoot: readSiteContext().context.apiRoot }));
  return pageApi;
};
