/**
 * The demo reference server: every documented endpoint (docs/http-api.md) over SQLite, plus the
 * demo pages and the built SDK. Tests call `createServer({ dbPath: ':memory:' })` and listen on
 * port 0; `main.ts` is the command line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { clientKey, parseTrustedProxies, TRUST_NO_PROXY } from './addresses';
import { registerCaptcha } from './captcha';
import { parseCorsOrigin, registerCors } from './cors';
import { parseCatalog, type ProductItem } from './catalog';
import { checkOwnerPassword, isSeeded, openDatabase, seedDatabase, setOwnerPassword, type Db } from './db';
import { registerFaults } from './faults';
import { parseForm, type FormSchema } from './forms';
import { registerGroupCommit } from './group-commit';
import { registerInstalmentPages } from './instalments';
import { precompressedFolder } from './precompressed-assets';
import {
  clientErrorHandler,
  decodedPath,
  frameworkError,
  isApiRequest,
  registerGuards,
  errorBody,
  SDK_FILE_HEADERS,
} from './guard';
import { parseRequestJson } from './http';
import {
  BODY_LIMIT,
  DEFAULT_MAX_ANALYTICS_ROWS,
  DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  DEFAULT_RATE_LIMITS,
  DEFAULT_TIMEOUTS,
  timeoutCheckIntervalMs,
  type RateLimits,
  type ServerTimeouts,
} from './limits';
import { notFoundPage, registerPages } from './pages';
import { answerConnectionsOverCap, capConnectionsPerAddress } from './connections';
import { staticFileGuard } from './static-files';
import { registerCartRoutes } from './routes-cart';
import { registerFormRoutes } from './routes-forms';
import { registerPlatformRoutes } from './routes-platform';
import { registerEditorRoutes } from './editor';
import { registerRestockRoutes } from './routes-restock';
import { widgetChunks, type WidgetChunks } from './preload';
import { parseOrigin, registerSiteOrigin } from './site-origin';

const here = dirname(fileURLToPath(import.meta.url));
export const PROJECT_ROOT = resolve(here, '../..');
export const DEFAULT_DB_PATH = resolve(PROJECT_ROOT, 'demo/data/store.sqlite');
export const SEED_CATALOG_PATH = resolve(here, 'seed-catalog.json');
export const SEED_FORMS_PATH = resolve(here, 'seed-forms.json');

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's SQLite database (tests read what the server stored). */
    db: Db;
    /** The site's captcha key (option `captchaSiteKey`); server-rendered pages put it in their context. */
    captchaSiteKey: string | null;
    /** Every cookie is `Secure` (option `secureCookies`). */
    secureCookies: boolean;
    /** Every answer carries `Strict-Transport-Security` (option `hsts`). */
    hsts: boolean;
    /**
     * The store manager signs in with the demo's seeded password, which the sign-in pages then
     * print (no option `ownerPassword`).
     */
    demoOwnerPassword: boolean;
    /** The chunks of the built widgets, for the pages' preload hints (demo/server/preload.ts). */
    widgetChunks: WidgetChunks;
  }
}

