/**
 * The demo reference server: every documented endpoint (docs/http-api.md) over SQLite, plus the
 * demo pages and the built SDK. Tests call `createServer({ dbPath: ':memory:' })` and listen on
 * port 0; `main.ts` is the command line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { COOKIES, CSRF_HEADER } from '../../src/contract';
import { registerCaptcha } from './captcha';
import { parseCatalog, type ProductItem } from './catalog';
import { isSeeded, openDatabase, seedDatabase, type Db } from './db';
import { registerFaults } from './faults';
import { parseForm, type FormSchema } from './forms';
import { registerInstalmentPages } from './instalments';
import { crumbFail, crumbOk, isKnownCrumb, issueCrumb } from './http';
import { notFoundPage, registerPages } from './pages';
import { registerCartRoutes, type RateLimitSetting } from './routes-cart';
import { registerFormRoutes } from './routes-forms';
import { registerPlatformRoutes } from './routes-platform';
import { registerRestockRoutes } from './routes-restock';

const here = dirname(fileURLToPath(import.meta.url));
export const PROJECT_ROOT = resolve(here, '../..');
export const DEFAULT_DB_PATH = resolve(PROJECT_ROOT, 'demo/data/store.sqlite');
export const SEED_CATALOG_PATH = resolve(here, 'seed-catalog.json');
export const SEED_FORMS_PATH = resolve(here, 'seed-forms.json');

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's SQLite database (tests read what the server stored). */
    db: Db;
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
  /** Per-client-IP limits. @default { addToCart: 60 per minute, formSubmission: 10 per minute } */
  rateLimit?:
    { addToCart?: RateLimitSetting | undefined; formSubmission?: RateLimitSetting | undefined } | undefined;
  /**
   * The site's captcha key. When set, restock sign-ups must carry a captcha token; the server
   * accepts the tokens of its fake provider (`/captcha/fake.js`, tokens `fake-…`). Forms follow
   * their own `captchaSettings`. @default none
   */
  captchaSiteKey?: string | undefined;
  /** Page size of the restock management lists. @default 5 */
  restockPageSize?: number | undefined;
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

const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; " +
  "base-uri 'none'; frame-ancestors 'self'; form-action 'self'";
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Sent by navigator.sendBeacon, which cannot set headers: no crumb header required. */
const CRUMB_EXEMPT = [
  /^\/api\/census\//,
  /^\/api\/1\/performance\/records\/?$/,
  /^\/api\/v1\/clanker\/events\/?$/,
  /^\/api\/events\/RecordEvent\/?$/,
];
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BODY_LIMIT = 256 * 1024;

const pathOf = (request: FastifyRequest): string => request.url.split('?')[0] ?? '';

export async function createServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const db = prepareDatabase(options);
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    db.close();
  });

  // Fault injection runs before everything else so it can also fake rate limits and crumbs.
  if (options.faults === true) registerFaults(app, db);

  // An empty JSON body (e.g. FormSubmissionKey) is "no body", not an error.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    jsonParser(request, body as string, done);
  });

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: BODY_LIMIT });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      Object.assign(
        new Error(`Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
        {
          statusCode: 429,
        },
      ),
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = pathOf(request);
    if (path.startsWith('/dist/') || path.startsWith('/demo-assets/') || path.startsWith('/__')) return;
    if (!isKnownCrumb(db, request.cookies[COOKIES.crumb])) issueCrumb(db, reply);
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const path = pathOf(request);
    if (!path.startsWith('/api/') || CRUMB_EXEMPT.some((r) => r.test(path))) return;
    if (!crumbOk(db, request, request.headers[CSRF_HEADER.toLowerCase()])) return crumbFail(db, reply);
  });

  app.addHook('onSend', async (request, reply: FastifyReply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    // A 304 has no content type, and its headers replace the cached page's: sending the
    // non-HTML policy there would block the page's own scripts on every revalidating reload.
    if (reply.statusCode !== 304) {
      reply.header('Content-Security-Policy', type.startsWith('text/html') ? PAGE_CSP : API_CSP);
    }
    if (pathOf(request).startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

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
    const body: Record<string, unknown> = { message };
    if (pathOf(request).startsWith('/api/form/')) body['error'] = message;
    return reply.code(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    if (pathOf(request).startsWith('/api/') || pathOf(request).startsWith('/__')) {
      return reply.code(404).send({ message: 'Not found.' });
    }
    return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage());
  });

  const limits = {
    addToCart: options.rateLimit?.addToCart ?? { max: 60, timeWindowMs: 60_000 },
    formSubmission: options.rateLimit?.formSubmission ?? { max: 10, timeWindowMs: 60_000 },
  };
  registerCartRoutes(app, db, limits);
  registerFormRoutes(app, db, limits);
  registerRestockRoutes(app, db, options.restockPageSize ?? 5, {
    captchaRequired: typeof options.captchaSiteKey === 'string' && options.captchaSiteKey !== '',
  });
  registerPlatformRoutes(app, db);
  registerCaptcha(app);

  // Static files: never outside their roots (send rejects `..`), never dotfiles.
  const distDir = resolve(options.distDir ?? resolve(PROJECT_ROOT, 'dist'));
  const assetsDir = resolve(PROJECT_ROOT, 'demo/assets');
  const pageRoots = [options.pagesDir, options.demoPagesDir ?? resolve(PROJECT_ROOT, 'demo/pages')]
    .filter((d): d is string => typeof d === 'string' && existsSync(d))
    .map((d) => resolve(d));
  await app.register(fastifyStatic, {
    root: assetsDir,
    prefix: '/demo-assets/',
    dotfiles: 'ignore',
    index: false,
  });
  if (existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/dist/',
      dotfiles: 'ignore',
      index: false,
      decorateReply: false,
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
    });
  }
  registerPages(app, db, pageRoots);
  registerInstalmentPages(app);
  return app;
}
