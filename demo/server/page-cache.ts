/**
 * The rendered-page cache of the reference server. A page is kept under everything it is made
 * of: its path, the site context the request gives it (the signed-in account and its roles, the
 * locale, the editor frame, the captcha key) and the catalogue version (products, variants,
 * forms and the site's saved design). Pages that show the visitor's cart or the owner's outbox are never cached here, so one
 * visitor's cart can never reach another; a signed-in visitor gets pages keyed on their own
 * account. Each entry also keeps its gzip and brotli bytes, made once on first demand.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from './db';

/** Entries kept; the least recently used one goes first. */
export const PAGE_CACHE_ENTRIES = 500;

/**
 * A counter every write to the catalogue tables bumps, whatever code (or process) writes them:
 * the cache compares it on each request, so a stock change or a re-seed is seen at once.
 */
const VERSION_SCHEMA = `
CREATE TABLE IF NOT EXISTS catalog_version (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
INSERT OR IGNORE INTO catalog_version (id, n) VALUES (1, 0);
${['products', 'variants', 'forms', 'site_design']
  .flatMap((table) =>
    ['INSERT', 'UPDATE', 'DELETE'].map(
      (
        event,
      ) => `CREATE TRIGGER IF NOT EXISTS ${table}_${event.toLowerCase()}_version AFTER ${event} ON ${table}
BEGIN UPDATE catalog_version SET n = n + 1 WHERE id = 1; END;`,
    ),
  )
  .join('\n')}
`;

type Encoding = 'br' | 'gzip' | 'identity';

export interface RenderedPage {
  readonly html: string;
  gzip?: Buffer;
  br?: Buffer;
  /** Its validator, made on first demand. */
  etag?: string;
}

/**
 * A weak validator of the page's text: its encodings (br, gzip, none) are one page, so one
 * validator serves them all (RFC 9110 §8.8.1).
 */
const pageEtag = (html: string): string =>
  `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;

/** Whether `If-None-Match` names `etag`, by the weak comparison (RFC 9110 §13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** Below this a compressed page saves less than the compression costs. */
const MIN_COMPRESS_BYTES = 1024;

/** The best encoding the client accepts (RFC 9110 §12.5.3: `q=0` refuses one). */
export function pickEncoding(header: string | undefined): Encoding {
  if (header === undefined) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name: string): number => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

/**
 * Sends `page` compressed as the client accepts, with `Vary: Cookie, Accept-Encoding` (every page
 * the server renders depends on the visitor's cookies) and its validator, or a 304 when the
 * request's `If-None-Match` names it. The compressed bytes are kept on `page`
 * for its next request. `brotliQuality`: 9 for cached pages (made once), lower for pages made
 * for one request.
 */
export function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  page: RenderedPage,
  brotliQuality: number,
): FastifyReply {
  page.etag ??= pageEtag(page.html);
  reply.header('Vary', 'Cookie, Accept-Encoding').header('ETag', page.etag).type('text/html; charset=utf-8');
  // The browser's copy is this very page: it may show it again (a 304 carries no body).
  if (reply.statusCode === 200 && matchesEtag(request.headers['if-none-match'], page.etag)) {
    return reply.code(304).send();
  }
  const encoding =
    Buffer.byteLength(page.html) < MIN_COMPRESS_BYTES
      ? 'identity'
      : pickEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') {
    page.br ??= brotliCompressSync(page.html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality },
    });
    return reply.header('Content-Encoding', 'br').send(page.br);
  }
  if (encoding === 'gzip') {
    page.gzip ??= gzipSync(page.html, { level: brotliQuality >= 9 ? 9 : 6 });
    return reply.header('Content-Encoding', 'gzip').send(page.gzip);
  }
  return reply.send(page.html);
}

export interface PageCache {
  /**
   * Sends the page `key` names from the cache, rendering it first on a miss. `render` returning
   * null (no such page) is not cached and gives null.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    render: () => string | null,
  ): FastifyReply | null;
  /** Entries held now (tests). */
  readonly size: number;
}

export function createPageCache(db: Db, maxEntries = PAGE_CACHE_ENTRIES): PageCache {
  db.exec(VERSION_SCHEMA);
  const readVersion = db.prepare('SELECT n FROM catalog_version WHERE id = 1').pluck();
  const entries = new Map<string, RenderedPage>();
  let version: unknown = readVersion.get();

  const lookup = (key: string, render: () => string | null): RenderedPage | null => {
    const now = readVersion.get();
    if (now !== version) {
      entries.clear();
      version = now;
    }
    const hit = entries.get(key);
    if (hit !== undefined) {
      // Re-inserted: a Map iterates in insertion order, so the first key is the least recent.
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    const html = render();
    if (html === null) return null;
    const entry: RenderedPage = { html };
    entries.set(key, entry);
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next();
      if (oldest.done !== true) entries.delete(oldest.value);
    }
    return entry;
  };

  return {
    send(request, reply, key, render) {
      const entry = lookup(key, render);
      return entry === null ? null : sendHtml(request, reply, entry, 9);
    },
    get size() {
      return entries.size;
    },
  };
}
