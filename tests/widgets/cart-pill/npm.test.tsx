// @vitest-environment node
/**
 * `storefront-widgets/cart-pill` rendered on a server (no window, no document): the provider as an
 * app writes it, and a link to the cart in the markup, before any of the page's code runs.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StorefrontProvider } from '../../../src/react/provider.js';
import { CartPill } from '../../../widgets/cart-pill/npm.js';

describe('the cart pill entry on a server', () => {
  it('renders a link to the cart, as a block fallback does', () => {
    const html = renderToString(
      <StorefrontProvider apiRoot="https://api.shop.test/api/">
        <CartPill />
      </StorefrontProvider>,
    );
    expect(html).toBe('<a href="/cart">Cart</a>');
  });

  it("links to the provider's cart route", () => {
    const html = renderToString(
      <StorefrontProvider apiRoot="https://api.shop.test/api/" paths={{ cart: '/basket' }}>
        <CartPill />
      </StorefrontProvider>,
    );
    expect(html).toBe('<a href="/basket">Cart</a>');
  });
});
