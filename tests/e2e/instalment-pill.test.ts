// @vitest-environment node
/**
 * The instalment pill and the cart page's instalment minimum in real Chromium: the built loader
 * against the reference server (seeded with tests/e2e/fixtures/shop-catalog.json, fault mode on),
 * on tests/e2e/pages/instalment-pill/. The popup is scanned with axe-core while it is open.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations, startE2E, WAIT, type E2E, type PageLog } from './harness.js';

const here = dirname(fileURLToPath(import.meta.url));
const CATALOG = JSON.parse(readFileSync(resolve(here, 'fixtures/shop-catalog.json'), 'utf8')) as unknown[];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PRODUCT = '/instalment-pill/product.html';
const CART = '/instalment-pill/cart.html';

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

async function open(path: string): Promise<{ page: Page; context: BrowserContext; log: PageLog }> {
  const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl });
  contexts.push(context);
  const opened = await e2e.newPage(context);
  await opened.page.goto(path);
  return opened;
}

const textOf = async (locator: Locator): Promise<string> =>
  ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** The pill of the first (light) product block and of the second (dark) one. */
const teePill = (page: Page) => page.locator('article').nth(0).locator('.sf-instalment-pill');
const bottlePill = (page: Page) => page.locator('article').nth(1).locator('.sf-instalment-pill');

async function pillReads(page: Page, text: string): Promise<void> {
  await expect.poll(() => textOf(teePill(page)), WAIT).toBe(text);
}

/** axe-core's violations inside the open dialog (the page behind is inert while it is open). */
async function axeViolations(page: Page): Promise<{ id: string; targets: string[] }[]> {
  // Evaluated through the devtools protocol, so the page's script-src does not apply.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<any> } }).axe;
    const result = await axe.run(
      { include: [['[role="dialog"]']] },
      {
        resultTypes: ['violations'],
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] },
      },
    );
    return (result.violations as { id: string; nodes: { target: string[] }[] }[]).map((v) => ({
      id: v.id,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
}

const infoButton = (page: Page, brand = 'Afterpay') => page.getByRole('button', { name: `About ${brand}` });

describe('the pill on a product page', () => {
  it('loads its code once the product form is usable, then draws over its fallback', async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl });
    contexts.push(context);
    // When the first add button can be pressed, on the page's own clock.
    await context.addInitScript(() => {
      const w = window as unknown as { formUsableAt?: number };
      new MutationObserver((_records, observer) => {
        const button = document.querySelector<HTMLButtonElement>('.sf-add-button');
        if (!button || button.disabled) return;
        w.formUsableAt = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    const { page, log } = await e2e.newPage(context);
    await page.goto(PRODUCT);
    const pill = page
      .locator('[data-sf-widget="instalment-pill"][data-sf-mounted]:not([data-sf-deferred])')
      .first();
    await pill.waitFor(WAIT);
    await pill.getByRole('button').waitFor(WAIT);
    const { usableAt, pillCodeAt } = await page.evaluate(() => ({
      usableAt: (window as unknown as { formUsableAt?: number }).formUsableAt ?? null,
      pillCodeAt:
        performance.getEntriesByType('resource').find((entry) => entry.name.includes('/chunks/pill-widget-'))
          ?.startTime ?? null,
    }));
    expect(usableAt).not.toBeNull();
    expect(pillCodeAt).not.toBeNull();
    expect(pillCodeAt).toBeGreaterThanOrEqual(usableAt as number);
    expect(log.pageErrors).toEqual([]);
  });

  it('follows the chosen variant and quantity of the product form in its block', async () => {
    const { page, log } = await open(PRODUCT);
    // Lowest price before a choice: S in white, on sale at $19.50, below the $35.00 minimum.
    await pillReads(page, 'Available for orders over $35.00 Afterpay');
    await page.getByLabel('Size').selectOption('S');
    await page.getByLabel('Colour').selectOption('Black');
    await pillReads(page, 'Available for orders over $35.00 Afterpay');
    await page.getByLabel('Quantity').fill('2');
    await pillReads(page, 'or 4 interest-free payments of $12.50 with Afterpay');
    await page.getByLabel('Quantity').fill('5');
    await pillReads(page, 'Available for orders up to $100.00 Afterpay');
    await page.getByLabel('Colour').selectOption('White');
    await pillReads(page, 'or 4 interest-free payments of $24.38 with Afterpay');
    await page.getByLabel('Size').selectOption('');
    await pillReads(page, 'or 4 interest-free payments of $24.38 with Afterpay');
    // The second block has no product form: its pill keeps its own product's price.
    await expect
      .poll(() => textOf(bottlePill(page)), WAIT)
      .toBe('or 4 interest-free payments of $7.50 with Clearpay');
    expect(log.pageErrors).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  it('has a dark button on a light block and a white one on a dark block, at least 11em wide', async () => {
    const { page } = await open(PRODUCT);
    await infoButton(page, 'Clearpay').waitFor(WAIT);
    const look = (pill: Locator) =>
      pill.locator('button').evaluate((button) => {
        const style = getComputedStyle(button);
        return {
          background: style.backgroundColor,
          color: style.color,
          wide: button.getBoundingClientRect().width >= 11 * parseFloat(style.fontSize) - 0.5,
        };
      });
    expect(await look(teePill(page))).toEqual({
      background: 'rgb(0, 0, 0)',
      color: 'rgb(255, 255, 255)',
      wide: true,
    });
    expect(await look(bottlePill(page))).toEqual({
      background: 'rgb(255, 255, 255)',
      color: 'rgb(0, 0, 0)',
      wide: true,
    });
  });
});

describe('the info popup', () => {
  it('opens on a click on the pill with the provider texts and passes an axe scan', async () => {
    const { page } = await open(PRODUCT);
    await page.getByLabel('Size').selectOption('S');
    await page.getByLabel('Colour').selectOption('Black');
    await page.getByLabel('Quantity').fill('2');
    await pillReads(page, 'or 4 interest-free payments of $12.50 with Afterpay');
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') chunks.push(new URL(r.url()).pathname);
    });
    await teePill(page).getByText('or 4 interest-free payments of $12.50 with').click();
    const dialog = page.getByRole('dialog', { name: 'About Afterpay' });
    await dialog.getByRole('heading', { name: 'Pay in 4 interest-free instalments' }).waitFor(WAIT);
    expect(await dialog.getByText('4 interest-free payments of $12.50', { exact: true }).count()).toBe(1);
    expect(
      await dialog.getByText('Add your items to the cart and choose Afterpay at checkout.').count(),
    ).toBe(1);
    expect(chunks.some((c) => /\/info-popup-[^/]+\.js$/.test(c))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  it.each([
    ['Escape', (page: Page) => page.keyboard.press('Escape')],
    ['the close button', (page: Page) => page.getByRole('button', { name: 'Close' }).click()],
    ['a click outside', (page: Page) => page.mouse.click(5, 5)],
  ])('closes on %s and gives focus back to the info button', async (_how, close) => {
    const { page } = await open(PRODUCT);
    await infoButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'About Afterpay' });
    await dialog.waitFor(WAIT);
    // The page behind a modal dialog is hidden from the accessibility tree: CSS finds the button.
    const button = teePill(page).locator('button');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await close(page);
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => button.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
  });

  it('speaks the second brand in Great Britain, from the en-GB texts', async () => {
    const { page } = await open(PRODUCT);
    await infoButton(page, 'Clearpay').click();
    const dialog = page.getByRole('dialog', { name: 'About Clearpay' });
    await dialog.getByText('Add your items to the cart and choose Clearpay at checkout.').waitFor(WAIT);
    expect(await dialog.getByText('4 interest-free payments of $7.50', { exact: true }).count()).toBe(1);
  });

  it('only logs a warning when the texts fail to load, and links to the provider’s terms', async () => {
    await e2e.fault({ path: '/instalments/en-US.json', status: 500, times: 1 });
    const { page, log } = await open(PRODUCT);
    await infoButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'About Afterpay' });
    await dialog.getByText('Available for orders over $35.00', { exact: true }).waitFor(WAIT);
    await expect
      .poll(
        () =>
          log.console.filter((m) => m.type === 'warning' && m.text.includes('/instalments/en-US.json'))
            .length,
        WAIT,
      )
      .toBe(1);
    const terms = dialog.getByRole('link', { name: 'Read the Afterpay terms (opens in a new tab)' });
    expect(await terms.getAttribute('href')).toBe('https://www.afterpay.com/en-US/installment-agreement');
    expect(await dialog.getByRole('heading', { level: 3 }).count()).toBe(0);
    expect(log.pageErrors).toEqual([]);
  });

  it('works from the keyboard alone', async () => {
    const { page } = await open(PRODUCT);
    const button = infoButton(page);
    await button.waitFor(WAIT);
    // Tab through the product form to the pill's button.
    let reached = false;
    for (let i = 0; i < 15 && !reached; i += 1) {
      await page.keyboard.press('Tab');
      reached = await button.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'About Afterpay' });
    await dialog.waitFor(WAIT);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''), WAIT)
      .toBe('Close');
    // Focus stays in the dialog (the focus guards at its edges send it back on the next frame).
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Tab');
      await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), WAIT).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => button.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
    await page.keyboard.press(' ');
    await dialog.waitFor(WAIT);
  });
});

