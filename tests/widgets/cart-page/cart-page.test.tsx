import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../src/api/types.js';
import { DESIGN_FRAME_MESSAGE_TYPE } from '../../../src/contract.js';
import { setAnalyticsSink, type AnalyticsEvent } from '../../../src/page/analytics.js';
import { DEFAULT_CONTEXT } from '../../../src/page/context.js';
import { StorefrontProvider } from '../../../src/react/provider.js';
import { createCartStore } from '../../../src/store/index.js';
import type { ShoppingCart } from '../../../src/store/types.js';
import { parseCartPageProps } from '../../../widgets/cart-page/props.js';
import { CartPage } from '../../../widgets/cart-page/cart-page.js';
import { cart, entry, failResult, fakeApi, offline, okResult, renderWithStorefront } from '../fixtures.js';

afterEach(cleanup);

const FORM = {
  id: 'form-engraving',
  name: 'Engraving',
  kind: 'additional-fields',
  isNewsletter: false,
  fields: [
    {
      id: 'words',
      type: 'text',
      title: 'Words',
      description: null,
      required: true,
      placeholder: null,
      maxLength: null,
      options: [],
      statements: [],
    },
  ],
  submissionMessage: null,
  disclaimer: null,
  successRedirect: null,
  captchaSettings: { enabled: false, siteKey: null },
};

