/**
 * The typed api client: one function per documented endpoint (docs/http-api.md), all built on one
 * HTTP client (./client.ts). Every function resolves, never rejects, to an ApiResult; responses
 * are parsed before anything reads them, and failures are mapped to the texts of spec 000 §8.
 *
 * The endpoints live in one module per domain (cart, forms, restock, analytics) so a bundle takes
 * only the ones it calls; `createApi` puts them all together for npm users and tests, and
 */
import { createAnalyticsApi } from './analytics.js';
import { createCartApi } from './cart.js';
import { createClient, type ApiOptions } from './client.js';
import { createFormsApi } from './forms.js';
import type { Api } from './page.js';
import { createRestockApi } from './restock.js';

export type { AnalyticsApi } from './analytics.js';
export type {
  AddCartEntryInput,
  CartApi,
  CartApiOptions,
  CartReadApi,
  CartWriteApi,
  StockResult,
  SubscriptionCartInput,
  UpdateAdditionalFieldsInput,
} from './cart.js';
export type { ApiClient, ApiOptions } from './client.js';
export type { FormSchema, FormSchemaField, FormSubmissionPayload, FormsApi } from './forms.js';
export type { Api } from './page.js';
export type {
  RestockApi,
  RestockGroup,
  RestockPage,
  RestockSendRequest,
  RestockSignUp,
  RestockSignUpPayload,
} from './restock.js';
export type { ApiError, ApiErrorKind, ApiResult } from './types.js';
export { API_MESSAGES, crumbMessage, mapCartError, type FailureMapper, type HttpFailure } from './errors.js';
export { mapFormSaveError, mapValidateFormError } from './forms.js';
export { mapRestockError } from './restock.js';
export { createAnalyticsApi } from './analytics.js';
export { createCartApi, createCartWriter } from './cart.js';
export { createCartReader } from './cart-read.js';
export { createClient } from './client.js';
export { createFormsApi } from './forms.js';
export { createRestockApi } from './restock.js';
export { parseCartEntry, parseShoppingCart } from './parse.js';

/** Every endpoint over one new client, all loaded now. */
export const createApi = (options: ApiOptions = {}): Api => {
  const client = createClient(options);
  return {
    ...createCartApi(client),
    ...createFormsApi(client),
    ...createRestockApi(client),
    ...createAnalyticsApi(client),
  };
};
