/**
 * The restock endpoints (spec 000 §3, docs/http-api.md): the visitor's sign-up and the store
 * owner's groups, sign-ups and sends, with their responses parsed at the edge. Loaded on first use.
 */
import { fail, isRecord, ok, readStringMap, type JsonRecord, type Result } from '../result.js';
import type { ApiResult } from './types.js';
import type { ApiClient } from './client.js';
import {
  apiText,
  crumbError,
  httpError,
  invalidResponse,
  isCrumbFailure,
  text,
  type FailureMapper,
} from './errors.js';
import { parseAnything } from './parsers.js';

export interface RestockGroup {
  readonly productId: string;
  readonly variantId: string | null;
  readonly sku: string | null;
  readonly title: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly signUpCount: number;
  /** Sign-ups a send would notify now (on a server with double opt-in, the confirmed ones). */
  readonly pendingCount: number;
  /** Sign-ups whose emailed link is not followed yet; null from a server that does not ask. */
  readonly unconfirmedCount: number | null;
  readonly unlimited: boolean;
  readonly qtyInStock: number;
  /** Epoch ms of the last send, or null. */
  readonly lastSentOn: number | null;
}

export interface RestockSignUp {
  readonly id: string;
  readonly email: string;
  readonly isJoinMailingList: boolean;
  readonly created: number;
  readonly notifiedOn: number | null;
  /** Epoch ms the emailed link was followed, or null (not yet, or a server that does not ask). */
  readonly confirmedOn: number | null;
}

export interface RestockPage<T> {
  readonly items: readonly T[];
  readonly hasNextPage: boolean;
  readonly nextPageCursor: string | null;
}

const count = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const nullableText = (value: unknown): value is string | null | undefined =>
  value === null || value === undefined || typeof value === 'string';
/** Milliseconds since the epoch that a `Date` can hold (ECMAScript's time values: ±8.64e15). */
const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= 8.64e15;
const nullableTime = (value: unknown): value is number | null | undefined =>
  value === null || value === undefined || isTime(value);

const attributesOf = (value: unknown): Record<string, string> | null =>
  value === undefined || value === null ? {} : readStringMap(value);

const parseGroup = (raw: JsonRecord): RestockGroup | null => {
  const {
    productId,
    variantId,
    sku,
    title,
    signUpCount,
    pendingCount,
    unconfirmedCount,
    unlimited,
    qtyInStock,
    lastSentOn,
  } = raw;
  const attributes = attributesOf(raw['attributes']);
  if (typeof productId !== 'string' || !nullableText(variantId) || !nullableText(sku) || attributes === null)
    return null;
  if (!count(signUpCount) || !count(pendingCount) || !nullableTime(lastSentOn)) return null;
  if (unconfirmedCount !== undefined && unconfirmedCount !== null && !count(unconfirmedCount)) return null;
  if (typeof unlimited !== 'boolean' || typeof qtyInStock !== 'number' || !Number.isSafeInteger(qtyInStock))
    return null;
  return {
    productId,
    variantId: variantId ?? null,
    sku: sku ?? null,
    title: typeof title === 'string' ? title : '',
    attributes,
    signUpCount,
    pendingCount,
    unconfirmedCount: unconfirmedCount ?? null,
    unlimited,
    qtyInStock,
    lastSentOn: lastSentOn ?? null,
  };
};

const parseSignUp = (raw: JsonRecord): RestockSignUp | null => {
  const { id, email, isJoinMailingList, created, notifiedOn, confirmedOn } = raw;
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  if (typeof email !== 'string' || typeof isJoinMailingList !== 'boolean') return null;
  if (!isTime(created) || !nullableTime(notifiedOn)) return null;
  if (!nullableTime(confirmedOn)) return null;
  return {
    id: String(id),
    email,
    isJoinMailingList,
    created,
    notifiedOn: notifiedOn ?? null,
    confirmedOn: confirmedOn ?? null,
  };
};

