/**
 * Back-in-stock sign-up (visitors) and its management (store owners), spec 000 §7.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from './addresses';
import { createAttemptCounter } from './attempts';
import { findVariantById, getProduct, skuOut } from './products';
import { verifyCaptchaToken } from './captcha';
import type { Db } from './db';
import { isValidEmail } from './forms';
import { CONFIRMATION_MAIL_LIMITS, type RateLimitSetting } from './limits';
import { badField, currentUser, isManager, isRecord, personalised, sendError } from './http';
import { optInPage, outboxRows } from './restock-pages';
import {
  sha256,
  type SignUp,
  mayMail,
  sendConfirmationMail,
  dropExpiredSignUps,
  makeRoomForSignUp,
  OPT_IN_CONFIRM_PATH,
  confirmSignUp,
  type ConfirmableSignUp,
} from './restock-sign-ups';

const BASE = '/api/site-users/account/notifications/restock';

function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** Decodes an opaque cursor into its key tuple; null when absent, 'invalid' when malformed. */
function decodeCursor(
  raw: unknown,
  shape: readonly ('string' | 'number')[],
): (string | number)[] | null | 'invalid' {
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || raw.length > 500) return 'invalid';
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== shape.length) return 'invalid';
    return value.every((v, i) => typeof v === shape[i]) ? (value as (string | number)[]) : 'invalid';
  } catch {
    return 'invalid';
  }
}

function requireManager(db: Db, request: FastifyRequest, reply: FastifyReply): boolean {
  const user = currentUser(db, request);
  if (!user) {
    sendError(reply, 401, 'Sign in to manage restock notifications.');
    return false;
  }
  if (!isManager(user)) {
    sendError(reply, 403, 'Only store managers can manage restock notifications.');
    return false;
  }
  return true;
}

type Target = { productId: string; variantId: string };

/**
 * Resolves {productId, variantId} to the stored ids; replies 400/404 on failure. A request without a
 * variant (absent, null or '') names the group of sign-ups made without one: as a sign-up does, it
 * resolves to a single-variant product's variant, and is refused for a product with several.
 */
function resolveTarget(
  db: Db,
  raw: unknown,
): { ok: true; value: Target } | { ok: false; status: number; message: string; field?: string } {
  if (!isRecord(raw))
    return {
      ok: false,
      status: 400,
      message: 'Each request must be an object with productId and variantId.',
    };
  const { productId, variantId } = raw;
  if (typeof productId !== 'string' || productId === '')
    return { ok: false, status: 400, message: 'productId is required.', field: 'productId' };
  if (variantId !== undefined && variantId !== null && typeof variantId !== 'string')
    return { ok: false, status: 400, message: 'variantId must be a string.', field: 'variantId' };
  const wanted = variantId === undefined || variantId === null || variantId === '' ? null : variantId;
  const product = getProduct(db, productId);
  if (!product) return { ok: false, status: 404, message: 'This product is not available.' };
  const variant = findVariantById(product, wanted);
  if (!variant) {
    return wanted === null
      ? { ok: false, status: 400, message: 'variantId is required.', field: 'variantId' }
      : { ok: false, status: 404, message: 'This variant is not available.' };
  }
  return { ok: true, value: { productId: product.id, variantId: variant.variant_id } };
}

/** Mails the confirmed sign-ups not yet notified: an unconfirmed address is never mailed a notice. */
function sendNotifications(db: Db, target: Target): number {
  const pending = db
    .prepare(
      `SELECT id, email FROM restock_signups
       WHERE product_id = ? AND variant_id = ? AND notified IS NULL AND opt_in_confirmed IS NOT NULL`,
    )
    .all(target.productId, target.variantId) as { id: string; email: string }[];
  const now = Date.now();
  const insert = db.prepare(
    'INSERT INTO restock_notifications (signup_id, product_id, variant_id, email, sent) VALUES (?, ?, ?, ?, ?)',
  );
  const mark = db.prepare('UPDATE restock_signups SET notified = ? WHERE id = ?');
  for (const p of pending) {
    insert.run(p.id, target.productId, target.variantId, p.email, now);
    mark.run(now, p.id);
  }
  return pending.length;
}

