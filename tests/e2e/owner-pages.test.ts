/**
 * The owner's restock page in Chromium, on the demo's own pages: a stranger sees the sign-in
 * prompt and no customer email, in the page or in anything it fetched; the owner sees the outbox.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIES, CSRF_HEADER } from '../../src/contract.js';
import { startE2E, waitForRole, type E2E } from './harness.js';

const SIGN_UP = '/api/site-users/account/notifications/restock';
const CUSTOMER = 'reader@example.com';

let e2e: E2E;

async function crumbOf(context: BrowserContext): Promise<string> {
  await context.request.get(`${e2e.baseUrl}/api/commerce/shopping-cart`);
  return (await context.cookies(e2e.baseUrl)).find((c) => c.name === COOKIES.crumb)?.value ?? '';
}

async function signInAsOwner(context: BrowserContext): Promise<void> {
  const login = await context.request.post(`${e2e.baseUrl}/api/site-users/account/session`, {
    headers: { [CSRF_HEADER]: await crumbOf(context) },
    data: { email: 'owner@example.com', password: 'owner-password' },
  });
  expect(login.status()).toBe(200);
}

beforeAll(async () => {
  e2e = await startE2E({ testPages: false });
  // A customer signs up for the sold-out poster, follows the link of her confirmation mail, and
  // the owner sends the notification.
  const customer = await e2e.browser.newContext();
  const signUp = await customer.request.post(`${e2e.baseUrl}${SIGN_UP}`, {
    headers: { [CSRF_HEADER]: await crumbOf(customer) },
    data: { productId: 'prod-poster', variantId: null, siteVisitorEmail: CUSTOMER, isJoinMailingList: false },
  });
  expect(signUp.status()).toBe(200);
  const mail = e2e.server.db
    .prepare("SELECT link FROM restock_notifications WHERE email = ? AND kind = 'confirm-opt-in'")
    .get(CUSTOMER) as { link: string };
  expect((await customer.request.get(`${e2e.baseUrl}${mail.link}`)).status()).toBe(200);
  await customer.close();
  const owner = await e2e.browser.newContext();
  await signInAsOwner(owner);
  const sent = await owner.request.post(`${e2e.baseUrl}${SIGN_UP}/send/all`, {
    headers: {
      [CSRF_HEADER]: (await owner.cookies(e2e.baseUrl)).find((c) => c.name === COOKIES.crumb)?.value ?? '',
    },
    data: { sendRequests: [{ productId: 'prod-poster', variantId: 'var-poster' }] },
  });
  expect(await sent.json()).toMatchObject({ sent: 1 });
  await owner.close();
});

afterAll(async () => {
  await e2e?.close();
});

describe('the owner restock page', () => {
  it('shows a stranger the sign-in prompt and no customer email, in the page or its requests', async () => {
    const { page, log } = await e2e.newPage();
    const bodies: string[] = [];
    page.on('response', (r) => {
      void r.text().then(
        (t) => bodies.push(t),
        () => undefined,
      );
    });
    await page.goto('/admin/restock');
    await page
      .getByText('Sign in as a store manager to manage restock notifications.')
      .waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    expect(await page.content()).not.toContain(CUSTOMER);
    expect(await page.getByRole('cell').count()).toBe(0);
    expect(bodies.filter((b) => b.includes(CUSTOMER))).toEqual([]);
    expect(log.pageErrors).toEqual([]);
  });

  it('shows the owner the outbox with the customer email', async () => {
    const { page, context, log } = await e2e.newPage();
    await signInAsOwner(context);
    await page.goto('/admin/restock');
    await waitForRole(page, 'table', 'Sent notifications, newest first', log);
    // Newest first: her notification, then the confirmation mail whose link she followed.
    const rows = page.getByRole('table', { name: 'Sent notifications, newest first' }).getByRole('row');
    await rows
      .filter({ hasText: 'Back in stock' })
      .getByRole('cell', { name: CUSTOMER })
      .waitFor({ timeout: 15_000 });
    const confirmation = rows.filter({ has: page.getByRole('link', { name: 'Confirm the sign-up' }) });
    expect(await confirmation.getByRole('cell', { name: CUSTOMER }).count()).toBe(1);
    // The restock tools say how many sign-ups wait for their link: none, hers was followed.
    await waitForRole(page, 'columnheader', 'Unconfirmed', log);
    expect(await page.getByText('Sign in as a store manager to manage restock notifications.').count()).toBe(
      0,
    );
    expect(log.pageErrors).toEqual([]);
  });
});
