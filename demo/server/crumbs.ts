/**
 * Signed crumbs: a crumb carries its issue time and an HMAC under a secret stored with the data,
 * so issuing one writes nothing. Only revocations (login, logout) are stored, and those are capped.
 * Re-seeding replaces the secret, which makes every crumb issued before it stale.
 *
 * Layout (32 bytes, 43 base64url characters): 4 bytes issue time in seconds, 12 random bytes,
 * 16 bytes of HMAC-SHA256(secret, the first 16 bytes and the token's context). The sign-in device
 * cookie is a token of the same layout under a key of its own, bound to an account (http.ts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from './db';
import { CRUMB_MAX_AGE_S, MAX_REVOKED_CRUMBS } from './limits';

const ID_BYTES = 16;
const MAC_BYTES = 16;
const TOKEN_LENGTH = 43;
/** Revocations are pruned once per this many, not on every logout. */
const PRUNE_EVERY = 100;

export interface SignedTokens {
  /** A new token bound to `context`: its MAC covers the context, which the token does not carry. */
  issue(context?: string): string;
  /** Whether `value` is a token issued for `context` under this key, within its lifetime. */
  isValid(value: string | undefined, context?: string): boolean;
}

/** Signed tokens under `key`, valid `maxAgeS` seconds from their issue. */
export function createSignedTokens(key: Buffer, maxAgeS: number, now: () => number = Date.now): SignedTokens {
  const mac = (id: Buffer, context: string): Buffer =>
    createHmac('sha256', key).update(id).update(context, 'utf8').digest().subarray(0, MAC_BYTES);
  return {
    issue(context = '') {
      const id = randomBytes(ID_BYTES);
      id.writeUInt32BE(Math.floor(now() / 1000), 0);
      return Buffer.concat([id, mac(id, context)]).toString('base64url');
    },
    isValid(value, context = '') {
      if (typeof value !== 'string' || value.length !== TOKEN_LENGTH) return false;
      const raw = Buffer.from(value, 'base64url');
      if (raw.length !== ID_BYTES + MAC_BYTES || raw.toString('base64url') !== value) return false;
      const id = raw.subarray(0, ID_BYTES);
      if (!timingSafeEqual(raw.subarray(ID_BYTES), mac(id, context))) return false;
      const ageS = now() / 1000 - id.readUInt32BE(0);
      return ageS <= maxAgeS && ageS >= -60;
    },
  };
}

export interface CrumbKeeper {
  issue(): string;
  isValid(value: string | undefined): boolean;
  revoke(value: string | undefined): void;
}

/**
 * The database's signing secret, or for another `purpose` a key derived from it, so a token made
 * for one purpose is never valid for another.
 */
export function signingKey(db: Db, purpose: 'crumb' | 'sign-in device'): Buffer {
  const secret = secretOf(db);
  return purpose === 'crumb' ? secret : createHmac('sha256', secret).update(purpose).digest();
}

function secretOf(db: Db): Buffer {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'crumb_secret'").get() as
    { value: string } | undefined;
  if (row) return Buffer.from(row.value, 'hex');
  const secret = randomBytes(32);
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('crumb_secret', ?)").run(
    secret.toString('hex'),
  );
  return secret;
}

export function createCrumbKeeper(db: Db, now: () => number = Date.now): CrumbKeeper {
  const tokens = createSignedTokens(signingKey(db, 'crumb'), CRUMB_MAX_AGE_S, now);
  const isRevoked = db.prepare('SELECT 1 FROM crumb_revocations WHERE value = ?');
  const insertRevoked = db.prepare('INSERT OR IGNORE INTO crumb_revocations (value, revoked) VALUES (?, ?)');
  const pruneOld = db.prepare('DELETE FROM crumb_revocations WHERE revoked < ?');
  const pruneMany = db.prepare(
    'DELETE FROM crumb_revocations WHERE rowid <= (SELECT MAX(rowid) FROM crumb_revocations) - ?',
  );
  let sincePrune = 0;

  return {
    issue() {
      return tokens.issue();
    },
    isValid(value) {
      return tokens.isValid(value) && isRevoked.get(value) === undefined;
    },
    revoke(value) {
      if (typeof value !== 'string' || value.length !== TOKEN_LENGTH) return;
      insertRevoked.run(value, now());
      if (++sincePrune >= PRUNE_EVERY) {
        sincePrune = 0;
        // A revocation outlives the crumb's own lifetime by nothing: past it, the crumb fails anyway.
        pruneOld.run(now() - CRUMB_MAX_AGE_S * 1000);
        pruneMany.run(MAX_REVOKED_CRUMBS);
      }
    },
  };
}
