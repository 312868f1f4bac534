// @vitest-environment node
/**
 * The owner's pages show customers' data (outbox emails, sign-ups) to a signed-in store manager
 * only: a stranger and a signed-in shopper get the sign-in prompt, and no email anywhere in the
 * page, the restock-admin block's props included.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, Visitor } from './visitor';

const SIGN_UP = '/api/site-users/account/notifications/restock';
const CUSTOMER = 'reader@example.com';
const PROMPT = 'Sign in as the store owner (owner@example.com) to send back-in-stock emails.';

let app: FastifyInstance;
beforeEach(async () => {
  app = await startServer();
});
afterEach(async () => {
  await app.close();
});

async function signedIn(email: string, password: string): Promise<Visitor> {
  const v = await new Visitor(app).arrive();
  const res = await v.post('/api/site-users/account/session', { email, password });
  expect(res.statusCode).toBe(200);
  return v;
}

/** A customer signs up for the sold-out poster and the owner sends the notification. */
async function sendOneNotification(): Promise<Visitor> {
  const customer = await new Visitor(app).arrive();
  const signUp = await customer.post(SIGN_UP, {
    productId: 'prod-poster',
    variantId: null,
    siteVisitorEmail: CUSTOMER,
    isJoinMailingList: false,
  });
  expect(signUp.statusCode).toBe(200);
  const owner = await signedIn('owner@example.com', 'owner-password');
  const sent = await owner.post(`${SIGN_UP}/send/all`, {
    sendRequests: [{ productId: 'prod-poster', variantId: 'var-poster' }],
  });
  expect(sent.json()).toMatchObject({ sent: 1 });
  return owner;
}

/** The restock-admin block's props, parsed from the page. */
function adminProps(html: string): unknown {
  const match = /data-sf-widget="restock-admin"[^>]*data-sf-props="([^"]*)"/.exec(html);
  if (!match?.[1]) throw new Error('no restock-admin block with props');
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
    expect(res.body).toContain(PROMPT);
    expect(res.body).not.toContain(CUSTOMER);
    expect(res.body).not.toContain('reader%40example.com');
    expect(res.body).not.toMatch(/Outbox|<table/);
    expect(adminProps(res.body)).toEqual({});
  });

  it('shows the owner the outbox, with the email only in the table', async () => {
    const owner = await sendOneNotification();
    const res = await owner.get('/admin/restock');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<td>reader@example\.com<\/td><td>Risograph Poster<\/td>/);
    expect(res.body).not.toContain(PROMPT);
    expect(adminProps(res.body)).toEqual({});
  });

  it('treats an ended session as a stranger', async () => {
    const owner = await sendOneNotification();
    await owner.delete('/api/site-users/account/session');
    const res = await owner.get('/admin/restock');
    expect(res.body).toContain(PROMPT);
    expect(res.body).not.toContain(CUSTOMER);
  });
});

describe('no other page shows a customer email', () => {
  it.each(['/', '/products/prod-poster', '/cart', '/checkout', '/contact', '/editor', '/no-such-page'])(
    '%s as a stranger',
    async (path) => {
      await sendOneNotification();
      const res = await new Visitor(app).get(path);
      expect(res.body).not.toContain(CUSTOMER);
    },
  );
});
