// @vitest-environment node
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const SEED_PRODUCTS = (
  JSON.parse(readFileSync(join(ROOT, 'demo/server/seed-catalog.json'), 'utf8')) as unknown[]
).length;
const dir = mkdtempSync(join(tmpdir(), 'sf-cli-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function run(
  args: string[],
  env: Record<string, string> = {},
  until?: RegExp,
): Promise<{ code: number | null; out: string; kill: () => void }> {
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'demo/server/main.ts', ...args],
      {
        cwd: ROOT,
        env: { ...process.env, ...env },
      },
    );
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (until && until.test(out)) done({ code: null, out, kill: () => child.kill('SIGTERM') });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => done({ code, out, kill: () => undefined }));
  });
}

describe('demo/server/main.ts', () => {
  it('re-seeds the database with --reset-only and exits', async () => {
    const db = join(dir, 'reset.sqlite');
    const result = await run(['--reset-only', '--db', db]);
    expect(result.code).toBe(0);
    const conn = new Database(db, { readonly: true });
    expect((conn.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number }).n).toBe(SEED_PRODUCTS);
    conn.close();
  });

  it('exits with the catalogue problem for an invalid SF_CATALOG', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify([{ id: 'x', structuredContent: { productType: 7 } }]));
    const result = await run(['--reset-only', '--db', join(dir, 'bad.sqlite')], { SF_CATALOG: file });
    expect(result.code).toBe(1);
    expect(result.out).toContain('productType must be 1, 2, 3 or 4');
  });

  it('seeds the forms of --forms instead of the seed forms', async () => {
    const file = join(dir, 'forms.json');
    writeFileSync(
      file,
      JSON.stringify([{ id: 'form-only', name: 'Only', fields: [{ id: 'q', type: 'text', title: 'Q' }] }]),
    );
    const db = join(dir, 'forms.sqlite');
    const result = await run(['--reset-only', '--db', db, '--forms', file]);
    expect(result.code).toBe(0);
    const conn = new Database(db, { readonly: true });
    const ids = (
      conn.prepare('SELECT id FROM forms WHERE json LIKE \'%"kind":"site"%\'').all() as {
        id: string;
      }[]
    ).map((r) => r.id);
    conn.close();
    expect(ids).toEqual(['form-only']);
  });

  it('exits with the form problem for an invalid SF_FORMS', async () => {
    const file = join(dir, 'bad-forms.json');
    writeFileSync(file, JSON.stringify([{ id: 'f', fields: [{ id: 'q', type: 'teleport' }] }]));
    const result = await run(['--reset-only', '--db', join(dir, 'bad-forms.sqlite')], { SF_FORMS: file });
    expect(result.code).toBe(1);
    expect(result.out).toContain('Invalid form: form f: field 0');
  });

  it.each([
    ['--trust-proxy', ['--trust-proxy', 'localhost'], {}],
    ['SF_TRUST_PROXY', [], { SF_TRUST_PROXY: '10.0.0.0/33' }],
  ])('exits with the reason for a trusted proxy list it cannot read (%s)', async (_name, flags, env) => {
    const result = await run(['--db', join(dir, `proxy-${flags.length}.sqlite`), ...flags], {
      PORT: '0',
      HOST: '127.0.0.1',
      ...env,
    });
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/Invalid trusted proxy: "(localhost|10\.0\.0\.0\/33)"/);
  });

  it('listens on PORT and serves the shop', async () => {
    const result = await run(
      ['--db', join(dir, 'listen.sqlite')],
      { PORT: '0', HOST: '127.0.0.1' },
      /Storefront demo on (http:\/\/\S+)/,
    );
    try {
      const url = /Storefront demo on (http:\/\/\S+)/.exec(result.out)?.[1] ?? '';
      const res = await fetch(`${url}/api/commerce/inventory/stock?itemId=prod-poster`);
      expect(await res.json()).toEqual({
        results: [{ sku: 'POSTER-A2', variantId: 'var-poster', unlimited: false, qtyInStock: 0 }],
      });
    } finally {
      result.kill();
    }
  });

  it.each([
    ['--cors', ['--cors', 'http://localhost:5173'], {}],
    ['SF_CORS', [], { SF_CORS: 'http://localhost:5173' }],
  ])('allows one other origin with %s', async (_name, flags, env) => {
    const result = await run(
      ['--db', join(dir, `cors-${flags.length}.sqlite`), ...flags],
      { PORT: '0', HOST: '127.0.0.1', ...env },
      /Storefront demo on (http:\/\/\S+)/,
    );
    try {
      const url = /Storefront demo on (http:\/\/\S+)/.exec(result.out)?.[1] ?? '';
      const res = await fetch(`${url}/api/commerce/shopping-cart`, {
        headers: { origin: 'http://localhost:5173' },
      });
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    } finally {
      result.kill();
    }
  });

  it.each([
    ['--site-url', ['--site-url', 'https://shop.example'], {}],
    ['SF_SITE_URL', [], { SF_SITE_URL: 'https://shop.example/' }],
  ])('links its pages to the origin of %s and answers 421 for another host', async (_name, flags, env) => {
    const result = await run(
      ['--db', join(dir, `site-${flags.length}.sqlite`), ...flags],
      { PORT: '0', HOST: '127.0.0.1', ...env },
      /Storefront demo on (http:\/\/\S+)/,
    );
    try {
      const url = /Storefront demo on (http:\/\/\S+)/.exec(result.out)?.[1] ?? '';
      const page = await (await fetch(`${url}/contact`)).text();
      expect(page).toContain('<link rel="canonical" href="https://shop.example/contact">');
      // fetch sends the Host of its URL whatever it is given.
      const status = await new Promise<number | undefined>((done, fail) =>
        get(`${url}/contact`, { headers: { host: 'evil.example' } }, (res) => {
          res.resume();
          done(res.statusCode);
        }).on('error', fail),
      );
      expect(status).toBe(421);
    } finally {
      result.kill();
    }
  });

  it('exits with the reason for a site URL that is not an origin', async () => {
    const result = await run(
      ['--db', join(dir, 'bad-site.sqlite'), '--site-url', 'https://shop.example/store'],
      {
        PORT: '0',
      },
    );
    expect(result.code).toBe(1);
    expect(result.out).toContain('Invalid site URL: https://shop.example/store');
  });

  it('on localhost by default, answers localhost and links to the address it listens on', async () => {
    const result = await run(
      ['--db', join(dir, 'localhost.sqlite')],
      { PORT: '0' },
      /Storefront demo on (http:\/\/\S+)/,
    );
    try {
      const url = /Storefront demo on (http:\/\/\S+)/.exec(result.out)?.[1] ?? '';
      expect(url).toMatch(/^http:\/\/localhost:\d+$/);
      const res = await fetch(`${url}/contact`);
      expect(res.status).toBe(200);
      const port = new URL(url).port;
      expect(await res.text()).toMatch(
        new RegExp(`<link rel="canonical" href="http://(127\\.0\\.0\\.1|\\[::1\\]):${port}/contact">`),
      );
    } finally {
      result.kill();
    }
  });

  it.each([
    ['the flags', ['--secure-cookies', '--hsts'], {}],
    ['SF_SECURE_COOKIES and SF_HSTS', [], { SF_SECURE_COOKIES: '1', SF_HSTS: '1' }],
  ])('turns on Secure cookies and HSTS with %s', async (_name, flags, env) => {
    const result = await run(
      ['--db', join(dir, `https-${flags.length}.sqlite`), ...flags],
      { PORT: '0', HOST: '127.0.0.1', ...env },
      /Storefront demo on (http:\/\/\S+)/,
    );
    try {
      const url = /Storefront demo on (http:\/\/\S+)/.exec(result.out)?.[1] ?? '';
      const res = await fetch(`${url}/`);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
      expect(res.headers.getSetCookie().length).toBeGreaterThan(0);
      expect(res.headers.getSetCookie().filter((c) => !/;\s*Secure/i.test(c))).toEqual([]);
    } finally {
      result.kill();
    }
  });
});
