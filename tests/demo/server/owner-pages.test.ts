// @vitest-environment node
/**
 * The owner's pages show customers' data (outbox emails, sign-ups) to a signed-in store manager
 * only: a stranger and a signed-in shopper get the sign-in prompt, and no email anywhere in the
 * page, the restock-admin block's props included.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OWNER, SESSION, startServer, Visitor } from './visitor';

const SIGN_UP = '/api/site-users/account/notifications/restock';
const CUSTOMER = 'reader@example.com';
const ADMIN_PROPS = { strings: { title: 'Products with sign-ups' } };

let app: FastifyInstance;
beforeEach(async () => {
  app = await startServer();
});
afterEach(async () => {
  await app.close();
});

const signedIn = (email: string, password: string) =>
  new Visitor(app).arrive().then((v) => v.signIn({ email, password }));

/**
 * A customer signs up for the sold-out poster, follows the link of her confirmation mail, and the
 * owner sends the notification.
 */
async function sendOneNotification(): Promise<Visitor> {
  const customer = await new Visitor(app).arrive();
  const signUp = await customer.post(SIGN_UP, {
    productId: 'prod-poster',
    variantId: null,
    siteVisitorEmail: CUSTOMER,
    isJoinMailingList: false,
  });
  expect(signUp.statusCode).toBe(200);
  const mail = app.db
    .prepare("SELECT link FROM restock_notifications WHERE email = ? AND kind = 'confirm-opt-in'")
    .get(CUSTOMER) as { link: string };
  expect((await customer.get(mail.link)).statusCode).toBe(200);
  const owner = await new Visitor(app).arrive().then((v) => v.signIn());
  const sent = await owner.post(`${SIGN_UP}/send/all`, {
    sendRequests: [{ productId: 'prod-poster', variantId: 'var-poster' }],
  });
  expect(sent.json()).toMatchObject({ sent: 1 });
  return owner;
}

/** The restock-admin block's props, parsed from the page. */
const adminProps = (html: string): unknown => blockProps(html, 'restock-admin');

/** The props of the page's first `name` block, parsed from the page. */
function blockProps(html: string, name: string): unknown {
  const match = new RegExp(`data-sf-widget="${name}"[^>]*data-sf-props="([^"]*)"`).exec(html);
  if (!match?.[1]) throw new Error(`no ${name} block with props`);
  return JSON.parse(
    match[1]
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

describe('/admin/restock', () => {
  it.each([
    ['a stranger', null],
    ['a signed-in shopper', { email: 'shopper@example.com', password: 'shopper-password' }],
  ])('shows %s the sign-in prompt and no customer email anywhere', async (_name, login) => {
    await sendOneNotification();
    const visitor = login ? await signedIn(login.email, login.password) : await new Visitor(app).arrive();
    const res = await visitor.get('/admin/restock');
    expect(res.statusCode).toBe(200);
    expect(blockProps(res.body, 'account')).toEqual(login ? { email: login.email } : {});
    expect(res.body).not.toContain(CUSTOMER);
    expect(res.body).not.toContain('reader%40example.com');
    expect(res.body).not.toMatch(/Outbox|<table/);
    expect(adminProps(res.body)).toEqual(ADMIN_PROPS);
  });

  it('shows the owner the outbox, with the email only in the table', async () => {
    const owner = await sendOneNotification();
    const res = await owner.get('/admin/restock');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<td>reader@example\.com<\/td><td>Risograph Poster<\/td><td>POSTER-A2<\/td>/);
    expect(blockProps(res.body, 'account')).toEqual({ email: 'owner@example.com' });
    expect(adminProps(res.body)).toEqual(ADMIN_PROPS);
  });

  it('treats an ended session as a stranger', async () => {
    const owner = await sendOneNotification();
    await owner.delete('/api/site-users/account/session');
    const res = await owner.get('/admin/restock');
    expect(blockProps(res.body, 'account')).toEqual({});
    expect(res.body).not.toContain(CUSTOMER);
  });
});

describe('GET /demo/outbox', () => {
  it.each([
    ['a stranger', null, 401],
    ['a signed-in shopper', { email: 'shopper@example.com', password: 'shopper-password' }, 403],
  ])('refuses %s', async (_name, login, status) => {
    await sendOneNotification();
    const visitor = login ? await signedIn(login.email, login.password) : await new Visitor(app).arrive();
    const res = await visitor.get('/demo/outbox');
    expect(res.statusCode).toBe(status);
    expect(res.body).not.toContain(CUSTOMER);
  });

  it("gives the owner the mail sent, the variant by SKU and the time in the site's zone", async () => {
    const before = Date.now();
    const owner = await sendOneNotification();
    const res = await owner.get('/demo/outbox');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const items = (res.json() as { items: Record<string, unknown>[] }).items;
    // Newest first: the notification, then the confirmation mail with its link.
    expect(items).toHaveLength(2);
    expect(items[1]).toMatchObject({
      email: CUSTOMER,
      confirmLink: expect.stringMatching(/^\/restock\/confirm\?token=/),
    });
    const zone = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'America/New_York',
    });
    expect(items[0]).toMatchObject({
      email: CUSTOMER,
      product: 'Risograph Poster',
      variant: 'POSTER-A2',
      confirmLink: null,
    });
    // The minute may turn between the send and this line.
    expect([zone.format(before), zone.format(Date.now())]).toContain(items[0]?.['sent']);
  });
});

