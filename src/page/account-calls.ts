/**
 * `Storefront.account`'s calls. The session calls (./session.ts) load with their first use: most
 * page views never sign anyone in. A chunk that cannot load answers like a request that could not
 * be sent.
 */
import { networkError } from '../api/texts.js';
import type { ApiResult } from '../api/types.js';

const sessions = () => import('./session.js');
const unsent = (): ApiResult<never> => ({ ok: false, error: networkError() });
export const login: typeof import('./session.js').login = (...args) =>
  sessions().then((m) => m.login(...args), unsent);
export const logout: typeof import('./session.js').logout = (...args) =>
  sessions().then((m) => m.logout(...args), unsent);
