// @vitest-environment node
/**
 * Site-user sessions against the real reference server: login stores the xsrfToken as the crumb
 * later calls carry, logout repeats once after a crumb failure, and the cart reloads after both.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer } from '../../../demo/server/app.js';
import { createApi } from '../../../src/api/index.js';
import { createClient } from '../../../src/api/client.js';
import { createSessionApi } from '../../../src/api/session.js';
import { CSRF_HEADER } from '../../../src/contract.js';
import { login, loginId, logout } from '../../../src/page/session.js';

/** Node's fetch keeps no cookies: this jar plays the browser for one visitor. */
class Jar {
  readonly cookies = new Map<string, string>();
  readonly requests: { method: string; url: string; csrf: string | null }[] = [];

  store(line: string): void {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq < 1) return;
    const name = pair.slice(0, eq).trim();
    const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
    if (gone) this.cookies.delete(name);
    else this.cookies.set(name, decodeURIComponent(pair.slice(eq + 1).trim()));
  }

  readonly fetch = async (input: Request | URL | string, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '));
    this.requests.push({ method: request.method, url: request.url, csrf: request.headers.get(CSRF_HEADER) });
    const body = request.method === 'GET' ? undefined : await request.arrayBuffer();
    const response = await fetch(request.url, { method: request.method, headers, ...(body ? { body } : {}) });
    for (const line of response.headers.getSetCookie()) this.store(line);
    return response;
  };

  doc(): Document {
    const read = () => [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    const write = (line: string) => this.store(line);
    return {
      get cookie() {
        return read();
      },
      set cookie(line: string) {
        write(line);
      },
      location: { protocol: 'http:', hostname: '127.0.0.1' },
      defaultView: { navigator: { cookieEnabled: true } },
    } as unknown as Document;
  }
}

let app: FastifyInstance;
let apiRoot: string;

beforeAll(async () => {
  app = await createServer({ dbPath: ':memory:' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  apiRoot = `http://127.0.0.1:${address.port}/api/`;
});

afterAll(async () => {
  await app.close();
});

async function visitor() {
  const jar = new Jar();
  const doc = jar.doc();
  const client = createClient({ apiRoot, fetch: jar.fetch as typeof fetch, doc });
  const api = createApi({ apiRoot, fetch: jar.fetch as typeof fetch, doc });
  await api.getCart(); // the first page view hands out the crumb
  const reloadCart = vi.fn(async () => undefined);
  const options = { api: createSessionApi(client), doc, reloadCart };
  return { jar, api, options, reloadCart };
}

const SHOPPER = { email: 'shopper@example.com', password: 'shopper-password' };

describe('account login', () => {
  it('stores the xsrfToken as the header of later calls and reloads the cart', async () => {
    const { jar, api, options, reloadCart } = await visitor();
    const result = await login({ ...SHOPPER, rememberMe: true }, options);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.data.siteUser).toMatchObject({ email: SHOPPER.email, roles: ['viewer'] });
    expect(loginId()).toBe(result.data.siteUser?.id);
    expect(jar.cookies.get('crumb')).toBe(result.data.xsrfToken);
    expect(reloadCart).toHaveBeenCalledTimes(1);

    const added = await api.addCartEntry({ itemId: 'prod-tee', sku: 'TEE-S-BLK', quantity: 1 });
    const last = jar.requests.at(-1)!;
    expect(last.method).toBe('POST');
    expect(last.csrf).toBe(result.data.xsrfToken);
    expect(added.ok).toBe(true);
  });

  it('answers a wrong password with the server message and keeps the cart as it is', async () => {
    const { options, reloadCart } = await visitor();
    const result = await login({ email: SHOPPER.email, password: 'nope' }, options);
    expect(result).toMatchObject({
      ok: false,
      error: { status: 401, message: 'Invalid email or password.' },
    });
    expect(reloadCart).not.toHaveBeenCalled();
  });

  it('answers a call without credentials instead of throwing', async () => {
    const { options } = await visitor();
    const result = await login(undefined as never, options);
    expect(result.ok).toBe(false);
  });
});

describe('account logout', () => {
  it('ends the session and reloads the cart', async () => {
    const { jar, options, reloadCart } = await visitor();
    await login(SHOPPER, options);
    const result = await logout({ cloneCart: false }, options);
    expect(result.ok).toBe(true);
    expect(loginId()).toBeNull();
    expect(reloadCart).toHaveBeenCalledTimes(2);
    const deletes = jar.requests.filter((r) => r.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(new URL(deletes[0]!.url).searchParams.get('cloneCart')).toBe('false');
  });

  it('repeats once after a crumb failure, with the fresh crumb', async () => {
    const { jar, options } = await visitor();
    await login(SHOPPER, options);
    jar.cookies.set('crumb', 'stale-crumb');
    const result = await logout({ cloneCart: true }, options);
    expect(result.ok).toBe(true);
    const deletes = jar.requests.filter((r) => r.method === 'DELETE');
    expect(deletes.map((d) => d.csrf === 'stale-crumb')).toEqual([true, false]);
    expect(new URL(deletes[1]!.url).searchParams.get('cloneCart')).toBe('true');
  });

  it('repeats only once', async () => {
    const calls: string[] = [];
    const crumbFail = {
      ok: false as const,
      error: { kind: 'http' as const, status: 401, message: 'x', crumbFail: true },
    };
    const api = createSessionApi({
      call: async (spec) => {
        calls.push(spec.path);
        return crumbFail;
      },
      crumb: () => null,
    });
    expect(await api.logout()).toEqual(crumbFail);
    expect(calls).toHaveLength(2);
  });
});

describe('sf:account-change', () => {
  function listen() {
    const events = new EventTarget();
    const heard: unknown[] = [];
    events.addEventListener('sf:account-change', (e) => heard.push((e as CustomEvent).detail));
    return { events, heard };
  }

  it('tells the page who signed in, then that nobody is signed in after the sign-out', async () => {
    const { options } = await visitor();
    const { events, heard } = listen();
    await login(SHOPPER, { ...options, events });
    expect(heard).toEqual([{ user: expect.objectContaining({ email: SHOPPER.email, roles: ['viewer'] }) }]);
    await logout({}, { ...options, events });
    expect(heard).toHaveLength(2);
    expect(heard[1]).toEqual({ user: null });
  });

  it('stays silent when the sign-in fails', async () => {
    const { options } = await visitor();
    const { events, heard } = listen();
    await login({ email: SHOPPER.email, password: 'wrong' }, { ...options, events });
    expect(heard).toEqual([]);
  });
});