export interface ServerOptions {
  /** SQLite file; `':memory:'` for tests. @default 'demo/data/store.sqlite' */
  dbPath?: string | undefined;
  /** Product items (spec 001 §3) to seed instead of the seed catalogue. @default seed-catalog.json */
  catalog?: readonly ProductItem[] | readonly unknown[] | undefined;
  /** Site forms to seed. @default seed-forms.json */
  forms?: readonly unknown[] | undefined;
  /** An extra folder of static pages, served before `demo/pages/`. @default none */
  pagesDir?: string | undefined;
  /** The demo pages folder. @default 'demo/pages' */
  demoPagesDir?: string | undefined;
  /** The built SDK, served at `/dist/`. @default 'dist' */
  distDir?: string | undefined;
  /** Enables `/__faults` and `/__stock`. Never on by default. @default false */
  faults?: boolean | undefined;
  /** Seeds an empty database. @default true */
  seed?: boolean | undefined;
  /** Wipes and re-seeds the database even when it is already seeded. @default false */
  reset?: boolean | undefined;
  /**
   * Request limits per client IP (`loginFailures`: free failures per account at one address, and
   * the longest delay after them; `loginFailuresPerAccount`: failures per account from browsers
   * without its device cookie, and the window). Any key may be given alone.
   * @default { addToCart: 60/min, restockSignUp: 10/min, formKey: 30/min, formSubmission: 10/min, login: 10/min, loginFailures: 5 per 15 min, loginFailuresPerAccount: 10 per 15 min, beacons: 120/min }
   */
  rateLimit?: { [K in keyof RateLimits]?: RateLimits[K] | undefined } | undefined;
  /** Rows kept per analytics table; older rows are dropped as new ones arrive. @default 5000 */
  maxAnalyticsRows?: number | undefined;
  /**
   * The site's captcha key. When set, restock sign-ups must carry a captcha token; the server
   * accepts the tokens of its fake provider (`/captcha/fake.js`, tokens `fake-…`). Forms follow
   * their own `captchaSettings`. @default none
   */
  captchaSiteKey?: string | undefined;
  /** Page size of the restock management lists. @default 5 */
  restockPageSize?: number | undefined;
  /**
   * How long the server waits for a client; any key may be given alone.
   * @default { requestMs: 20000, headersMs: 10000, idleMs: 30000, keepAliveMs: 5000 }
   */
  timeouts?: { [K in keyof ServerTimeouts]?: ServerTimeouts[K] | undefined } | undefined;
  /**
   * Open connections per client address (an IPv6 client by its /64). Requests on connections past
   * it are answered 503 with `Retry-After` and `Connection: close`; past twice as many, a new
   * connection is closed at once. @default 128
   */
  maxConnectionsPerAddress?: number | undefined;
  /**
   * Proxies whose `X-Forwarded-For` (and `-Proto`, for `Secure` cookies) the server believes: a
   * list of addresses and CIDR ranges (`127.0.0.1, 10.0.0.0/8`). The client address of every
   * per-address limit is then the one the proxy forwards, and the proxy's own connections are not
   * capped. Without it the headers are ignored: anyone can write them. @default none
   */
  trustProxy?: string | undefined;
  /**
   * Marks every cookie `Secure`. Cookies are `Secure` anyway on a request that arrived over HTTPS;
   * turn this on when a TLS proxy in front of the server talks plain HTTP to it. @default false
   */
  secureCookies?: boolean | undefined;
  /**
   * Sends `Strict-Transport-Security: max-age=31536000` on every answer: browsers then use HTTPS
   * only for a year. Only for a site served over HTTPS. @default false
   */
  hsts?: boolean | undefined;
  /**
   * One origin (`http://localhost:5173`) whose pages may call `/api/` with the shopper's cookies:
   * a dev server on another port using the npm package. Exactly that origin is allowed, with
   * credentials; the crumb rules are unchanged. @default none (same origin only)
   */
  cors?: string | undefined;
  /**
   * The site's origin (`https://shop.example`): the absolute addresses in its pages (canonical
   * link, `og:url`, `og:image`) are made of it, and a request naming another host gets 421
   * (docs/security.md). Requests naming the address the server listens on are answered too.
   * @default the address the server listens on (`http://127.0.0.1:4173`)
   */
  siteUrl?: string | undefined;
  /**
   * The store manager's password (`owner@example.com`), at least 12 characters. It replaces the
   * demo's seeded `owner-password`, which the sign-in pages stop printing, and a new one ends the
   * owner's sessions: anyone who reads a demo's owner pages can otherwise sign in as its owner.
   * @default the demo's, printed on the owner's pages
   */
  ownerPassword?: string | undefined;
  /** Fastify logger. @default false */
  logger?: boolean | undefined;
}

/** Reads a JSON file that must hold an array (a catalogue or a list of forms). */
export function readJsonArray(path: string): unknown[] {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  if (!Array.isArray(raw)) throw new Error(`${path}: expected a JSON array`);
  return raw;
}

