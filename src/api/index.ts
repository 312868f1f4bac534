/**
 * The typed api client: one function per documented endpoint (docs/http-api.md), all built on one
 * ky instance. Every function resolves, never rejects, to an ApiResult; responses are parsed
 * before anything reads them, and failures are mapped to the texts of spec 000 §8.
 */
import ky, { isTimeoutError, type KyInstance } from 'ky';
import { COOKIES, CSRF_HEADER } from '../contract.js';
import { cookiesEnabled, readCookie } from '../cookies.js';
import { readSiteContext } from '../context.js';
import { fail, ok, type Result } from '../result.js';
import type { CartEntry, ShoppingCart } from '../store/types.js';
import type { ApiResult } from './types.js';
import {
  invalidResponse,
  mapCartError,
  mapFormSaveError,
  mapRestockError,
  mapValidateFormError,
  networkError,
  timeoutError,
  type FailureMapper,
} from './errors.js';
import {
  isRecord,
  parseAnything,
  parseCartEntry,
  parseNothing,
  parseShoppingCart,
  parseString,
  type JsonRecord,
  type Parser,
} from './parse.js';
import { parseFormSchema, type FormSchema } from './form-schema.js';
import {
  parseGroupsPage,
  parseSignUpsPage,
  type RestockGroup,
  type RestockPage,
  type RestockSignUp,
} from './restock.js';

export type { FormSchema, FormSchemaField } from './form-schema.js';
export type { RestockGroup, RestockPage, RestockSignUp } from './restock.js';
export type { ApiError, ApiErrorKind, ApiResult } from './types.js';
export {
  API_MESSAGES,
  crumbMessage,
  mapCartError,
  mapFormSaveError,
  mapRestockError,
  mapValidateFormError,
  type FailureMapper,
  type HttpFailure,
} from './errors.js';
export { parseCartEntry, parseShoppingCart } from './parse.js';

export interface ApiOptions {
  /**
   * Where the endpoints live; every path of docs/http-api.md is relative to it.
   * @default '/api/'
   */
  apiRoot?: string | undefined;
  /** @default globalThis.fetch */
  fetch?: typeof fetch | undefined;
  /** The document whose cookies hold the crumb. @default globalThis.document */
  doc?: Document | undefined;
  /**
   * Per-request time limit in milliseconds (census calls use their own 2500 ms).
   * @default 10000
   */
  timeoutMs?: number | undefined;
}

export interface AddCartEntryInput {
  readonly itemId: string;
  /** Null for a product without variants. */
  readonly sku: string | null;
  readonly quantity: number;
  /** Additional-fields answers (field id to value); sent as a JSON string. */
  readonly additionalFields?: Readonly<Record<string, unknown>> | null | undefined;
}

export interface UpdateAdditionalFieldsInput {
  readonly itemId: string;
  readonly sku: string | null;
  readonly additionalFields: Readonly<Record<string, unknown>>;
}

export interface SubscriptionCartInput {
  readonly itemId: string;
  readonly sku: string | null;
  readonly qty: number;
  readonly additionalFields?: Readonly<Record<string, unknown>> | null | undefined;
}

export interface StockResult {
  /** Absent for a product without variants. */
  readonly sku?: string;
  readonly unlimited: boolean;
  readonly qtyInStock: number;
}

export interface FormSubmissionPayload {
  readonly key: string;
  /** Which form (an extension of the reference server, docs/http-api.md). */
  readonly formId: string;
  /** Field id to value. */
  readonly form: Readonly<Record<string, unknown>>;
  readonly captchaKey?: string | undefined;
  readonly pageTitle: string;
  readonly pageId: string;
  /** `i` for an item page, `c` for a collection page. */
  readonly contentSource: 'i' | 'c';
  readonly pagePath: string;
  readonly pagePermissionTypeValue: number;
}

export interface RestockSignUpPayload {
  readonly productId: string;
  /** A variant id (or sku); null for a single-variant product. */
  readonly variantId: string | null;
  readonly siteVisitorEmail: string;
  readonly isJoinMailingList: boolean;
  readonly captchaToken?: string | undefined;
}

export interface RestockSendRequest {
  readonly productId: string;
  readonly variantId: string;
}