export interface RestockRouteOptions {
  /** Sign-ups must carry a captcha token (the site has a captcha site key). @default false */
  readonly captchaRequired?: boolean | undefined;
  /** Sign-ups per client IP: each new email is a stored row. @default no limit */
  readonly signUpLimit?: RateLimitSetting | undefined;
}

export function registerRestockRoutes(
  app: FastifyInstance,
  db: Db,
  pageSize: number,
  options: RestockRouteOptions = {},
): void {
  const limit = options.signUpLimit;
  const signUpConfig = limit
    ? { config: { rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } } }
    : {};
  const mailsPerNetwork = createAttemptCounter({
    max: CONFIRMATION_MAIL_LIMITS.perNetwork,
    timeWindowMs: CONFIRMATION_MAIL_LIMITS.windowMs,
  });
  app.post(BASE, signUpConfig, async (request, reply) => {
    const body = request.body;
    if (!isRecord(body)) return sendError(reply, 400, 'The request body must be a JSON object.');
    const { productId, variantId, siteVisitorEmail, isJoinMailingList, captchaToken } = body;
    if (typeof productId !== 'string' || productId === '')
      return badField(reply, 'productId', 'productId is required.');
    if (variantId !== undefined && variantId !== null && typeof variantId !== 'string') {
      return badField(reply, 'variantId', 'variantId must be a string.');
    }
    if (siteVisitorEmail !== undefined && typeof siteVisitorEmail !== 'string') {
      return badField(reply, 'siteVisitorEmail', 'Email is invalid');
    }
    const email = (siteVisitorEmail ?? '').trim();
    if (email === '') return badField(reply, 'siteVisitorEmail', 'Email cannot be blank');
    if (!isValidEmail(email)) return badField(reply, 'siteVisitorEmail', 'Email is invalid');
    if (isJoinMailingList !== undefined && typeof isJoinMailingList !== 'boolean') {
      return badField(reply, 'isJoinMailingList', 'isJoinMailingList must be true or false.');
    }
    if (
      captchaToken !== undefined &&
      captchaToken !== null &&
      (typeof captchaToken !== 'string' || captchaToken.length > 5000)
    ) {
      return badField(reply, 'captchaToken', 'captchaToken must be a string.');
    }
    // A token, when sent, must be one the provider issued; with a captcha configured it must be sent.
    const hasToken = typeof captchaToken === 'string' && captchaToken !== '';
    if ((hasToken || options.captchaRequired === true) && !verifyCaptchaToken(captchaToken)) {
      return badField(reply, 'captchaToken', 'Complete CAPTCHA before submitting.');
    }
    const product = getProduct(db, productId);
    if (!product) return sendError(reply, 404, 'This product is not available.');
    const wanted = variantId === undefined || variantId === '' ? null : variantId;
    const variant = findVariantById(product, wanted);
    if (!variant) {
      return wanted === null
        ? badField(reply, 'variantId', 'Select a variant.')
        : sendError(reply, 404, 'This variant is not available.');
    }
    if (variant.unlimited === 1 || variant.qty_in_stock > 0) {
      return sendError(reply, 409, 'This item is in stock.', { code: 'in-stock' });
    }
    const target = { productId: product.id, variantId: variant.variant_id };
    const address = email.toLowerCase();
    const network = clientKey(request);
    const joinMailingList = isJoinMailingList === true;
    const requestConfirmation = (signUp: SignUp): void => {
      if (mayMail(db, signUp, network, mailsPerNetwork)) sendConfirmationMail(db, signUp, joinMailingList);
    };
    db.transaction((): void => {
      dropExpiredSignUps(db, target.productId);
      const existing = db
        .prepare(
          `SELECT id, is_join_mailing_list, opt_in_requested, opt_in_confirmed, opt_in_mailing_list
           FROM restock_signups WHERE product_id = ? AND variant_id = ? AND email = ?`,
        )
        .get(target.productId, target.variantId, address) as
        | {
            id: string;
            is_join_mailing_list: number;
            opt_in_requested: number | null;
            opt_in_confirmed: number | null;
            opt_in_mailing_list: number;
          }
        | undefined;
      if (existing) {
        // Counted, so a repeat writes as a new sign-up does and its answer waits for the same
        // durable write (group-commit.ts): the time taken does not tell it was a repeat.
        db.prepare('UPDATE restock_signups SET repeats = repeats + 1 WHERE id = ?').run(existing.id);
        // Asked again: a mail only when none went out (the bounds held it back), or when the
        // mailing list is asked for and no link sent yet carries it; never a mail per request.
        const heldBack = existing.opt_in_confirmed === null && existing.opt_in_requested === null;
        const newOptIn =
          joinMailingList && existing.is_join_mailing_list === 0 && existing.opt_in_mailing_list === 0;
        if (heldBack || newOptIn) requestConfirmation({ ...target, id: existing.id, email: address });
        return;
      }
      makeRoomForSignUp(db, target.productId);
      const id = randomUUID();
      db.prepare(
        `INSERT INTO restock_signups (id, product_id, variant_id, email, is_join_mailing_list, created, client_network)
         VALUES (?, ?, ?, ?, 0, ?, ?)`,
      ).run(id, target.productId, target.variantId, address, Date.now(), network);
      requestConfirmation({ ...target, id, email: address });
    })();
    // The same answer whether this email had signed up before or not, whether it is confirmed,
    // whether the product was full, and whether a confirmation mail went out: it tells nobody who
    // asked.
    return { success: true };
  });

  // A GET, so a mail client can open it: it flips one row at most (idempotent) and redirects
  // nowhere; the token is single-use and stored as its SHA-256 only (docs/security.md).
  app.get(OPT_IN_CONFIRM_PATH, async (request, reply) => {
    const token = (request.query as Record<string, unknown>)['token'];
    const row =
      typeof token === 'string' && token !== '' && token.length <= 100
        ? (db
            .prepare(
              `SELECT s.id, s.opt_in_requested, s.opt_in_confirmed, s.opt_in_mailing_list, s.is_join_mailing_list,
                 p.title
               FROM restock_signups s LEFT JOIN products p ON p.id = s.product_id
               WHERE s.opt_in_token_hash = ?`,
            )
            .get(sha256(token)) as ConfirmableSignUp | undefined)
        : undefined;
    const outcome = row === undefined ? 'invalid' : confirmSignUp(db, row, Date.now());
    const page = personalised(reply).type('text/html; charset=utf-8');
    if (outcome === 'invalid' || row === undefined) return page.code(404).send(optInPage(db, request, null));
    return page.send(
      optInPage(db, request, { product: row.title ?? '', mailingList: row.opt_in_mailing_list === 1 }),
    );
  });

  // The owner's outbox for the restock page, so it shows a send or a sign-in without a reload.
  app.get('/demo/outbox', async (request, reply) => {
    if (!requireManager(db, request, reply)) return reply;
    return personalised(reply).send({ items: outboxRows(db) });
  });

  app.get(`${BASE}/groups`, async (request, reply) => {
    if (!requireManager(db, request, reply)) return reply;
    const cursor = decodeCursor((request.query as Record<string, unknown>)['cursor'], ['string', 'string']);
    if (cursor === 'invalid') return badField(reply, 'cursor', 'The cursor is malformed.');
    const [afterProduct, afterVariant] = cursor ?? ['', ''];
    dropExpiredSignUps(db);
    const rows = db
      .prepare(
        `SELECT s.product_id, s.variant_id, COUNT(*) AS total,
           SUM(s.notified IS NULL AND s.opt_in_confirmed IS NOT NULL) AS pending,
           SUM(s.opt_in_confirmed IS NULL) AS unconfirmed, MAX(s.notified) AS last_sent,
           p.title, v.sku, v.attributes_json, v.unlimited, v.qty_in_stock
         FROM restock_signups s
         LEFT JOIN products p ON p.id = s.product_id
         LEFT JOIN variants v ON v.item_id = s.product_id AND v.variant_id = s.variant_id
         WHERE (s.product_id, s.variant_id) > (?, ?)
         GROUP BY s.product_id, s.variant_id
         ORDER BY s.product_id, s.variant_id LIMIT ?`,
      )
      .all(afterProduct, afterVariant, pageSize + 1) as {
      product_id: string;
      variant_id: string;
      total: number;
      pending: number;
      unconfirmed: number;
      last_sent: number | null;
      title: string | null;
      sku: string | null;
      attributes_json: string | null;
      unlimited: number | null;
      qty_in_stock: number | null;
    }[];
    const page = rows.slice(0, pageSize);
    const last = page[page.length - 1];
    const hasNextPage = rows.length > pageSize;
    return {
      signUpGroups: page.map((r) => ({
        productId: r.product_id,
        variantId: r.variant_id,
        sku: r.sku === null ? null : skuOut(r.sku),
        title: r.title ?? r.product_id,
        attributes:
          r.attributes_json === null ? {} : (JSON.parse(r.attributes_json) as Record<string, string>),
        signUpCount: r.total,
        // What a send mails: confirmed and not yet notified; the unconfirmed wait for their link.
        pendingCount: r.pending,
        unconfirmedCount: r.unconfirmed,
        unlimited: r.unlimited === 1,
        qtyInStock: r.qty_in_stock ?? 0,
        lastSentOn: r.last_sent,
      })),
      hasNextPage,
      nextPageCursor: hasNextPage && last ? encodeCursor([last.product_id, last.variant_id]) : null,
    };
  });

  app.get(BASE, async (request, reply) => {
    if (!requireManager(db, request, reply)) return reply;
    const query = request.query as Record<string, unknown>;
    const target = resolveTarget(db, query);
    if (!target.ok) {
      return target.field
        ? badField(reply, target.field, target.message)
        : sendError(reply, target.status, target.message);
    }
    const cursor = decodeCursor(query['cursor'], ['number', 'string']);
    if (cursor === 'invalid') return badField(reply, 'cursor', 'The cursor is malformed.');
    const [afterCreated, afterId] = cursor ?? [-1, ''];
    dropExpiredSignUps(db, target.value.productId);
    const rows = db
      .prepare(
        `SELECT id, email, is_join_mailing_list, created, notified, opt_in_confirmed FROM restock_signups
         WHERE product_id = ? AND variant_id = ? AND (created, id) > (?, ?)
         ORDER BY created, id LIMIT ?`,
      )
      .all(target.value.productId, target.value.variantId, afterCreated, afterId, pageSize + 1) as {
      id: string;
      email: string;
      is_join_mailing_list: number;
      created: number;
      notified: number | null;
      opt_in_confirmed: number | null;
    }[];
    const page = rows.slice(0, pageSize);
    const last = page[page.length - 1];
    const hasNextPage = rows.length > pageSize;
    return {
      signUps: page.map((r) => ({
        id: r.id,
        email: r.email,
        isJoinMailingList: r.is_join_mailing_list === 1,
        created: r.created,
        notifiedOn: r.notified,
        confirmedOn: r.opt_in_confirmed,
      })),
      hasNextPage,
      nextPageCursor: hasNextPage && last ? encodeCursor([last.created, last.id]) : null,
    };
  });

  app.post(`${BASE}/send`, async (request, reply) => {
    if (!requireManager(db, request, reply)) return reply;
    const target = resolveTarget(db, request.body);
    if (!target.ok) {
      return target.field
        ? badField(reply, target.field, target.message)
        : sendError(reply, target.status, target.message);
    }
    return { sent: db.transaction(() => sendNotifications(db, target.value))() };
  });

  app.post(`${BASE}/send/all`, async (request, reply) => {
    if (!requireManager(db, request, reply)) return reply;
    const body = request.body;
    const list = isRecord(body) ? body['sendRequests'] : undefined;
    if (!Array.isArray(list) || list.length === 0 || list.length > 100) {
      return badField(reply, 'sendRequests', 'sendRequests must be a list of 1 to 100 requests.');
    }
    const targets: Target[] = [];
    for (const item of list) {
      const target = resolveTarget(db, item);
      if (!target.ok) {
        return target.field
          ? badField(reply, `sendRequests.${target.field}`, target.message)
          : sendError(reply, target.status, target.message);
      }
      targets.push(target.value);
    }
    const results = db.transaction(() => targets.map((t) => ({ ...t, sent: sendNotifications(db, t) })))();
    return { sent: results.reduce((sum, r) => sum + r.sent, 0), results };
  });
}
