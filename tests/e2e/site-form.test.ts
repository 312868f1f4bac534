// @vitest-environment node
/**
 * The site form and the store owner's restock tools in real Chromium, on the built loader, against
 * the reference server seeded with tests/e2e/fixtures/site-forms.json (the `forms` option, as
 * `--forms` does) and fault mode on: the counter, success with a redirect, a refused `javascript:`
 * redirect, each failure status with typed values kept, the captcha (the server's fake provider),
 * keyboard-only use, axe-core, and what the server stored.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COOKIES, CSRF_HEADER } from '../../src/contract.js';
import { cspViolations, startE2E, WAIT, type E2E } from './harness.js';

const here = dirname(fileURLToPath(import.meta.url));
const FORMS = JSON.parse(readFileSync(resolve(here, 'fixtures/site-forms.json'), 'utf8')) as unknown[];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SAVE_PATH = '/api/form/SaveFormSubmission';

const FIELDS_INVALID = 'One or more fields is invalid, please check your entries.';
const SCROLL_DOWN = 'Your form has encountered a problem. Please scroll down to review.';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E({ forms: FORMS });
});

afterAll(async () => {
  await e2e?.close();
});

const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  await fetch(`${e2e.baseUrl}/__faults`, { method: 'DELETE' });
});

async function open(path: string, context?: BrowserContext): Promise<Page> {
  const ctx = context ?? (await e2e.browser.newContext({ baseURL: e2e.baseUrl }));
  if (!context) contexts.push(ctx);
  const { page } = await e2e.newPage(ctx);
  await page.goto(path);
  return page;
}

interface Submission {
  form_id: string;
  data_json: string;
  page_title: string | null;
  page_id: string | null;
  content_source: string | null;
  page_path: string | null;
  page_permission_type_value: string | null;
}

const submissions = (formId: string): Submission[] =>
  e2e.server.db
    .prepare('SELECT * FROM form_submissions WHERE form_id = ? ORDER BY created')
    .all(formId) as Submission[];

const form = (page: Page): Locator => page.locator('[data-sf-widget="site-form"]');
const submit = (page: Page): Locator => form(page).getByRole('button', { name: 'Submit' });

async function fillContact(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Your name (required)' }).fill('Ada Lovelace');
  await page.getByRole('textbox', { name: 'Email (required)' }).fill('ada@example.com');
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello there');
}

async function axeViolations(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (sel) => {
    const axe = (
      window as unknown as {
        axe: { run: (c: unknown) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> };
      }
    ).axe;
    const result = await axe.run({ include: [sel] });
    return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  }, selector);
}

describe('site form', () => {
  it('fetches its schema and shows a live N / max counter, in its error style past the limit', async () => {
    const page = await open('/site-form/contact.html');
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.waitFor(WAIT);
    const counter = form(page).locator('.sf-field__counter');
    expect(await counter.innerText()).toContain('0 / 20');
    await message.pressSequentially('Hello');
    expect(await counter.innerText()).toContain('5 / 20');
    await message.fill('This message is far too long');
    expect(await counter.innerText()).toContain('28 / 20');
    expect(await counter.getAttribute('class')).toBe('sf-field__counter sf-field__counter--over');
    expect(await counter.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('600');
    expect(await page.getByRole('heading', { name: 'About your message' }).count()).toBe(1);
    expect(
      await page.getByRole('textbox', { name: 'Your name (required)' }).getAttribute('placeholder'),
    ).toBe('Ada Lovelace');
    expect(await cspViolations(page)).toEqual([]);
  });

  it('submits, shows the submission text and stores the submission with its page fields', async () => {
    const page = await open('/site-form/contact.html');
    await page.getByRole('textbox', { name: 'Your name (required)' }).waitFor(WAIT);
    await fillContact(page);
    await page.getByRole('combobox', { name: 'Topic' }).selectOption('Other');
    await submit(page).click();
    await page.getByRole('status').filter({ hasText: 'Thanks, we got your message.' }).waitFor(WAIT);
    const stored = submissions('e2e-contact').at(-1);
    expect(stored).toMatchObject({
      page_title: 'Contact',
      page_id: 'page-contact',
      content_source: 'c',
      page_path: '/site-form/contact.html',
      page_permission_type_value: '0',
    });
    expect(JSON.parse(stored?.data_json ?? '{}')).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      topic: 'Other',
      message: 'Hello there',
    });
  });

  it('goes to the success address after a newsletter sign-up', async () => {
    const page = await open('/site-form/newsletter.html');
    await page.getByRole('textbox', { name: 'Email (required)' }).fill('reader@example.com');
    await Promise.all([page.waitForURL('**/site-form/thanks.html', WAIT), submit(page).click()]);
    expect(await page.getByRole('heading', { name: 'Thanks for subscribing' }).count()).toBe(1);
    expect(JSON.parse(submissions('e2e-newsletter').at(-1)?.data_json ?? '{}')).toEqual({
      email: 'reader@example.com',
    });
  });

  it('refuses a javascript: success address and shows the submission text instead', async () => {
    const page = await open('/site-form/hostile.html');
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('textbox', { name: 'Email (required)' }).fill('reader@example.com');
    await submit(page).click();
    await page.getByRole('status').filter({ hasText: 'Subscribed, and nowhere else.' }).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/site-form/hostile.html');
    expect(dialogs).toEqual([]);
  });

  it('shows post-submit content as sanitised HTML, loaded after the submit, inert under the strict CSP', async () => {
    const page = await open('/site-form/post-submit.html');
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const sanitiser: string[] = [];
    page.on('request', (r) => {
      if (/\/post-submit-[\w-]+\.js$/.test(r.url())) sanitiser.push(r.url());
    });
    await page.getByRole('textbox', { name: 'Your name (required)' }).fill('Ada Lovelace');
    expect(sanitiser).toEqual([]);
    await submit(page).click();
    const done = page.getByRole('status').filter({ hasText: 'Thanks for asking.' });
    await done.waitFor(WAIT);
    expect(sanitiser).toHaveLength(1);
    expect(await done.getByRole('heading', { level: 2, name: 'See you soon' }).count()).toBe(1);
    expect(await done.getByRole('link', { name: 'our opening hours' }).getAttribute('href')).toBe(
      `${e2e.baseUrl}/site-form/thanks.html`,
    );
    expect(await done.getByRole('link', { name: 'the map' }).getAttribute('href')).toBe(
      'https://example.com/map',
    );
    expect(await done.getByRole('link', { name: 'Claim a prize' }).count()).toBe(0);
    expect(await done.getByText('Claim a prize').count()).toBe(1);
    // Chromium checks the CSP while it parses the markup, in the inert document too: those reports
    // are the policy refusing the hostile attributes and the style element, nothing else.
    const parsed = await cspViolations(page);
    expect(new Set(parsed.map((v) => v.split(' ')[0]))).toEqual(
      new Set(['script-src-attr', 'style-src-attr', 'style-src-elem']),
    );
    // Every event the hostile markup names, fired at what is left of it: no handler, no new report.
    await done.getByRole('link', { name: 'our opening hours' }).hover();
    await done.getByRole('heading', { name: 'See you soon' }).click();
    await done.getByText('Claim a prize').click();
    expect(
      await done.evaluate(
        (el) => el.querySelectorAll('script, img, svg, iframe, style, [style], [onclick]').length,
      ),
    ).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { hacked?: unknown }).hacked)).toBeUndefined();
    expect(await page.locator('main').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/site-form/post-submit.html');
    expect(dialogs).toEqual([]);
    expect(await cspViolations(page)).toEqual(parsed);
  });

  it('checks the fields in the browser: errors on the fields, the message above and below, focus on the first', async () => {
    const page = await open('/site-form/contact.html');
    await page.getByRole('textbox', { name: 'Email (required)' }).fill('not-an-email');
    await submit(page).click();
    await form(page).getByRole('alert').filter({ hasText: FIELDS_INVALID }).waitFor(WAIT);
    expect(await form(page).getByText(FIELDS_INVALID).count()).toBe(2);
    expect(await form(page).getByText('Required', { exact: true }).count()).toBe(1);
    expect(
      await form(page)
        .getByText('Email is not valid. Email addresses should follow the format user@domain.com.')
        .count(),
    ).toBe(1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')), WAIT)
      .toBe('true');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).placeholder)).toBe(
      'Ada Lovelace',
    );
    expect(await axeViolations(page, '[data-sf-widget="site-form"]')).toEqual([]);
  });

  it.each([
    [401, 'Unable to submit form. Please try again later.'],
    [404, 'This form has not been configured yet.'],
    [429, 'Unable to submit form. Submission rate limit exceeded. Please try again later.'],
    [500, 'Unable to send form. Please try again later.'],
    [400, 'Unknown error, please try again later.'],
  ])('a %i from the server shows %j, unlocks the form and keeps what was typed', async (status, text) => {
    const page = await open('/site-form/contact.html');
    await page.getByRole('textbox', { name: 'Your name (required)' }).waitFor(WAIT);
    await fillContact(page);
    await e2e.fault({ path: SAVE_PATH, method: 'POST', status, times: 1 });
    const before = submissions('e2e-contact').length;
    await submit(page).click();
    await form(page).getByRole('alert').filter({ hasText: text }).waitFor(WAIT);
    expect(await form(page).getByText(SCROLL_DOWN).count()).toBe(1);
    expect(await submit(page).getAttribute('aria-disabled')).toBeNull();
    expect(await page.getByRole('textbox', { name: 'Your name (required)' }).inputValue()).toBe(
      'Ada Lovelace',
    );
    expect(await page.getByRole('textbox', { name: 'Email (required)' }).inputValue()).toBe(
      'ada@example.com',
    );
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Hello there');
    expect(submissions('e2e-contact')).toHaveLength(before);
    // The next try goes through with the same answers.
    await submit(page).click();
    await page.getByRole('status').filter({ hasText: 'Thanks, we got your message.' }).waitFor(WAIT);
  });

  it("shows the server's 400 field errors on their fields", async () => {
    const page = await open('/site-form/server-errors.html');
    await page.getByRole('textbox', { name: 'Email (required)' }).fill('ada@example.com');
    await submit(page).click();
    await form(page).getByText('Required', { exact: true }).waitFor(WAIT);
    expect(await form(page).getByRole('alert').innerText()).toBe(FIELDS_INVALID);
    expect(await page.getByRole('textbox', { name: 'Your name' }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('textbox', { name: 'Email (required)' }).inputValue()).toBe(
      'ada@example.com',
    );
  });

  it('submits with the keyboard only', async () => {
    const page = await open('/site-form/contact.html');
    await page.getByRole('textbox', { name: 'Your name (required)' }).waitFor(WAIT);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Grace Hopper');
    await page.keyboard.press('Tab');
    await page.keyboard.type('grace@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('By keyboard');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Submit');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Thanks, we got your message.' }).waitFor(WAIT);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')), WAIT)
      .toBe('status');
    expect(JSON.parse(submissions('e2e-contact').at(-1)?.data_json ?? '{}')).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      message: 'By keyboard',
    });
  });

  it('requires the captcha, resets it after a failure, and sends its token', async () => {
    const page = await open('/site-form/captcha.html');
    const box = page.getByRole('checkbox', { name: "I'm not a robot" });
    await box.waitFor(WAIT);
    await page.getByRole('textbox', { name: 'Comments (required)' }).fill('Lovely shop');
    await submit(page).click();
    await form(page)
      .getByRole('alert')
      .filter({ hasText: 'Complete CAPTCHA before submitting.' })
      .waitFor(WAIT);

    await box.check();
    await e2e.fault({ path: SAVE_PATH, method: 'POST', status: 500, times: 1 });
    await submit(page).click();
    await form(page)
      .getByRole('alert')
      .filter({ hasText: 'Unable to send form. Please try again later.' })
      .waitFor(WAIT);
    await expect.poll(() => box.isChecked(), WAIT).toBe(false);
    expect(await page.getByRole('textbox', { name: 'Comments (required)' }).inputValue()).toBe('Lovely shop');

    await box.check();
    await submit(page).click();
    await page.getByRole('status').filter({ hasText: 'Thank you for your feedback.' }).waitFor(WAIT);
    expect(submissions('e2e-captcha').at(-1)).toMatchObject({
      page_id: 'page-feedback',
      content_source: 'i',
      page_permission_type_value: '1',
    });
    expect(await cspViolations(page)).toEqual([]);
  });
});

