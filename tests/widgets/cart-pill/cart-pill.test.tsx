import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseShoppingCart } from '../../../src/api/parse.js';
import { DEFAULT_CONTEXT } from '../../../src/page/context.js';
import { DESIGN_FRAME_MESSAGE_TYPE } from '../../../src/contract.js';
import { StorefrontProvider } from '../../../src/react/provider.js';
import { createCartStore } from '../../../src/store/index.js';
import type { ShoppingCart } from '../../../src/store/types.js';
import { CartPill } from '../../../widgets/cart-pill/cart-pill.js';
import { cart, entry, fakeApi, okResult, renderWithStorefront } from '../fixtures.js';

/** A cart of `quantity` items costing `subtotalCents` in `currency`. */
const cartOf = (quantity: number, subtotalCents: number, currency = 'USD'): ShoppingCart => ({
  ...cart([entry({ quantity, subTotal: subtotalCents })]),
  currency,
});

/** Renders the pill over a store loaded with `initial`; `setCart` loads another cart later. */
async function renderPill(initial: ShoppingCart | null, props = {}, context = {}) {
  let current = initial;
  const api = fakeApi({ getCart: async () => okResult(current as ShoppingCart) });
  const rendered = renderWithStorefront(<CartPill {...props} />, { api, context });
  if (initial) await act(() => rendered.store.getState().load());
  const setCart = async (next: ShoppingCart) => {
    current = next;
    await act(() => rendered.store.getState().load());
  };
  return { ...rendered, setCart };
}

/** What the pill shows: its text without the part only a screen reader hears. */
const shownText = (link: HTMLElement): string =>
  [...link.children]
    .filter((el) => !el.classList.contains('sf-cart-pill__spoken'))
    .map((el) => el.textContent)
    .join(' ');

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('cart pill: count, word, subtotal and spoken name (spec 000 §2, §9; spec 001 §8)', () => {
  it.each([
    {
      quantity: 1,
      cents: 1000,
      currency: 'USD',
      count: '1',
      word: 'item',
      subtotal: '$10',
      name: 'One item in cart',
    },
    {
      quantity: 2,
      cents: 1050,
      currency: 'USD',
      count: '2',
      word: 'items',
      subtotal: '$10.50',
      name: '2 items in cart',
    },
    {
      quantity: 99,
      cents: 123400,
      currency: 'USD',
      count: '99',
      word: 'items',
      subtotal: '$1,234',
      name: '99 items in cart',
    },
    {
      quantity: 100,
      cents: 10000,
      currency: 'USD',
      count: '100',
      word: 'items',
      subtotal: '$100',
      name: '100 items in cart',
    },
    {
      quantity: 101,
      cents: 505,
      currency: 'USD',
      count: '100+',
      word: 'items',
      subtotal: '$5.05',
      name: 'More than 100 items in cart',
    },
    {
      quantity: 250,
      cents: 2000000,
      currency: 'USD',
      count: '100+',
      word: 'items',
      subtotal: '$20,000',
      name: 'More than 100 items in cart',
    },
    {
      quantity: 3,
      cents: 1500,
      currency: 'JPY',
      count: '3',
      word: 'items',
      subtotal: '¥1,500',
      name: '3 items in cart',
    },
    {
      quantity: 2,
      cents: 2000,
      currency: 'EUR',
      count: '2',
      word: 'items',
      subtotal: '€20',
      name: '2 items in cart',
    },
    {
      quantity: 2,
      cents: 1999,
      currency: 'GBP',
      count: '2',
      word: 'items',
      subtotal: '£19.99',
      name: '2 items in cart',
    },
  ])('$quantity items at $cents $currency: shows "$count $word $subtotal", named "$name"', async (row) => {
    await renderPill(cartOf(row.quantity, row.cents, row.currency));
    // The accessible name holds the subtotal the pill shows (axe label-content-name-mismatch).
    const link = screen.getByRole('link', { name: `${row.name}, ${row.subtotal}` });
    expect(link.hasAttribute('aria-label')).toBe(false);
    expect(within(link).getByText(row.count)).toBeInstanceOf(HTMLElement);
    expect(within(link).getByText(row.word)).toBeInstanceOf(HTMLElement);
    expect(within(link).getByText(row.subtotal)).toBeInstanceOf(HTMLElement);
    expect(shownText(link)).toBe(`${row.count} ${row.word} ${row.subtotal}`);
  });

  it('shows the subtotal in the store currency when the cart names an unknown currency', async () => {
    await renderPill(cartOf(2, 2500, 'XXX'), {}, { currency: 'CAD' });
    expect(within(screen.getByRole('link')).getByText('CA$25')).toBeInstanceOf(HTMLElement);
  });

  it('shows a cart the server names no currency for in the store currency (spec 000 §3)', async () => {
    const read = parseShoppingCart({
      id: 'c1',
      entries: [{ id: 'e1', itemId: 'tee', quantity: 2, title: 'Tee', subTotal: 2000, purchasePriceCents: 1000 }],
      subtotalCents: 2000,
    });
    if (!read.ok) throw new Error(read.issues.join());
    await renderPill(read.value, {}, { currency: 'EUR' });
    expect(within(screen.getByRole('link')).getByText('€20')).toBeInstanceOf(HTMLElement);
  });

  it.each(['de-DE', 'fr-FR', 'nl-NL'])('writes the subtotal the way a %s page does', async (locale) => {
    await renderPill(cartOf(2, 2500), {}, { locale });
    const expected = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }).format(25);
    expect(expected).not.toBe('$25');
    expect(shownText(screen.getByRole('link'))).toBe(`2 items ${expected}`);
  });

  it('uses the page wording from its props', async () => {
    await renderPill(cartOf(2, 1000), {
      strings: { items: 'articles', spokenMany: '{count} articles dans le panier' },
    });
    const link = screen.getByRole('link', { name: '2 articles dans le panier, $10' });
    expect(within(link).getByText('articles')).toBeInstanceOf(HTMLElement);
  });
});

