/**
 * The cart's writes (docs/http-api.md "Cart"): add, change, remove, the additional fields, the
 * subscription checkout and the stock check; the read is ./cart-read.ts, which a page loads at
 * start without these. `createCartApi` is every cart call over one client.
 */
import { fail, isRecord, ok, type JsonRecord, type Result } from '../result.js';
import type { CartEntry, ShoppingCart } from '../store/types.js';
import type { ApiResult } from './types.js';
import { segment, type ApiClient } from './client.js';
import { createCartReader, type CartApiOptions, type CartReadApi } from './cart-read.js';
import { parseCartEntry, parseShoppingCart } from './parse.js';
import { parseString, type Parser } from './parsers.js';

export type { CartApiOptions, CartReadApi } from './cart-read.js';

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

export interface CartWriteApi {
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
}

/** Every cart call. */
export type CartApi = CartReadApi & CartWriteApi;

/** Every cart write answers `{ shoppingCart, ... }`; the cart is parsed first, then the rest. */
const withCart = <T>(
  body: unknown,
  rest: (record: JsonRecord, shoppingCart: ShoppingCart) => Result<T>,
): Result<T> => {
  if (!isRecord(body)) return fail(['body is not an object']);
  const cart = parseShoppingCart(body['shoppingCart']);
  return cart.ok ? rest(body, cart.value) : cart;
};

const withEntry =
  <K extends string>(key: K): Parser<{ shoppingCart: ShoppingCart } & Record<K, CartEntry>> =>
  (body) =>
    withCart(body, (record, shoppingCart) => {
      const entry = parseCartEntry(record[key]);
      return entry.ok
        ? ok({ shoppingCart, [key]: entry.value } as { shoppingCart: ShoppingCart } & Record<K, CartEntry>)
        : entry;
    });

const parseAdded = withEntry('newlyAdded');
const parseUpdated = withEntry('updatedEntry');

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

const parseCartToken: Parser<{ cartToken: string }> = (body) => {
  if (!isRecord(body)) return fail(['body is not an object']);
  const token = parseString(body['cartToken']);
  return token.ok ? ok({ cartToken: token.value }) : token;
};

const stringifyFields = (fields: Readonly<Record<string, unknown>> | null | undefined): string | null =>
  fields === null || fields === undefined ? null : JSON.stringify(fields);

const entryPath = (entryId: string): string => `commerce/shopping-cart/entries/${segment(entryId)}`;

export const createCartWriter = ({ call }: ApiClient): CartWriteApi => ({
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
});

export const createCartApi = (client: ApiClient, options: CartApiOptions = {}): CartApi => ({
  ...createCartReader(client, options),
  ...createCartWriter(client),
});
