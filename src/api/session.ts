/**
 * Site-user session calls (spec 001 §3, §6, §7): login answers the `xsrfToken` later calls carry,
 * logout is repeated once when the server answers with a crumb failure (it re-issues the crumb
 * with that answer, so the repeat carries a fresh one).
 */
import { fail, isRecord, ok, readStringList } from '../result.js';
import type { ApiClient } from './client.js';
import type { Parser } from './parsers.js';
import type { ApiResult } from './types.js';

export interface LoginInput {
  readonly email: string;
  readonly password: string;
  /** Keep the session after the browser closes. @default false */
  readonly rememberMe?: boolean | undefined;
}

export interface SiteUser {
  readonly id: string;
  readonly email: string;
  readonly roles: readonly string[];
}

export interface LoginResult {
  /** The anti-forgery token of the new session. */
  readonly xsrfToken: string;
  readonly siteUser: SiteUser | null;
}

export interface LogoutInput {
  /** Give the signed-out visitor a copy of the account's cart. @default false */
  readonly cloneCart?: boolean | undefined;
}

export interface SessionApi {
  login(input: LoginInput): Promise<ApiResult<LoginResult>>;
  logout(input?: LogoutInput): Promise<ApiResult<unknown>>;
}

const SESSION_PATH = 'site-users/account/session';

const parseLogin: Parser<LoginResult> = (body) => {
  if (!isRecord(body)) return fail(['body is not an object']);
  const token = body['xsrfToken'];
  if (typeof token !== 'string' || token === '') return fail(['xsrfToken']);
  const user = body['siteUser'];
  const siteUser =
    isRecord(user) && typeof user['id'] === 'string' && typeof user['email'] === 'string'
      ? { id: user['id'], email: user['email'], roles: readStringList(user['roles']) }
      : null;
  return ok({ xsrfToken: token, siteUser });
};

export const createSessionApi = ({ call }: ApiClient): SessionApi => ({
  login: ({ email, password, rememberMe }) =>
    call({
      method: 'post',
      path: SESSION_PATH,
      json: { email, password, rememberMe: rememberMe === true },
      parse: parseLogin,
    }),

  logout: async ({ cloneCart } = {}) => {
    const send = () =>
      call({
        method: 'delete',
        path: SESSION_PATH,
        searchParams: { cloneCart: String(cloneCart === true) },
        parse: (body) => ok(body),
      });
    const first = await send();
    return !first.ok && first.error.crumbFail === true ? send() : first;
  },
});