describe('cart pill: when it is hidden', () => {
  it('is hidden before the cart is known', async () => {
    await renderPill(null);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('is hidden when the cart is empty', async () => {
    await renderPill({ ...cart([]), totalQuantity: 0 });
    expect(screen.queryByRole('link')).toBeNull();
  });

  it.each(['/cart', '/cart/'])('is hidden on the cart page (%s)', async (path) => {
    window.history.replaceState(null, '', path);
    await renderPill(cartOf(2, 1000));
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("hides when a single-page app's pushState goes to /cart, as the browser announces it", async () => {
    // happy-dom has no Navigation API: a stand-in announces the entry change as Chromium does
    // (tests/e2e/cart-pill.test.ts drives the real one).
    const navigation = new EventTarget();
    Object.defineProperty(window, 'navigation', { value: navigation, configurable: true });
    try {
      await renderPill(cartOf(2, 1000));
      expect(screen.getByRole('link', { name: /^2 items in cart, / })).toBeInstanceOf(HTMLElement);
      act(() => {
        window.history.pushState(null, '', '/cart');
        navigation.dispatchEvent(new Event('currententrychange'));
      });
      expect(screen.queryByRole('link')).toBeNull();
      act(() => {
        window.history.pushState(null, '', '/shop');
        navigation.dispatchEvent(new Event('currententrychange'));
      });
      expect(screen.getByRole('link', { name: /^2 items in cart, / })).toBeInstanceOf(HTMLElement);
    } finally {
      delete (window as { navigation?: unknown }).navigation;
    }
  });

  it('is shown on other pages whose path starts with /cart', async () => {
    window.history.replaceState(null, '', '/carts-and-wagons');
    await renderPill(cartOf(2, 1000));
    expect(screen.getByRole('link', { name: /^2 items in cart, / })).toBeInstanceOf(HTMLElement);
  });
});

describe('cart pill: live updates', () => {
  it('follows the store as the cart changes, and hides when it empties', async () => {
    const { setCart } = await renderPill(cartOf(1, 1000));
    expect(screen.getByRole('link', { name: /^One item in cart, / })).toBeInstanceOf(HTMLElement);
    await setCart(cartOf(3, 4500));
    expect(shownText(screen.getByRole('link', { name: '3 items in cart, $45' }))).toBe('3 items $45');
    await setCart({ ...cart([]), totalQuantity: 0 });
    expect(screen.queryByRole('link')).toBeNull();
  });
  // Changes from another tab are covered in real Chromium (tests/e2e/cart-pill.test.ts): happy-dom
  // has no cross-tab channel.
});

describe('cart pill: going to the cart', () => {
  it('is a real link to /cart', async () => {
    await renderPill(cartOf(2, 1000));
    const link = screen.getByRole('link', { name: /^2 items in cart, / });
    expect(link.getAttribute('href')).toBe('/cart');
  });

  it('inside the design frame, asks the editor to set the frame address instead of navigating', async () => {
    const postMessage = vi.fn();
    const assign = vi.fn();
    const api = fakeApi({ getCart: async () => okResult(cartOf(2, 1000)) });
    const store = createCartStore({ api, broadcast: false });
    render(
      <StorefrontProvider
        env={{ context: { ...DEFAULT_CONTEXT, designFrame: true }, report: vi.fn() }}
        store={store}
        api={api}
        window={{
          location: { href: 'http://shop.test/', origin: 'http://shop.test', assign } as unknown as Location,
          parent: { postMessage } as unknown as Window,
        }}
      >
        <CartPill />
      </StorefrontProvider>,
    );
    await act(() => store.getState().load());
    const link = screen.getByRole('link', { name: /^2 items in cart, / });
    const notCancelled = fireEvent.click(link);
    expect(notCancelled).toBe(false);
    expect(postMessage).toHaveBeenCalledWith({ type: DESIGN_FRAME_MESSAGE_TYPE, url: '/cart' }, '*');
    expect(assign).not.toHaveBeenCalled();
  });

  it('outside the design frame, leaves the click to the browser', async () => {
    await renderPill(cartOf(2, 1000));
    expect(fireEvent.click(screen.getByRole('link', { name: /^2 items in cart, / }))).toBe(true);
  });
});

describe("cart pill: the app's cart route and router (the provider's paths and navigate)", () => {
  /** The pill over a loaded cart, in a provider with `options` (its paths, its router). */
  async function renderRouted(options: Parameters<typeof renderWithStorefront>[1] = {}) {
    const api = fakeApi({ getCart: async () => okResult(cartOf(2, 1000)) });
    const rendered = renderWithStorefront(<CartPill />, { api, ...options });
    await act(() => rendered.store.getState().load());
    return rendered;
  }
  const link = () => screen.getByRole('link', { name: /^2 items in cart, / });

  it("links to the provider's cart path", async () => {
    await renderRouted({ paths: { cart: '/basket' } });
    expect(link().getAttribute('href')).toBe('/basket');
  });

  it("hides on the provider's cart path rather than on /cart", async () => {
    window.history.replaceState(null, '', '/basket/');
    await renderRouted({ paths: { cart: '/basket' } });
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    window.history.replaceState(null, '', '/cart');
    await renderRouted({ paths: { cart: '/basket' } });
    expect(link()).toBeInstanceOf(HTMLAnchorElement);
  });

  it('a refused cart path keeps /cart', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderRouted({ paths: { cart: 'javascript:alert(1)' } });
    expect(link().getAttribute('href')).toBe('/cart');
  });

  it('with navigate, a plain click goes through the router, not a page load', async () => {
    const navigate = vi.fn();
    const { assign } = await renderRouted({ paths: { cart: '/basket' }, navigate });
    expect(fireEvent.click(link())).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/basket');
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    { click: { ctrlKey: true }, what: 'ctrl' },
    { click: { metaKey: true }, what: 'meta' },
    { click: { shiftKey: true }, what: 'shift' },
    { click: { button: 1 }, what: 'middle button' },
  ])("with navigate, a $what click stays the browser's", async ({ click }) => {
    const navigate = vi.fn();
    await renderRouted({ navigate });
    expect(fireEvent.click(link(), click)).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("without navigate, a plain click to the app's cart path is the browser's", async () => {
    const { assign } = await renderRouted({ paths: { cart: '/basket' } });
    expect(fireEvent.click(link())).toBe(true);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('cart pill: light or dark', () => {
  it.each([
    { setting: 'light', prop: undefined, expected: 'sf-cart-pill--light' },
    { setting: 'dark', prop: undefined, expected: 'sf-cart-pill--dark' },
    { setting: 'light', prop: 'dark', expected: 'sf-cart-pill--dark' },
    { setting: 'dark', prop: 'light', expected: 'sf-cart-pill--light' },
  ] as const)(
    'site setting $setting with theme prop $prop gives $expected',
    async ({ setting, prop, expected }) => {
      await renderPill(cartOf(2, 1000), prop ? { theme: prop } : {}, { pillTheme: setting });
      expect(screen.getByRole('link').classList.contains(expected)).toBe(true);
      expect(screen.getByRole('link').classList.contains('sf-cart-pill')).toBe(true);
    },
  );
});
