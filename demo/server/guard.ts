/**
 * The checks every request passes, run on the route the router matched rather than on the raw
 * URL: the router decodes `/%61pi/…` into `/api/…`, so a check of the raw URL could be spelled
 * around. Each route says what it needs in its `config` (crumb, body types); rate limits are
 * route options too. The security headers go on every response, including the ones Fastify and
 * Node answer before routing (a malformed URL, headers too large).
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COOKIES, CSRF_HEADER } from '../../src/contract';
import type { Db } from './db';
import { crumbFail, crumbOk, isKnownCrumb, issueCrumb } from './http';

/** Body media types a route accepts. */
export type BodyKind = 'json' | 'form' | 'text';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How a state-changing `/api/` call proves it comes from the site's own page: the
     * `X-CSRF-Token` header (the default), a form field the handler checks (`field`), or nothing
     * for beacons, which cannot set headers (`none`).
     * @default 'header'
     */
    crumb?: 'header' | 'field' | 'none';
    /**
     * Body media types accepted; anything else with a body is 415.
     * @default ['json']
     */
    bodies?: readonly BodyKind[];
    /**
     * The route answers with files (`/instalments/:file`, `en-US.json`): no crumb. A route whose
     * pattern ends in an extension (`/site-theme.css`) is one without saying so.
     * @default false
     */
    file?: boolean;
  }
}

const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; " +
  "base-uri 'none'; frame-ancestors 'self'; form-action 'self'";
/** One year, this host only: a site owner's other subdomains may not have HTTPS yet. */
export const HSTS = 'max-age=31536000';
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MEDIA_TYPES: Readonly<Record<string, BodyKind>> = {
  'application/json': 'json',
  'application/x-www-form-urlencoded': 'form',
  'text/plain': 'text',
};

/** The headers docs/http-api.md promises on every response. */
export function securityHeaders(html: boolean, api: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
    'Content-Security-Policy': html ? PAGE_CSP : API_CSP,
    ...(api ? { 'Cache-Control': 'no-store' } : {}),
  };
}

/**
 * The headers of the SDK's own files (`/dist/`: loader, chunks, stylesheets and their `.br`/`.gz`).
 * The loader's chunks are module loads, which are CORS requests: a page in a sandboxed frame (an
 * opaque origin), a page on another origin, or a CDN copying these headers needs `*`. The files
 * are public and cookie-free, so no `Access-Control-Allow-Credentials`: a credentialed request
 * cannot read them through `*`, and none needs to.
 */
export const SDK_FILE_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
} as const;

const rawPath = (request: FastifyRequest): string => request.url.split('?')[0] ?? '';

/** The path as the router reads it: percent-decoded. */
export function decodedPath(request: FastifyRequest): string {
  const raw = rawPath(request);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The path every check reads: the matched route's pattern (`/api/census/RecordQuickView/:id`),
 * or the decoded path when no route matched (404s).
 */
export function routePath(request: FastifyRequest): string {
  return request.routeOptions.url ?? decodedPath(request);
}

/**
 * An error body for `request`: `{ message }`, and under `/api/form/` `error` too, which spec 000
 * §8 reads there (docs/http-api.md).
 */
export function errorBody(request: FastifyRequest, message: string): Record<string, string> {
  return routePath(request).startsWith('/api/form/') ? { message, error: message } : { message };
}

export const isApiRequest = (request: FastifyRequest): boolean =>
  routePath(request).startsWith('/api/') || decodedPath(request).startsWith('/api/');

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

const EXTENSION = /\.[a-z0-9]+$/i;

/**
 * Whether the request asks for a file, by the route it matched: `/products/workshop.2026` is a
 * product's page, whatever its id ends with. Only without a route (a 404) or on a folder's
 * wildcard route, which serves any name, does the name tell.
 */
function isFile(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route === undefined || route.endsWith('*')) return EXTENSION.test(decodedPath(request));
  return request.routeOptions.config.file === true || EXTENSION.test(route);
}

