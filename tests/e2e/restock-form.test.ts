// @vitest-environment node
/**
 * The restock form in real Chromium on the built loader, against the reference server (seeded with
 * tests/e2e/fixtures/shop-catalog.json plus a sold-out single-variant print; fault mode on): the
 * product form's sold-out view mounting the sign-up, success visible to the store owner, failures,
 * the captcha with the server's fake provider, and the keyboard alone. Pages:
 * tests/e2e/pages/restock/.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COOKIES, CSRF_HEADER } from '../../src/contract.js';
import { cspViolations, startE2E, WAIT, type E2E, type PageLog } from './harness.js';

const here = dirname(fileURLToPath(import.meta.url));
const PRINT = {
  id: 'e2e-print',
  collectionId: 'col-e2e',
  title: 'Harbour Print',
  structuredContent: {
    productType: 1,
    isSubscribable: false,
    variants: [
      {
        id: 'var-e2e-print',
        sku: 'E2E-PRINT',
        attributes: {},
        priceMoney: { decimalValue: '40.00', currencyCode: 'USD' },
        qtyInStock: 0,
        unlimited: false,
      },
    ],
  },
};
const CATALOG = [
  ...(JSON.parse(readFileSync(resolve(here, 'fixtures/shop-catalog.json'), 'utf8')) as unknown[]),
  PRINT,
];
const SIGN_UP = '/api/site-users/account/notifications/restock';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E({ catalog: CATALOG });
});

afterAll(async () => {
  await e2e?.close();
});

const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  await fetch(`${e2e.baseUrl}/__faults`, { method: 'DELETE' });
});

interface Opened {
  readonly page: Page;
  readonly log: PageLog;
  readonly scripts: string[];
  readonly signUps: Request[];
}

async function open(path: string): Promise<Opened> {
  const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl });
  contexts.push(context);
  const { page, log } = await e2e.newPage(context);
  const scripts: string[] = [];
  const signUps: Request[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    if (r.method() === 'POST' && new URL(r.url()).pathname === SIGN_UP) signUps.push(r);
  });
  await page.goto(path);
  return { page, log, scripts, signUps };
}

const main = (page: Page): Locator => page.locator('main');
const email = (page: Page): Locator => main(page).getByRole('textbox', { name: 'Email' });
const signUpButton = (page: Page): Locator => main(page).getByRole('button', { name: 'Sign Up' });

/** Chooses Size and Colour in the product form of tee.html. */
async function choose(page: Page, size: string, colour: string): Promise<void> {
  await page.getByLabel('Size').selectOption(size);
  await page.getByLabel('Colour').selectOption(colour);
}

/** Signs in as the store owner (an admin) through the documented session endpoint. */
async function storeOwner(): Promise<APIRequestContext> {
  const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl });
  contexts.push(context);
  await context.request.get('/api/commerce/shopping-cart');
  const crumb = (await context.cookies(e2e.baseUrl)).find((c) => c.name === COOKIES.crumb)?.value ?? '';
  const login = await context.request.post('/api/site-users/account/session', {
    headers: { [CSRF_HEADER]: crumb },
    data: { email: 'owner@example.com', password: 'owner-password' },
  });
  expect(login.status()).toBe(200);
  return context.request;
}

