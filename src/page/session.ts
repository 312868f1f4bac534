/**
 * Site-user sessions on the page (spec 001 §3, §6, §7): `Storefront.account.login` and
 * `.logout`, also exported for npm. After either succeeds the shared cart store reloads, so every
 * widget on the page shows the cart that now belongs to the visitor.
 *
 * The anti-forgery header of every call is read from the `crumb` cookie (src/api/client.ts), so
 * the login's `xsrfToken` is stored there: later calls then carry it, and a crumb the server
 * re-issues after a failure replaces it the same way. One home for the header, whoever set it.
 */
import { ACCOUNT_EVENTS, COOKIES, type AccountChangeDetail } from '../contract.js';
import { COOKIE_POLICY } from './constants.js';
import { createClient } from '../api/client.js';
import {
  createSessionApi,
  type LoginInput,
  type LoginResult,
  type LogoutInput,
  type SessionApi,
} from '../api/session.js';
import type { ApiResult } from '../api/types.js';
import { getPageRuntime } from './create-runtime.js';
import { writeCookie } from './identity.js';
import { setLoginId } from './page-state.js';

export type { LoginInput, LoginResult, LogoutInput, SiteUser } from '../api/session.js';

export interface SessionOptions {
  /** @default the page's session calls, rooted at the site context's `apiRoot` */
  readonly api?: SessionApi | undefined;
  /** Where the crumb cookie lives. @default globalThis.document */
  readonly doc?: Document | undefined;
  /** Reloads the shared cart. @default the page's cart store */
  readonly reloadCart?: (() => Promise<unknown>) | undefined;
  /** Where `sf:account-change` is dispatched. @default globalThis.document */
  readonly events?: EventTarget | undefined;
}

/** Tells the page's widgets the account changed, so they load what it may see without a reload. */
function announce(options: SessionOptions, user: AccountChangeDetail['user']): void {
  const target = options.events ?? globalThis.document;
  if (typeof target?.dispatchEvent !== 'function') return;
  const detail: AccountChangeDetail = { user };
  target.dispatchEvent(new CustomEvent(ACCOUNT_EVENTS.accountChange, { detail }));
}

/** The page's session api (its state, ./page-state.ts), made with the first call. */
const sessionApi = (): SessionApi => {
  const runtime = getPageRuntime();
  return (runtime.state.sessionApi ??= createSessionApi(createClient({ apiRoot: runtime.context.apiRoot })));
};

// After the read the page may have on the wire: that one asked for the cart of the last session.
const reloadPageCart = () => getPageRuntime().store.getState().reload();

export { loginId } from './page-state.js';

const badInput = <T>(): ApiResult<T> => ({
  ok: false,
  error: { kind: 'http', status: 400, message: 'email and password are required' },
});

/** Signs a site user in. Resolves, never rejects, to the api result. */
export async function login(
  input: LoginInput,
  options: SessionOptions = {},
): Promise<ApiResult<LoginResult>> {
  // The page's own scripts call this; a missing argument is answered, not thrown.
  if (typeof input?.email !== 'string' || typeof input.password !== 'string') return badInput();
  const result = await (options.api ?? sessionApi()).login({
    email: input.email,
    password: input.password,
    rememberMe: input.rememberMe === true,
  });
  if (!result.ok) return result;
  const doc = options.doc ?? globalThis.document;
  if (doc) writeCookie(doc, COOKIES.crumb, result.data.xsrfToken, COOKIE_POLICY.analyticsLifetimeMs);
  setLoginId(result.data.siteUser?.id ?? null);
  await (options.reloadCart ?? reloadPageCart)().catch(() => undefined);
  announce(options, result.data.siteUser);
  return result;
}

/** Signs the site user out; with `cloneCart` the visitor keeps a copy of the cart. */
export async function logout(
  input: LogoutInput = {},
  options: SessionOptions = {},
): Promise<ApiResult<unknown>> {
  const result = await (options.api ?? sessionApi()).logout({ cloneCart: input?.cloneCart === true });
  if (!result.ok) return result;
  setLoginId(null);
  await (options.reloadCart ?? reloadPageCart)().catch(() => undefined);
  announce(options, null);
  return result;
}