export interface Api {
  getCart(): Promise<ApiResult<ShoppingCart>>;
  addCartEntry(
    input: AddCartEntryInput,
  ): Promise<ApiResult<{ shoppingCart: ShoppingCart; newlyAdded: CartEntry }>>;
  updateEntryAdditionalFields(
    entryId: string,
    input: UpdateAdditionalFieldsInput,
  ): Promise<ApiResult<{ shoppingCart: ShoppingCart; updatedEntry: CartEntry }>>;
  changeEntryQuantity(entryId: string, quantity: number): Promise<ApiResult<{ shoppingCart: ShoppingCart }>>;
  removeEntry(entryId: string): Promise<ApiResult<{ shoppingCart: ShoppingCart }>>;
  createSubscriptionCart(input: SubscriptionCartInput): Promise<ApiResult<{ cartToken: string }>>;
  getStock(itemId: string): Promise<ApiResult<{ results: StockResult[] }>>;
  getFormSchema(formId: string): Promise<ApiResult<FormSchema>>;
  /** A 400 carries the per-field messages in `error.fieldErrors`. */
  validateForm(formId: string, values: Readonly<Record<string, unknown>>): Promise<ApiResult<null>>;
  getFormSubmissionKey(): Promise<ApiResult<{ key: string }>>;
  saveFormSubmission(payload: FormSubmissionPayload): Promise<ApiResult<unknown>>;
  /** Failure messages are the server's `message` (spec 000 §8). */
  restockSignUp(payload: RestockSignUpPayload): Promise<ApiResult<unknown>>;
  /** Every group, following `nextPageCursor` until `hasNextPage` is false. */
  getAllRestockGroups(): Promise<ApiResult<RestockGroup[]>>;
  /** One page of a variant's sign-ups; pass the previous page's `nextPageCursor` for the next. */
  getRestockSignUps(query: {
    productId: string;
    variantId: string;
    cursor?: string | undefined;
  }): Promise<ApiResult<RestockPage<RestockSignUp>>>;
  sendRestock(request: RestockSendRequest): Promise<ApiResult<unknown>>;
  sendRestockAll(sendRequests: readonly RestockSendRequest[]): Promise<ApiResult<unknown>>;
  recordJavascriptErrors(events: readonly unknown[]): Promise<ApiResult<unknown>>;
  // Census and analytics: failures resolve to ok:false and are otherwise ignored.
  recordHit(input: {
    event: string;
    data: Readonly<Record<string, unknown>>;
    ss_cvr?: string | undefined;
  }): Promise<ApiResult<unknown>>;
  buttonClick(fields: Readonly<Record<string, unknown>>): Promise<ApiResult<unknown>>;
  buttonRender(fields: Readonly<Record<string, unknown>>): Promise<ApiResult<unknown>>;
  formRender(fields: { formId: string; visitorCookie?: string | undefined }): Promise<ApiResult<unknown>>;
  overlay(fields: { visitorCookie?: string | undefined }): Promise<ApiResult<unknown>>;
  recordQuickView(id: string): Promise<ApiResult<unknown>>;
  performanceSettings(): Promise<ApiResult<{ pageLoadId: string }>>;
  performanceRecords(records: readonly unknown[]): Promise<ApiResult<unknown>>;
  recordEvent(input: {
    event: string;
    data: Readonly<Record<string, unknown>>;
    extra?: Readonly<Record<string, string>> | undefined;
  }): Promise<ApiResult<unknown>>;
}

type Method = 'get' | 'post' | 'put' | 'delete';

interface Call<T> {
  readonly method: Method;
  /** Relative to the api root, no leading slash. */
  readonly path: string;
  readonly searchParams?: Readonly<Record<string, string>> | undefined;
  readonly json?: unknown;
  readonly body?: URLSearchParams | string | undefined;
  readonly contentType?: string | undefined;
  readonly parse: Parser<T>;
  /** @default mapCartError */
  readonly mapError?: FailureMapper | undefined;
  readonly timeoutMs?: number | undefined;
}

const CENSUS_TIMEOUT_MS = 2500;
const PERFORMANCE_SETTINGS_TIMEOUT_MS = 30_000;

const segment = (value: string): string => encodeURIComponent(value);

/** Every cart write answers `{ shoppingCart, ... }`; the cart is parsed first, then the rest. */
const withCart = <T>(
  body: unknown,
  rest: (record: JsonRecord, shoppingCart: ShoppingCart) => Result<T>,
): Result<T> => {
  if (!isRecord(body)) return fail(['body is not an object']);
  const cart = parseShoppingCart(body['shoppingCart']);
  return cart.ok ? rest(body, cart.value) : cart;
};

