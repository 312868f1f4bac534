import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONTEXT } from '../../../src/page/context.js';
import { StorefrontProvider } from '../../../src/react/provider.js';
import { createCartStore } from '../../../src/store/index.js';
import { NpmCartPill as CartPill } from '../../../widgets/cart-pill/npm-pill.js';
import { cart, entry, fakeApi, okResult } from '../fixtures.js';

describe("the package's cart pill: rendered on the server, then hydrated", () => {
  it("adopts the server's link to the cart without a mismatch, then shows the cart", async () => {
    const api = fakeApi({
      getCart: async () => okResult({ ...cart([entry({ quantity: 2, subTotal: 5000 })]), currency: 'USD' }),
    });
    const store = createCartStore({ api, broadcast: false });
    const env = { context: DEFAULT_CONTEXT, report: vi.fn() };
    const page = (
      <StorefrontProvider env={env} api={api} store={store}>
        <CartPill />
      </StorefrontProvider>
    );
    const host = document.createElement('div');
    host.innerHTML = renderToString(page);
    document.body.append(host);
    expect(screen.getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/cart');

    const mismatches = vi.fn();
    const consoleErrors = vi.spyOn(console, 'error');
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(host, page, { onRecoverableError: mismatches });
    });
    // Hydrated over an empty store, the pill is what the cart says: nothing yet.
    expect(screen.queryByRole('link')).toBeNull();
    await act(() => store.getState().load());
    expect(screen.getByRole('link', { name: '2 items in cart, $50' }).getAttribute('href')).toBe('/cart');
    expect(mismatches).not.toHaveBeenCalled();
    expect(consoleErrors).not.toHaveBeenCalled();
    consoleErrors.mockRestore();
    act(() => root?.unmount());
    host.remove();
  });

  it("names its server link by the page's strings", () => {
    const store = createCartStore({ api: fakeApi(), broadcast: false });
    const env = { context: DEFAULT_CONTEXT, report: vi.fn() };
    const html = renderToString(
      <StorefrontProvider env={env} store={store}>
        <CartPill strings={{ cartLink: 'Panier' }} />
      </StorefrontProvider>,
    );
    expect(html).toBe('<a href="/cart">Panier</a>');
  });
});