function prepareSeed(catalog: readonly unknown[], forms: readonly unknown[]) {
  const products = parseCatalog(catalog);
  if (!products.ok) throw new Error(`Invalid catalogue:\n  ${products.issues.join('\n  ')}`);
  const parsedForms: FormSchema[] = [];
  for (const f of forms) {
    const form = parseForm(f, 'site');
    if (!form.ok) throw new Error(`Invalid form: ${form.issues.join('; ')}`);
    parsedForms.push(form.value);
  }
  return { products: products.value, forms: parsedForms };
}

/** Opens (and if needed seeds) the database. `reset` always re-seeds. */
export function prepareDatabase(
  options: Pick<ServerOptions, 'dbPath' | 'catalog' | 'forms' | 'seed' | 'reset'>,
): Db {
  const path = options.dbPath ?? DEFAULT_DB_PATH;
  const db = openDatabase(path);
  if (options.reset === true || (options.seed !== false && !isSeeded(db))) {
    const seed = prepareSeed(
      options.catalog ?? readJsonArray(SEED_CATALOG_PATH),
      options.forms ?? readJsonArray(SEED_FORMS_PATH),
    );
    seedDatabase(db, seed.products, seed.forms);
  }
  return db;
}

export async function createServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  // A bad origin stops the server before it opens the database, with the reason.
  const corsOrigin = options.cors === undefined || options.cors === '' ? null : parseCorsOrigin(options.cors);
  const siteUrl =
    options.siteUrl === undefined || options.siteUrl === '' ? null : parseOrigin(options.siteUrl, 'site URL');
  const ownerPassword = checkOwnerPassword(options.ownerPassword || null);
  const db = prepareDatabase(options);
  const demoOwnerPassword = setOwnerPassword(db, ownerPassword);
  const asked = options.timeouts ?? {};
  const requestMs = asked.requestMs ?? DEFAULT_TIMEOUTS.requestMs;
  const timeouts: ServerTimeouts = {
    requestMs,
    // Node refuses a header timeout longer than the request's.
    headersMs: Math.min(asked.headersMs ?? DEFAULT_TIMEOUTS.headersMs, requestMs),
    idleMs: asked.idleMs ?? DEFAULT_TIMEOUTS.idleMs,
    keepAliveMs: asked.keepAliveMs ?? DEFAULT_TIMEOUTS.keepAliveMs,
  };
  const trustedProxy =
    options.trustProxy === undefined || options.trustProxy === ''
      ? TRUST_NO_PROXY
      : parseTrustedProxies(options.trustProxy);
  const app = Fastify({
    // Only the configured proxies may name the client: `request.ip` is otherwise the peer's own.
    trustProxy: trustedProxy === TRUST_NO_PROXY ? false : (address: string) => trustedProxy(address),
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: timeoutCheckIntervalMs(timeouts),
    },
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkError,
    clientErrorHandler,
  });
  const overCap = capConnectionsPerAddress(
    app.server,
    options.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
    trustedProxy,
  );
  // First of all hooks: a connection past the cap costs no host check, crumb, fault or body parsing.
  answerConnectionsOverCap(app, overCap, Math.max(1, Math.ceil(timeouts.keepAliveMs / 1000)));
  // Then nothing else answers, or sets a cookie for, a host not the site's.
  registerSiteOrigin(app, siteUrl);
  app.decorate('db', db);
  app.decorate('captchaSiteKey', options.captchaSiteKey || null);
  app.decorate('secureCookies', options.secureCookies === true);
  app.decorate('hsts', options.hsts === true);
  app.decorate('demoOwnerPassword', demoOwnerPassword);
  registerGroupCommit(app, db);
  app.addHook('onClose', async () => {
    db.close();
  });

  // Before fault injection: a preflight is the browser asking, not the page, and never fails.
  if (corsOrigin !== null) registerCors(app, corsOrigin);

  // Fault injection runs before everything else so it can also fake rate limits and crumbs.
  if (options.faults === true) registerFaults(app, db);

  // An empty JSON body (e.g. FormSubmissionKey) is "no body", not an error; nesting beyond
  // MAX_JSON_DEPTH is malformed JSON (400), not a stack overflow later on (500).
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      parseRequestJson(text);
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400 }), undefined);
      return;
    }
    jsonParser(request, text, done);
  });

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: BODY_LIMIT });
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: clientKey,
    errorResponseBuilder: (_request, context) =>
      Object.assign(
        new Error(`Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
        {
          statusCode: 429,
        },
      ),
  });

  registerGuards(app, db);

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    let message = error.message;
    if (status >= 500) {
      request.log.error(error);
      message = 'Something went wrong. Please try again later.';
    } else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      message = 'The request body is not valid JSON.';
    } else if (status === 413) {
      message = 'The request body is too large.';
    } else if (status === 415) {
      message = 'Unsupported content type.';
    }
    return reply.code(status).send(errorBody(request, message));
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiRequest(request) || decodedPath(request).startsWith('/__')) {
      return reply.code(404).send(errorBody(request, 'Not found.'));
    }
    return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage());
  });

  const given = options.rateLimit ?? {};
  const limits: RateLimits = {
    addToCart: given.addToCart ?? DEFAULT_RATE_LIMITS.addToCart,
    restockSignUp: given.restockSignUp ?? DEFAULT_RATE_LIMITS.restockSignUp,
    formSubmission: given.formSubmission ?? DEFAULT_RATE_LIMITS.formSubmission,
    formKey: given.formKey ?? DEFAULT_RATE_LIMITS.formKey,
    login: given.login ?? DEFAULT_RATE_LIMITS.login,
    loginFailures: given.loginFailures ?? DEFAULT_RATE_LIMITS.loginFailures,
    loginFailuresPerAccount: given.loginFailuresPerAccount ?? DEFAULT_RATE_LIMITS.loginFailuresPerAccount,
    beacons: given.beacons ?? DEFAULT_RATE_LIMITS.beacons,
  };
  registerCartRoutes(app, db, limits);
  registerFormRoutes(app, db, limits);
  registerRestockRoutes(app, db, options.restockPageSize ?? 5, {
    captchaRequired: typeof options.captchaSiteKey === 'string' && options.captchaSiteKey !== '',
    signUpLimit: limits.restockSignUp,
  });
  registerPlatformRoutes(app, db, limits, options.maxAnalyticsRows ?? DEFAULT_MAX_ANALYTICS_ROWS);
  registerEditorRoutes(app, db);
  registerCaptcha(app);

  // Static files: never outside their roots (send rejects `..`; real paths catch symlinks),
  // never dotfiles, never the database.
  const allowedPath = staticFileGuard(options.dbPath ?? DEFAULT_DB_PATH);
  const distDir = resolve(options.distDir ?? resolve(PROJECT_ROOT, 'dist'));
  app.decorate('widgetChunks', widgetChunks(distDir));
  const assetsDir = resolve(PROJECT_ROOT, 'demo/assets');
  const pageRoots = [options.pagesDir, options.demoPagesDir ?? resolve(PROJECT_ROOT, 'demo/pages')]
    .filter((d): d is string => typeof d === 'string' && existsSync(d))
    .map((d) => resolve(d));
  const compressedAssets = precompressedFolder(assetsDir);
  app.addHook('onClose', async () => {
    compressedAssets.remove();
  });
  await app.register(fastifyStatic, {
    // The compressed copies first: a client that accepts none gets the file of demo/assets/.
    root: [compressedAssets.path, assetsDir],
    preCompressed: true,
    prefix: '/demo-assets/',
    dotfiles: 'ignore',
    index: false,
    allowedPath,
  });
  if (existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/dist/',
      // The build writes .br and .gz beside each file (scripts/precompress.mjs).
      preCompressed: true,
      // Every answer with a file (the compressed copies and 304s included) loads from any origin.
      setHeaders: (reply) => reply.headers(SDK_FILE_HEADERS),
      dotfiles: 'ignore',
      index: false,
      decorateReply: false,
      allowedPath,
    });
  }
  if (pageRoots.length > 0) {
    await app.register(fastifyStatic, {
      root: pageRoots,
      prefix: '/',
      dotfiles: 'ignore',
      index: false,
      decorateReply: false,
      wildcard: true,
      allowedPath,
    });
  }
  registerPages(app, db, pageRoots, allowedPath);
  registerInstalmentPages(app);
  return app;
}
