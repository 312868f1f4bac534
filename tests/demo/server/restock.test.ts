// @vitest-environment node
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, Visitor } from './visitor';

const SIGN_UP = '/api/site-users/account/notifications/restock';
const GROUPS = `${SIGN_UP}/groups`;

const soldOut = (n: number) => ({
  id: `prod-${n}`,
  title: `Print ${n}`,
  structuredContent: {
    productType: 1,
    variants: [
      {
        id: `var-${n}-a`,
        sku: `P${n}-A`,
        attributes: { Size: 'A' },
        priceMoney: { value: '10.00', currency: 'USD' },
        qtyInStock: 0,
      },
      {
        id: `var-${n}-b`,
        sku: `P${n}-B`,
        attributes: { Size: 'B' },
        priceMoney: { value: '12.00', currency: 'USD' },
        qtyInStock: 3,
      },
    ],
  },
});
const CATALOG = [1, 2, 3, 4, 5].map(soldOut);

let app: FastifyInstance;
let visitor: Visitor;
beforeEach(async () => {
  app = await startServer({ catalog: CATALOG, restockPageSize: 2 });
  visitor = await new Visitor(app).arrive();
});
afterEach(async () => {
  await app.close();
});

const signUp = (
  v: Visitor,
  productId: string,
  variantId: string | null,
  email: string,
  isJoinMailingList = false,
) => v.post(SIGN_UP, { productId, variantId, siteVisitorEmail: email, isJoinMailingList });

async function owner(): Promise<Visitor> {
  const v = await new Visitor(app).arrive();
  const res = await v.post('/api/site-users/account/session', {
    email: 'owner@example.com',
    password: 'owner-password',
  });
  expect(res.statusCode).toBe(200);
  return v;
}

