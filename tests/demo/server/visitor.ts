/**
 * A browser-like test client for the reference server: keeps cookies between calls and sends the
 * crumb header on state-changing calls, as the SDK does.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createServer, type ServerOptions } from '../../../demo/server/app';
import { COOKIES, CSRF_HEADER } from '../../../src/contract';

export async function startServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  return createServer({ dbPath: ':memory:', ...options });
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SendOptions {
  /** false: no crumb header; a string: send that value instead of the cookie's. */
  readonly crumb?: false | string;
  readonly headers?: Record<string, string>;
  /** Raw body (string) instead of JSON. */
  readonly body?: string;
}

export class Visitor {
  readonly cookies = new Map<string, string>();

  /** `remoteAddress`: the client address the server sees. @default 127.0.0.1 */
  constructor(
    private readonly app: FastifyInstance,
    readonly remoteAddress = '127.0.0.1',
  ) {}

  /** A second tab of the same browser: same cookie jar contents. */
  tab(): Visitor {
    const other = new Visitor(this.app, this.remoteAddress);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  get crumb(): string | undefined {
    return this.cookies.get(COOKIES.crumb);
  }

  async get(url: string): Promise<LightMyRequestResponse> {
    return this.request('GET', url);
  }

  async request(
    method: Method,
    url: string,
    payload?: unknown,
    options: SendOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (method !== 'GET' && options.crumb !== false) {
      const crumb = typeof options.crumb === 'string' ? options.crumb : this.crumb;
      if (crumb !== undefined) headers[CSRF_HEADER] = crumb;
    }
    const inject: InjectOptions = {
      method,
      url,
      headers,
      cookies: Object.fromEntries(this.cookies),
      remoteAddress: this.remoteAddress,
    };
    if (options.body !== undefined) inject.payload = options.body;
    else if (payload !== undefined) inject.payload = payload as NonNullable<InjectOptions['payload']>;
    const response = await this.app.inject(inject);
    for (const c of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }

  post(url: string, payload?: unknown, options?: SendOptions): Promise<LightMyRequestResponse> {
    return this.request('POST', url, payload, options);
  }

  put(url: string, payload?: unknown, options?: SendOptions): Promise<LightMyRequestResponse> {
    return this.request('PUT', url, payload, options);
  }

  delete(url: string, options?: SendOptions): Promise<LightMyRequestResponse> {
    return this.request('DELETE', url, undefined, options);
  }

  /** Loads a page first, as a browser would, so the crumb cookie is set. */
  async arrive(): Promise<this> {
    await this.get('/');
    return this;
  }

  /** Signs in as `account` (the seeded owner by default); a refused sign-in fails the test. */
  async signIn(account: { email: string; password: string } = OWNER): Promise<this> {
    const res = await this.post(SESSION, account);
    if (res.statusCode !== 200) throw new Error(`sign-in as ${account.email}: ${res.statusCode} ${res.body}`);
    return this;
  }
}

/** The sign-in call (spec 001 §7). */
export const SESSION = '/api/site-users/account/session';
/** The store manager the demo's database is seeded with. */
export const OWNER = { email: 'owner@example.com', password: 'owner-password' };

export const ENTRIES = '/api/commerce/shopping-cart/entries';
export const CART = '/api/commerce/shopping-cart';

export function add(
  v: Visitor,
  itemId: string,
  sku: string | null,
  quantity: unknown = 1,
  additionalFields: string | null = null,
) {
  return v.post(ENTRIES, { itemId, sku, quantity, additionalFields });
}
