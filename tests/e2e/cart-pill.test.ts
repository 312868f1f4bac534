import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { startE2E, WAIT, waitForRole, widgetsMounted, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const workshop = { itemId: 'prod-workshop', sku: 'WORKSHOP-2H', quantity: 1 };
const giftCard = { itemId: 'prod-gift-card', sku: 'GIFT-25', quantity: 1 };

interface StorefrontInPage {
  Storefront: {
    cart: { store(): Promise<{ getState(): { addEntry(i: unknown): Promise<{ ok: boolean }> } }> };
  };
}

/** What the pill shows on screen (its name also carries a part only a screen reader hears). */
const shown = (pill: Locator): Promise<string> =>
  pill.evaluate((el) =>
    [...el.children]
      .filter((c) => getComputedStyle(c).position !== 'absolute')
      .map((c) => c.textContent)
      .join(' '),
  );

describe('cart pill in Chromium', () => {
  it('goes to /cart when clicked', async () => {
    const { page, context } = await e2e.newPage();
    await e2e.addToCart(context, workshop);
    await page.goto('/pill.html');
    await page.getByRole('link', { name: 'One item in cart' }).click(WAIT);
    await page.waitForURL('**/cart', WAIT);
    // Asked once the pill on /cart has mounted, so a pill that showed itself would be there.
    await widgetsMounted(page);
    expect(await page.getByRole('link', { name: / in cart, / }).count()).toBe(0);
  });

  it("hides when a single-page app's history.pushState goes to /cart, and shows again off it", async () => {
    const { page, context } = await e2e.newPage();
    await e2e.addToCart(context, workshop);
    await page.goto('/pill.html');
    const pill = page.getByRole('link', { name: 'One item in cart' });
    await pill.waitFor(WAIT);
    await page.evaluate(() => history.pushState(null, '', '/cart'));
    await pill.waitFor({ ...WAIT, state: 'detached' });
    await page.evaluate(() => history.pushState(null, '', '/shop'));
    await pill.waitFor(WAIT);
    await page.goBack();
    await pill.waitFor({ ...WAIT, state: 'detached' });
  });

  it('shows 100+ and the spoken overflow text above 100 items', async () => {
    const { page, context } = await e2e.newPage();
    await e2e.addToCart(context, { ...giftCard, quantity: 101 });
    await page.goto('/pill.html');
    const pill = page.getByRole('link', { name: 'More than 100 items in cart' });
    await pill.waitFor(WAIT);
    expect(await shown(pill)).toBe('100+ items $2,525');
    expect(await pill.evaluate((el) => el.hasAttribute('aria-label'))).toBe(false);
  });

  it('is dark when the site settings say so', async () => {
    const { page, context } = await e2e.newPage();
    await e2e.addToCart(context, workshop);
    await page.goto('/pill.html');
    const pill = page.getByRole('link', { name: 'One item in cart' });
    await pill.waitFor(WAIT);
    expect(await pill.getAttribute('class')).toContain('sf-cart-pill--dark');
    const background = await pill.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(17, 17, 17)');
  });

  it('updates live when the cart changes in this tab and in another tab', async () => {
    const { page, context } = await e2e.newPage();
    await e2e.addToCart(context, workshop);
    await page.goto('/pill.html');
    await page.getByRole('link', { name: 'One item in cart' }).waitFor(WAIT);

    await page.evaluate(async (item) => {
      const store = await (window as unknown as StorefrontInPage).Storefront.cart.store();
      await store.getState().addEntry(item);
    }, workshop);
    await page.getByRole('link', { name: '2 items in cart' }).waitFor(WAIT);

    const { page: other, log: otherLog } = await e2e.newPage(context);
    await other.goto('/pill.html');
    await waitForRole(other, 'link', '2 items in cart', otherLog);
    await other.evaluate(
      async (item) => {
        const store = await (window as unknown as StorefrontInPage).Storefront.cart.store();
        await store.getState().addEntry(item);
      },
      { ...giftCard, quantity: 3 },
    );
    await waitForRole(page, 'link', '5 items in cart');
    expect(await shown(page.getByRole('link', { name: '5 items in cart, $165' }))).toBe('5 items $165');
  });

  it.each([
    [432, 'static'],
    [433, 'fixed'],
  ])('at %i px wide (the mobile breakpoint: up to 432 px), the pill is %s', async (width, position) => {
    const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, viewport: { width, height: 700 } });
    try {
      const { page } = await e2e.newPage(context);
      await e2e.addToCart(context, workshop);
      await page.goto('/pill.html');
      const pill = page.getByRole('link', { name: 'One item in cart' });
      await pill.waitFor(WAIT);
      expect(await pill.evaluate((el) => getComputedStyle(el).position)).toBe(position);
    } finally {
      await context.close();
    }
  });

  it('inside the design frame, asks the editor to set the frame address instead of navigating', async () => {
    const { page, context } = await e2e.newPage();
    await e2e.addToCart(context, workshop);
    await page.goto('/editor.html');
    const frame = page.frameLocator('#design-frame');
    await frame.getByRole('link', { name: 'One item in cart' }).click(WAIT);
    await expect.poll(() => page.locator('#frame-url').textContent(), WAIT).toBe('/cart');
    const frameUrl = await page
      .locator('#design-frame')
      .evaluate((f) => (f as HTMLIFrameElement).contentWindow?.location.pathname);
    expect(frameUrl).toBe('/design.html');
  });
});
