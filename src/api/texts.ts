/**
 * What the page needs of the failure mapping before any call is made: the catalogued texts
 * (spec 000 §8) and the failure of a call whose endpoint chunk did not load. The rest of the
 * mapping (./errors.ts) runs only once a response is in, so it travels with the client's chunk.
 */
import { catalogueDefaults } from '../messages/format.js';
import { STOREFRONT_MESSAGES } from '../messages/storefront.js';
import type { ApiError } from './types.js';

/** The catalogued texts the api produces (spec 000 §8), taken from the shared catalogue. */
export const API_MESSAGES = {
  sessionExpired: STOREFRONT_MESSAGES.crumbExpired,
  enableCookies: STOREFRONT_MESSAGES.crumbCookiesOff,
  rateLimited: STOREFRONT_MESSAGES.tooManyRequests,
  offline: STOREFRONT_MESSAGES.checkConnection,
  tryAgain: STOREFRONT_MESSAGES.tryAgain,
} as const;

const apiMessages = catalogueDefaults(API_MESSAGES);

/** One of the api's texts in the page's language. */
export const apiText = (key: keyof typeof API_MESSAGES): string => apiMessages().t(key);

export const networkError = (): ApiError => ({
  kind: 'network',
  status: 0,
  message: apiText('offline'),
});
