// @vitest-environment node
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIES, CSRF_HEADER } from '../../../src/contract';
import { startServer } from './visitor';

// Real sockets, so the adds really arrive side by side as from a double click or two tabs.
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = await startServer({ rateLimit: { addToCart: { max: 1000, timeWindowMs: 60_000 } } });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
});

function cookiesOf(res: Response, jar: Map<string, string>): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, value] = (pair ?? '').split('=');
    if (name && value !== undefined) jar.set(name, value);
  }
}

const cookieHeader = (jar: Map<string, string>): string => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

async function addOverHttp(
  jar: Map<string, string>,
  itemId: string,
  sku: string,
  quantity: number,
): Promise<Response> {
  return fetch(`${base}/api/commerce/shopping-cart/entries`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookieHeader(jar),
      [CSRF_HEADER]: jar.get(COOKIES.crumb) ?? '',
    },
    body: JSON.stringify({ itemId, sku, quantity, additionalFields: null }),
  });
}

describe('concurrent adds to one cart', () => {
  it('lets exactly one of many simultaneous adds of the last unit win', async () => {
    const jar = new Map<string, string>();
    cookiesOf(await fetch(`${base}/`), jar);
    const first = await addOverHttp(jar, 'prod-workshop', 'WORKSHOP-2H', 1);
    expect(first.status).toBe(200);
    cookiesOf(first, jar);

    const responses = await Promise.all(
      Array.from({ length: 25 }, () => addOverHttp(jar, 'prod-tee', 'TEE-M-WHT', 1)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(24);
    const losers = await Promise.all(responses.filter((r) => r.status === 409).map((r) => r.json()));
    expect(new Set(losers.map((b: { message: string }) => b.message))).toEqual(
      new Set(['Sorry, we do not have enough of that item available.']),
    );

    const stored = app.db
      .prepare("SELECT SUM(quantity) AS q FROM cart_entries WHERE cart_id = ? AND sku = 'TEE-M-WHT'")
      .get(jar.get(COOKIES.cart)) as { q: number };
    expect(stored.q).toBe(1);
  });

  it('never exceeds the stock when two tabs add several units at once', async () => {
    const jar = new Map<string, string>();
    cookiesOf(await fetch(`${base}/`), jar);
    const first = await addOverHttp(jar, 'prod-workshop', 'WORKSHOP-2H', 1);
    cookiesOf(first, jar);
    // TEE-L-WHT has 4 in stock: 10 adds of 2 can fit at most twice.
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => addOverHttp(jar, 'prod-tee', 'TEE-L-WHT', 2)),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(2);
    const cart = await (
      await fetch(`${base}/api/commerce/shopping-cart`, { headers: { cookie: cookieHeader(jar) } })
    ).json();
    const tee = cart.entries.find(
      (e: { chosenVariant: { sku: string } | null }) => e.chosenVariant?.sku === 'TEE-L-WHT',
    );
    expect(tee.quantity).toBe(4);
  });
});
