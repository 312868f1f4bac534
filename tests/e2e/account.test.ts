/**
 * The owner's sign-in in Chromium, at a phone's width and a desktop's: signing in through the
 * account widget on /admin/restock shows the sign-up table and the outbox without a reload, a send
 * shows up in the outbox at once, and signing out takes both away again. At 320 px the tables
 * scroll inside their own regions, never the page.
 */
import { describe, expect, it } from 'vitest';
import { COOKIES, CSRF_HEADER } from '../../src/contract.js';
import { WAIT } from './harness.js';
import { demoForThisFile } from './demo-suite.js';

const SIGN_UP = '/api/site-users/account/notifications/restock';

const demo = demoForThisFile();

/**
 * A customer signs up for the sold-out poster, in a browser context of their own, and follows the
 * link of her confirmation mail: the owner's send mails confirmed sign-ups only.
 */
async function customerSignsUp(email: string): Promise<void> {
  const customer = await demo.browser.newContext({ baseURL: demo.baseUrl });
  await customer.request.get('/api/commerce/shopping-cart');
  const crumb = (await customer.cookies(demo.baseUrl)).find((c) => c.name === COOKIES.crumb)?.value ?? '';
  const res = await customer.request.post(SIGN_UP, {
    headers: { [CSRF_HEADER]: crumb },
    data: { productId: 'prod-poster', variantId: null, siteVisitorEmail: email, isJoinMailingList: false },
  });
  expect(res.status()).toBe(200);
  const mail = demo.server.db
    .prepare("SELECT link FROM restock_notifications WHERE email = ? AND kind = 'confirm-opt-in'")
    .get(email) as { link: string };
  expect((await customer.request.get(mail.link)).status()).toBe(200);
  await customer.close();
}

describe.each([320, 1280])('the owner at %i px', (width) => {
  it('signs in, sends and signs out without a reload', async () => {
    const customer = `reader-${width}@example.com`;
    await customerSignsUp(customer);
    const { page, problems } = await demo.open('/admin/restock', { viewport: { width, height: 900 } });
    await page.getByText('Sign in as a store manager to manage restock notifications.').waitFor(WAIT);
    // Marks this document: a reload would lose it.
    await page.evaluate(() => document.documentElement.setAttribute('data-test-document', 'first'));

    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill('owner@example.com');
    await form.getByLabel('Password').fill('not-the-password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert', { name: 'Unable to Sign In' });
    await alert.waitFor(WAIT);
    await expect(alert.innerText()).resolves.toContain('Invalid email or password.');

    await form.getByLabel('Password').fill('owner-password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Signed in as owner@example.com').waitFor(WAIT);
    const table = page.getByRole('table', { name: 'Products with restock sign-ups' });
    await table.waitFor(WAIT);
    const outbox = page.getByRole('table', { name: 'Sent notifications, newest first' });

    await page.getByRole('button', { name: 'View sign-ups for Risograph Poster POSTER-A2' }).click();
    await page.getByRole('region', { name: 'Sign-ups for Risograph Poster POSTER-A2' }).waitFor(WAIT);
    // Wide tables scroll inside their labelled regions; the page itself never scrolls sideways.
    const sideways = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await expect(sideways()).resolves.toBeLessThanOrEqual(0);
    await expect(page.getByRole('region', { name: 'Products with restock sign-ups' }).count()).resolves.toBe(
      1,
    );

    await page.getByRole('button', { name: 'Send restock emails for Risograph Poster POSTER-A2' }).click();
    await page.getByText(/^Sent \d+ restock emails?\.$/).waitFor(WAIT);
    // Her notification, beside the confirmation mail she answered before the send.
    const row = outbox.getByRole('row').filter({ hasText: customer }).filter({ hasText: 'Back in' });
    await row.waitFor(WAIT);
    await expect(row.getByRole('cell').allInnerTexts()).resolves.toEqual(
      expect.arrayContaining([customer, 'Risograph Poster', 'POSTER-A2']),
    );
    await expect(sideways()).resolves.toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('form', { name: 'Sign in' }).waitFor(WAIT);
    await page.getByText('Sign in as a store manager to manage restock notifications.').waitFor(WAIT);
    await page
      .getByRole('table')
      .first()
      .waitFor({ state: 'detached', ...WAIT });
    await expect(page.getByText(customer).count()).resolves.toBe(0);
    await expect(
      page.evaluate(() => document.documentElement.getAttribute('data-test-document')),
    ).resolves.toBe('first');
    // The wrong password's 401 is the browser's own log line; nothing else may go wrong.
    expect(problems).toEqual([]);
  });
});