async function crumbOf(context: BrowserContext): Promise<string> {
  await context.request.get(`${e2e.baseUrl}/api/commerce/shopping-cart`);
  return (await context.cookies(e2e.baseUrl)).find((c) => c.name === COOKIES.crumb)?.value ?? '';
}

async function signIn(context: BrowserContext, email: string, password: string): Promise<void> {
  const crumb = await crumbOf(context);
  const response = await context.request.post(`${e2e.baseUrl}/api/site-users/account/session`, {
    headers: { [CSRF_HEADER]: crumb },
    data: { email, password },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`);
}

describe('restock admin', () => {
  it('asks a visitor who is not signed in to sign in', async () => {
    const page = await open('/restock-admin.html');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Sign in as a store manager to manage restock notifications.' })
      .waitFor(WAIT);
  });

  it("shows a signed-in visitor of another role the server's message", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl });
    contexts.push(context);
    await signIn(context, 'shopper@example.com', 'shopper-password');
    const page = await open('/restock-admin.html', context);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Only store managers can manage restock notifications.' })
      .waitFor(WAIT);
  });

  it('lists a fresh sign-up and sends it, by keyboard, axe-clean', async () => {
    const visitor = await e2e.browser.newContext({ baseURL: e2e.baseUrl });
    contexts.push(visitor);
    const crumb = await crumbOf(visitor);
    const signUp = await visitor.request.post(`${e2e.baseUrl}/api/site-users/account/notifications/restock`, {
      headers: { [CSRF_HEADER]: crumb },
      data: {
        productId: 'prod-poster',
        variantId: 'var-poster',
        siteVisitorEmail: 'fan@example.com',
        isJoinMailingList: true,
      },
    });
    expect(signUp.status()).toBe(200);
    // The store notifies confirmed sign-ups only: fan follows the link of her confirmation mail.
    const mail = e2e.server.db
      .prepare("SELECT link FROM restock_notifications WHERE email = ? AND kind = 'confirm-opt-in'")
      .get('fan@example.com') as { link: string };
    expect((await visitor.request.get(mail.link)).status()).toBe(200);

    const owner = await e2e.browser.newContext({ baseURL: e2e.baseUrl });
    contexts.push(owner);
    await signIn(owner, 'owner@example.com', 'owner-password');
    const page = await open('/restock-admin.html', owner);
    const table = page.getByRole('table', { name: 'Products with restock sign-ups' });
    await table.waitFor(WAIT);
    const row = table.getByRole('row', { name: /Risograph Poster/ });
    // Variant, sign-ups, pending, unconfirmed, stock, last sent.
    expect((await row.getByRole('cell').allInnerTexts()).slice(0, 6)).toEqual([
      'POSTER-A2',
      '1',
      '1',
      '0',
      '0',
      'Never',
    ]);
    expect(await axeViolations(page, '[data-sf-widget="restock-admin"]')).toEqual([]);

    const view = page.getByRole('button', { name: /^View sign-ups for Risograph Poster/ });
    await view.focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('table', { name: /^Sign-ups for Risograph Poster/ });
    await list.getByRole('rowheader', { name: 'fan@example.com' }).waitFor(WAIT);

    await page.getByRole('button', { name: /^Send restock emails for Risograph Poster/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Sent 1 restock email.').waitFor(WAIT);
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('table tr')].some(
          (tr) =>
            tr.textContent?.includes('Risograph Poster') && tr.querySelectorAll('td')[2]?.textContent === '0',
        ),
      undefined,
      WAIT,
    );
    const sent = e2e.server.db
      .prepare(
        "SELECT email FROM restock_notifications WHERE product_id = 'prod-poster' AND kind = 'restock'",
      )
      .all() as { email: string }[];
    expect(sent).toEqual([{ email: 'fan@example.com' }]);
    expect(await axeViolations(page, '[data-sf-widget="restock-admin"]')).toEqual([]);
  });
});