describe('POST restock sign-up', () => {
  it('stores the sign-up and answers success', async () => {
    const res = await signUp(visitor, 'prod-1', 'var-1-a', 'Ada@Example.com', true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const row = app.db
      .prepare('SELECT product_id, variant_id, email, is_join_mailing_list FROM restock_signups')
      .get();
    expect(row).toEqual({
      product_id: 'prod-1',
      variant_id: 'var-1-a',
      email: 'ada@example.com',
      is_join_mailing_list: 1,
    });
  });

  it('accepts the variant sku as variantId', async () => {
    expect((await signUp(visitor, 'prod-1', 'P1-A', 'ada@example.com')).statusCode).toBe(200);
  });

  it.each([
    ['a blank email', { siteVisitorEmail: '  ' }, 400, 'Email cannot be blank'],
    ['a missing email', { siteVisitorEmail: undefined }, 400, 'Email cannot be blank'],
    ['an invalid email', { siteVisitorEmail: 'ada.example.com' }, 400, 'Email is invalid'],
    ['an unknown product', { productId: 'prod-9' }, 404, 'This product is not available.'],
    ['an unknown variant', { variantId: 'var-9' }, 404, 'This variant is not available.'],
    ['no variant on a product with several', { variantId: null }, 400, 'Select a variant.'],
    ['a variant in stock', { variantId: 'var-1-b' }, 409, 'This item is in stock.'],
    [
      'a non-boolean mailing-list flag',
      { isJoinMailingList: 'yes' },
      400,
      'isJoinMailingList must be true or false.',
    ],
  ])('fails with data.message for %s', async (_name, patch, status, message) => {
    const res = await visitor.post(SIGN_UP, {
      productId: 'prod-1',
      variantId: 'var-1-a',
      siteVisitorEmail: 'ada@example.com',
      isJoinMailingList: false,
      ...patch,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it('fails for a second sign-up of the same email', async () => {
    await signUp(visitor, 'prod-1', 'var-1-a', 'ada@example.com');
    const res = await signUp(visitor, 'prod-1', 'var-1-a', 'ADA@example.com');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'You are already signed up for this item.',
      code: 'already-signed-up',
    });
  });
});

describe('store-owner restock management', () => {
  it.each([
    ['an anonymous visitor', null, 401],
    ['a viewer', { email: 'shopper@example.com', password: 'shopper-password' }, 403],
  ])('refuses %s', async (_name, login, status) => {
    if (login) await visitor.post('/api/site-users/account/session', login);
    const res = await visitor.get(GROUPS);
    expect(res.statusCode).toBe(status);
    expect(typeof res.json().message).toBe('string');
  });

  it('pages through the sign-up groups with a cursor until hasNextPage is false', async () => {
    for (const n of [1, 2, 3, 4, 5]) await signUp(visitor, `prod-${n}`, `var-${n}-a`, `fan${n}@example.com`);
    await signUp(visitor, 'prod-3', 'var-3-a', 'second@example.com');
    const manager = await owner();
    const pages: {
      signUpGroups: { productId: string; signUpCount: number }[];
      hasNextPage: boolean;
      nextPageCursor: string | null;
    }[] = [];
    let cursor: string | null = null;
    do {
      const res = await manager.get(`${GROUPS}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.statusCode).toBe(200);
      pages.push(res.json());
      cursor = res.json().nextPageCursor;
    } while (cursor !== null);
    expect(pages.map((p) => p.signUpGroups.map((g) => g.productId))).toEqual([
      ['prod-1', 'prod-2'],
      ['prod-3', 'prod-4'],
      ['prod-5'],
    ]);
    expect(pages.map((p) => p.hasNextPage)).toEqual([true, true, false]);
    expect(pages[1]?.signUpGroups[0]).toMatchObject({
      productId: 'prod-3',
      variantId: 'var-3-a',
      sku: 'P3-A',
      title: 'Print 3',
      attributes: { Size: 'A' },
      signUpCount: 2,
      pendingCount: 2,
      unlimited: false,
      qtyInStock: 0,
      lastSentOn: null,
    });
  });

  it('pages through the sign-ups of one variant', async () => {
    for (const name of ['a', 'b', 'c'])
      await signUp(visitor, 'prod-2', 'var-2-a', `${name}@example.com`, name === 'b');
    const manager = await owner();
    const first = (await manager.get(`${SIGN_UP}?productId=prod-2&variantId=var-2-a`)).json();
    expect(first.signUps).toHaveLength(2);
    expect(first.hasNextPage).toBe(true);
    const second = (
      await manager.get(
        `${SIGN_UP}?productId=prod-2&variantId=var-2-a&cursor=${encodeURIComponent(first.nextPageCursor)}`,
      )
    ).json();
    expect(second).toMatchObject({ hasNextPage: false, nextPageCursor: null });
    const emails = [...first.signUps, ...second.signUps].map((s: { email: string }) => s.email).sort();
    expect(emails).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    expect(second.signUps[0]).toEqual({
      id: expect.any(String),
      email: expect.any(String),
      isJoinMailingList: expect.any(Boolean),
      created: expect.any(Number),
      notifiedOn: null,
    });
  });

  it.each([
    [`${GROUPS}?cursor=%%%`],
    [`${GROUPS}?cursor=bm90LWEtY3Vyc29y`],
    [`${SIGN_UP}?productId=prod-1&variantId=var-1-a&cursor=W10`],
  ])('answers 400 for the malformed cursor in %s', async (url) => {
    const manager = await owner();
    const res = await manager.get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ cursor: 'The cursor is malformed.' });
  });

  it('sends one notification per pending sign-up, and none twice', async () => {
    await signUp(visitor, 'prod-1', 'var-1-a', 'a@example.com');
    await signUp(visitor, 'prod-1', 'var-1-a', 'b@example.com');
    const manager = await owner();
    const first = await manager.post(`${SIGN_UP}/send`, { productId: 'prod-1', variantId: 'var-1-a' });
    expect(first.json()).toEqual({ sent: 2 });
    expect(
      (await manager.post(`${SIGN_UP}/send`, { productId: 'prod-1', variantId: 'var-1-a' })).json(),
    ).toEqual({ sent: 0 });
    const sent = app.db.prepare('SELECT email FROM restock_notifications ORDER BY email').all();
    expect(sent).toEqual([{ email: 'a@example.com' }, { email: 'b@example.com' }]);
    const group = (await manager.get(GROUPS)).json().signUpGroups[0];
    expect(group).toMatchObject({ pendingCount: 0, lastSentOn: expect.any(Number) });
  });

  it('sends for several variants at once with send/all', async () => {
    await signUp(visitor, 'prod-1', 'var-1-a', 'a@example.com');
    await signUp(visitor, 'prod-2', 'var-2-a', 'a@example.com');
    const manager = await owner();
    const res = await manager.post(`${SIGN_UP}/send/all`, {
      sendRequests: [
        { productId: 'prod-1', variantId: 'var-1-a' },
        { productId: 'prod-2', variantId: 'var-2-a' },
      ],
    });
    expect(res.json()).toEqual({
      sent: 2,
      results: [
        { productId: 'prod-1', variantId: 'var-1-a', sent: 1 },
        { productId: 'prod-2', variantId: 'var-2-a', sent: 1 },
      ],
    });
  });

  it.each([
    [{ sendRequests: [] }, 400],
    [{ sendRequests: 'all' }, 400],
    [
      {
        sendRequests: [
          { productId: 'prod-1', variantId: 'var-1-a' },
          { productId: 'prod-9', variantId: 'x' },
        ],
      },
      404,
    ],
  ])('rejects send/all %j and sends nothing', async (body, status) => {
    await signUp(visitor, 'prod-1', 'var-1-a', 'a@example.com');
    const manager = await owner();
    const res = await manager.post(`${SIGN_UP}/send/all`, body);
    expect(res.statusCode).toBe(status);
    expect((app.db.prepare('SELECT COUNT(*) AS n FROM restock_notifications').get() as { n: number }).n).toBe(
      0,
    );
  });
});