const parseAdded: Parser<{ shoppingCart: ShoppingCart; newlyAdded: CartEntry }> = (body) =>
  withCart(body, (record, shoppingCart) => {
    const entry = parseCartEntry(record['newlyAdded']);
    return entry.ok ? ok({ shoppingCart, newlyAdded: entry.value }) : entry;
  });

const parseUpdated: Parser<{ shoppingCart: ShoppingCart; updatedEntry: CartEntry }> = (body) =>
  withCart(body, (record, shoppingCart) => {
    const entry = parseCartEntry(record['updatedEntry']);
    return entry.ok ? ok({ shoppingCart, updatedEntry: entry.value }) : entry;
  });

const parseCartOnly: Parser<{ shoppingCart: ShoppingCart }> = (body) =>
  withCart(body, (_record, shoppingCart) => ok({ shoppingCart }));

const parseStock: Parser<{ results: StockResult[] }> = (body) => {
  if (!isRecord(body) || !Array.isArray(body['results'])) return fail(['results missing']);
  const results: StockResult[] = [];
  for (const raw of body['results'] as unknown[]) {
    if (!isRecord(raw)) return fail(['stock result is not an object']);
    const { unlimited, qtyInStock, sku } = raw;
    if (typeof unlimited !== 'boolean') return fail(['stock.unlimited']);
    if (typeof qtyInStock !== 'number' || !Number.isSafeInteger(qtyInStock))
      return fail(['stock.qtyInStock']);
    if (sku !== undefined && sku !== null && typeof sku !== 'string') return fail(['stock.sku']);
    results.push(typeof sku === 'string' ? { sku, unlimited, qtyInStock } : { unlimited, qtyInStock });
  }
  return ok({ results });
};

const parseKey: Parser<{ key: string }> = (body) => {
  if (!isRecord(body)) return fail(['body is not an object']);
  const key = parseString(body['key']);
  return key.ok ? ok({ key: key.value }) : key;
};

const parseCartToken: Parser<{ cartToken: string }> = (body) => {
  if (!isRecord(body)) return fail(['body is not an object']);
  const token = parseString(body['cartToken']);
  return token.ok ? ok({ cartToken: token.value }) : token;
};

const parsePageLoadId: Parser<{ pageLoadId: string }> = (body) => {
  if (!isRecord(body)) return fail(['body is not an object']);
  const id = parseString(body['pageLoadId']);
  return id.ok ? ok({ pageLoadId: id.value }) : id;
};

/** A server that keeps answering "there is more" must not keep the loop going forever. */
const MAX_RESTOCK_PAGES = 1000;

const stringifyFields = (fields: Readonly<Record<string, unknown>> | null | undefined): string | null =>
  fields === null || fields === undefined ? null : JSON.stringify(fields);

const formBody = (fields: Readonly<Record<string, unknown>>): URLSearchParams => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return params;
};