describe('the sold-out view of the product form', () => {
  it('mounts the restock form for a sold-out choice only, loading its chunk on first need, with no report', async () => {
    const { page, log, scripts } = await open('/restock/tee.html');
    await page.getByLabel('Size').waitFor(WAIT);
    expect(scripts).not.toContain('/dist/widgets/restock-form.js');

    await choose(page, 'M', 'White');
    await email(page).waitFor(WAIT);
    expect(scripts).toContain('/dist/widgets/restock-form.js');
    // No captcha key on this site: neither the captcha's code nor a provider script is fetched.
    expect(scripts.filter((s) => /captcha/.test(s))).toEqual([]);
    await main(page).getByText('Tell me when it is back', { exact: true }).waitFor(WAIT);
    expect(await main(page).getByRole('checkbox', { name: 'Join our mailing list' }).isChecked()).toBe(false);

    await page.getByLabel('Colour').selectOption('Black');
    await email(page).waitFor({ state: 'detached', ...WAIT });
    await page.getByLabel('Colour').selectOption('White');
    await email(page).waitFor(WAIT);

    expect(log.console.filter((m) => m.type === 'warning')).toEqual([]);
    expect(log.pageErrors).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    const reported = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
    expect(reported.some((url) => url.includes('RecordJavascriptErrors'))).toBe(false);
  });

  it("on the server's own product page of a sold-out product: one sign-up, no report", async () => {
    const { page, log, signUps } = await open('/products/e2e-print');
    // The page shows the sign-up's first render (disabled) until the widget mounts over it.
    await main(page).locator('[data-sf-widget="restock-form"][data-sf-mounted] form').first().waitFor(WAIT);
    expect(await main(page).getByRole('form').count()).toBe(1);
    expect(await main(page).locator('input[type="email"]').count()).toBe(1);
    await email(page).fill('mae@example.com');
    await signUpButton(page).click();
    await main(page).getByRole('status').waitFor(WAIT);
    expect(signUps[0]?.postDataJSON()).toMatchObject({ productId: 'e2e-print', variantId: 'var-e2e-print' });
    expect(log.console.filter((m) => m.type === 'warning' || m.type === 'error')).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  it('cannot add the sold-out variant to the cart', async () => {
    const { page } = await open('/restock/tee.html');
    await page.getByLabel('Size').waitFor(WAIT);
    await choose(page, 'M', 'White');
    await email(page).waitFor(WAIT);
    const adds: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/commerce/shopping-cart/entries')) adds.push(r);
    });
    // A click through the DOM, past what a pointer would respect: the disabled button does not
    // even receive it. That is known when click() returns, so no add can be on its way later.
    const delivered = await main(page)
      .locator('.sf-add-button')
      .evaluate((b) => {
        let clicked = false;
        b.addEventListener('click', () => (clicked = true), { once: true });
        (b as HTMLButtonElement).click();
        return clicked;
      });
    expect(delivered).toBe(false);
    expect(adds).toEqual([]);
    const cart = await page.evaluate(async () => {
      const res = await fetch('/api/commerce/shopping-cart');
      return (await res.json()) as { totalQuantity?: number };
    });
    expect(cart.totalQuantity ?? 0).toBe(0);
  });
});

