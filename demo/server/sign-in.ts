/**
 * The sign-in's checks (docs/security.md): the password against its scrypt hash, in the same time
 * for an unknown email, and the account as the login throttle counts it.
 */
import { scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

/**
 * An unknown email is checked against this, so it costs the same scrypt as a known one and the
 * answer time does not tell which emails have accounts.
 */
export const DUMMY_HASH = `${'00'.repeat(16)}:${'00'.repeat(32)}`;

/** scrypt on libuv's thread pool: a login flood does not stall every other request. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [saltHex, hashHex] = stored.split(':');
  if (!saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await scryptAsync(password, Buffer.from(saltHex, 'hex'), expected.length);
  return timingSafeEqual(actual, expected);
}

/**
 * The account as the login throttle counts it: every spelling of one email (case, Unicode
 * compatibility forms, whitespace anywhere) is one account, so respelling it buys no new guesses.
 */
export const throttledAccount = (email: string): string =>
  email.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