const decode = (text: string): { ok: true; value: unknown } | { ok: false } => {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

export const createApi = (options: ApiOptions = {}): Api => {
  const apiRoot = options.apiRoot ?? '/api/';
  const doc = options.doc ?? (typeof document === 'undefined' ? undefined : document);
  const fetchImpl = options.fetch;

  const http: KyInstance = ky.create({
    prefixUrl: apiRoot,
    credentials: 'same-origin',
    timeout: options.timeoutMs ?? 10_000,
    throwHttpErrors: false,
    // Only a GET may be repeated, and only once, when no response arrived at all: repeating a
    // POST could add an item twice.
    retry: { limit: 1, methods: ['get'], statusCodes: [], afterStatusCodes: [], retryOnTimeout: false },
    ...(fetchImpl
      ? { fetch: (input: Request | URL | string, init?: RequestInit) => fetchImpl(input, init) }
      : {}),
  });

  const areCookiesEnabled = (): boolean => {
    try {
      return cookiesEnabled(doc?.defaultView?.navigator ?? globalThis.navigator);
    } catch {
      return true;
    }
  };

  const crumb = (): string | null => {
    try {
      return readCookie(COOKIES.crumb, doc);
    } catch {
      return null;
    }
  };

  const attempt = async <T>(spec: Call<T>): Promise<ApiResult<T>> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (spec.method !== 'get') {
      const token = crumb();
      if (token) headers[CSRF_HEADER] = token;
    }
    if (spec.contentType) headers['Content-Type'] = spec.contentType;
    let response: Response;
    try {
      response = await http(spec.path, {
        method: spec.method,
        headers,
        ...(spec.searchParams ? { searchParams: { ...spec.searchParams } } : {}),
        ...(spec.json !== undefined ? { json: spec.json } : {}),
        ...(spec.body !== undefined ? { body: spec.body } : {}),
        ...(spec.timeoutMs !== undefined ? { timeout: spec.timeoutMs } : {}),
        ...(spec.method === 'get' ? {} : { retry: 0 }),
      });
    } catch (error) {
      return { ok: false, error: isTimeoutError(error) ? timeoutError() : networkError() };
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      // The connection dropped while the body was streaming in.
      return { ok: false, error: networkError() };
    }
    const decoded = decode(text);
    if (!response.ok) {
      const mapError = spec.mapError ?? mapCartError;
      return {
        ok: false,
        error: mapError({
          status: response.status,
          body: decoded.ok ? decoded.value : undefined,
          cookiesEnabled: areCookiesEnabled(),
        }),
      };
    }
    if (!decoded.ok) return { ok: false, error: invalidResponse(response.status) };
    const parsed = spec.parse(decoded.value);
    return parsed.ok
      ? { ok: true, data: parsed.value }
      : { ok: false, error: invalidResponse(response.status) };
  };

  // The promise of "never rejects" holds even if something above has a bug.
  const call = <T>(spec: Call<T>): Promise<ApiResult<T>> =>
    attempt(spec).catch((): ApiResult<T> => ({ ok: false, error: invalidResponse(0) }));

  /**
   * Census and analytics: the same call; failures resolve to ok:false and are never logged
   * (spec 000 §8 "Analytics failures: silently ignored").
   */
  const quiet = call;

  const entryPath = (entryId: string): string => `commerce/shopping-cart/entries/${segment(entryId)}`;

  const getAllRestockGroups = async (): Promise<ApiResult<RestockGroup[]>> => {
    const groups: RestockGroup[] = [];
    let cursor: string | null = null;
    const seen = new Set<string>();
    for (let page = 0; page < MAX_RESTOCK_PAGES; page += 1) {
      const result: ApiResult<RestockPage<RestockGroup>> = await call({
        method: 'get',
        path: 'site-users/account/notifications/restock/groups',
        ...(cursor === null ? {} : { searchParams: { cursor } }),
        parse: parseGroupsPage,
      });
      if (!result.ok) return result;
      groups.push(...result.data.items);
      if (!result.data.hasNextPage || result.data.nextPageCursor === null) return { ok: true, data: groups };
      cursor = result.data.nextPageCursor;
      // A cursor that comes back twice would loop forever.
      if (seen.has(cursor)) return { ok: false, error: invalidResponse(200) };
      seen.add(cursor);
    }
    return { ok: false, error: invalidResponse(200) };
  };

  return {
    getCart: () =>
      call({
        method: 'get',
        path: 'commerce/shopping-cart',
        searchParams: { calculateSubtotal: 'true' },
        parse: parseShoppingCart,
      }),

    addCartEntry: (input) =>
      call({
        method: 'post',
        path: 'commerce/shopping-cart/entries',
        json: {
          itemId: input.itemId,
          sku: input.sku,
          quantity: input.quantity,
          additionalFields: stringifyFields(input.additionalFields),
        },
        parse: parseAdded,
      }),

    updateEntryAdditionalFields: (entryId, input) =>
      call({
        method: 'put',
        path: `${entryPath(entryId)}/additionalFields`,
        json: {
          itemId: input.itemId,
          sku: input.sku,
          additionalFields: stringifyFields(input.additionalFields),
        },
        parse: parseUpdated,
      }),

    changeEntryQuantity: (entryId, quantity) =>
      call({
        method: 'put',
        path: `${entryPath(entryId)}/quantity`,
        json: { quantity },
        parse: parseCartOnly,
      }),

    removeEntry: (entryId) => call({ method: 'delete', path: entryPath(entryId), parse: parseCartOnly }),

    createSubscriptionCart: (input) =>
      call({
        method: 'post',
        path: '3/commerce/cart/subscription',
        json: {
          itemId: input.itemId,
          sku: input.sku,
          qty: input.qty,
          additionalFields: stringifyFields(input.additionalFields),
        },
        parse: parseCartToken,
      }),

    getStock: (itemId) =>
      call({ method: 'get', path: 'commerce/inventory/stock/', searchParams: { itemId }, parse: parseStock }),

    getFormSchema: (formId) =>
      call({
        method: 'get',
        path: 'template/GetTemplateSchema',
        searchParams: { type: 'form', formId },
        parse: parseFormSchema,
      }),

    validateForm: (formId, values) =>
      call({
        method: 'post',
        path: `rest/forms/validate/${segment(formId)}`,
        json: values,
        parse: parseNothing,
        mapError: mapValidateFormError,
      }),

    getFormSubmissionKey: () => call({ method: 'post', path: 'form/FormSubmissionKey', parse: parseKey }),

    saveFormSubmission: (payload) =>
      call({
        method: 'post',
        path: 'form/SaveFormSubmission',
        json: payload,
        parse: parseAnything,
        mapError: mapFormSaveError,
      }),

    restockSignUp: (payload) =>
      call({
        method: 'post',
        path: 'site-users/account/notifications/restock',
        json: payload,
        parse: parseAnything,
        mapError: mapRestockError,
      }),

    getAllRestockGroups,

    getRestockSignUps: ({ productId, variantId, cursor }) =>
      call({
        method: 'get',
        path: 'site-users/account/notifications/restock',
        searchParams: { productId, variantId, ...(cursor ? { cursor } : {}) },
        parse: parseSignUpsPage,
      }),

    sendRestock: ({ productId, variantId }) =>
      call({
        method: 'post',
        path: 'site-users/account/notifications/restock/send',
        json: { productId, variantId },
        parse: parseAnything,
      }),

    sendRestockAll: (sendRequests) =>
      call({
        method: 'post',
        path: 'site-users/account/notifications/restock/send/all',
        json: { sendRequests },
        parse: parseAnything,
      }),

    recordJavascriptErrors: (events) =>
      quiet({ method: 'post', path: 'events/RecordJavascriptErrors', json: events, parse: parseAnything }),

    recordHit: ({ event, data, ss_cvr }) =>
      quiet({
        method: 'post',
        path: 'census/RecordHit',
        body: formBody({ event, data, ss_cvr }),
        parse: parseAnything,
      }),

    buttonClick: (fields) =>
      quiet({
        method: 'post',
        path: 'census/button-click',
        json: fields,
        parse: parseAnything,
        timeoutMs: CENSUS_TIMEOUT_MS,
      }),

    buttonRender: (fields) =>
      quiet({
        method: 'post',
        path: 'census/button-render',
        json: fields,
        parse: parseAnything,
        timeoutMs: CENSUS_TIMEOUT_MS,
      }),

    formRender: (fields) =>
      quiet({ method: 'post', path: 'census/form-render', json: fields, parse: parseAnything }),

    overlay: (fields) =>
      quiet({ method: 'post', path: 'census/overlay', json: fields, parse: parseAnything }),

    recordQuickView: (id) =>
      quiet({ method: 'post', path: `census/RecordQuickView/${segment(id)}`, parse: parseAnything }),

    performanceSettings: () =>
      quiet({
        method: 'get',
        path: '1/performance/settings',
        parse: parsePageLoadId,
        timeoutMs: PERFORMANCE_SETTINGS_TIMEOUT_MS,
      }),

    performanceRecords: (records) =>
      quiet({
        method: 'post',
        path: '1/performance/records',
        body: JSON.stringify(records),
        contentType: 'text/plain;charset=UTF-8',
        parse: parseAnything,
      }),

    recordEvent: ({ event, data, extra }) =>
      quiet({
        method: 'post',
        path: 'events/RecordEvent',
        body: formBody({ crumb: crumb() ?? '', event, ...extra, data }),
        parse: parseAnything,
      }),
  };
};

let pageApi: Api | null = null;

/** The page-wide client, rooted at the site context's `apiRoot`. */
export const getApi = (): Api => {
  pageApi ??= createApi({ apiRoot: readSiteContext().context.apiRoot });
  return pageApi;
};
