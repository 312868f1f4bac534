/**
 * Shared request/response plumbing: error bodies, cookies, the crumb and the site-user session.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COOKIES } from '../../src/contract';
import { ADD_MESSAGES } from '../../src/messages/add';
import { format } from '../../src/messages/format';
import {
  createCrumbKeeper,
  createSignedTokens,
  signingKey,
  type CrumbKeeper,
  type SignedTokens,
} from './crumbs';
import type { Db } from './db';
import {
  CART_MAX_AGE_S,
  CRUMB_MAX_AGE_S,
  DEVICE_MAX_AGE_S,
  MAX_ENTRY_QUANTITY,
  MAX_JSON_DEPTH,
  REMEMBER_ME_MAX_AGE_S,
} from './limits';

export { CART_MAX_AGE_S, CRUMB_MAX_AGE_S, REMEMBER_ME_MAX_AGE_S };
export const SESSION_COOKIE = 'SiteUserSession';
/** Set at each successful sign-in: this browser has signed in to that account before. */
export const DEVICE_COOKIE = 'SiteUserDevice';
/** The one path the device cookie is sent to. */
const SIGN_IN_PATH = '/api/site-users/account/session';
export const CRUMB_FAIL_MESSAGE = 'Your session has expired. Please reload the page and try again.';

// The routes read request bodies with the SDK's own JSON reader.
export { isRecord } from '../../src/result';

export interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
  code?: string;
  crumbFail?: true;
  error?: string;
}

/** Sends `{ message, ...extra }` with a status. */
export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  extra: Omit<ErrorBody, 'message'> = {},
): FastifyReply {
  return reply.code(status).send({ message, ...extra });
}

/**
 * Marks an answer that depends on the visitor's cookies (session, cart): no shared cache may keep
 * it, and none may hand it to another visitor.
 */
export function personalised(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'private, no-store').header('Vary', 'Cookie');
}

/**
 * Marks a rendered page, which depends on the visitor's cookies: no shared cache may keep it
 * (`private`), and the browser asks again before each use (`no-cache`, answered 304 when the
 * page's validator still matches, demo/server/page-cache.ts `sendHtml`). Unlike `no-store` this
 * lets the browser keep the page in its back/forward cache (docs/server.md).
 */
export function personalisedPage(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie');
}

/** A 400 naming the field at fault. */
export function badField(reply: FastifyReply, field: string, message: string): FastifyReply {
  return sendError(reply, 400, message, { errors: { [field]: message } });
}

/**
 * Every cookie's attributes. `Secure` when the request came over HTTPS, or always with the
 * `secureCookies` option (a TLS proxy in front of the server makes every request look plain).
 */
