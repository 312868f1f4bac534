/**
 * Analytics, performance, error-report, session and site endpoints (spec 000 §7, spec 001 §7).
 * Analytics calls answer 204 and store what they receive; the SDK ignores their failures.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { clientKey } from './addresses';
import { createAttemptCounter, createFailureThrottle } from './attempts';
import { COOKIES } from '../../src/contract';
import { cloneCart, findOpenCart } from './cart';
import { looseBody, parseJsonField } from './beacon-body';
import type { Db } from './db';
import {
  badField,
  clearCartCookies,
  clearSessionCookie,
  crumbFail,
  crumbOk,
  currentUser,
  isRecord,
  isKnownDevice,
  issueCrumb,
  newToken,
  queryFlag,
  REMEMBER_ME_MAX_AGE_S,
  revokeCrumb,
  sendError,
  setCartCookies,
  setDeviceCookie,
  setSessionCookie,
} from './http';

import {
  BEACON_BODY_LIMIT,
  ERROR_REPORT_BODY_LIMIT,
  LOGIN_BASE_DELAY_MS,
  LOGIN_FAILURE_MEMORY_MS,
  MAX_BEACON_BATCH,
  MAX_LOGIN_FAILURE_KEYS,
  SESSION_MAX_AGE_S,
  type RateLimitSetting,
  type RateLimits,
} from './limits';
import { DUMMY_HASH, throttledAccount, verifyPassword } from './sign-in';

export const SITE_TITLE = 'Hearth & Thread';
const MAX_STACK = 5000;
const MAX_ERROR_EVENTS = 10;
const EVENT_TYPES = ['page_speed', 'user', 'image'];

const tooMany = (reply: FastifyReply, retryAfterS: number): FastifyReply =>
  sendError(
    reply.header('Retry-After', String(retryAfterS)),
    429,
    `Too many requests. Please try again in ${retryAfterS} seconds.`,
  );

const ANALYTICS_TABLES = [
  'census_hits',
  'events',
  'error_reports',
  'performance_records',
  'performance_page_loads',
];

export function registerPlatformRoutes(
  app: FastifyInstance,
  db: Db,
  limits: Pick<RateLimits, 'login' | 'loginFailures' | 'loginFailuresPerAccount' | 'beacons'>,
  maxAnalyticsRows: number,
): void {
  // Anonymous callers fill these tables, so each keeps only its newest rows.
  const prune = Object.fromEntries(
    ANALYTICS_TABLES.map((t) => [
      t,
      db.prepare(`DELETE FROM ${t} WHERE rowid <= (SELECT MAX(rowid) FROM ${t}) - ?`),
    ]),
  );
  const capped = (table: string): void => {
    prune[table]?.run(maxAnalyticsRows);
  };
  const rate = (limit: RateLimitSetting) => ({ max: limit.max, timeWindow: limit.timeWindowMs });
  /** Beacons: no crumb header (sendBeacon cannot set one), JSON, form or text bodies of a few KB. */
  const beacon = (
    bodyLimit = BEACON_BODY_LIMIT,
    crumb: 'none' | 'field' = 'none',
  ): RouteShorthandOptions => ({
    bodyLimit,
    config: { crumb, bodies: ['json', 'form', 'text'], rateLimit: rate(limits.beacons) },
  });
  const insertHit = db.prepare(
    'INSERT INTO census_hits (kind, target, payload_json, created) VALUES (?, ?, ?, ?)',
  );
  const recordHit = (kind: string, target: string | null, payload: unknown): void => {
    insertHit.run(kind, target, JSON.stringify(payload), Date.now());
    capped('census_hits');
  };
  /**
   * A census call of one object, or a batch of 1 to MAX_BEACON_BATCH of them (the SDK sends a
   * page's button renders together, docs/analytics.md): all are stored, or none.
   */
  const census =
    (kind: string, required: readonly string[] = []) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const body = looseBody(request.body);
      const hits = Array.isArray(body) ? body : [body];
      if (hits.length === 0 || hits.length > MAX_BEACON_BATCH || !hits.every(isRecord)) {
        return sendError(
          reply,
          400,
          `The body must be an object or a list of 1 to ${MAX_BEACON_BATCH} objects.`,
        );
      }
      for (const hit of hits) {
        for (const field of required) {
          if (typeof hit[field] !== 'string' || hit[field] === '')
            return badField(reply, field, `${field} is required.`);
        }
      }
      db.transaction(() => {
        for (const hit of hits) {
          recordHit(kind, typeof hit['formId'] === 'string' ? hit['formId'] : null, hit);
        }
      })();
      return reply.code(204).send();
    };

  app.post('/api/census/RecordHit', beacon(), async (request, reply) => {
    const body = looseBody(request.body);
    if (!isRecord(body)) return sendError(reply, 400, 'The body must be form fields.');
    if (typeof body['event'] !== 'string' || body['event'] === '')
      return badField(reply, 'event', 'event is required.');
    const data = parseJsonField(body['data']);
    if (!data.ok || !isRecord(data.value)) return badField(reply, 'data', 'data must be a JSON object.');
    recordHit('RecordHit', body['event'], { ...body, data: data.value });
    return reply.code(204).send();
  });
  app.post('/api/census/button-click', beacon(), census('button-click'));
  app.post('/api/census/button-render', beacon(), census('button-render'));
  app.post('/api/census/form-render', beacon(), census('form-render', ['formId']));
  app.post('/api/census/overlay', beacon(), census('overlay'));
  app.post('/api/census/RecordQuickView/:id', beacon(), async (request, reply) => {
    const { id } = request.params as { id: string };
    const body = looseBody(request.body);
    recordHit('RecordQuickView', id, isRecord(body) ? body : {});
    return reply.code(204).send();
  });

  app.post('/api/events/RecordEvent', beacon(BEACON_BODY_LIMIT, 'field'), async (request, reply) => {
    const body = looseBody(request.body);
    if (!isRecord(body)) return sendError(reply, 400, 'The body must be form fields.');
    // Sent by beacon, so the crumb travels as a form field rather than a header.
    if (!crumbOk(db, request, body['crumb'])) return crumbFail(db, reply);
    if (typeof body['event'] !== 'string' || body['event'] === '')
      return badField(reply, 'event', 'event is required.');
    const data = parseJsonField(body['data'] ?? '{}');
    if (!data.ok || !isRecord(data.value)) return badField(reply, 'data', 'data must be a JSON object.');
    const { crumb: _crumb, ...rest } = body;
    const name = typeof data.value['eventName'] === 'string' ? data.value['eventName'] : body['event'];
    db.prepare('INSERT INTO events (source, name, payload_json, created) VALUES (?, ?, ?, ?)').run(
      'RecordEvent',
      name,
      JSON.stringify({ ...rest, data: data.value }),
      Date.now(),
    );
    capped('events');
    return reply.code(204).send();
  });

  app.post('/api/v1/clanker/events', beacon(), async (request, reply) => {
    const body = looseBody(request.body);
    const events = Array.isArray(body) ? body : [body];
    if (events.length === 0 || events.length > MAX_BEACON_BATCH || !events.every(isRecord)) {
      return sendError(
        reply,
        400,
        `The body must be an event object or a list of 1 to ${MAX_BEACON_BATCH} events.`,
      );
    }
    const insert = db.prepare('INSERT INTO events (source, name, payload_json, created) VALUES (?, ?, ?, ?)');
    db.transaction(() => {
      for (const e of events) {
        const name = e['eventName'] ?? e['event_name'] ?? e['name'] ?? e['customSchemaName'];
        insert.run('clanker', typeof name === 'string' ? name : null, JSON.stringify(e), Date.now());
      }
      capped('events');
    })();
    return reply.code(202).send();
  });

  app.post(
    '/api/events/RecordJavascriptErrors',
    // Sent with the crumb header; only the size differs from a beacon's.
    { bodyLimit: ERROR_REPORT_BODY_LIMIT, config: { rateLimit: rate(limits.beacons) } },
    async (request, reply) => {
      const body = looseBody(request.body);
      if (
        !Array.isArray(body) ||
        body.length === 0 ||
        body.length > MAX_ERROR_EVENTS ||
        !body.every((e) => isRecord(e) && typeof e['message'] === 'string')
      ) {
        return sendError(
          reply,
          400,
          `The body must be a list of 1 to ${MAX_ERROR_EVENTS} error events with a message.`,
        );
      }
      const insert = db.prepare(
        'INSERT INTO error_reports (message, payload_json, created) VALUES (?, ?, ?)',
      );
      db.transaction(() => {
        for (const e of body as Record<string, unknown>[]) {
          const stack = typeof e['stack'] === 'string' ? e['stack'].slice(0, MAX_STACK) : undefined;
          insert.run(
            String(e['message']).slice(0, MAX_STACK),
            JSON.stringify({ ...e, ...(stack === undefined ? {} : { stack }) }),
            Date.now(),
          );
        }
        capped('error_reports');
      })();
      return reply.code(204).send();
    },
  );

  app.get('/api/1/performance/settings', { config: { rateLimit: rate(limits.beacons) } }, async () => {
    const pageLoadId = randomUUID();
    db.prepare('INSERT INTO performance_page_loads (page_load_id, created) VALUES (?, ?)').run(
      pageLoadId,
      Date.now(),
    );
    capped('performance_page_loads');
    return { pageLoadId, flushAfterMs: 30_000 };
  });

  app.post('/api/1/performance/records', beacon(), async (request, reply) => {
    const body = looseBody(request.body);
    if (!Array.isArray(body)) return sendError(reply, 400, 'The body must be a JSON array of records.');
    if (body.length === 0) return sendError(reply, 400, 'Data is empty');
    for (const r of body) {
      if (
        !isRecord(r) ||
        typeof r['pageLoadId'] !== 'string' ||
        typeof r['eventType'] !== 'string' ||
        !EVENT_TYPES.includes(r['eventType']) ||
        typeof r['timestamp'] !== 'number' ||
        !isRecord(r['data'])
      ) {
        return sendError(
          reply,
          400,
          'Each record needs pageLoadId, eventType (page_speed, user or image), timestamp and data.',
        );
      }
    }
    const insert = db.prepare(
      'INSERT INTO performance_records (page_load_id, app_name, event_type, payload_json, created) VALUES (?, ?, ?, ?, ?)',
    );
    db.transaction(() => {
      for (const r of body as Record<string, unknown>[]) {
        insert.run(
          r['pageLoadId'],
          typeof r['appName'] === 'string' ? r['appName'] : null,
          r['eventType'],
          JSON.stringify(r),
          Date.now(),
        );
      }
      capped('performance_records');
    })();
    return reply.code(204).send();
  });

  const loginsPerAddress = createAttemptCounter(limits.login);
  // Failures count per account *at an address*: a stranger's guesses slow down the stranger's own
  // address only, so the owner's right password from her own address is never refused for them.
  const failuresPerAccountAndAddress = createFailureThrottle({
    freeFailures: limits.loginFailures.max,
    baseDelayMs: Math.min(LOGIN_BASE_DELAY_MS, limits.loginFailures.timeWindowMs),
    maxDelayMs: limits.loginFailures.timeWindowMs,
    forgetAfterMs: Math.max(LOGIN_FAILURE_MEMORY_MS, limits.loginFailures.timeWindowMs),
    maxKeys: MAX_LOGIN_FAILURE_KEYS,
  });
  // And per account from every browser it never signed in on: guesses spread over many addresses
  // meet one ceiling. The owner's own browser carries the device cookie and is never held by it.
  const failuresPerAccount = createAttemptCounter(limits.loginFailuresPerAccount, MAX_LOGIN_FAILURE_KEYS);
  app.post('/api/site-users/account/session', async (request, reply) => {
    const address = clientKey(request);
    const byAddress = loginsPerAddress.check(address);
    if (!byAddress.ok) return tooMany(reply, byAddress.retryAfterS);
    loginsPerAddress.add(address);
    const body = request.body;
    if (!isRecord(body)) return sendError(reply, 400, 'The request body must be a JSON object.');
    const { email, password, rememberMe } = body;
    if (typeof email !== 'string' || email.trim() === '' || email.length > 256)
      return badField(reply, 'email', 'email is required.');
    if (typeof password !== 'string' || password === '' || password.length > 1000)
      return badField(reply, 'password', 'password is required.');
    if (rememberMe !== undefined && typeof rememberMe !== 'boolean')
      return badField(reply, 'rememberMe', 'rememberMe must be true or false.');
    const account = email.trim().toLowerCase();
    const accountKey = throttledAccount(email);
    const throttleKey = `${accountKey}\n${address}`;
    const byPair = failuresPerAccountAndAddress.check(throttleKey);
    if (!byPair.ok) return tooMany(reply, byPair.retryAfterS);
    const user = db
      .prepare('SELECT id, email, password_hash, roles_json FROM users WHERE email = ?')
      .get(account) as { id: string; email: string; password_hash: string; roles_json: string } | undefined;
    // A device is bound to the account's password too: a new password (SF_OWNER_PASSWORD) makes
    // every browser new to the account, one a stranger signed in on with the old one included.
    const device = `${accountKey}\n${user?.password_hash ?? ''}`;
    const knownDevice = isKnownDevice(db, request, device);
    if (!knownDevice) {
      const byAccount = failuresPerAccount.check(accountKey);
      if (!byAccount.ok) return tooMany(reply, byAccount.retryAfterS);
      // Counted before the password is checked, so guesses in flight together cannot all pass the
      // check above; a right password takes it back.
      failuresPerAccount.add(accountKey);
    }
    const passwordOk = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !passwordOk) {
      failuresPerAccountAndAddress.fail(throttleKey);
      return sendError(reply, 401, 'Invalid email or password.');
    }
    failuresPerAccountAndAddress.clear(throttleKey);
    if (!knownDevice) failuresPerAccount.undo(accountKey);
    setDeviceCookie(db, reply, device);
    const sessionId = newToken();
    const now = Date.now();
    const lifetime = (rememberMe === true ? REMEMBER_ME_MAX_AGE_S : SESSION_MAX_AGE_S) * 1000;
    db.prepare('INSERT INTO sessions (id, user_id, created, expires) VALUES (?, ?, ?, ?)').run(
      sessionId,
      user.id,
      now,
      now + lifetime,
    );
    setSessionCookie(reply, sessionId, rememberMe === true);
    // A new crumb at login, so a token captured before it cannot act for the signed-in user.
    revokeCrumb(db, request.cookies[COOKIES.crumb]);
    const xsrfToken = issueCrumb(db, reply);
    const visitorCart = findOpenCart(db, request.cookies[COOKIES.cart]);
    if (visitorCart) {
      db.prepare('UPDATE carts SET user_id = ? WHERE id = ?').run(user.id, visitorCart.id);
    } else {
      const own = db
        .prepare('SELECT id FROM carts WHERE user_id = ? AND is_purchased = 0 ORDER BY updated DESC LIMIT 1')
        .get(user.id) as { id: string } | undefined;
      if (own) setCartCookies(reply, own.id);
    }
    return {
      xsrfToken,
      siteUser: { id: user.id, email: user.email, roles: JSON.parse(user.roles_json) as string[] },
    };
  });

  app.delete('/api/site-users/account/session', async (request, reply) => {
    // Sign-ins and sign-outs share one count per address: a sign-out copies a cart
    // (`cloneCart`) and revokes a crumb, rows a stranger must not make without end.
    const address = clientKey(request);
    const byAddress = loginsPerAddress.check(address);
    if (!byAddress.ok) return tooMany(reply, byAddress.retryAfterS);
    loginsPerAddress.add(address);
    const clone = queryFlag((request.query as Record<string, unknown>)['cloneCart']);
    if (clone === 'invalid') return badField(reply, 'cloneCart', 'cloneCart must be true or false.');
    const user = currentUser(db, request);
    if (user) db.prepare('UPDATE sessions SET ended = ? WHERE id = ?').run(Date.now(), user.sessionId);
    clearSessionCookie(reply);
    revokeCrumb(db, request.cookies[COOKIES.crumb]);
    issueCrumb(db, reply);
    const cart = findOpenCart(db, request.cookies[COOKIES.cart]);
    let cartId: string | null = null;
    if (clone === true && cart) {
      cartId = cloneCart(db, cart.id);
      setCartCookies(reply, cartId);
    } else {
      clearCartCookies(reply);
    }
    return { loggedOut: true, cartId };
  });

  app.get('/api/multilingual/settings', async () => ({
    enabled: false,
    defaultLanguage: 'en-US',
    languages: [{ code: 'en-US', name: 'English', isDefault: true }],
  }));
  app.get('/api/multilingual/status', async () => ({ enabled: false, status: 'DISABLED' }));
  // GET and PUT /api/site-header-footer: demo/server/editor.ts.
}