const parsePage =
  <T>(listKey: string, parseItem: (raw: JsonRecord) => T | null) =>
  (body: unknown): Result<RestockPage<T>> => {
    if (!isRecord(body)) return fail(['body is not an object']);
    const list = body[listKey];
    const { hasNextPage, nextPageCursor } = body;
    if (!Array.isArray(list)) return fail([listKey]);
    const items: T[] = [];
    for (const raw of list as unknown[]) {
      const item = isRecord(raw) ? parseItem(raw) : null;
      if (item === null) return fail([`${listKey} item`]);
      items.push(item);
    }
    if (typeof hasNextPage !== 'boolean') return fail(['hasNextPage']);
    if (!nullableText(nextPageCursor)) return fail(['nextPageCursor']);
    // "More pages" without a cursor to reach them is a broken answer, not an end.
    if (hasNextPage && !nextPageCursor) return fail(['nextPageCursor']);
    return ok({ items, hasNextPage, nextPageCursor: nextPageCursor ?? null });
  };

export const parseGroupsPage = parsePage('signUpGroups', parseGroup);
export const parseSignUpsPage = parsePage('signUps', parseSignUp);

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
  /** The group's variant; null for sign-ups made without one (a group with no variant). */
  readonly variantId: string | null;
}

export interface RestockApi {
  /** Failure messages are the server's `message` (spec 000 §8). */
  restockSignUp(payload: RestockSignUpPayload): Promise<ApiResult<unknown>>;
  /** Every group, following `nextPageCursor` until `hasNextPage` is false. */
  getAllRestockGroups(): Promise<ApiResult<RestockGroup[]>>;
  /** One page of a variant's sign-ups; pass the previous page's `nextPageCursor` for the next. */
  getRestockSignUps(query: {
    productId: string;
    /** Null for a group with no variant: the query then names the product only. */
    variantId: string | null;
    cursor?: string | undefined;
  }): Promise<ApiResult<RestockPage<RestockSignUp>>>;
  sendRestock(request: RestockSendRequest): Promise<ApiResult<unknown>>;
  /** 1 to 100 requests a call, the endpoint's limit (docs/http-api.md): the caller splits more into batches. */
  sendRestockAll(sendRequests: readonly RestockSendRequest[]): Promise<ApiResult<unknown>>;
}

/**
 * Restock sign-up: the server's `message` (spec 000 §8 "Restock failure"), whatever the status. A
 * refusal without one reads the catalogued text of its kind: a crumb failure's, a 429's ("Please
 * try again in a few seconds."), else the server's `error` or "Please try again".
 */
export const mapRestockError: FailureMapper = (failure) => {
  if (isCrumbFailure(failure.body)) return crumbError(failure);
  const message = text(failure.body, 'message');
  if (message !== null) return httpError(failure.status, message);
  if (failure.status === 429) return httpError(429, apiText('rateLimited'));
  return httpError(failure.status, text(failure.body, 'error') ?? apiText('tryAgain'));
};

/** A server that keeps answering "there is more" must not keep the loop going forever. */
const MAX_RESTOCK_PAGES = 1000;

const RESTOCK_PATH = 'site-users/account/notifications/restock';

export const createRestockApi = ({ call }: ApiClient): RestockApi => ({
  restockSignUp: (payload) =>
    call({
      method: 'post',
      path: RESTOCK_PATH,
      json: payload,
      parse: parseAnything,
      mapError: mapRestockError,
    }),

  getAllRestockGroups: async () => {
    const groups: RestockGroup[] = [];
    let cursor: string | null = null;
    const seen = new Set<string>();
    for (let page = 0; page < MAX_RESTOCK_PAGES; page += 1) {
      const result: ApiResult<RestockPage<RestockGroup>> = await call({
        method: 'get',
        path: `${RESTOCK_PATH}/groups`,
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
  },

  getRestockSignUps: ({ productId, variantId, cursor }) =>
    call({
      method: 'get',
      path: RESTOCK_PATH,
      searchParams: {
        productId,
        ...(variantId === null ? {} : { variantId }),
        ...(cursor ? { cursor } : {}),
      },
      parse: parseSignUpsPage,
    }),

  sendRestock: ({ productId, variantId }) =>
    call({
      method: 'post',
      path: `${RESTOCK_PATH}/send`,
      json: { productId, variantId },
      parse: parseAnything,
    }),

  sendRestockAll: (sendRequests) =>
    call({
      method: 'post',
      path: `${RESTOCK_PATH}/send/all`,
      json: { sendRequests },
      parse: parseAnything,
    }),
});
