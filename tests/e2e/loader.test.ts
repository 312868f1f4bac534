import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations, startE2E, WAIT, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const workshop = { itemId: 'prod-workshop', sku: 'WORKSHOP-2H', quantity: 1 };

describe('dist/loader.js in Chromium', () => {
  it('mounts the cart pill from the built chunks, under the demo strict CSP', async () => {
    const { page, context, log } = await e2e.newPage();
    await e2e.addToCart(context, { ...workshop, quantity: 2 });
    const response = await page.goto('/pill.html');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    const pill = page.getByRole('link', { name: '2 items in cart' });
    await pill.waitFor(WAIT);
    // What it shows; its name also carries a spoken part that is not on screen.
    const shown = await pill.evaluate((el) =>
      [...el.children]
        .filter((c) => getComputedStyle(c).position !== 'absolute')
        .map((c) => c.textContent)
        .join(' '),
    );
    expect(shown).toBe('2 items $90');
    expect(await page.locator('#pill').getAttribute('data-sf-mounted')).toBe('');
    // Ready follows the cart read, which the pill may show a moment before.
    await page.locator('html[data-sf-ready=""]').waitFor({ state: 'attached', ...WAIT });
    expect(
      await page.evaluate(
        () => (window as unknown as { Storefront: { version: string } }).Storefront.version,
      ),
    ).toMatch(/^\d+\.\d+\.\d+/);
    expect(await cspViolations(page)).toEqual([]);
    expect(log.pageErrors).toEqual([]);
    // The stylesheet arrived as a <link>, not an injected <style>.
    expect(await page.locator('link[rel="stylesheet"][href$="/dist/widgets/cart-pill.css"]').count()).toBe(1);
    expect(await page.locator('style').count()).toBe(0);
  });

  it('makes add buttons ready at once for a visitor without a cart, without loading the cart', async () => {
    const { page } = await e2e.newPage();
    const cartCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/commerce/shopping-cart')) cartCalls.push(r.url());
    });
    await page.goto('/pill.html');
    await page.locator('html[data-sf-ready]').waitFor({ state: 'attached', ...WAIT });
    await page.locator('#pill[data-sf-mounted]').waitFor({ state: 'attached', ...WAIT });
    expect(cartCalls).toEqual([]);
    // Empty cart: the pill renders nothing, the server link is gone.
    expect(await page.getByRole('link').count()).toBe(0);
  });

  it('mounts a block inserted after load', async () => {
    const { page, context } = await e2e.newPage();
    await e2e.addToCart(context, workshop);
    await page.goto('/blocks.html');
    await page.locator('html[data-sf-ready]').waitFor({ state: 'attached', ...WAIT });
    await page.evaluate(() => {
      const block = document.createElement('div');
      block.setAttribute('data-sf-widget', 'cart-pill');
      block.innerHTML = '<a href="/cart">Late cart</a>';
      document.getElementById('late-slot')?.appendChild(block);
    });
    await page.getByRole('link', { name: 'One item in cart' }).waitFor(WAIT);
  });

  it('keeps the server fallback of a block with bad props or an unknown widget and warns once each', async () => {
    const { page, log } = await e2e.newPage();
    await page.goto('/blocks.html');
    const warnings = () => log.console.filter((m) => m.type === 'warning').map((m) => m.text);
    const count = (text: string) => warnings().filter((w) => w.includes(text)).length;
    // The first scan has dealt with both blocks once both have been warned about.
    await expect.poll(() => count('data-sf-props is not valid JSON'), WAIT).toBe(1);
    await expect.poll(() => count('unknown widget "wishlist"'), WAIT).toBe(1);
    // A second scan resolves once it has dealt with every block again.
    await page.evaluate(() =>
      (window as unknown as { Storefront: { mount(): Promise<void> } }).Storefront.mount(),
    );
    expect(await page.getByRole('link', { name: 'Cart (server)' }).count()).toBe(1);
    expect(await page.getByText('Wishlist (server)').count()).toBe(1);
    expect(await page.locator('[data-sf-mounted]').count()).toBe(0);
    expect(count('data-sf-props is not valid JSON')).toBe(1);
    expect(count('unknown widget "wishlist"')).toBe(1);
  });

  it('loads the cart pill and the instalment pill with the chunks that hold them, not their entry files', async () => {
    const { page, context, log } = await e2e.newPage();
    await e2e.addToCart(context, workshop);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/products/prod-tee');
    await page.getByRole('link', { name: 'One item in cart' }).waitFor(WAIT);
    // The instalment line before a variant is chosen (the tee's range starts at $19.50).
    await page.getByText('Available for orders over $20.00').waitFor(WAIT);
    expect(scripts).toEqual(
      expect.arrayContaining([
        '/dist/loader.js',
        '/dist/widgets/runtime.js',
        '/dist/widgets/product-form.js',
      ]),
    );
    expect(scripts).not.toContain('/dist/widgets/cart-pill.js');
    expect(scripts).not.toContain('/dist/widgets/instalment-pill.js');
    expect(log.pageErrors).toEqual([]);
  });

  it('reports a failed chunk with its name for every block it holds, then mounts on the next Storefront.mount()', async () => {
    await e2e.fault({ path: '/dist/widgets/product-form.js', status: 503, times: 1 });
    const { page, log } = await e2e.newPage();
    const errors: { code?: string; message?: string; widget?: string }[] = [];
    await page.exposeFunction('recordSfError', (detail: (typeof errors)[number]) => errors.push(detail));
    await page.addInitScript(() => {
      document.addEventListener('sf:error', (e) =>
        (window as unknown as { recordSfError(d: unknown): void }).recordSfError((e as CustomEvent).detail),
      );
    });
    await page.goto('/instalment-pill/product.html');
    // The product form and the two instalment pills: their code is all in product-form.js.
    await expect.poll(() => errors.length, WAIT).toBe(3);
    expect(errors.map((e) => e.widget).sort()).toEqual([
      'instalment-pill',
      'instalment-pill',
      'product-form',
    ]);
    for (const e of errors) {
      expect(e).toMatchObject({
        code: 'CHUNK_LOAD_FAILED',
        message: expect.stringContaining('"product-form"'),
      });
    }
    await expect
      .poll(
        () =>
          log.console.some(
            (m) => m.type === 'warning' && m.text.includes('Chunk "product-form" failed to load (error)'),
          ),
        WAIT,
      )
      .toBe(true);
    expect(await page.getByText('Enable JavaScript to add this product to your cart.').count()).toBe(1);

    await page.evaluate(() =>
      (window as unknown as { Storefront: { mount(): Promise<void> } }).Storefront.mount(),
    );
    await page.getByRole('button', { name: 'Add To Cart' }).waitFor(WAIT);
    expect(await page.locator('[data-sf-mounted]').count()).toBe(3);
  });

  it('keeps working on a page whose own script throws and defines its own window.React', async () => {
    const { page, context, log } = await e2e.newPage();
    await e2e.addToCart(context, workshop);
    await page.goto('/hostile.html');
    await page.getByRole('link', { name: 'One item in cart' }).waitFor(WAIT);
    expect(log.pageErrors).toEqual(['the site script failed']);
    expect(
      await page.evaluate(() => (window as unknown as { React: { version: string } }).React.version),
    ).toBe('0.0.0-site');
    expect(await cspViolations(page)).toEqual([]);
  });
});
