/**
 * Signed crumbs: a crumb carries its issue time and an HMAC under a secret stored with the data,
 * so issuing one writes nothing. Only revocations (login, logout) are stored, and those are capped.
 * Re-seeding replaces the secret, which makes every crumb issued before it stale.
 *
 * Layout (32 bytes, 43 base64url characters): 4 bytes issue time in seconds, 12 random bytes,
 * 16 bytes of HMAC-SHA256(secret, the first 16 bytes).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from './db';
import { CRUMB_MAX_AGE_S, MAX_REVOKED_CRUMBS } from './limits';

const ID_BYTES = 16;
const MAC_BYTES = 16;
const TOKEN_LENGTH = 43;
/** Revocations are pruned once per this many, not on every logout. */
const PRUNE_EVERY = 100;

export interface CrumbKeeper {
  issue(): string;
  isValid(value: string | undefined): boolean;
  revoke(value: string | undefined): void;
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
  const secret = secretOf(db);
  const isRevoked = db.prepare('SELECT 1 FROM crumb_revocations WHERE value = ?');
  const insertRevoked = db.prepare('INSERT OR IGNORE INTO crumb_revocations (value, revoked) VALUES (?, ?)');
  const pruneOld = db.prepare('DELETE FROM crumb_revocations WHERE revoked < ?');
  const pruneMany = db.prepare(
    'DELETE FROM crumb_revocations WHERE rowid <= (SELECT MAX(rowid) FROM crumb_revocations) - ?',
  );
  let sincePrune = 0;
  const mac = (id: Buffer): Buffer => createHmac('sha256', secret).update(id).digest().subarray(0, MAC_BYTES);

  return {
    issue() {
      const id = randomBytes(ID_BYTES);
      id.writeUInt32BE(Math.floor(now() / 1000), 0);
      return Buffer.concat([id, mac(id)]).toString('base64url');
    },
    isValid(value) {
      if (typeof value !== 'string' || value.length !== TOKEN_LENGTH) return false;
      const raw = Buffer.from(value, 'base64url');
      if (raw.length !== ID_BYTES + MAC_BYTES || raw.toString('base64url') !== value) return false;
      const id = raw.subarray(0, ID_BYTES);
      if (!timingSafeEqual(raw.subarray(ID_BYTES), mac(id))) return false;
      const ageS = now() / 1000 - id.readUInt32BE(0);
      if (ageS > CRUMB_MAX_AGE_S || ageS < -60) return false;
      return isRevoked.get(value) === undefined;
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
