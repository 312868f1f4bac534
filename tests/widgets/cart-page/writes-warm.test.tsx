/**
 * The cart page reads its cart at start with the read alone (src/api/cart-read.ts); the code of
 * the writes (src/api/cart.ts) comes when the page is idle with entries to change, so a first tap
 * on a quantity or Remove sends at once rather than fetching code first.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cart, entry, fakeApi, okResult } from '../fixtures.js';

let idle: (() => void)[] = [];

afterEach(async () => {
  await vi.dynamicImportSettled();
  cleanup();
  vi.unstubAllGlobals();
  vi.doUnmock('../../../src/api/cart.js');
  vi.resetModules();
});

/** A fresh cart page module with the loads of the cart's writes counted. */
async function countedCartPage() {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  let writes = 0;
  vi.resetModules();
  vi.doMock('../../../src/api/cart.js', async (original) => {
    writes += 1;
    return original();
  });
  const { CartPage } = await import('../../../widgets/cart-page/cart-page.js');
  // The provider of the same fresh modules as the page.
  const { renderWithStorefront } = await import('../fixtures.js');
  return { CartPage, renderWithStorefront, writes: () => writes };
}

const runIdleWork = async () => {
  for (const run of idle.splice(0)) run();
  await vi.dynamicImportSettled();
};

describe("the cart page's writes", () => {
  it('load when the page is idle with entries, before any press', async () => {
    const { CartPage, renderWithStorefront, writes } = await countedCartPage();
    const api = fakeApi({ getCart: async () => okResult(cart([entry({ quantity: 2 })])) });
    renderWithStorefront(<CartPage />, { api });
    await screen.findByRole('heading', { name: 'Shopping Cart' });
    await waitFor(() => expect(screen.queryByText('Loading cart…')).toBeNull());
    expect(writes()).toBe(0);
    await runIdleWork();
    expect(writes()).toBe(1);
  });

  it('are not loaded for an empty cart, which has nothing to change', async () => {
    const { CartPage, renderWithStorefront, writes } = await countedCartPage();
    const api = fakeApi({ getCart: async () => okResult(cart([])) });
    renderWithStorefront(<CartPage />, { api });
    await screen.findByRole('heading', { name: 'Shopping Cart' });
    await waitFor(() => expect(screen.queryByText('Loading cart…')).toBeNull());
    await runIdleWork();
    expect(writes()).toBe(0);
  });
});
