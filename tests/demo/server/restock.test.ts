// @vitest-environment node
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CONFIRMATION_MAIL_LIMITS,
  MAX_RESTOCK_SIGNUPS_PER_PRODUCT,
  OPT_IN_LINK_TTL_MS,
} from '../../../demo/server/limits';
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
// A product whose name is markup: the confirmation page names it as text.
CATALOG.push({ ...soldOut(6), title: '<img src=x onerror=alert(1)> & Co' });
// A product of one variant: a shopper signs up for it without naming the variant.
CATALOG.push({
  ...soldOut(7),
  structuredContent: { productType: 1, variants: [soldOut(7).structuredContent.variants[0]!] },
});

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

const owner = (): Promise<Visitor> => new Visitor(app).arrive().then((v) => v.signIn());

describe('POST restock sign-up', () => {
  it('stores the sign-up and answers success, the mailing-list opt-in not yet counted', async () => {
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
      is_join_mailing_list: 0,
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

  it('answers a repeated sign-up exactly as a new one, and keeps one row', async () => {
    const first = await signUp(visitor, 'prod-1', 'var-1-a', 'ada@example.com');
    const stranger = await new Visitor(app, '198.51.100.7').arrive();
    const again = await signUp(stranger, 'prod-1', 'var-1-a', 'ADA@example.com');
    const fresh = await signUp(stranger, 'prod-1', 'var-1-a', 'bob@example.com');
    expect([again.statusCode, again.json()]).toEqual([first.statusCode, first.json()]);
    expect([again.statusCode, again.json()]).toEqual([fresh.statusCode, fresh.json()]);
    expect(again.body).toBe(fresh.body);
    const rows = app.db
      .prepare("SELECT COUNT(*) AS n FROM restock_signups WHERE email = 'ada@example.com'")
      .get();
    expect(rows).toEqual({ n: 1 });
  });
});

/** The confirmation links the outbox holds for `email`. */
const confirmLinks = (email: string): string[] =>
  (
    app.db
      .prepare(
        "SELECT link FROM restock_notifications WHERE email = ? AND kind = 'confirm-opt-in' ORDER BY id",
      )
      .all(email) as { link: string }[]
  ).map((r) => r.link);

/** Follows the newest confirmation link `email` got for `productId`, as the mailbox's owner would. */
async function confirm(email: string, productId: string) {
  const row = app.db
    .prepare(
      `SELECT link FROM restock_notifications WHERE email = ? AND product_id = ? AND kind = 'confirm-opt-in'
       ORDER BY id DESC LIMIT 1`,
    )
    .get(email, productId) as { link: string } | undefined;
  expect(row).toBeDefined();
  return new Visitor(app).get(row?.link ?? '');
}

/** Signs `email` up for variant a of `prod-<n>` and follows the link it was mailed. */
async function signUpConfirmed(v: Visitor, n: number, email: string): Promise<void> {
  expect((await signUp(v, `prod-${n}`, `var-${n}-a`, email)).statusCode).toBe(200);
  expect((await confirm(email, `prod-${n}`)).statusCode).toBe(200);
}

/** Restock notices (not confirmation mails) in the outbox, by recipient. */
const noticesSent = (): string[] =>
  (
    app.db.prepare("SELECT email FROM restock_notifications WHERE kind = 'restock' ORDER BY email").all() as {
      email: string;
    }[]
  ).map((r) => r.email);

describe('mailing-list opt-in', () => {
  it('counts only once the emailed link is followed', async () => {
    await signUp(visitor, 'prod-2', 'var-2-a', 'ada@example.com', true);
    const manager = await owner();
    const list = async () =>
      (await manager.get(`${SIGN_UP}?productId=prod-2&variantId=var-2-a`)).json().signUps[0]
        .isJoinMailingList;
    expect(await list()).toBe(false);
    const [link, ...others] = confirmLinks('ada@example.com');
    expect(others).toEqual([]);
    expect(link).toMatch(/^\/restock\/confirm\?token=[\w-]{43}$/);
    const page = await new Visitor(app).get(link ?? '');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your sign-up is confirmed');
    expect(page.body).toContain(
      'We will email you when Print 2 is back in stock. You are on the mailing list too.',
    );
    expect(await list()).toBe(true);
    // Following it again changes nothing and still says so.
    expect((await new Visitor(app).get(link ?? '')).statusCode).toBe(200);
  });

  it('shows the owner the confirmation mail in the outbox, with its link', async () => {
    await signUp(visitor, 'prod-2', 'var-2-a', 'ada@example.com', true);
    const manager = await owner();
    const html = (await manager.get('/admin/restock')).body;
    const [link = ''] = confirmLinks('ada@example.com');
    expect(html).toContain(`<td>ada@example.com</td>`);
    expect(html).toContain(`<a href="${link}">Confirm the sign-up</a>`);
  });

  it.each([
    ['a made-up token', '/restock/confirm?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['no token', '/restock/confirm'],
  ])('refuses %s with the not-valid page and records nothing', async (_name, url) => {
    await signUp(visitor, 'prod-2', 'var-2-a', 'ada@example.com', true);
    const page = await new Visitor(app).get(url);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('The confirmation link is not valid or has expired.');
    const row = app.db.prepare('SELECT is_join_mailing_list FROM restock_signups').get();
    expect(row).toEqual({ is_join_mailing_list: 0 });
  });

  it('sends one confirmation mail per sign-up however often it is repeated', async () => {
    for (let i = 0; i < 3; i++) await signUp(visitor, 'prod-2', 'var-2-a', 'ada@example.com', true);
    expect(confirmLinks('ada@example.com')).toHaveLength(1);
  });

  it('stores no token, only its hash', async () => {
    await signUp(visitor, 'prod-2', 'var-2-a', 'ada@example.com', true);
    const [link = ''] = confirmLinks('ada@example.com');
    const token = new URL(link, 'http://x').searchParams.get('token');
    const row = app.db.prepare('SELECT opt_in_token_hash FROM restock_signups').get() as {
      opt_in_token_hash: string;
    };
    expect(row.opt_in_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.opt_in_token_hash).not.toContain(token);
  });
});

describe('double opt-in', () => {
  const SIGN_UPS_1 = `${SIGN_UP}?productId=prod-1&variantId=var-1-a`;
  /** The owner's list of prod-1's sign-ups: email -> when confirmed. */
  async function confirmedOn(manager: Visitor): Promise<Record<string, number | null>> {
    const body = (await manager.get(SIGN_UPS_1)).json() as {
      signUps: { email: string; confirmedOn: number | null }[];
    };
    return Object.fromEntries(body.signUps.map((s) => [s.email, s.confirmedOn]));
  }

  it('mails every sign-up a confirmation link, mailing list or not', async () => {
    await signUp(visitor, 'prod-1', 'var-1-a', 'ada@example.com');
    const [link, ...others] = confirmLinks('ada@example.com');
    expect(others).toEqual([]);
    expect(link).toMatch(/^\/restock\/confirm\?token=[\w-]{43}$/);
  });

  it('notifies only the confirmed sign-ups when the owner sends, one or all', async () => {
    await signUpConfirmed(visitor, 1, 'customer@example.com');
    await signUp(visitor, 'prod-1', 'var-1-a', 'stranger@example.com');
    await signUp(visitor, 'prod-2', 'var-2-a', 'stranger2@example.com');
    const manager = await owner();
    const one = await manager.post(`${SIGN_UP}/send`, { productId: 'prod-1', variantId: 'var-1-a' });
    expect(one.json()).toEqual({ sent: 1 });
    const all = await manager.post(`${SIGN_UP}/send/all`, {
      sendRequests: [
        { productId: 'prod-1', variantId: 'var-1-a' },
        { productId: 'prod-2', variantId: 'var-2-a' },
      ],
    });
    expect(all.json()).toMatchObject({ sent: 0 });
    expect(noticesSent()).toEqual(['customer@example.com']);
  });

  it('confirms on the first visit of the link, and changes nothing on the next ones', async () => {
    await signUp(visitor, 'prod-1', 'var-1-a', 'ada@example.com');
    const manager = await owner();
    expect(await confirmedOn(manager)).toEqual({ 'ada@example.com': null });
    const first = await confirm('ada@example.com', 'prod-1');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('We will email you when Print 1 is back in stock.');
    expect(first.body).not.toContain('mailing list');
    const when = (await confirmedOn(manager))['ada@example.com'];
    expect(when).toEqual(expect.any(Number));
    const again = await confirm('ada@example.com', 'prod-1');
    expect([again.statusCode, again.body]).toEqual([first.statusCode, first.body]);
    expect((await confirmedOn(manager))['ada@example.com']).toBe(when);
    // The page is the store's own: it sends the visitor nowhere else.
    expect(again.headers['location']).toBeUndefined();
  });

  it('confirms only the sign-up its token was mailed for', async () => {
    await signUp(visitor, 'prod-1', 'var-1-a', 'ada@example.com');
    await signUp(visitor, 'prod-1', 'var-1-a', 'bob@example.com');
    expect((await confirm('bob@example.com', 'prod-1')).statusCode).toBe(200);
    expect(await confirmedOn(await owner())).toEqual({
      'ada@example.com': null,
      'bob@example.com': expect.any(Number),
    });
  });

  it.each([
    ['a token of the right shape that was never mailed', () => `?token=${'A'.repeat(43)}`],
    ['a mailed token with one character changed', (link: string) => `?token=${link.slice(-43, -1)}B`],
    ['a token too long to be one', () => `?token=${'A'.repeat(101)}`],
    ['a token given twice', (link: string) => `?token=${link.slice(-43)}&token=${link.slice(-43)}`],
  ])('refuses %s and confirms nothing', async (_name, query) => {
    await signUp(visitor, 'prod-1', 'var-1-a', 'ada@example.com');
    const [link = ''] = confirmLinks('ada@example.com');
    const page = await new Visitor(app).get(`/restock/confirm${query(link)}`);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('The confirmation link is not valid or has expired.');
    expect(await confirmedOn(await owner())).toEqual({ 'ada@example.com': null });
  });

  it('expires an unfollowed link, and its sign-up with it', async () => {
    await signUp(visitor, 'prod-1', 'var-1-a', 'ada@example.com');
    app.db
      .prepare('UPDATE restock_signups SET created = created - ?, opt_in_requested = opt_in_requested - ?')
      .run(OPT_IN_LINK_TTL_MS, OPT_IN_LINK_TTL_MS);
    const page = await confirm('ada@example.com', 'prod-1');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('The confirmation link is not valid or has expired.');
    const manager = await owner();
    expect((await manager.get(GROUPS)).json().signUpGroups).toEqual([]);
    // Signing up again, a week on, starts afresh with a new link that works.
    app.db.prepare('UPDATE restock_notifications SET sent = sent - ?').run(OPT_IN_LINK_TTL_MS);
    await signUp(visitor, 'prod-1', 'var-1-a', 'ada@example.com');
    expect((await confirm('ada@example.com', 'prod-1')).statusCode).toBe(200);
  });

  it("keeps a confirmed sign-up past the link's lifetime, and its link still says so", async () => {
    await signUpConfirmed(visitor, 1, 'ada@example.com');
    app.db
      .prepare('UPDATE restock_signups SET created = created - ?, opt_in_requested = opt_in_requested - ?')
      .run(OPT_IN_LINK_TTL_MS, OPT_IN_LINK_TTL_MS);
    expect((await confirm('ada@example.com', 'prod-1')).statusCode).toBe(200);
    const manager = await owner();
    expect(
      (await manager.post(`${SIGN_UP}/send`, { productId: 'prod-1', variantId: 'var-1-a' })).json(),
    ).toEqual({
      sent: 1,
    });
  });

  it('lets a sign-up whose mail the bounds held back be confirmed once it is repeated later', async () => {
    const insert = app.db.prepare(
      `INSERT INTO restock_notifications (signup_id, product_id, variant_id, email, sent, kind, link)
       VALUES (?, 'prod-1', 'var-x', ?, ?, 'confirm-opt-in', '/restock/confirm?token=x')`,
    );
    for (let i = 0; i < CONFIRMATION_MAIL_LIMITS.perProduct; i++)
      insert.run(`old-${i}`, `old${i}@example.com`, Date.now());
    await signUp(visitor, 'prod-1', 'var-1-a', 'ada@example.com');
    expect(confirmLinks('ada@example.com')).toEqual([]);
    const manager = await owner();
    expect(
      (await manager.post(`${SIGN_UP}/send`, { productId: 'prod-1', variantId: 'var-1-a' })).json(),
    ).toEqual({
      sent: 0,
    });
    app.db.prepare('UPDATE restock_notifications SET sent = sent - ?').run(CONFIRMATION_MAIL_LIMITS.windowMs);
    await signUp(await new Visitor(app, '198.51.100.9').arrive(), 'prod-1', 'var-1-a', 'ada@example.com');
    expect((await confirm('ada@example.com', 'prod-1')).statusCode).toBe(200);
    expect(
      (await manager.post(`${SIGN_UP}/send`, { productId: 'prod-1', variantId: 'var-1-a' })).json(),
    ).toEqual({
      sent: 1,
    });
  });

  it('mails a recipient who has confirmed the link for their next sign-up at once', async () => {
    await signUpConfirmed(visitor, 1, 'ada@example.com');
    await signUp(visitor, 'prod-2', 'var-2-a', 'ada@example.com');
    expect(confirmLinks('ada@example.com')).toHaveLength(2);
    // Unfollowed, it holds the next one back for a day again.
    await signUp(visitor, 'prod-3', 'var-3-a', 'ada@example.com');
    expect(confirmLinks('ada@example.com')).toHaveLength(2);
  });

  it('mails a confirmed customer who asks for the mailing list later a link that records it', async () => {
    await signUpConfirmed(visitor, 1, 'ada@example.com');
    await signUp(visitor, 'prod-1', 'var-1-a', 'ada@example.com', true);
    const manager = await owner();
    const list = async () => (await manager.get(SIGN_UPS_1)).json().signUps[0].isJoinMailingList;
    expect(await list()).toBe(false);
    const page = await confirm('ada@example.com', 'prod-1');
    expect(page.body).toContain('You are on the mailing list too.');
    expect(await list()).toBe(true);
  });

  it('counts the confirmed, the waiting and the unconfirmed for the owner', async () => {
    await signUpConfirmed(visitor, 1, 'a@example.com');
    await signUpConfirmed(visitor, 1, 'b@example.com');
    await signUp(visitor, 'prod-1', 'var-1-a', 'c@example.com');
    const manager = await owner();
    await manager.post(`${SIGN_UP}/send`, { productId: 'prod-1', variantId: 'var-1-a' });
    // From another network: one network is mailed three confirmations an hour.
    await signUpConfirmed(await new Visitor(app, '198.51.100.9').arrive(), 1, 'd@example.com');
    const [group] = (await manager.get(GROUPS)).json().signUpGroups;
    expect(group).toMatchObject({ signUpCount: 4, pendingCount: 1, unconfirmedCount: 1 });
  });

  it('names the product on the confirmation page as text, never as markup', async () => {
    await signUp(visitor, 'prod-6', 'var-6-a', 'ada@example.com');
    const page = await confirm('ada@example.com', 'prod-6');
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; Co is back in stock.');
    expect(page.body).not.toContain('<img src=x');
  });

  it('answers the shopper alike whether the email is new, waiting or confirmed', async () => {
    await signUpConfirmed(visitor, 1, 'confirmed@example.com');
    await signUp(visitor, 'prod-1', 'var-1-a', 'waiting@example.com');
    const stranger = await new Visitor(app, '198.51.100.7').arrive();
    const answers = await Promise.all(
      ['confirmed@example.com', 'waiting@example.com', 'new@example.com'].map(async (email) => {
        const res = await signUp(stranger, 'prod-1', 'var-1-a', email);
        return [res.statusCode, res.body];
      }),
    );
    expect(answers).toEqual([
      [200, '{"success":true}'],
      [200, '{"success":true}'],
      [200, '{"success":true}'],
    ]);
  });
});

describe('confirmation mail bounds', () => {
  const optIn = async (address: string, productId: string, email: string) => {
    const v = await new Visitor(app, address).arrive();
    const res = await signUp(v, productId, `var-${productId.slice(5)}-a`, email, true);
    expect([res.statusCode, res.json()]).toEqual([200, { success: true }]);
  };
  const mails = (): number =>
    (
      app.db
        .prepare("SELECT COUNT(*) AS n FROM restock_notifications WHERE kind = 'confirm-opt-in'")
        .get() as {
        n: number;
      }
    ).n;
  /** Confirmation mails already in the outbox, sent `agoMs` before now. */
  function mailed(count: number, productId: string, agoMs = 0): void {
    const insert = app.db.prepare(
      `INSERT INTO restock_notifications (signup_id, product_id, variant_id, email, sent, kind, link)
       VALUES (?, ?, 'var-x', ?, ?, 'confirm-opt-in', '/restock/confirm?token=x')`,
    );
    for (let i = 0; i < count; i++)
      insert.run(`old-${i}`, productId, `old${i}@example.com`, Date.now() - agoMs);
  }

  it('mails a recipient once a day, whatever the product', async () => {
    await optIn('198.51.100.1', 'prod-1', 'ada@example.com');
    await optIn('198.51.100.2', 'prod-2', 'ada@example.com');
    await optIn('198.51.100.3', 'prod-3', 'ADA@example.com');
    expect(confirmLinks('ada@example.com')).toHaveLength(1);
  });

  it(`mails ${CONFIRMATION_MAIL_LIMITS.perNetwork} confirmations an hour asked from one network, an IPv6 /64 as one`, async () => {
    for (let i = 1; i <= CONFIRMATION_MAIL_LIMITS.perNetwork + 1; i++) {
      await optIn(`2001:db8:0:7::${i}`, 'prod-1', `v6-${i}@example.com`);
    }
    expect(mails()).toBe(CONFIRMATION_MAIL_LIMITS.perNetwork);
    await optIn('2001:db8:0:8::1', 'prod-1', 'next-door@example.com');
    expect(mails()).toBe(CONFIRMATION_MAIL_LIMITS.perNetwork + 1);
  });

  it(`mails ${CONFIRMATION_MAIL_LIMITS.perProduct} confirmations an hour per product, ${CONFIRMATION_MAIL_LIMITS.total} in all`, async () => {
    mailed(CONFIRMATION_MAIL_LIMITS.perProduct, 'prod-1');
    await optIn('198.51.100.1', 'prod-1', 'ada@example.com');
    expect(confirmLinks('ada@example.com')).toEqual([]);
    await optIn('198.51.100.1', 'prod-2', 'bob@example.com');
    expect(confirmLinks('bob@example.com')).toHaveLength(1);
    mailed(CONFIRMATION_MAIL_LIMITS.total, 'prod-9');
    await optIn('198.51.100.2', 'prod-3', 'cy@example.com');
    expect(confirmLinks('cy@example.com')).toEqual([]);
  });

  it('sends a held confirmation when the sign-up is repeated after the window', async () => {
    mailed(CONFIRMATION_MAIL_LIMITS.perProduct, 'prod-1');
    await optIn('198.51.100.1', 'prod-1', 'ada@example.com');
    expect(confirmLinks('ada@example.com')).toEqual([]);
    app.db.prepare('UPDATE restock_notifications SET sent = sent - ?').run(CONFIRMATION_MAIL_LIMITS.windowMs);
    await optIn('198.51.100.2', 'prod-1', 'ada@example.com');
    expect(confirmLinks('ada@example.com')).toHaveLength(1);
  });
});

describe('sign-up storage', () => {
  /**
   * Fills prod-1's list straight into the database, every row from one client network, signed up
   * in the last `count` milliseconds, oldest first; confirmed ones as if their links were followed.
   */
  function fill(count: number, network = '203.0.113.9', confirmed = false): void {
    const insert = app.db.prepare(
      `INSERT INTO restock_signups (id, product_id, variant_id, email, is_join_mailing_list, created, client_network,
         opt_in_requested, opt_in_confirmed)
       VALUES (?, 'prod-1', 'var-1-a', ?, 0, ?, ?, ?, ?)`,
    );
    const start = Date.now() - count;
    app.db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const at = start + i;
        insert.run(`fill-${i}`, `fill${i}@example.com`, at, network, at, confirmed ? at : null);
      }
    })();
  }
  const storedEmails = (): string[] =>
    (
      app.db.prepare("SELECT email FROM restock_signups WHERE product_id = 'prod-1'").all() as {
        email: string;
      }[]
    ).map((r) => r.email);

  it(`keeps at most ${MAX_RESTOCK_SIGNUPS_PER_PRODUCT} sign-ups per product, and signs up a newcomer to a full one`, async () => {
    fill(MAX_RESTOCK_SIGNUPS_PER_PRODUCT - 1);
    expect((await signUp(visitor, 'prod-1', 'var-1-a', 'last@example.com')).statusCode).toBe(200);
    const late = await signUp(visitor, 'prod-1', 'var-1-a', 'late@example.com');
    expect([late.statusCode, late.json()]).toEqual([200, { success: true }]);
    expect(storedEmails()).toHaveLength(MAX_RESTOCK_SIGNUPS_PER_PRODUCT);
    expect(storedEmails()).toEqual(expect.arrayContaining(['last@example.com', 'late@example.com']));
  });

  it('makes room from the client network holding the most sign-ups, its newest first', async () => {
    fill(MAX_RESTOCK_SIGNUPS_PER_PRODUCT - 2);
    const customers = [new Visitor(app, '198.51.100.1'), new Visitor(app, '198.51.100.2')];
    for (const [i, customer] of customers.entries()) {
      await customer.arrive();
      expect((await signUp(customer, 'prod-1', 'var-1-a', `customer${i}@example.com`)).statusCode).toBe(200);
    }
    const newcomer = await new Visitor(app, '198.51.100.3').arrive();
    expect((await signUp(newcomer, 'prod-1', 'var-1-a', 'newcomer@example.com')).statusCode).toBe(200);
    const emails = storedEmails();
    expect(emails).toHaveLength(MAX_RESTOCK_SIGNUPS_PER_PRODUCT);
    expect(emails).toEqual(
      expect.arrayContaining(['customer0@example.com', 'customer1@example.com', 'newcomer@example.com']),
    );
    expect(emails).not.toContain(`fill${MAX_RESTOCK_SIGNUPS_PER_PRODUCT - 3}@example.com`);
    expect(emails).toContain('fill0@example.com');
  });

  it('answers a repeated and a new sign-up to a full product alike', async () => {
    fill(MAX_RESTOCK_SIGNUPS_PER_PRODUCT);
    const stranger = await new Visitor(app, '198.51.100.7').arrive();
    const repeat = await signUp(stranger, 'prod-1', 'var-1-a', 'fill5@example.com');
    const fresh = await signUp(stranger, 'prod-1', 'var-1-a', 'fresh@example.com');
    expect([repeat.statusCode, repeat.body]).toEqual([fresh.statusCode, fresh.body]);
    expect(repeat.json()).toEqual({ success: true });
  });

  it('makes room from the unconfirmed sign-ups before the confirmed ones, however busy their network', async () => {
    fill(MAX_RESTOCK_SIGNUPS_PER_PRODUCT - 1, '203.0.113.9', true);
    const stranger = await new Visitor(app, '198.51.100.1').arrive();
    await signUp(stranger, 'prod-1', 'var-1-a', 'unconfirmed@example.com');
    const newcomer = await new Visitor(app, '198.51.100.2').arrive();
    expect((await signUp(newcomer, 'prod-1', 'var-1-a', 'newcomer@example.com')).statusCode).toBe(200);
    const emails = storedEmails();
    expect(emails).toHaveLength(MAX_RESTOCK_SIGNUPS_PER_PRODUCT);
    expect(emails).not.toContain('unconfirmed@example.com');
    expect(emails).toContain(`fill${MAX_RESTOCK_SIGNUPS_PER_PRODUCT - 2}@example.com`);
  });

  it('makes room by dropping the oldest sign-up already notified', async () => {
    fill(MAX_RESTOCK_SIGNUPS_PER_PRODUCT, '203.0.113.9', true);
    const manager = await owner();
    await manager.post(`${SIGN_UP}/send`, { productId: 'prod-1', variantId: 'var-1-a' });
    expect((await signUp(visitor, 'prod-1', 'var-1-a', 'late@example.com')).statusCode).toBe(200);
    const gone = app.db.prepare("SELECT COUNT(*) AS n FROM restock_signups WHERE id = 'fill-0'").get();
    expect(gone).toEqual({ n: 0 });
    const count = app.db
      .prepare("SELECT COUNT(*) AS n FROM restock_signups WHERE product_id = 'prod-1'")
      .get();
    expect(count).toEqual({ n: MAX_RESTOCK_SIGNUPS_PER_PRODUCT });
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
    for (const n of [1, 2, 3, 4, 5, 6])
      await signUp(visitor, `prod-${n}`, `var-${n}-a`, `fan${n}@example.com`);
    await confirm('fan3@example.com', 'prod-3');
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
      ['prod-5', 'prod-6'],
    ]);
    expect(pages.map((p) => p.hasNextPage)).toEqual([true, true, false]);
    expect(pages[1]?.signUpGroups[0]).toMatchObject({
      productId: 'prod-3',
      variantId: 'var-3-a',
      sku: 'P3-A',
      title: 'Print 3',
      attributes: { Size: 'A' },
      signUpCount: 2,
      pendingCount: 1,
      unconfirmedCount: 1,
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
      confirmedOn: null,
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

  it('sends one notification per confirmed sign-up, and none twice', async () => {
    await signUpConfirmed(visitor, 1, 'a@example.com');
    await signUpConfirmed(visitor, 1, 'b@example.com');
    const manager = await owner();
    const first = await manager.post(`${SIGN_UP}/send`, { productId: 'prod-1', variantId: 'var-1-a' });
    expect(first.json()).toEqual({ sent: 2 });
    expect(
      (await manager.post(`${SIGN_UP}/send`, { productId: 'prod-1', variantId: 'var-1-a' })).json(),
    ).toEqual({ sent: 0 });
    expect(noticesSent()).toEqual(['a@example.com', 'b@example.com']);
    const group = (await manager.get(GROUPS)).json().signUpGroups[0];
    expect(group).toMatchObject({ pendingCount: 0, lastSentOn: expect.any(Number) });
  });

  it('sends the sign-ups made without a variant id when the owner names no variant, one or all', async () => {
    for (const email of ['a@example.com', 'b@example.com']) {
      expect((await signUp(visitor, 'prod-7', null, email)).statusCode).toBe(200);
      expect((await confirm(email, 'prod-7')).statusCode).toBe(200);
    }
    const manager = await owner();
    const list = await manager.get(`${SIGN_UP}?productId=prod-7`);
    expect(list.statusCode).toBe(200);
    expect(list.json().signUps.map((u: { email: string }) => u.email)).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
    const one = await manager.post(`${SIGN_UP}/send`, { productId: 'prod-7', variantId: null });
    expect(one.json()).toEqual({ sent: 2 });
    expect(noticesSent()).toEqual(['a@example.com', 'b@example.com']);
    expect((await signUp(visitor, 'prod-7', null, 'c@example.com')).statusCode).toBe(200);
    expect((await confirm('c@example.com', 'prod-7')).statusCode).toBe(200);
    const all = await manager.post(`${SIGN_UP}/send/all`, { sendRequests: [{ productId: 'prod-7' }] });
    expect(all.json()).toMatchObject({ sent: 1 });
    // A product of several variants has no sign-up without one: the owner must name the variant.
    const several = await manager.post(`${SIGN_UP}/send`, { productId: 'prod-1', variantId: null });
    expect(several.statusCode).toBe(400);
    expect(several.json().errors).toEqual({ variantId: 'variantId is required.' });
  });

  it('sends for several variants at once with send/all', async () => {
    await signUpConfirmed(visitor, 1, 'a@example.com');
    await signUpConfirmed(visitor, 2, 'a@example.com');
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
    await signUpConfirmed(visitor, 1, 'a@example.com');
    const manager = await owner();
    const res = await manager.post(`${SIGN_UP}/send/all`, body);
    expect(res.statusCode).toBe(status);
    expect(noticesSent()).toEqual([]);
  });
});
