/**
 * Failure mapping (spec 000 §8): every way a call can go wrong ends as one typed ApiError whose
 * message is either a catalogued text or the server's own message. The rules of the form and
 * restock calls live with those calls (./forms.ts, ./restock.ts), which pages load on demand. The
 * texts and the offline failure, which the page needs before any call, are in ./texts.ts.
 */
import type { ApiError } from './types.js';
import { isRecord } from '../result.js';
import { apiText } from './texts.js';

export { API_MESSAGES, apiText, networkError } from './texts.js';

/** What a mapper sees of a response that came back with an error status. */
export interface HttpFailure {
  readonly status: number;
  /** The decoded JSON body; undefined when the body was empty or not JSON. */
  readonly body: unknown;
  /** Whether the browser accepts cookies, which decides the crumb-failure text. */
  readonly cookiesEnabled: boolean;
}

export type FailureMapper = (failure: HttpFailure) => ApiError;

/** A non-blank string field of an error body. */
export const text = (body: unknown, key: string): string | null => {
  if (!isRecord(body)) return null;
  const value = body[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

/** The server's own message: `message`, else `error`. */
export const serverMessage = (body: unknown): string | null => text(body, 'message') ?? text(body, 'error');

/** The server marks a missing or stale anti-forgery crumb with `crumbFail: true`. */
export const isCrumbFailure = (body: unknown): boolean => isRecord(body) && body['crumbFail'] === true;

export const crumbMessage = (cookiesEnabled: boolean): string =>
  apiText(cookiesEnabled ? 'sessionExpired' : 'enableCookies');

/**
 * A failure with its text: a catalogued one, already in the page's language, or the server's own
 * wording, as sent.
 */
export const httpError = (status: number, message: string, extra?: Partial<ApiError>): ApiError => ({
  kind: 'http',
  status,
  message,
  ...extra,
});

export const crumbError = (failure: HttpFailure): ApiError =>
  httpError(failure.status, crumbMessage(failure.cookiesEnabled), { crumbFail: true });

/**
 * The cart rule (spec 000 §8 "Add to cart"), which also serves every call without a rule of its
 * own: crumb failure, then 429, then the server's message.
 */
export const mapCartError: FailureMapper = (failure) => {
  if (isCrumbFailure(failure.body)) return crumbError(failure);
  if (failure.status === 429) return httpError(429, apiText('rateLimited'));
  return httpError(failure.status, serverMessage(failure.body) ?? apiText('tryAgain'));
};

export const timeoutError = (): ApiError => ({
  kind: 'timeout',
  status: 0,
  message: apiText('offline'),
});

export const invalidResponse = (status: number): ApiError => ({
  kind: 'invalid-response',
  status,
  message: apiText('tryAgain'),
});
