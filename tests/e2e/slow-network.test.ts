// @vitest-environment node
/**
 * The demo store on a slow network: Lighthouse's mobile default (slow 4G: 562.5 ms a request,
 * 1.47 Mbit/s down), emulated in Chromium from the first request on. Every round trip costs more
 * than half a second here, so what a shopper waits for after a press is the requests it sends,
 * counted: no code fetched after the press, no press sent twice, and what the page shows is what
 * the server holds.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../../src/contract.js';
import { serverCart, SLOW_4G, WAIT } from './harness.js';
import { demoForThisFile } from './demo-suite.js';

const ENTRIES_PATH = '/api/commerce/shopping-cart/entries';
const STOCK_PATH = '/api/commerce/inventory/stock/';
const SAVE_PATH = '/api/form/SaveFormSubmission';
const RESTOCK_PATH = '/api/site-users/account/notifications/restock';

const demo = demoForThisFile();

/** Every request the page sends from now on, as `METHOD path`, in order. */
function requestsFrom(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    seen.push(`${r.method()} ${url.pathname}`);
  });
  return seen;
}

const scripts = (requests: readonly string[]) => requests.filter((r) => r.endsWith('.js'));
const calls = (requests: readonly string[], path: string) => requests.filter((r) => r.includes(path));

/** The tee's size and colour, chosen as a shopper does: focus on each select, then a choice. */
async function chooseTee(page: Page): Promise<void> {
  for (const [name, option] of [
    ['Size', 'M'],
    ['Color', 'Black'],
  ] as const) {
    const select = page.getByRole('combobox', { name });
    await select.focus();
    await select.selectOption(option);
  }
}