describe('signing up', () => {
  it('succeeds with "Signed up!", and the store owner\'s groups call shows the sign-up', async () => {
    const { page, signUps } = await open('/restock/tee.html');
    await page.getByLabel('Size').waitFor(WAIT);
    await choose(page, 'M', 'White');
    await email(page).fill('grace@example.com');
    await main(page).getByRole('checkbox', { name: 'Join our mailing list' }).check();
    await signUpButton(page).click();
    const status = main(page).getByRole('status');
    await status.waitFor(WAIT);
    expect(await status.innerText()).toBe('Signed up!');
    expect(await main(page).getByRole('form').count()).toBe(0);
    expect(signUps).toHaveLength(1);
    expect(signUps[0]?.postDataJSON()).toEqual({
      productId: 'e2e-tee',
      variantId: 'var-e2e-tee-m-white',
      siteVisitorEmail: 'grace@example.com',
      isJoinMailingList: true,
    });

    const owner = await storeOwner();
    const groups = await owner.get(`${SIGN_UP}/groups`);
    expect(groups.status()).toBe(200);
    const body = (await groups.json()) as { signUpGroups: Record<string, unknown>[] };
    // Unconfirmed: a send would not mail it yet.
    expect(body.signUpGroups).toContainEqual(
      expect.objectContaining({
        productId: 'e2e-tee',
        variantId: 'var-e2e-tee-m-white',
        pendingCount: 0,
        unconfirmedCount: 1,
      }),
    );
    const list = await owner.get(`${SIGN_UP}?productId=e2e-tee&variantId=var-e2e-tee-m-white`);
    expect(((await list.json()) as { signUps: unknown[] }).signUps).toContainEqual(
      expect.objectContaining({ email: 'grace@example.com', isJoinMailingList: false, confirmedOn: null }),
    );

    // The sign-up, and its mailing-list opt-in, count once the link of the confirmation mail is
    // followed: a page of the store's own, with no script needed.
    const mail = e2e.server.db
      .prepare("SELECT link FROM restock_notifications WHERE email = ? AND kind = 'confirm-opt-in'")
      .get('grace@example.com') as { link: string };
    await page.goto(mail.link);
    await page.getByRole('heading', { name: 'Your sign-up is confirmed' }).waitFor(WAIT);
    await page.getByText('You are on the mailing list too.').waitFor(WAIT);
    const confirmed = await owner.get(`${SIGN_UP}?productId=e2e-tee&variantId=var-e2e-tee-m-white`);
    expect(((await confirmed.json()) as { signUps: unknown[] }).signUps).toContainEqual(
      expect.objectContaining({
        email: 'grace@example.com',
        isJoinMailingList: true,
        confirmedOn: expect.any(Number),
      }),
    );
    const ready = (await (await owner.get(`${SIGN_UP}/groups`)).json()) as { signUpGroups: unknown[] };
    expect(ready.signUpGroups).toContainEqual(
      expect.objectContaining({ productId: 'e2e-tee', variantId: 'var-e2e-tee-m-white', pendingCount: 1 }),
    );
  });

  it("shows the server's message on failure and keeps what was typed", async () => {
    await e2e.fault({ path: SIGN_UP, method: 'POST', status: 500, times: 1 });
    const { page } = await open('/restock/tee.html');
    await page.getByLabel('Size').waitFor(WAIT);
    await choose(page, 'M', 'White');
    await email(page).fill('alan@example.com');
    await signUpButton(page).click();
    const alert = main(page).getByRole('alert');
    await alert.waitFor(WAIT);
    expect(await alert.innerText()).toBe('Injected fault');
    expect(await email(page).inputValue()).toBe('alan@example.com');

    await signUpButton(page).click();
    await main(page).getByRole('status').waitFor(WAIT);

    // The same address again: the same success as a first sign-up, which tells nobody who asked.
    await page.reload();
    await page.getByLabel('Size').waitFor(WAIT);
    await choose(page, 'M', 'White');
    await email(page).fill('alan@example.com');
    await signUpButton(page).click();
    await main(page).getByRole('status').getByText('Signed up!', { exact: true }).waitFor(WAIT);
  });

  it('checks the email before anything is sent', async () => {
    const { page, signUps } = await open('/restock/tee.html');
    await page.getByLabel('Size').waitFor(WAIT);
    await choose(page, 'M', 'White');
    await signUpButton(page).click();
    await main(page).getByRole('alert').filter({ hasText: 'Email cannot be blank' }).waitFor(WAIT);
    await email(page).fill('not-an-email');
    await signUpButton(page).click();
    await main(page).getByRole('alert').filter({ hasText: 'Email is invalid' }).waitFor(WAIT);
    expect(signUps).toEqual([]);
  });

  it('works with the keyboard alone', async () => {
    const { page, signUps } = await open('/restock/tee.html');
    await page.getByLabel('Size').waitFor(WAIT);
    await choose(page, 'M', 'White');
    await email(page).waitFor(WAIT);
    await page.getByLabel('Colour').focus();
    const focusedName = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el
          ? (
              el.getAttribute('aria-label') ??
              (el as HTMLInputElement).labels?.[0]?.textContent ??
              el.textContent ??
              ''
            ).trim()
          : '';
      });
    for (let i = 0; i < 5 && (await focusedName()) !== 'Email'; i += 1) await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('Email');
    await page.keyboard.type('kay@example.com');
    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('Join our mailing list');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('Sign Up');
    await page.keyboard.press('Enter');
    const status = main(page).getByRole('status');
    await status.waitFor(WAIT);
    expect(await status.evaluate((el) => el === document.activeElement)).toBe(true);

    // The box ticked by keyboard asked for the mailing list.
    expect(
      signUps.map((r) => (r.postDataJSON() as { isJoinMailingList: boolean }).isJoinMailingList),
    ).toEqual([true]);
  });
});