function cookieBase(reply: FastifyReply): { path: string; sameSite: 'lax'; secure: boolean } {
  const secure = reply.server.secureCookies || reply.request.protocol === 'https';
  return { path: '/', sameSite: 'lax', secure };
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const keepers = new WeakMap<Db, CrumbKeeper>();
/** The crumb keeper of a database, made on first use (after any seeding, which sets its secret). */
function crumbs(db: Db): CrumbKeeper {
  let keeper = keepers.get(db);
  if (keeper === undefined) {
    keeper = createCrumbKeeper(db);
    keepers.set(db, keeper);
  }
  return keeper;
}

/** Issues a signed crumb and sets the cookie; nothing is stored. */
export function issueCrumb(db: Db, reply: FastifyReply): string {
  const value = crumbs(db).issue();
  reply.setCookie(COOKIES.crumb, value, { ...cookieBase(reply), maxAge: CRUMB_MAX_AGE_S });
  return value;
}

export function isKnownCrumb(db: Db, value: string | undefined): boolean {
  return crumbs(db).isValid(value);
}

export function revokeCrumb(db: Db, value: string | undefined): void {
  crumbs(db).revoke(value);
}

/** The crumb check of docs/http-api.md: the token must equal the cookie and be one we issued. */
export function crumbOk(db: Db, request: FastifyRequest, token: unknown): boolean {
  const cookie = request.cookies[COOKIES.crumb];
  return typeof token === 'string' && token === cookie && isKnownCrumb(db, cookie);
}

export function crumbFail(db: Db, reply: FastifyReply): FastifyReply {
  issueCrumb(db, reply);
  return sendError(reply, 401, CRUMB_FAIL_MESSAGE, { crumbFail: true });
}

const deviceTokens = new WeakMap<Db, SignedTokens>();
/** The device tokens of a database, made on first use (after any seeding, which sets its secret). */
function devices(db: Db): SignedTokens {
  let tokens = deviceTokens.get(db);
  if (tokens === undefined) {
    tokens = createSignedTokens(signingKey(db, 'sign-in device'), DEVICE_MAX_AGE_S);
    deviceTokens.set(db, tokens);
  }
  return tokens;
}

/**
 * Marks this browser as one `account` has signed in on: a signed token bound to the account (it
 * does not hold the email), sent back only to the sign-in call, never to scripts or other sites.
 */
export function setDeviceCookie(db: Db, reply: FastifyReply, account: string): void {
  reply.setCookie(DEVICE_COOKIE, devices(db).issue(account), {
    ...cookieBase(reply),
    path: SIGN_IN_PATH,
    sameSite: 'strict',
    httpOnly: true,
    maxAge: DEVICE_MAX_AGE_S,
  });
}

/** Whether the request comes from a browser where `account` signed in before. */
export function isKnownDevice(db: Db, request: FastifyRequest, account: string): boolean {
  return devices(db).isValid(request.cookies[DEVICE_COOKIE], account);
}

export function setCartCookies(reply: FastifyReply, cartId: string): void {
  // The cart id acts as a bearer token for the cart, so scripts never see it; `hasCart` is what the
  // page-start rule (spec 000 §4) can read.
  reply.setCookie(COOKIES.cart, cartId, { ...cookieBase(reply), httpOnly: true, maxAge: CART_MAX_AGE_S });
  reply.setCookie(COOKIES.hasCart, 'true', { ...cookieBase(reply), maxAge: CART_MAX_AGE_S });
}

export function clearCartCookies(reply: FastifyReply): void {
  reply.clearCookie(COOKIES.cart, { ...cookieBase(reply), httpOnly: true });
  reply.clearCookie(COOKIES.hasCart, cookieBase(reply));
}

export function setSessionCookie(reply: FastifyReply, id: string, rememberMe: boolean): void {
  reply.setCookie(SESSION_COOKIE, id, {
    ...cookieBase(reply),
    httpOnly: true,
    ...(rememberMe ? { maxAge: REMEMBER_ME_MAX_AGE_S } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { ...cookieBase(reply), httpOnly: true });
}

export interface SiteUser {
  readonly id: string;
  readonly email: string;
  readonly roles: readonly string[];
  readonly sessionId: string;
}

export function currentUser(db: Db, request: FastifyRequest): SiteUser | null {
  const sid = request.cookies[SESSION_COOKIE];
  if (!sid || sid.length > 100) return null;
  const row = db
    .prepare(
      `SELECT u.id, u.email, u.roles_json, s.id AS sid FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id = ? AND s.ended IS NULL AND s.expires > ?`,
    )
    .get(sid, Date.now()) as { id: string; email: string; roles_json: string; sid: string } | undefined;
  return row
    ? { id: row.id, email: row.email, roles: JSON.parse(row.roles_json) as string[], sessionId: row.sid }
    : null;
}

/** Roles that may see and manage customers' data (restock sign-ups, the outbox). */
export const MANAGER_ROLES: readonly string[] = ['admin', 'store-manager'];

/** Whether the request comes from a signed-in store manager. */
export function isManager(user: SiteUser | null): user is SiteUser {
  return user !== null && user.roles.some((r) => MANAGER_ROLES.includes(r));
}

/** Reads a boolean query flag; undefined when absent, 'invalid' when malformed. */
export function queryFlag(value: unknown): boolean | undefined | 'invalid' {
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return 'invalid';
}

/**
 * A quantity as text: decimal digits only, so `0x10`, `0b101` and `1e1` are not numbers. The
 * digits are read once: a stranger's long run of digits ending in a letter is refused at once.
 */
const DECIMAL = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)\s*$/;

/** The SDK's text for a quantity out of range, so both sides refuse it in the same words. */
export const quantityRangeMessage = (min: number): string =>
  format(ADD_MESSAGES.quantityOutOfRange, { min, max: MAX_ENTRY_QUANTITY });

/** Parses a quantity per spec 000 §5; returns the message on failure. */
export function parseQuantity(
  value: unknown,
  min: number,
): { ok: true; value: number } | { ok: false; message: string } {
  const n = typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n))
    return { ok: false, message: ADD_MESSAGES.quantityNotNumber };
  if (!Number.isInteger(n)) return { ok: false, message: ADD_MESSAGES.quantityNotWhole };
  if (n < min || n > MAX_ENTRY_QUANTITY) return { ok: false, message: quantityRangeMessage(min) };
  return { ok: true, value: n };
}

/** Thrown for JSON nested deeper than MAX_JSON_DEPTH; answered 400 like any malformed JSON. */
export class JsonTooDeepError extends SyntaxError {
  constructor() {
    super('The JSON is nested too deeply.');
  }
}

/** How deeply arrays and objects nest in a JSON text, counted without parsing it. */
function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/**
 * JSON.parse for anything a request carries. Deep nesting is refused before parsing: a few
 * thousand levels parse fine but overflow the stack when the value is stored (JSON.stringify).
 */
export function parseRequestJson(text: string): unknown {
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw new JsonTooDeepError();
  return JSON.parse(text) as unknown;
}
