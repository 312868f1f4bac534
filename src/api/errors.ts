/**
 * Failure mapping (spec 000 §8): every way a call can go wrong ends as one typed ApiError whose
 * message is either a catalogued text or the server's own message.
 */
import { STOREFRONT_MESSAGES } from '../messages/storefront.js';
import type { ApiError } from './types.js';
import { isRecord, parseFieldErrors } from './parse.js';

/** The catalogued texts the api produces (spec 000 §8), taken from the shared catalogue. */
export const API_MESSAGES = {
  sessionExpired: STOREFRONT_MESSAGES.crumbExpired,
  enableCookies: STOREFRONT_MESSAGES.crumbCookiesOff,
  rateLimited: STOREFRONT_MESSAGES.tooManyRequests,
  offline: STOREFRONT_MESSAGES.checkConnection,
  tryAgain: STOREFRONT_MESSAGES.tryAgain,
  form401: STOREFRONT_MESSAGES.form401,
  form404: STOREFRONT_MESSAGES.form404,
  form429: STOREFRONT_MESSAGES.form429,
  form500: STOREFRONT_MESSAGES.form500,
  formUnknown: STOREFRONT_MESSAGES.formUnknownError,
} as const;

/** What a mapper sees of a response that came back with an error status. */
export interface HttpFailure {
  readonly status: number;
  /** The decoded JSON body; undefined when the body was empty or not JSON. */
  readonly body: unknown;
  /** Whether the browser accepts cookies, which decides the crumb-failure text. */
  readonly cookiesEnabled: boolean;
}

export type FailureMapper = (failure: HttpFailure) => ApiError;

const text = (body: unknown, key: string): string | null => {
  if (!isRecord(body)) return null;
  const value = body[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

/** The server's own message: `message`, else `error`. */
export const serverMessage = (body: unknown): string | null => text(body, 'message') ?? text(body, 'error');

/** The server marks a missing or stale anti-forgery crumb with `crumbFail: true`. */
export const isCrumbFailure = (body: unknown): boolean => isRecord(body) && body['crumbFail'] === true;

export const crumbMessage = (cookiesEnabled: boolean): string =>
  cookiesEnabled ? API_MESSAGES.sessionExpired : API_MESSAGES.enableCookies;

const httpError = (status: number, message: string, extra?: Partial<ApiError>): ApiError => ({
  kind: 'http',
  status,
  message,
  ...extra,
});

const crumbError = (failure: HttpFailure): ApiError =>
  httpError(failure.status, crumbMessage(failure.cookiesEnabled), { crumbFail: true });

/**
 * The cart rule (spec 000 §8 "Add to cart"), which also serves every call without a rule of its
 * own: crumb failure, then 429, then the server's message.
 */
export const mapCartError: FailureMapper = (failure) => {
  if (isCrumbFailure(failure.body)) return crumbError(failure);
  if (failure.status === 429) return httpError(429, API_MESSAGES.rateLimited);
  return httpError(failure.status, serverMessage(failure.body) ?? API_MESSAGES.tryAgain);
};

const FORM_STATUS_TEXT: Readonly<Record<number, string>> = {
  401: API_MESSAGES.form401,
  404: API_MESSAGES.form404,
  429: API_MESSAGES.form429,
  500: API_MESSAGES.form500,
};

/** Per-field errors arrive as `errors` (field id to message). */
const fieldErrorsOf = (body: unknown): Record<string, string> | null =>
  isRecord(body) ? parseFieldErrors(body['errors']) : null;

/** SaveFormSubmission (spec 000 §8 "Generic form by status"). */
export const mapFormSaveError: FailureMapper = (failure) => {
  if (isCrumbFailure(failure.body)) return crumbError(failure);
  const byStatus = FORM_STATUS_TEXT[failure.status];
  if (byStatus !== undefined) return httpError(failure.status, byStatus);
  if (failure.status === 400) {
    const fieldErrors = fieldErrorsOf(failure.body);
    if (fieldErrors)
      return httpError(400, text(failure.body, 'error') ?? API_MESSAGES.formUnknown, { fieldErrors });
  }
  return httpError(failure.status, text(failure.body, 'error') ?? API_MESSAGES.formUnknown);
};

/**
 * Additional-fields validation: a 400 carries the field map (as `errors`, or as the whole body);
 * anything else follows the cart rule.
 */
export const mapValidateFormError: FailureMapper = (failure) => {
  if (failure.status === 400 && !isCrumbFailure(failure.body)) {
    const fieldErrors = fieldErrorsOf(failure.body) ?? parseFieldErrors(failure.body);
    if (fieldErrors)
      return httpError(400, serverMessage(failure.body) ?? API_MESSAGES.tryAgain, { fieldErrors });
  }
  return mapCartError(failure);
};

/** Restock sign-up: the server's `message` (spec 000 §8 "Restock failure"). */
export const mapRestockError: FailureMapper = (failure) => {
  if (isCrumbFailure(failure.body)) return crumbError(failure);
  if (failure.status === 429) return httpError(429, API_MESSAGES.rateLimited);
  return httpError(
    failure.status,
    text(failure.body, 'message') ?? text(failure.body, 'error') ?? API_MESSAGES.tryAgain,
  );
};

export const networkError = (): ApiError => ({ kind: 'network', status: 0, message: API_MESSAGES.offline });

export const timeoutError = (): ApiError => ({ kind: 'timeout', status: 0, message: API_MESSAGES.offline });

export const invalidResponse = (status: number): ApiError => ({
  kind: 'invalid-response',
  status,
  message: API_MESSAGES.tryAgain,
});