function deferred<T>() {
  let resolve: (v: T) => void = () => {};
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function renderCart(
  c: ShoppingCart = cart(),
  overrides: Parameters<typeof fakeApi>[0] = {},
  options: Omit<NonNullable<Parameters<typeof renderWithStorefront>[1]>, 'api'> = {},
) {
  const api = fakeApi({ getCart: async () => okResult(c), ...overrides });
  const r = renderWithStorefront(<CartPage />, { api, ...options });
  await screen.findByRole('heading', { name: 'Shopping Cart' });
  await waitFor(() => expect(screen.queryByText('Loading cart…')).toBeNull());
  return r;
}

describe('CartPage states', () => {
  it('tracks the cart page view once (ViewCart)', async () => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((e) => events.push(e));
    try {
      await renderCart(cart([entry()]));
    } finally {
      setAnalyticsSink(null);
    }
    expect(events.filter((e) => e.type === 'cart-viewed')).toEqual([{ type: 'cart-viewed' }]);
  });

  it('shows a loading state while the cart is read', () => {
    const api = fakeApi({ getCart: () => new Promise(() => {}) });
    renderWithStorefront(<CartPage />, { api });
    expect(screen.getByRole('status').textContent).toBe('Loading cart…');
  });

  it('shows the cart the page has just read, without reading it a second time', async () => {
    // The loader reads the cart at start on a page with a cart cookie; the page mounts after.
    const api = fakeApi({ getCart: async () => okResult(cart([entry()])) });
    const store = createCartStore({ api, broadcast: false });
    await store.getState().load();
    renderWithStorefront(<CartPage />, { api, store });
    expect(screen.getByRole('heading', { name: 'Organic Tee' })).toBeInstanceOf(HTMLElement);
    expect(screen.queryByText('Loading cart…')).toBeNull();
    await act(async () => {});
    expect(api.getCart).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('region', { name: 'Shopping Cart' }).getAttribute('aria-busy')).toBe('false');
    store.dispose();
  });

  it('reads a cart the store got more than 10 s ago again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    try {
      const api = fakeApi({ getCart: async () => okResult(cart([entry()])) });
      const store = createCartStore({ api, broadcast: false });
      await store.getState().load();
      vi.setSystemTime(1_010_001);
      renderWithStorefront(<CartPage />, { api, store });
      await waitFor(() => expect(api.getCart).toHaveBeenCalledTimes(2));
      store.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when reading a cart it holds again fails, and keeps showing that cart', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    try {
      let calls = 0;
      const api = fakeApi({ getCart: async () => (++calls === 1 ? okResult(cart([entry()])) : offline) });
      const store = createCartStore({ api, broadcast: false });
      await store.getState().load();
      vi.setSystemTime(1_010_001);
      renderWithStorefront(<CartPage />, { api, store });
      const alert = await screen.findByRole('alert', { name: 'Unable to load. Try again.' });
      expect(alert.textContent).toContain('Please check your internet connection');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInstanceOf(HTMLButtonElement);
      expect(screen.getByRole('heading', { name: 'Organic Tee' })).toBeInstanceOf(HTMLElement);
      store.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('names each control of two lines of one item by its variant, so a screen reader tells them apart', async () => {
    await renderCart(
      cart([
        entry(),
        entry({ id: 'e2', chosenVariant: { sku: 'TEE-S', attributes: { Size: 'S', Color: 'Black' } } }),
      ]),
    );
    expect(screen.getByRole('button', { name: 'Remove Organic Tee (Size: M, Color: Black)' })).toBeInstanceOf(
      HTMLButtonElement,
    );
    expect(screen.getByRole('button', { name: 'Remove Organic Tee (Size: S, Color: Black)' })).toBeInstanceOf(
      HTMLButtonElement,
    );
    expect(
      screen.getByRole('spinbutton', { name: 'Quantity of Organic Tee (Size: S, Color: Black)' }),
    ).toBeInstanceOf(HTMLInputElement);
  });

  it('shows the empty state for an empty cart', async () => {
    await renderCart(cart([]));
    expect(screen.getByText('You have nothing in your shopping cart.')).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/');
  });

  it('passes a load failure message on', async () => {
    const api = fakeApi({ getCart: async () => offline });
    renderWithStorefront(<CartPage />, { api });
    const alert = await screen.findByRole('alert', { name: 'Unable to load. Try again.' });
    expect(alert.textContent).toContain('Please check your internet connection');
  });

  it("reads the cart again from the load failure's Try again button", async () => {
    let calls = 0;
    const api = fakeApi({
      getCart: async () => (++calls === 1 ? offline : okResult(cart([entry()]))),
    });
    const { user } = renderWithStorefront(<CartPage />, { api });
    await screen.findByRole('alert', { name: 'Unable to load. Try again.' });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Organic Tee' })).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toBe(2);
  });

  it('keeps focus in the page when Try again is pressed: on the title, not the page body', async () => {
    let calls = 0;
    const api = fakeApi({ getCart: () => (++calls === 1 ? Promise.resolve(offline) : new Promise(() => {})) });
    const { user } = renderWithStorefront(<CartPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Loading cart…')).toBeInstanceOf(HTMLElement);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Shopping Cart' }));
  });

  it('tells a failure in the words its strings give (checkConnection, tryAgain)', async () => {
    const api = fakeApi({ getCart: async () => offline });
    renderWithStorefront(<CartPage strings={{ checkConnection: 'Vérifiez votre connexion' }} />, { api });
    const alert = await screen.findByRole('alert', { name: 'Unable to load. Try again.' });
    expect(alert.textContent).toContain('Vérifiez votre connexion');
  });

  it('lists each entry with its variant, quantity and line total, and the subtotal', async () => {
    await renderCart(
      cart([
        entry(),
        entry({ id: 'e2', itemId: 'mug', title: 'Mug', chosenVariant: null, quantity: 1, subTotal: 1250 }),
      ]),
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('heading').textContent).toBe('Organic Tee');
    expect(within(rows[0]!).getByText('Size: M, Color: Black')).toBeInstanceOf(HTMLElement);
    expect(
      within(rows[0]!).getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity of Organic Tee' }).value,
    ).toBe('2');
    expect(rows[0]!.textContent).toContain('$50.00');
    expect(within(rows[0]!).getByText('$25.00 each')).toBeInstanceOf(HTMLParagraphElement);
    expect(rows[1]!.textContent).toContain('$12.50');
    expect(screen.queryByText('Updating cart…')).toBeNull();
    expect(screen.getByLabelText('Subtotal').textContent).toBe('$62.50');
  });

  it('goes to checkout through a real link the browser follows (and may open in a new tab)', async () => {
    await renderCart();
    const link = screen.getByRole('link', { name: 'Checkout' });
    expect(link.getAttribute('href')).toBe('/checkout');
    expect(fireEvent.click(link)).toBe(true);
  });
});

