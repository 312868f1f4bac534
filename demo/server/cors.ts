/**
 * Cross-origin access for one named origin (option `cors`, `--cors ORIGIN`, `SF_CORS`): a theme
 * developer's dev server on another port calls the API with the shopper's cookies. Exactly that
 * origin is echoed, never `*` (browsers refuse `*` with credentials, and a wildcard would let any
 * site read a shopper's cart). The crumb rules stay as they are: a state-changing call still needs
 * the `X-CSRF-Token` header, which the allowed origin's page reads from the shared cookie.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CSRF_HEADER } from '../../src/contract';
import { isApiRequest } from './guard';
import { parseOrigin } from './site-origin';

/** What the SDK sends: its methods, and the headers beyond the CORS-safelisted ones. */
export const CORS_METHODS = 'GET, POST, PUT, DELETE';
export const CORS_HEADERS = `Accept, Content-Type, ${CSRF_HEADER}`;
/** Browsers cap this themselves (Chromium at 2 hours); ten minutes keeps a changed option visible soon. */
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * The origin as a browser sends it in `Origin` (`scheme://host[:port]`), or an error naming what
 * is wrong: a path, a wildcard or a missing scheme would never match a browser's header.
 */
export function parseCorsOrigin(text: string): string {
  return parseOrigin(text, 'CORS origin');
}

function allow(reply: FastifyReply, origin: string): void {
  reply.header('Access-Control-Allow-Origin', origin);
  reply.header('Access-Control-Allow-Credentials', 'true');
}

export function registerCors(app: FastifyInstance, origin: string): void {
  // Preflights are answered before routing: no route exists for OPTIONS, and none should.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS' || !isApiRequest(request)) return;
    if (request.headers.origin !== origin || request.headers['access-control-request-method'] === undefined) {
      return reply.code(204).header('Vary', 'Origin').send();
    }
    allow(reply, origin);
    return reply
      .code(204)
      .header('Access-Control-Allow-Methods', CORS_METHODS)
      .header('Access-Control-Allow-Headers', CORS_HEADERS)
      .header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_S))
      .header('Vary', 'Origin')
      .send();
  });

  // Every API answer, errors included: the SDK reads an error's message from its body.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isApiRequest(request) || request.method === 'OPTIONS') return payload;
    const vary = String(reply.getHeader('Vary') ?? '');
    if (!/\borigin\b/i.test(vary)) reply.header('Vary', vary === '' ? 'Origin' : `${vary}, Origin`);
    if (request.headers.origin === origin) allow(reply, origin);
    return payload;
  });
}