describe('the pill without a product form on the page', () => {
  it("is styled by the product form's stylesheet, which holds its rules, under the strict CSP", async () => {
    const { page, log } = await open('/instalment-pill/alone.html');
    const button = page.getByRole('button', { name: 'About Clearpay' });
    await button.waitFor(WAIT);
    // The loader links the stylesheet of the file the pill's code travels in, and only that one.
    const sheets = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
        (l) => new URL(l.href).pathname,
      ),
    );
    expect(sheets.filter((p) => p.startsWith('/dist/'))).toEqual(['/dist/widgets/product-form.css']);
    // A rule of the pill's own (a round button), not a browser default.
    await expect
      .poll(() => button.evaluate((el) => getComputedStyle(el).borderTopLeftRadius), WAIT)
      .toBe('999px');
    expect(await cspViolations(page)).toEqual([]);
    expect(log.pageErrors).toEqual([]);
  });
});

describe('the cart page minimum', () => {
  const MINIMUM = 'To check out, your order subtotal must be $35.00 or more.';

  it('asks for more below the minimum and stops once the subtotal reaches it', async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl });
    contexts.push(context);
    await e2e.addToCart(context, { itemId: 'e2e-tee', sku: 'E2E-TEE-S-BLACK', quantity: 1 });
    const { page } = await e2e.newPage(context);
    await page.goto(CART);
    await page.getByText(MINIMUM, { exact: true }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Increase quantity of Trail Tee' }).click();
    await expect.poll(() => textOf(page.locator('.sf-cart-page__subtotal')), WAIT).toBe('$50.00');
    await page.getByText(MINIMUM, { exact: true }).waitFor({ state: 'detached', ...WAIT });
    expect(await cspViolations(page)).toEqual([]);
  });
});