describe('CartPage discounts and shipping', () => {
  const SPRING = { code: 'SPRING10', name: 'Spring sale', discountCents: 625 };
  const STANDARD = { id: 'standard', name: 'Standard (3-5 days)', costCents: 450 };

  it('lists each applied coupon, the chosen shipping option and the total under the subtotal', async () => {
    const c = cart([entry()]);
    await renderCart({
      ...c,
      coupons: [SPRING, { code: 'OLD', name: null, discountCents: 0 }],
      validCoupons: [SPRING, { code: 'WELCOME', name: null, discountCents: 100 }],
      invalidCoupons: [{ code: 'OLD', name: null, discountCents: 0 }],
      shippingOptions: [STANDARD, { id: 'express', name: 'Express', costCents: 1500 }],
      selectedShippingOption: STANDARD,
      shippingCostCents: 450,
      discountCents: 725,
      grandTotalCents: 5000 - 725 + 450,
    });
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    const values = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(terms).toEqual([
      'Discount (Spring sale)',
      'Discount (WELCOME)',
      'Shipping (Standard (3-5 days))',
      'Total',
    ]);
    expect(values).toEqual(['−$6.25', '−$1.00', '$4.50', '$47.25']);
    // The refused code is named apart, never as a discount.
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toContain(
      'Coupon code OLD was not applied.',
    );
  });

  it('names nothing refused when the cart refused no code', async () => {
    await renderCart({ ...cart([entry()]), validCoupons: [SPRING], coupons: [SPRING] });
    expect(screen.queryByText(/was not applied/)).toBeNull();
  });
});

describe('CartPage heading level', () => {
  it('is the page h1 with h2 entry titles when the page asks, h2 over h3 otherwise', async () => {
    const api = fakeApi({ getCart: async () => okResult(cart([entry()])) });
    const { unmount } = renderWithStorefront(<CartPage headingLevel={1} />, { api });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Shopping Cart');
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Organic Tee');
    unmount();
    renderWithStorefront(<CartPage />, { api });
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Shopping Cart');
    expect((await screen.findByRole('heading', { level: 3 })).textContent).toBe('Organic Tee');
    expect(parseCartPageProps({ headingLevel: 1 })).toEqual({ ok: true, value: { headingLevel: 1 } });
    expect(parseCartPageProps({ headingLevel: 3 }).ok).toBe(false);
  });
});

