/**
 * Page-cache poisoning, tried over real sockets against the server process: whatever host or
 * spelling of a path a stranger sends first, the next visitor's page links to the site's own
 * origin and path only. Each attack goes to a page nobody has asked for yet, so it is the request
 * that would fill the cache.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, send, startServerProcess, type ServerProcess } from './harness';

const dir = mkdtempSync(join(tmpdir(), 'sf-page-cache-'));
let server: ServerProcess;
let port: number;
let shop: ServerProcess;
beforeAll(async () => {
  [server, shop] = await Promise.all([
    startServerProcess({ dbPath: join(dir, 'store.sqlite') }),
    startServerProcess({ dbPath: join(dir, 'shop.sqlite'), siteUrl: 'https://shop.example' }),
  ]);
  port = Number(new URL(server.base).port);
});
afterAll(async () => {
  await Promise.all([server.stop(), shop.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

/** One request written by hand, its answer split into status line, headers and body. */
async function raw(lines: readonly string[]): Promise<{ status: number; head: string; body: string }> {
  const text = await rawRequest(port, `${[...lines, 'Connection: close'].join('\r\n')}\r\n\r\n`);
  const split = text.indexOf('\r\n\r\n');
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
    head: text.slice(0, split),
    body: text.slice(split + 4),
  };
}

/** The absolute addresses a page carries in its head. */
function links(html: string): { canonical: string | null; ogUrl: string | null; ogImage: string | null } {
  const attr = (pattern: RegExp): string | null => pattern.exec(html)?.[1] ?? null;
  return {
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    ogUrl: attr(/<meta property="og:url" content="([^"]*)"/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
  };
}

/** What a later anonymous visitor gets for `path`, asked the ordinary way. */
async function visit(base: string, path: string): Promise<string> {
  const reply = await send(`${base}${path}`);
  expect(reply.status).toBe(200);
  return reply.body;
}

describe('a stranger first, then a visitor', () => {
  it('a forged Host is refused with 421, and the page never names it', async () => {
    const attack = await raw(['GET /products/prod-sencha HTTP/1.1', 'Host: evil.example']);
    expect(attack.status).toBe(421);
    expect(attack.body).not.toContain('evil.example');
    expect(attack.head).not.toMatch(/^set-cookie:/im);

    const page = await visit(server.base, '/products/prod-sencha');
    expect(page).not.toContain('evil.example');
    expect(links(page)).toEqual({
      canonical: `${server.base}/products/prod-sencha`,
      ogUrl: `${server.base}/products/prod-sencha`,
      ogImage: `${server.base}/demo-assets/sencha.svg`,
    });
  });

  it.each([
    ['another name at the same port', (p: number) => `evil.example:${p}`],
    ['credentials before the address', (p: number) => `evil.example@127.0.0.1:${p}`],
    ['the address with a path', (p: number) => `127.0.0.1:${p}/evil.example`],
    ['the address at another port', (p: number) => `127.0.0.1:${p + 1}`],
  ])('a Host of %s is refused with 421', async (_name, host) => {
    const attack = await raw(['GET /products/prod-tee HTTP/1.1', `Host: ${host(port)}`]);
    expect(attack.status).toBe(421);
  });

  it('an X-Forwarded-Host is not read: the page names the site', async () => {
    const attack = await raw([
      'GET /products/prod-poster HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'X-Forwarded-Host: evil-forwarded.example',
      'X-Forwarded-Proto: https',
    ]);
    expect(attack.status).toBe(200);
    expect(attack.body).not.toContain('evil-forwarded.example');

    const page = await visit(server.base, '/products/prod-poster');
    expect(page).not.toContain('evil-forwarded.example');
    expect(links(page).canonical).toBe(`${server.base}/products/prod-poster`);
  });

  it('an absolute-form target naming another host is refused with 421', async () => {
    const attack = await raw(['GET http://evil2.example/contact HTTP/1.1', `Host: 127.0.0.1:${port}`]);
    expect(attack.status).toBe(421);

    const page = await visit(server.base, '/contact');
    expect(page).not.toContain('evil2.example');
    expect(links(page).canonical).toBe(`${server.base}/contact`);
  });

  it('an absolute-form target naming the site is its path', async () => {
    const attack = await raw([`GET ${server.base}/newsletter?locale=en-US HTTP/1.1`, 'Host: evil.example']);
    expect(attack.status).toBe(200);
    expect(links(attack.body).canonical).toBe(`${server.base}/newsletter`);

    const page = await visit(server.base, '/newsletter');
    expect(page).not.toContain('evil.example');
    expect(links(page).canonical).toBe(`${server.base}/newsletter`);
  });

  it.each([
    ['a percent-encoded letter', '/%66eedback', '/feedback', '%66'],
    ['a trailing slash', '/products/prod-field-guide/', '/products/prod-field-guide', 'guide/'],
    ['an encoded product id', '/products/prod%2Dworkshop', '/products/prod-workshop', '%2D'],
    ['a query', '/products/prod-linen-apron?utm=%22evil', '/products/prod-linen-apron', 'utm'],
  ])('%s is the page of the plain path', async (_name, respelled, path, trace) => {
    const attack = await raw([`GET ${respelled} HTTP/1.1`, `Host: 127.0.0.1:${port}`]);
    expect(attack.status).toBe(200);
    expect(links(attack.body).canonical).toBe(`${server.base}${path}`);

    const page = await visit(server.base, path);
    expect(page).not.toContain(trace);
    expect(links(page).canonical).toBe(`${server.base}${path}`);
  });
});

describe('a configured site origin (--site-url)', () => {
  it('makes every absolute address of a page, whatever address the request came to', async () => {
    const page = await visit(shop.base, '/products/prod-sencha');
    expect(links(page)).toEqual({
      canonical: 'https://shop.example/products/prod-sencha',
      ogUrl: 'https://shop.example/products/prod-sencha',
      ogImage: 'https://shop.example/demo-assets/sencha.svg',
    });
    expect(page).not.toContain(shop.base);
  });

  it('answers its own host, and 421 to another', async () => {
    const shopPort = Number(new URL(shop.base).port);
    const own = await rawRequest(
      shopPort,
      'GET /contact HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n',
    );
    expect(own).toMatch(/^HTTP\/1\.1 200 /);
    const other = await rawRequest(
      shopPort,
      'GET /contact HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
    );
    expect(other).toMatch(/^HTTP\/1\.1 421 /);
  });
});