describe('/account', () => {
  it('offers a stranger the sign-in block and names the signed-in account', async () => {
    const stranger = await new Visitor(app).arrive();
    const page = await stranger.get('/account');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Account</h1>');
    expect(blockProps(page.body, 'account')).toEqual({ createAccountUrl: '/contact' });
    const owner = await new Visitor(app).arrive().then((v) => v.signIn());
    expect(blockProps((await owner.get('/account')).body, 'account')).toEqual({ email: 'owner@example.com' });
  });

  it.each(['/', '/cart', '/products/prod-poster', '/admin/restock'])(
    '%s links to it in the header',
    async (path) => {
      const res = await new Visitor(app).get(path);
      expect(res.body).toMatch(
        /<nav class="demo-nav"[^>]*>[\s\S]*<a href="\/account">Account<\/a>[\s\S]*<\/nav>/,
      );
    },
  );
});

describe('no other page shows a customer email', () => {
  it.each([
    '/',
    '/products/prod-poster',
    '/cart',
    '/checkout',
    '/contact',
    '/editor',
    '/account',
    '/no-such-page',
  ])('%s as a stranger', async (path) => {
    await sendOneNotification();
    const res = await new Visitor(app).get(path);
    expect(res.body).not.toContain(CUSTOMER);
  });
});

describe("the owner's password", () => {
  const OWNER_PAGES = ['/admin/restock', '/editor', '/editor/header-footer'];
  const PASSWORD = 'correct horse battery staple';

  it('is the demo’s by default, and the owner’s pages say so to whoever reads them', async () => {
    for (const path of OWNER_PAGES) {
      const page = await new Visitor(app).get(path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('owner@example.com, password owner-password');
    }
  });

  it('set by the server’s option, replaces the demo’s, which the pages no longer print', async () => {
    const own = await startServer({ ownerPassword: PASSWORD });
    try {
      for (const path of OWNER_PAGES) {
        const page = await new Visitor(own).get(path);
        expect(page.statusCode).toBe(200);
        expect(page.body).not.toContain('owner-password');
        expect(page.body).toContain('data-sf-widget="account"');
      }
      const stranger = await new Visitor(own).arrive();
      const guess = await stranger.post(SESSION, OWNER);
      expect(guess.statusCode).toBe(401);
      const owner = await new Visitor(own).arrive().then((v) => v.signIn({ ...OWNER, password: PASSWORD }));
      const adminPage = await owner.get('/admin/restock');
      expect(adminPage.body).toContain('Outbox');
    } finally {
      await own.close();
    }
  });

  it('is refused when shorter than 12 characters', async () => {
    await expect(startServer({ ownerPassword: 'short-pass' })).rejects.toThrow(
      "The owner's password must be at least 12 characters",
    );
  });
});