describe('CartPage Continue Shopping', () => {
  const CARTS = [
    ['an empty cart', cart([])],
    ['an entry in the cart', cart([entry()])],
  ] as const;

  it.each(CARTS)('with %s, is a real link to the shop that the browser follows', async (_, c) => {
    await renderCart(c);
    const link = screen.getByRole('link', { name: 'Continue Shopping' });
    expect(link.getAttribute('href')).toBe('/');
    expect(fireEvent.click(link)).toBe(true);
  });

  it.each(CARTS)(
    'inside the design frame, with %s, asks the editor to set the frame address instead',
    async (_, c) => {
      const postMessage = vi.fn();
      const assign = vi.fn();
      const api = fakeApi({ getCart: async () => okResult(c) });
      render(
        <StorefrontProvider
          env={{ context: { ...DEFAULT_CONTEXT, designFrame: true }, report: vi.fn() }}
          store={createCartStore({ api, broadcast: false })}
          api={api}
          window={{
            location: {
              href: 'http://shop.test/cart',
              origin: 'http://shop.test',
              assign,
            } as unknown as Location,
            parent: { postMessage } as unknown as Window,
          }}
        >
          <CartPage />
        </StorefrontProvider>,
      );
      const link = await screen.findByRole('link', { name: 'Continue Shopping' });
      expect(fireEvent.click(link)).toBe(false);
      expect(postMessage).toHaveBeenCalledWith({ type: DESIGN_FRAME_MESSAGE_TYPE, url: '/' }, '*');
      expect(assign).not.toHaveBeenCalled();
    },
  );

  it('inside the design frame, Checkout too asks the editor to set the frame address', async () => {
    const postMessage = vi.fn();
    const assign = vi.fn();
    const api = fakeApi({ getCart: async () => okResult(cart([entry()])) });
    render(
      <StorefrontProvider
        env={{ context: { ...DEFAULT_CONTEXT, designFrame: true }, report: vi.fn() }}
        store={createCartStore({ api, broadcast: false })}
        api={api}
        window={{
          location: {
            href: 'http://shop.test/cart',
            origin: 'http://shop.test',
            assign,
          } as unknown as Location,
          parent: { postMessage } as unknown as Window,
        }}
      >
        <CartPage />
      </StorefrontProvider>,
    );
    const link = await screen.findByRole('link', { name: 'Checkout' });
    expect(fireEvent.click(link)).toBe(false);
    expect(postMessage).toHaveBeenCalledWith({ type: DESIGN_FRAME_MESSAGE_TYPE, url: '/checkout' }, '*');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe("CartPage links: the site's paths and the app's router", () => {
  const PATHS = { continueShopping: '/shop', checkout: '/pay?from=cart' };

  it.each([
    { name: 'Continue Shopping', href: '/shop' },
    { name: 'Checkout', href: '/pay?from=cart' },
  ])("$name links to the provider's path, which the browser follows", async ({ name, href }) => {
    const { assign } = await renderCart(cart([entry()]), {}, { paths: PATHS });
    const link = screen.getByRole('link', { name });
    expect(link.getAttribute('href')).toBe(href);
    expect(fireEvent.click(link)).toBe(true);
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    { name: 'Continue Shopping', path: '/shop' },
    { name: 'Checkout', path: '/pay?from=cart' },
  ])('with navigate, a plain click on $name goes through the router', async ({ name, path }) => {
    const navigate = vi.fn();
    const { assign } = await renderCart(cart([entry()]), {}, { paths: PATHS, navigate });
    expect(fireEvent.click(screen.getByRole('link', { name }))).toBe(false);
    expect(navigate).toHaveBeenCalledWith(path);
    expect(assign).not.toHaveBeenCalled();
  });

  it("with navigate, a ctrl click on Continue Shopping stays the browser's", async () => {
    const navigate = vi.fn();
    await renderCart(cart([]), {}, { paths: PATHS, navigate });
    expect(fireEvent.click(screen.getByRole('link', { name: 'Continue Shopping' }), { ctrlKey: true })).toBe(
      true,
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('with navigate, a checkout on another origin loads as a page', async () => {
    const navigate = vi.fn();
    const { assign } = await renderCart(
      cart([entry()]),
      {},
      { paths: { checkout: 'https://pay.example/c/42' }, navigate },
    );
    const link = screen.getByRole('link', { name: 'Checkout' });
    expect(link.getAttribute('href')).toBe('https://pay.example/c/42');
    fireEvent.click(link);
    expect(navigate).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith('https://pay.example/c/42');
  });
});

describe('CartPage quantity', () => {
  it.each([
    ['the + button', 3],
    ['the − button', 1],
  ])('changes the quantity with %s once the server confirms', async (how, expected) => {
    const { user, api } = await renderCart(cart(), {
      changeEntryQuantity: async (_id, q) =>
        okResult({ shoppingCart: cart([entry({ quantity: q, subTotal: 2500 * q })]) }),
    });
    const name = how.includes('+') ? 'Increase quantity of Organic Tee' : 'Decrease quantity of Organic Tee';
    await user.click(screen.getByRole('button', { name }));
    expect(api.changeEntryQuantity).toHaveBeenCalledWith('e1', expected);
    await waitFor(() =>
      expect(
        screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity of Organic Tee' }).value,
      ).toBe(String(expected)),
    );
  });

  it('commits a typed quantity on Enter', async () => {
    const { user, api } = await renderCart(cart(), {
      changeEntryQuantity: async (_id, q) => okResult({ shoppingCart: cart([entry({ quantity: q })]) }),
    });
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Organic Tee' });
    await user.clear(input);
    await user.type(input, '7{Enter}');
    expect(api.changeEntryQuantity).toHaveBeenCalledWith('e1', 7);
  });

  it.each([['1.5'], ['10000'], ['-1']])('puts back the quantity and sends nothing for %s', async (typed) => {
    const { user, api } = await renderCart();
    const input = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity of Organic Tee' });
    await user.clear(input);
    await user.type(input, `${typed}{Enter}`);
    expect(api.changeEntryQuantity).not.toHaveBeenCalled();
    expect(input.value).toBe('2');
  });

  it('shows the quantity the server holds after it refuses a typed one', async () => {
    const { user, api } = await renderCart(cart(), {
      changeEntryQuantity: async () => failResult('Only 3 left in stock.', { status: 400 }),
    });
    const input = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity of Organic Tee' });
    await user.clear(input);
    await user.type(input, '5{Enter}');
    expect(api.changeEntryQuantity).toHaveBeenCalledWith('e1', 5);
    const alert = await screen.findByRole('alert', { name: 'Unable to update quantity' });
    expect(alert.textContent).toContain('Only 3 left in stock.');
    await waitFor(() => expect(input.value).toBe('2'));
  });

  it('removes the entry for a typed 0, keeping it in view until the server confirms', async () => {
    const d = deferred<ApiResult<{ shoppingCart: ShoppingCart }>>();
    const { user, api } = await renderCart(cart(), { removeEntry: () => d.promise });
    const input = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity of Organic Tee' });
    await user.clear(input);
    await user.type(input, '0{Enter}');
    expect(api.removeEntry).toHaveBeenCalledWith('e1');
    expect(api.changeEntryQuantity).not.toHaveBeenCalled();
    expect(input.value).toBe('2');
    expect(screen.getByRole('heading', { name: 'Organic Tee' })).toBeInstanceOf(HTMLElement);
    await act(async () => d.resolve(okResult({ shoppingCart: cart([]) })));
    expect(await screen.findByText('You have nothing in your shopping cart.')).toBeInstanceOf(HTMLElement);
  });

  it('ignores clicks while a change is on the wire', async () => {
    const d = deferred<ApiResult<{ shoppingCart: ShoppingCart }>>();
    const { user, api } = await renderCart(cart(), { changeEntryQuantity: () => d.promise });
    const plus = screen.getByRole('button', { name: 'Increase quantity of Organic Tee' });
    await user.click(plus);
    await user.click(plus);
    expect(api.changeEntryQuantity).toHaveBeenCalledTimes(1);
    await act(async () => d.resolve(okResult({ shoppingCart: cart([entry({ quantity: 3 })]) })));
  });
});

describe('CartPage removal', () => {
  it('keeps the entry in view until the server confirms the removal', async () => {
    const d = deferred<ApiResult<{ shoppingCart: ShoppingCart }>>();
    const { user, api } = await renderCart(cart(), { removeEntry: () => d.promise });
    await user.click(screen.getByRole('button', { name: 'Remove Organic Tee' }));
    expect(api.removeEntry).toHaveBeenCalledWith('e1');
    expect(screen.getByRole('heading', { name: 'Organic Tee' })).toBeInstanceOf(HTMLElement);
    await act(async () => d.resolve(okResult({ shoppingCart: cart([]) })));
    expect(await screen.findByText('You have nothing in your shopping cart.')).toBeInstanceOf(HTMLElement);
  });
});

describe('CartPage focus after a removal', () => {
  const mug = entry({ id: 'e2', itemId: 'mug', title: 'Enamel Mug', chosenVariant: null, subTotal: 1200 });

  it("moves focus to the entry that takes the removed one's place", async () => {
    const tee = entry();
    const { user } = await renderCart(cart([tee, mug]), {
      removeEntry: async () => okResult({ shoppingCart: cart([mug]) }),
    });
    await user.click(screen.getByRole('button', { name: 'Remove Organic Tee' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Organic Tee' })).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('spinbutton', { name: 'Quantity of Enamel Mug' })),
    );
  });

  it('moves focus to the entry before when the last one goes', async () => {
    const tee = entry();
    const { user } = await renderCart(cart([tee, mug]), {
      removeEntry: async () => okResult({ shoppingCart: cart([tee]) }),
    });
    await user.click(screen.getByRole('button', { name: 'Remove Enamel Mug' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('spinbutton', { name: 'Quantity of Organic Tee' }),
      ),
    );
  });

  it('moves focus to the heading when the cart is left empty', async () => {
    const { user } = await renderCart(cart(), {
      removeEntry: async () => okResult({ shoppingCart: cart([]) }),
    });
    await user.click(screen.getByRole('button', { name: 'Remove Organic Tee' }));
    await screen.findByText('You have nothing in your shopping cart.');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Shopping Cart' })),
    );
  });
});

describe('CartPage failures', () => {
  it.each([
    [
      'a quantity change',
      'Increase quantity of Organic Tee',
      { changeEntryQuantity: async () => offline },
      'Unable to update quantity',
      'Please check your internet connection',
    ],
    [
      'a removal',
      'Remove Organic Tee',
      { removeEntry: async () => failResult('Please try again', { status: 500 }) },
      'Unable to remove item',
      'Please try again',
    ],
    [
      'opening the form',
      'Edit details of Organic Tee',
      { getFormSchema: async () => offline },
      'Unable to open form',
      'Please check your internet connection',
    ],
    [
      'a rate limit',
      'Remove Organic Tee',
      { removeEntry: async () => failResult('Please try again in a few seconds.', { status: 429 }) },
      'Unable to remove item',
      'Please try again in a few seconds.',
    ],
  ] as const)(
    'shows %s failing in an alert and keeps the entry',
    async (_what, button, overrides, title, message) => {
      const { user } = await renderCart(
        cart([entry({ additionalFieldsFormId: 'form-engraving' })]),
        overrides,
      );
      await user.click(screen.getByRole('button', { name: button }));
      const alert = await screen.findByRole('alert', { name: title });
      expect(alert.textContent).toContain(message);
      expect(
        screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity of Organic Tee' }).value,
      ).toBe('2');
    },
  );
});

describe('CartPage additional fields', () => {
  const withForm = () =>
    cart([entry({ additionalFieldsFormId: 'form-engraving', additionalFields: { words: 'Hi Ada' } })]);

  it('opens the entry form with its saved answers in a dialog', async () => {
    const { user, api } = await renderCart(withForm(), {
      getFormSchema: async () => okResult(FORM as never),
    });
    await user.click(screen.getByRole('button', { name: 'Edit details of Organic Tee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Engraving' });
    expect(api.getFormSchema).toHaveBeenCalledWith('form-engraving');
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Words' }).value).toBe('Hi Ada');
  });

  it("opens with the schema read for the line's answers, without asking for it again", async () => {
    const { user, api } = await renderCart(withForm(), {
      getFormSchema: async () => okResult(FORM as never),
    });
    // The line's answers are titled once the schema is in.
    await screen.findByText(/Hi Ada/);
    await waitFor(() => expect(api.getFormSchema).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Edit details of Organic Tee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Engraving' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Words' }).value).toBe('Hi Ada');
    expect(api.getFormSchema).toHaveBeenCalledTimes(1);
  });

  it('shows the server field error above the field and keeps the dialog open', async () => {
    const { user, api } = await renderCart(withForm(), {
      getFormSchema: async () => okResult(FORM as never),
      validateForm: async () =>
        failResult('One or more fields is invalid, please check your entries.', {
          fieldErrors: { words: 'Too long' },
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Edit details of Organic Tee' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Too long')).toBeInstanceOf(HTMLElement);
    expect(api.updateEntryAdditionalFields).not.toHaveBeenCalled();
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Words' }).value).toBe('Hi Ada');
  });

  it('saves through the store, shows recalculating meanwhile and closes on success', async () => {
    const d = deferred<ApiResult<{ shoppingCart: ShoppingCart; updatedEntry: never }>>();
    const { user, api } = await renderCart(withForm(), {
      getFormSchema: async () => okResult(FORM as never),
      validateForm: async () => okResult(null),
      updateEntryAdditionalFields: () => d.promise as never,
    });
    await user.click(screen.getByRole('button', { name: 'Edit details of Organic Tee' }));
    const dialog = await screen.findByRole('dialog');
    const words = within(dialog).getByRole('textbox', { name: 'Words' });
    await user.clear(words);
    await user.type(words, 'Hi Grace');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.updateEntryAdditionalFields).toHaveBeenCalled());
    expect(api.updateEntryAdditionalFields).toHaveBeenCalledWith('e1', {
      itemId: 'tee',
      sku: 'TEE-M',
      additionalFields: { words: 'Hi Grace' },
    });
    expect(within(dialog).getByRole('button', { name: 'Saving…' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('Updating cart…')).toBeInstanceOf(HTMLElement);
    const updated = entry({
      additionalFieldsFormId: 'form-engraving',
      additionalFields: { words: 'Hi Grace' },
    });
    await act(async () =>
      d.resolve(okResult({ shoppingCart: cart([updated]), updatedEntry: updated as never })),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Updating cart…')).toBeNull();
  });

  it.each([
    ["the form's submission message, in the dialog", { submissionMessage: 'Your engraving is updated.' }],
    ["the form's success address", { successRedirect: '/engraving/updated' }],
  ])('follows a saved edit with %s', async (_what, settings) => {
    const updated = entry({
      additionalFieldsFormId: 'form-engraving',
      additionalFields: { words: 'Hi Ada' },
    });
    const { user, assign } = await renderCart(withForm(), {
      getFormSchema: async () => okResult({ ...FORM, ...settings } as never),
      validateForm: async () => okResult(null),
      updateEntryAdditionalFields: async () =>
        okResult({ shoppingCart: cart([updated]), updatedEntry: updated as never }) as never,
    });
    await user.click(screen.getByRole('button', { name: 'Edit details of Organic Tee' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    if ('submissionMessage' in settings) {
      expect((await within(dialog).findByRole('status')).textContent).toBe(settings.submissionMessage);
      expect(assign).not.toHaveBeenCalled();
    } else {
      await waitFor(() => expect(assign).toHaveBeenCalledWith(settings.successRedirect));
    }
  });

  it('shows Unable to update form in the dialog when saving fails, keeping the answers', async () => {
    const { user } = await renderCart(withForm(), {
      getFormSchema: async () => okResult(FORM as never),
      validateForm: async () => okResult(null),
      updateEntryAdditionalFields: async () => offline,
    });
    await user.click(screen.getByRole('button', { name: 'Edit details of Organic Tee' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert', { name: 'Unable to update form' });
    expect(alert.textContent).toContain('Please check your internet connection');
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Words' }).value).toBe('Hi Ada');
  });
});

describe('CartPage answers on the line', () => {
  const SCHEMA = {
    ...FORM,
    fields: [
      { ...FORM.fields[0], id: 'when', type: 'date', title: 'Delivery date' },
      { ...FORM.fields[0], id: 'who', type: 'name', title: 'Recipient' },
      { ...FORM.fields[0], id: 'tel', type: 'phone', title: 'Phone' },
      { ...FORM.fields[0], id: 'where', type: 'address', title: 'Address' },
      { ...FORM.fields[0], id: 'at', type: 'time', title: 'Time' },
      { ...FORM.fields[0], id: 'wrap', type: 'checkbox', title: 'Wrapping' },
      { ...FORM.fields[0], id: 'rate', type: 'likert', title: 'Rating' },
      { ...FORM.fields[0], id: 'note', type: 'section', title: 'Notes' },
      { ...FORM.fields[0], id: 'skip', type: 'text', title: 'Message' },
    ],
  };
  const answered = () =>
    cart([
      entry({
        additionalFieldsFormId: 'form-engraving',
        additionalFields: {
          when: { month: '3', day: '14', year: '2026' },
          who: { first: 'Ada', last: 'Lovelace' },
          tel: { country: '44', areaCode: '020', prefix: '7946', line: '0000' },
          where: { line1: '1 Main St', line2: '', city: 'Leeds', state: 'WY', zip: 'LS1', country: 'UK' },
          at: { hour: '9', minute: '5', ampm: 'AM' },
          wrap: ['Gift box', 'Ribbon'],
          rate: { Service: '2' },
          skip: '',
        },
      }),
    ]);

  it('shows each answered field as "Title: answer" under the entry title, titled from the form schema', async () => {
    const { api } = await renderCart(answered(), { getFormSchema: async () => okResult(SCHEMA as never) });
    const row = screen.getByRole('heading', { name: 'Organic Tee' }).closest('li') as HTMLElement;
    const answers = await within(row).findAllByRole('listitem');
    expect(answers.map((li) => li.textContent)).toEqual([
      'Delivery date: 3/14/2026',
      'Recipient: Ada Lovelace',
      'Phone: +44 020-7946-0000',
      'Address: 1 Main St, Leeds, WY LS1 UK',
      'Time: 9:05:00 AM',
      'Wrapping: Gift box, Ribbon',
      'Rating: Service: Strongly Agree',
    ]);
    expect(api.getFormSchema).toHaveBeenCalledTimes(1);
    expect(api.getFormSchema).toHaveBeenCalledWith('form-engraving');
  });

  it('keeps the line without answers when the schema cannot be read', async () => {
    const { api } = await renderCart(answered(), { getFormSchema: async () => offline });
    await waitFor(() => expect(api.getFormSchema).toHaveBeenCalled());
    const row = screen.getByRole('heading', { name: 'Organic Tee' }).closest('li') as HTMLElement;
    expect(within(row).queryAllByRole('listitem')).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for no schema when no entry holds answers', async () => {
    const { api } = await renderCart(cart([entry({ additionalFieldsFormId: 'form-engraving' })]));
    expect(api.getFormSchema).not.toHaveBeenCalled();
  });
});

describe('CartPage images', () => {
  it.each([
    ['/img/tee.svg', '/img/tee.svg'],
    ['https://cdn.test/tee.png', 'https://cdn.test/tee.png'],
    ['javascript:alert(1)', null],
    ['data:text/html,<b>x</b>', null],
    // A protocol-relative picture is an https one, as in the product parser (src/urls.ts).
    ['//elsewhere.test/x.png', 'https://elsewhere.test/x.png'],
    ['/\\elsewhere.test/x.png', null],
    ['/\t/elsewhere.test/x.png', null],
    [null, null],
  ])('shows the entry image %j as %j', async (url, expected) => {
    const { container } = await renderCart(cart([entry({ imageUrl: url })]));
    expect(container.querySelector('.sf-cart-entry__image')?.getAttribute('src') ?? null).toBe(expected);
  });

  it.each([
    ['/img/tee.svg', 'http://api.test:4173/img/tee.svg'],
    ['https://cdn.test/tee.png', 'https://cdn.test/tee.png'],
    ['javascript:alert(1)', null],
    ['//elsewhere.test/x.png', 'https://elsewhere.test/x.png'],
  ])('with the API on another origin, shows %j from there as %j', async (url, expected) => {
    const { container } = await renderCart(
      cart([entry({ imageUrl: url })]),
      {},
      { context: { apiRoot: 'http://api.test:4173/api/' } },
    );
    expect(container.querySelector('.sf-cart-entry__image')?.getAttribute('src') ?? null).toBe(expected);
  });
});
