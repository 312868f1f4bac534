/**
 * Shared request/response plumbing: error bodies, cookies, the crumb and the site-user session.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COOKIES } from '../../src/contract';
import type { Db } from './db';

export const CRUMB_MAX_AGE_S = 390 * 24 * 60 * 60;
export const CART_MAX_AGE_S = 14 * 24 * 60 * 60;
export const REMEMBER_ME_MAX_AGE_S = 30 * 24 * 60 * 60;
export const SESSION_COOKIE = 'SiteUserSession';
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

/** A 400 naming the field at fault. */
export function badField(reply: FastifyReply, field: string, message: string): FastifyReply {
  return sendError(reply, 400, message, { errors: { [field]: message } });
}

const cookieBase = { path: '/', sameSite: 'lax' as const };

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Issues a crumb, stores it, and sets the cookie. */
export function issueCrumb(db: Db, reply: FastifyReply): string {
  const value = newToken();
  db.prepare('INSERT INTO crumbs (value, created) VALUES (?, ?)').run(value, Date.now());
  reply.setCookie(COOKIES.crumb, value, { ...cookieBase, maxAge: CRUMB_MAX_AGE_S });
  return value;
}

export function isKnownCrumb(db: Db, value: string | undefined): boolean {
  if (!value || value.length > 100) return false;
  return db.prepare('SELECT 1 FROM crumbs WHERE value = ? AND revoked IS NULL').get(value) !== undefined;
}

export function revokeCrumb(db: Db, value: string | undefined): void {
  if (value) db.prepare('UPDATE crumbs SET revoked = ? WHERE value = ?').run(Date.now(), value);
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

export function setCartCookies(reply: FastifyReply, cartId: string): void {
  // The cart id acts as a bearer token for the cart, so scripts never see it; `hasCart` is what the
  // page-start rule (spec 000 §4) can read.
  reply.setCookie(COOKIES.cart, cartId, { ...cookieBase, httpOnly: true, maxAge: CART_MAX_AGE_S });
  reply.setCookie(COOKIES.hasCart, 'true', { ...cookieBase, maxAge: CART_MAX_AGE_S });
}

export function clearCartCookies(reply: FastifyReply): void {
  reply.clearCookie(COOKIES.cart, { ...cookieBase, httpOnly: true });
  reply.clearCookie(COOKIES.hasCart, cookieBase);
}

export function setSessionCookie(reply: FastifyReply, id: string, rememberMe: boolean): void {
  reply.setCookie(SESSION_COOKIE, id, {
    ...cookieBase,
    httpOnly: true,
    ...(rememberMe ? { maxAge: REMEMBER_ME_MAX_AGE_S } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { ...cookieBase, httpOnly: true });
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

/** Reads a boolean query flag; undefined when absent, 'invalid' when malformed. */
export function queryFlag(value: unknown): boolean | undefined | 'invalid' {
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return 'invalid';
}

/** Parses a quantity per spec 000 §5; returns the message on failure. */
export function parseQuantity(
  value: unknown,
  min: number,
): { ok: true; value: number } | { ok: false; message: string } {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || Number.isNaN(n)) return { ok: false, message: 'Quantity must be a number.' };
  if (!Number.isInteger(n)) return { ok: false, message: 'Quantity must be a whole number.' };
  if (n < min || n > 9999) return { ok: false, message: `Quantity must be between ${min} and 9999.` };
  return { ok: true, value: n };
}
