/**
 * The site's own origin (`--site-url`, `SF_SITE_URL`): what the absolute addresses of its pages
 * (canonical link, `og:url`, `og:image`) are made of, and the host requests may name. Never the
 * request's `Host`, `X-Forwarded-Host` or target: those are the sender's words, and the page
 * cache would hand a page made of them to every later visitor.
 */
import type { AddressInfo } from 'node:net';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody } from './guard';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The site's origin (`https://shop.example`): the option `siteUrl`, else the address the
     * server listens on (`http://127.0.0.1:4173`; `http://localhost:PORT` when it listens on every
     * interface, and `http://localhost` before it listens, as `inject()` calls it).
     */
    readonly siteOrigin: string;
  }
}

export const MISDIRECTED_MESSAGE = 'This server does not answer for that host.';

/**
 * The origin a browser would show for `text` (`scheme://host[:port]`, http or https), or an
 * error naming what is wrong: a path, a query or credentials would never be an origin. `what`
 * names the option in the error (`CORS origin`, `site URL`).
 */
export function parseOrigin(text: string, what: string): string {
  const refuse = (): Error =>
    new Error(`Invalid ${what}: ${text} (expected an origin such as http://localhost:5173)`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse();
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== text.replace(/\/$/, '')) {
    throw refuse();
  }
  return url.origin;
}

/** `host:port` as a URL writes it: an IPv6 address in brackets. */
function hostPort(address: string, port: number): string {
  return `${isIP(address) === 6 ? `[${address}]` : address}:${port}`;
}

const LOOPBACK = new Set(['127.0.0.1', '::1']);
const EVERY_INTERFACE = new Set(['0.0.0.0', '::']);

/** The origin of the address the server listens on, or null before it listens. */
function listenOrigin(app: FastifyInstance): string | null {
  const address = app.server.address() as AddressInfo | string | null;
  if (address === null || typeof address === 'string') return null;
  // Listening everywhere, the bound address names no machine; localhost names this one.
  const host = EVERY_INTERFACE.has(address.address) ? 'localhost' : address.address;
  return `http://${hostPort(host, address.port)}`;
}

/**
 * A host as a request names it (`Shop.Example:443`), in the form the site's origin has
 * (`shop.example`), or null when it is no host at all: credentials, a path, spaces. A URL
 * parser would read `evil.example@shop.example` as shop.example, so the shape is checked first.
 */
function normalHost(named: string, protocol: string): string | null {
  if (!/^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(named)) return null;
  try {
    return new URL(`${protocol}//${named}`).host;
  } catch {
    return null;
  }
}

/**
 * The host a request names: the authority of an absolute-form target (`GET http://x/…`, which
 * RFC 9112 §3.2.2 says wins over `Host`), else its `Host` header. Undefined when it names none
 * (HTTP/1.0 without `Host`).
 */
function namedHost(request: FastifyRequest): string | undefined {
  const target = request.raw.url ?? '/';
  if (!target.startsWith('/') && target !== '*') {
    try {
      return new URL(target).host;
    } catch {
      return target;
    }
  }
  return request.headers.host;
}

/**
 * The hosts a request may name: the site's, and the address the client connected to (a client
 * naming the IP it dialled, or localhost on a loopback address, is at this server by any
 * reading; a proxy in front of it often says so). A DNS name of someone else's never is.
 */
function isOwnHost(request: FastifyRequest, siteOrigin: string): boolean {
  const named = namedHost(request);
  if (named === undefined) return true;
  const site = new URL(siteOrigin);
  const host = normalHost(named, site.protocol);
  if (host === null) return false;
  if (host === site.host) return true;
  const { localAddress, localPort } = request.raw.socket;
  if (localAddress === undefined || localPort === undefined) return false;
  // A dual-stack socket reports an IPv4 client's address as ::ffff:a.b.c.d.
  const address = localAddress.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const dialled = [hostPort(address, localPort)];
  if (LOOPBACK.has(address)) dialled.push(`localhost:${localPort}`);
  return dialled.some((own) => normalHost(own, site.protocol) === host);
}

/**
 * Decorates `app.siteOrigin` (`siteUrl`, already parsed, or the listen address) and answers 421
 * to a request naming another host, before anything else reads it. 421 rather than serving it
 * uncached: a page no longer depends on the host, but a name that is not the site's is a client
 * or a DNS record pointed at the wrong server (DNS rebinding at its worst), and nothing it could
 * get from this server is meant for it.
 */
export function registerSiteOrigin(app: FastifyInstance, siteUrl: string | null): void {
  let listened: string | null = null;
  app.decorate('siteOrigin', {
    getter(): string {
      if (siteUrl !== null) return siteUrl;
      listened ??= listenOrigin(app);
      return listened ?? 'http://localhost';
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!isOwnHost(request, app.siteOrigin))
      return reply.code(421).send(errorBody(request, MISDIRECTED_MESSAGE));
  });
}

/**
 * The path of the page a request matched, spelled one way: the route's pattern with its
 * parameters as the router decoded them (`/%63ontact`, `/contact/` and an absolute-form target are
 * all `/contact`; `/products/prod%2Dtee` is `/products/prod-tee`). The page cache keys on it and
 * the canonical link names it. Null for a request no route matched.
 */
export function canonicalPath(request: FastifyRequest): string | null {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return null;
  const params = request.params as Record<string, string | undefined>;
  return pattern.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** `path` (a path on this site, or an http(s) address already absolute) as an absolute address. */
export function absoluteUrl(siteOrigin: string, path: string): string {
  return new URL(path, siteOrigin).href;
}