/** The requests whose answer sets a new crumb: no shared cache may keep it (`keepPrivate`). */
const handsOutCrumb = new WeakSet<FastifyRequest>();

/**
 * Makes an answer that sets a crumb the visitor's own: `public` becomes `private` (a page file's
 * `public, max-age=0`), and an answer with no `Cache-Control` (the HTML 404, which a shared cache
 * may keep by its own rules) gets `private, no-cache`. A shared cache handing one crumb to two
 * visitors would give them one first cart. Not `no-store`: the page still enters the browser's
 * back/forward cache (docs/server.md).
 */
function keepPrivate(reply: FastifyReply): void {
  const given = String(reply.getHeader('cache-control') ?? '');
  if (/\b(private|no-store)\b/i.test(given)) return;
  const rest = given
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d !== '' && d.toLowerCase() !== 'public');
  reply.header('Cache-Control', ['private', ...(rest.length > 0 ? rest : ['no-cache'])].join(', '));
}

export function registerGuards(app: FastifyInstance, db: Db): void {
  // Every page and API read hands out a crumb when the visitor has no valid one. Signed, so
  // this stores nothing (crumbs.ts). Not a file (`isFile`: /site-theme.css,
  // /instalments/en-US.json, a script), which a shared cache may keep, cookie and all, and hand
  // to the next visitor: two visitors with one crumb would share a first cart.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = routePath(request);
    if (path.startsWith('/dist/') || path.startsWith('/demo-assets/') || path.startsWith('/__')) return;
    if (!path.startsWith('/api/') && isFile(request)) return;
    if (!isKnownCrumb(db, request.cookies[COOKIES.crumb])) {
      issueCrumb(db, reply);
      handsOutCrumb.add(request);
    }
  });

  // Before the body is read: its type, then the crumb header.
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const config = request.routeOptions.config;
    if (hasBody(request)) {
      const type = String(request.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
        .toLowerCase();
      const kind = MEDIA_TYPES[type ?? ''];
      if (kind === undefined || !(config.bodies ?? ['json']).includes(kind)) {
        return reply.code(415).send(errorBody(request, 'Unsupported content type.'));
      }
    }
    const path = request.routeOptions.url;
    if (path === undefined || !path.startsWith('/api/') || (config.crumb ?? 'header') !== 'header') return;
    if (!crumbOk(db, request, request.headers[CSRF_HEADER.toLowerCase()])) return crumbFail(db, reply);
  });

  app.addHook('onSend', async (request, reply: FastifyReply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    const headers = securityHeaders(type.startsWith('text/html'), isApiRequest(request));
    // A 304 has no content type, and its headers replace the cached page's: sending the
    // non-HTML policy there would block the page's own scripts on every revalidating reload.
    if (reply.statusCode === 304)
      delete (headers as Partial<Record<string, string>>)['Content-Security-Policy'];
    reply.headers(headers);
    if (handsOutCrumb.has(request)) keepPrivate(reply);
    if (request.server.hsts) reply.header('Strict-Transport-Security', HSTS);
    return payload;
  });
}

/** Fastify's answer to a URL it cannot decode (`/%zz`), with the headers every answer carries. */
export function frameworkError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
  void reply
    .code(400)
    .headers(securityHeaders(false, decodedPath(request).startsWith('/api/')))
    .send({ message: 'The address is not valid.' });
  request.log.debug(error);
}

/**
 * Node's answer before any request exists: headers too large (431), a request it cannot parse
 * (400), a timeout (408). Written to the socket by hand, as Node does, plus the security headers.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long.']
        : [400, 'The request is malformed.'];
  const body = JSON.stringify({ message });
  const headers = {
    ...securityHeaders(false, false),
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  if (socket.writable) {
    const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${lines.join('')}\r\n${body}`);
  }
  socket.destroy(error);
}