describe('the product page on slow 4G', () => {
  it("sends a first add's requests at once: the code they need came while the shopper chose", async () => {
    const { page, problems, quiet } = await demo.open('/products/prod-tee', { network: SLOW_4G });
    await chooseTee(page);
    // What the choice started loading has arrived.
    await quiet();

    const sent = requestsFrom(page);
    const add = page.getByRole('button', { name: 'Add To Cart' });
    await add.click();
    await page.getByRole('button', { name: 'Adding…' }).waitFor(WAIT);
    await page.getByRole('link', { name: /One item in cart/ }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Added!' }).waitFor(WAIT);

    // The stock check and the add, one after the other, and no script file before or between.
    expect(scripts(sent)).toEqual([]);
    expect(calls(sent, STOCK_PATH)).toHaveLength(1);
    expect(calls(sent, ENTRIES_PATH)).toEqual([`POST ${ENTRIES_PATH}`]);
    expect(problems).toEqual([]);
  });

  it('opens the additional-fields dialog on the press, its code in place once the shopper touched the form', async () => {
    const { page, problems, quiet } = await demo.open('/products/prod-engraved-mug', { network: SLOW_4G });
    // The first control a keyboard reaches in the form.
    await page.locator('[data-sf-widget="product-form"]').locator('select, input, button').first().focus();
    await quiet();

    const sent = requestsFrom(page);
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.getByRole('dialog').getByRole('textbox').first().waitFor(WAIT);
    expect(scripts(sent)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("opens the instalment pill's popup on the click: its code came when the pointer reached the pill", async () => {
    const { page, problems, quiet } = await demo.open('/products/prod-tee', { network: SLOW_4G });
    const info = page.getByRole('button', { name: /^About / });
    await info.waitFor(WAIT);
    await quiet();
    await info.hover();
    await quiet();

    const sent = requestsFrom(page);
    await info.click();
    await page.getByRole('dialog').waitFor(WAIT);
    expect(scripts(sent)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => info.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
    expect(problems).toEqual([]);
  });

  it('adds once for a double click while the add is on its way', async () => {
    const { page, context, problems } = await demo.open('/products/prod-tee', { network: SLOW_4G });
    await chooseTee(page);
    const sent = requestsFrom(page);
    await page.getByRole('button', { name: 'Add To Cart' }).dblclick();
    await page.getByRole('link', { name: /One item in cart/ }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Added!' }).waitFor(WAIT);

    expect(calls(sent, ENTRIES_PATH)).toEqual([`POST ${ENTRIES_PATH}`]);
    expect((await serverCart(context)).entries.map((e) => e.quantity)).toEqual([1]);
    expect(problems).toEqual([]);
  });
});

describe('the restock sign-up on slow 4G', () => {
  it('sends the sign-up on the press: its code came while the shopper typed', async () => {
    const { page, problems, quiet } = await demo.open('/products/prod-poster', { network: SLOW_4G });
    const email = page.getByRole('textbox', { name: /email/i });
    await email.focus();
    await email.fill('reader@example.com');
    await quiet();

    const sent = requestsFrom(page);
    await email.press('Enter');
    await page.getByText('Signed up!').waitFor(WAIT);
    expect(scripts(sent)).toEqual([]);
    expect(calls(sent, RESTOCK_PATH)).toEqual([`POST ${RESTOCK_PATH}`]);
    expect(problems).toEqual([]);
  });
});

describe('the cart page on slow 4G', () => {
  it('shows what the server holds after quick presses of Increase quantity', async () => {
    const context = await demo.browser.newContext({ baseURL: demo.baseUrl });
    await demo.addToCart(context, { itemId: 'prod-tee', sku: 'TEE-S-BLK', quantity: 1 });
    const { page, problems, quiet } = await demo.open(PATHS.cart, { context, network: SLOW_4G });
    const subtotal = page.getByRole('status', { name: 'Subtotal', exact: true });
    await expect.poll(() => subtotal.textContent(), WAIT).toContain('$25.00');

    const increase = page.getByRole('button', { name: /^Increase quantity of/ });
    for (let i = 0; i < 3; i += 1) await increase.click({ force: true });
    // Settled: no update on its way, and the page quiet.
    await quiet();
    await expect.poll(() => page.locator('[aria-busy="true"]').count(), WAIT).toBe(0);

    const held = (await serverCart(context)).entries[0]?.quantity ?? 0;
    expect(held).toBeGreaterThan(1);
    const quantity = page.getByRole('spinbutton', { name: /^Quantity of/ });
    expect(await quantity.inputValue()).toBe(String(held));
    expect(await subtotal.textContent()).toContain(`$${(25 * held).toFixed(2)}`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the cart page's Edit details on slow 4G", () => {
  it("opens the dialog with the entry's answers on the press: its code came when the pointer reached the button", async () => {
    const context = await demo.browser.newContext({ baseURL: demo.baseUrl });
    await demo.addToCart(context, {
      itemId: 'prod-engraved-mug',
      sku: 'MUG-ENGRAVED',
      quantity: 1,
      additionalFields: { 'engraving-text': 'For Ada', font: 'Serif' },
    });
    const { page, problems, quiet } = await demo.open(PATHS.cart, { context, network: SLOW_4G });
    const edit = page.getByRole('button', { name: /^Edit details/ });
    await edit.waitFor(WAIT);
    await quiet();
    await edit.hover();
    await quiet();

    const sent = requestsFrom(page);
    await edit.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('textbox').first().inputValue(), WAIT).toBe('For Ada');
    // Nor its form: the page read it to title the line's answers.
    expect(scripts(sent)).toEqual([]);
    expect(calls(sent, 'GetTemplateSchema')).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the contact form on slow 4G', () => {
  it('sends once for two presses, keeps what was typed while it sends, then thanks', async () => {
    const { page, problems, quiet } = await demo.open('/contact', { network: SLOW_4G });
    const form = page.getByRole('form', { name: 'Contact us' });
    const typed = {
      'First Name': 'Ada',
      'Email address (required)': 'ada@example.com',
      'Message (required)': 'Does the tee come in green?',
    };
    for (const [name, value] of Object.entries(typed)) {
      const box = form.getByRole('textbox', { name, exact: true });
      await box.focus();
      await box.fill(value);
    }
    // The sending code came with the first focus in the form.
    await quiet();
    const sent = requestsFrom(page);
    const submit = form.getByRole('button', { name: 'Submit' });
    await submit.click();
    await form.getByRole('button', { name: 'Submitting…' }).click({ force: true });
    for (const [name, value] of Object.entries(typed))
      expect(await form.getByRole('textbox', { name, exact: true }).inputValue()).toBe(value);

    await page.getByText('Thanks! We will get back to you within two working days.').waitFor(WAIT);
    expect(calls(sent, SAVE_PATH)).toEqual([`POST ${SAVE_PATH}`]);
    expect(scripts(sent)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