describe('a restock block a theme placed in its product block', () => {
  it("follows the theme's sf:variant-change: shown while the announced variant is sold out", async () => {
    const { page, signUps } = await open('/restock/theme.html');
    await email(page).waitFor(WAIT);
    const picker = page.getByLabel('Variant');

    await picker.selectOption('var-e2e-tee-s-black');
    await email(page).waitFor({ state: 'detached', ...WAIT });
    await picker.selectOption('');
    expect(await email(page).count()).toBe(0);

    // Sold out by the theme's figures, in stock on the server: the server's own refusal shows.
    await picker.selectOption('var-e2e-tee-m-black');
    await email(page).fill('lin@example.com');
    await signUpButton(page).click();
    await main(page).getByText('This item is in stock.', { exact: true }).waitFor(WAIT);
    expect(signUps[0]?.postDataJSON()).toMatchObject({ variantId: 'var-e2e-tee-m-black' });

    await picker.selectOption('var-e2e-tee-m-white');
    expect(await email(page).inputValue()).toBe('lin@example.com');
    await signUpButton(page).click();
    await main(page).getByRole('status').waitFor(WAIT);
    expect(signUps[1]?.postDataJSON()).toMatchObject({ variantId: 'var-e2e-tee-m-white' });
  });
});

describe('with a captcha (fake provider at /captcha/fake.js)', () => {
  it('is required, resets after a failure, sends its token and goes away on success', async () => {
    const { page, log, scripts, signUps } = await open('/restock/captcha.html');
    const robot = main(page).getByRole('checkbox', { name: "I'm not a robot" });
    await robot.waitFor(WAIT);
    // One sign-up on the page: the block beside the product form leaves it to the form's own.
    expect(await main(page).getByRole('form').count()).toBe(1);
    expect(scripts.filter((s) => s === '/captcha/fake.js')).toHaveLength(1);
    expect(scripts.filter((s) => /^\/dist\/widgets\/chunks\/captcha-[^/]+\.js$/.test(s))).toHaveLength(1);

    await email(page).fill('ada@example.com');
    await signUpButton(page).click();
    await main(page).getByText('Complete CAPTCHA before submitting.', { exact: true }).waitFor(WAIT);
    expect(signUps).toEqual([]);

    await e2e.fault({ path: SIGN_UP, method: 'POST', status: 503, times: 1 });
    await robot.check();
    await signUpButton(page).click();
    await main(page).getByText('Injected fault', { exact: true }).waitFor(WAIT);
    await expect.poll(() => robot.isChecked(), WAIT).toBe(false);
    await expect.poll(() => main(page).locator('.fake-captcha').getAttribute('data-resets'), WAIT).toBe('1');
    expect(await email(page).inputValue()).toBe('ada@example.com');
    expect(String((signUps[0]?.postDataJSON() as { captchaToken?: unknown }).captchaToken)).toMatch(/^fake-/);

    await robot.check();
    await signUpButton(page).click();
    const status = main(page).getByRole('status');
    await status.waitFor(WAIT);
    expect(await status.innerText()).toBe('Thanks, we will email you.');
    expect(await robot.count()).toBe(0);
    expect(signUps).toHaveLength(2);
    expect(signUps[1]?.postDataJSON()).toMatchObject({ productId: 'e2e-print', variantId: 'var-e2e-print' });

    expect(await cspViolations(page)).toEqual([]);
    expect(log.pageErrors).toEqual([]);
  });

  it('is compact in a container under 320 px wide', async () => {
    const context = await e2e.browser.newContext({
      baseURL: e2e.baseUrl,
      viewport: { width: 300, height: 700 },
    });
    contexts.push(context);
    const { page } = await e2e.newPage(context);
    await page.goto('/restock/captcha.html');
    const widget = main(page).locator('.fake-captcha');
    await widget.waitFor(WAIT);
    expect(await widget.getAttribute('data-size')).toBe('compact');

    const { page: wide } = await open('/restock/captcha.html');
    const wideWidget = main(wide).locator('.fake-captcha');
    await wideWidget.waitFor(WAIT);
    expect(await wideWidget.getAttribute('data-size')).toBe('normal');
  });
});
