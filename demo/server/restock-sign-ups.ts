/**
 * The back-in-stock sign-ups' bookkeeping (spec 000 §7, docs/security.md): the confirmation mail
 * of a sign-up, the limits on it and its link followed, and the room each product keeps for
 * sign-ups. The routes that use them are ./routes-restock.ts.
 */
import { createHash } from 'node:crypto';
import { type AttemptCounter } from './attempts';
import type { Db } from './db';
import { newToken } from './http';
import { CONFIRMATION_MAIL_LIMITS, MAX_RESTOCK_SIGNUPS_PER_PRODUCT, OPT_IN_LINK_TTL_MS } from './limits';

/** Where the confirmation mail of a sign-up links to (double opt-in, docs/security.md). */
export const OPT_IN_CONFIRM_PATH = '/restock/confirm';

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export type SignUp = { id: string; productId: string; variantId: string; email: string };

/** Confirmation mails in the outbox since `since`, of one product or of the whole store. */
function confirmationMailsSince(db: Db, since: number, productId?: string): number {
  const { n } =
    productId === undefined
      ? (db
          .prepare(
            "SELECT COUNT(*) AS n FROM restock_notifications WHERE kind = 'confirm-opt-in' AND sent > ?",
          )
          .get(since) as { n: number })
      : (db
          .prepare(
            "SELECT COUNT(*) AS n FROM restock_notifications WHERE kind = 'confirm-opt-in' AND sent > ? AND product_id = ?",
          )
          .get(since, productId) as { n: number });
  return n;
}

/**
 * Whether `email` got a confirmation mail since `since`, for any product, that nobody has followed
 * yet (a sign-up gone since counts as not followed). A recipient who confirmed has shown the
 * mailbox wants the store's mail; a stranger's address still gets one unanswered mail a day at most.
 */
function awaitsConfirmationSince(db: Db, email: string, since: number): boolean {
  return (
    db
      .prepare(
        `SELECT 1 FROM restock_notifications n LEFT JOIN restock_signups s ON s.id = n.signup_id
         WHERE n.kind = 'confirm-opt-in' AND n.sent > ? AND n.email = ? AND s.opt_in_confirmed IS NULL
         LIMIT 1`,
      )
      .get(since, email) !== undefined
  );
}

/**
 * Whether one more confirmation mail stays within CONFIRMATION_MAIL_LIMITS: the store's, the
 * product's, the recipient's and the asking network's (docs/security.md). Counts the network's ask.
 */
export function mayMail(db: Db, signUp: SignUp, network: string, perNetwork: AttemptCounter): boolean {
  const now = Date.now();
  const windowStart = now - CONFIRMATION_MAIL_LIMITS.windowMs;
  if (perNetwork.check(network).ok === false) return false;
  if (awaitsConfirmationSince(db, signUp.email, now - CONFIRMATION_MAIL_LIMITS.perRecipientMs)) return false;
  if (confirmationMailsSince(db, windowStart) >= CONFIRMATION_MAIL_LIMITS.total) return false;
  if (confirmationMailsSince(db, windowStart, signUp.productId) >= CONFIRMATION_MAIL_LIMITS.perProduct) {
    return false;
  }
  perNetwork.add(network);
  return true;
}

/**
 * Mails the visitor a single-use link that confirms the sign-up when followed (the demo's mail is a
 * row of the outbox), and the mailing-list opt-in with it when this request asked for one. Anyone
 * can type any email into the form, so the store mails a restock notice, and counts an opt-in, only
 * once the mailbox's owner has followed the link. A new link replaces the previous one.
 */
export function sendConfirmationMail(db: Db, signUp: SignUp, joinMailingList: boolean): void {
  const token = newToken();
  const now = Date.now();
  db.prepare(
    'UPDATE restock_signups SET opt_in_token_hash = ?, opt_in_requested = ?, opt_in_mailing_list = ? WHERE id = ?',
  ).run(sha256(token), now, joinMailingList ? 1 : 0, signUp.id);
  db.prepare(
    `INSERT INTO restock_notifications (signup_id, product_id, variant_id, email, sent, kind, link)
     VALUES (?, ?, ?, ?, ?, 'confirm-opt-in', ?)`,
  ).run(
    signUp.id,
    signUp.productId,
    signUp.variantId,
    signUp.email,
    now,
    `${OPT_IN_CONFIRM_PATH}?token=${encodeURIComponent(token)}`,
  );
}

/**
 * Drops the unconfirmed sign-ups whose link has expired (OPT_IN_LINK_TTL_MS after its mail, or after
 * the sign-up when its mail was held back), of one product or of the whole store.
 */
export function dropExpiredSignUps(db: Db, productId?: string): void {
  const expired = Date.now() - OPT_IN_LINK_TTL_MS;
  const stale = 'opt_in_confirmed IS NULL AND COALESCE(opt_in_requested, created) <= ?';
  if (productId === undefined) db.prepare(`DELETE FROM restock_signups WHERE ${stale}`).run(expired);
  else db.prepare(`DELETE FROM restock_signups WHERE product_id = ? AND ${stale}`).run(productId, expired);
}

/**
 * Drops the newest of the product's confirmed (or unconfirmed) sign-ups from the client network
 * holding the most of them: a flood from a few networks replaces its own rows and a customer's
 * single sign-up stays (rows older than the column each count as a network of their own, db.ts).
 */
function dropFromBusiestNetwork(db: Db, productId: string, confirmed: boolean): boolean {
  const which = confirmed ? 'opt_in_confirmed IS NOT NULL' : 'opt_in_confirmed IS NULL';
  const crowded = db
    .prepare(
      `SELECT client_network AS network FROM restock_signups WHERE product_id = ? AND ${which}
       GROUP BY client_network ORDER BY COUNT(*) DESC, MAX(created) DESC LIMIT 1`,
    )
    .get(productId) as { network: string } | undefined;
  if (crowded === undefined) return false;
  const dropped = db
    .prepare(
      `DELETE FROM restock_signups WHERE id = (SELECT id FROM restock_signups
         WHERE product_id = ? AND client_network = ? AND ${which} ORDER BY created DESC, rowid DESC LIMIT 1)`,
    )
    .run(productId, crowded.network);
  return dropped.changes > 0;
}

/**
 * Makes room for one more sign-up of a full product. A sign-up already notified has done its work
 * (the outbox keeps its own record): the oldest of those goes first. Then an unconfirmed one, from
 * the busiest network: nobody has shown it is wanted, and a flood of strangers' addresses is all
 * unconfirmed. A confirmed one, from the busiest network, only when every row is confirmed and
 * waiting. Never refuses: refusing new emails only, while a repeat is answered 200, would tell a
 * stranger who had signed up.
 */
export function makeRoomForSignUp(db: Db, productId: string): void {
  const { n } = db
    .prepare('SELECT COUNT(*) AS n FROM restock_signups WHERE product_id = ?')
    .get(productId) as { n: number };
  if (n < MAX_RESTOCK_SIGNUPS_PER_PRODUCT) return;
  const notified = db
    .prepare(
      `DELETE FROM restock_signups WHERE id = (SELECT id FROM restock_signups
         WHERE product_id = ? AND notified IS NOT NULL ORDER BY notified, created LIMIT 1)`,
    )
    .run(productId);
  if (notified.changes > 0) return;
  if (dropFromBusiestNetwork(db, productId, false)) return;
  dropFromBusiestNetwork(db, productId, true);
}

/** A sign-up as its confirmation link finds it. */
export interface ConfirmableSignUp {
  readonly id: string;
  /** When the link was mailed. */
  readonly opt_in_requested: number | null;
  readonly opt_in_confirmed: number | null;
  /** Whether the link also records the mailing-list opt-in. */
  readonly opt_in_mailing_list: number;
  readonly is_join_mailing_list: number;
  readonly title: string | null;
}

/**
 * Follows a confirmation link: 'confirmed' the first time, 'already' once its work is done (the link
 * is single-use: following it again changes nothing), 'invalid' when it has expired unused.
 */
export function confirmSignUp(
  db: Db,
  row: ConfirmableSignUp,
  now: number,
): 'confirmed' | 'already' | 'invalid' {
  const done = row.opt_in_confirmed !== null && row.is_join_mailing_list >= row.opt_in_mailing_list;
  if (done) return 'already';
  if (row.opt_in_requested === null || now - row.opt_in_requested >= OPT_IN_LINK_TTL_MS) return 'invalid';
  db.prepare(
    `UPDATE restock_signups SET opt_in_confirmed = COALESCE(opt_in_confirmed, ?),
       is_join_mailing_list = MAX(is_join_mailing_list, opt_in_mailing_list) WHERE id = ?`,
  ).run(now, row.id);
  return 'confirmed';
}
