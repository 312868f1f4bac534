/**
 * The npm door: a React app wraps its tree in one StorefrontProvider and gets what a published
 * page gets from the script tag (one page runtime): the cart read at start under the cookie rules
 * of spec 000 §4, the platform layer started, the api at `apiRoot` with the shopper's cookies, and
 * widgets that follow the product form's choice.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FastifyInstance } from 'fastify';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer } from '../../../demo/server/app.js';
import {
  CartPill,
  InstalmentPill,
  ProductForm,
  StorefrontProvider,
  parseInstalmentContext,
  parseProductItem,
  useCart,
  useProductChoice,
  useStorefront,
} from '../../../src/index.js';
import { Visitor, add } from '../../demo/server/visitor.js';
import { US, TEE, YEN_TEA } from '../../widgets/instalment-pill/items.js';

const started = vi.hoisted(() => [] as unknown[]);
vi.mock('../../../src/page/platform-start.js', async (original) => ({
  ...(await original<typeof import('../../../src/page/platform-start.js')>()),
  start: (runtime: unknown) => void started.push(runtime),
}));

const API_ROOT = 'http://shop.test/api/';
let app: FastifyInstance;
let shopper: Visitor;
const sent: { url: string; credentials: RequestCredentials }[] = [];

beforeAll(async () => {
  // The stand-in platform module is in place before the first provider asks for it.
  await import('../../../src/page/platform-start.js');
  app = await createServer({ dbPath: ':memory:' });
  shopper = await new Visitor(app).arrive();
  await add(shopper, 'prod-tee', 'TEE-M-BLK', 2);
  // The browser's side of a cross-origin call: the request as the SDK built it, answered by the
  // reference server with the shopper's cookies.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      sent.push({ url: input.url, credentials: input.credentials });
      const url = new URL(input.url);
      const r = await app.inject({
        method: input.method as 'GET',
        url: url.pathname + url.search,
        cookies: Object.fromEntries(shopper.cookies),
      });
      return new Response(r.body, { status: r.statusCode, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await app.close();
});
afterEach(() => {
  cleanup();
  sent.length = 0;
  started.length = 0;
  document.cookie = 'hasCart=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

function CartStatus() {
  const { store } = useStorefront();
  return <p>{store.getState().initialised ? 'read' : 'not read'}</p>;
}

describe('StorefrontProvider with apiRoot', () => {
  it("reads a returning shopper's cart at start from the api root, cookies included", async () => {
    document.cookie = 'hasCart=true';
    render(
      <StorefrontProvider apiRoot={API_ROOT}>
        <CartPill />
      </StorefrontProvider>,
    );
    expect(await screen.findByRole('link', { name: /^2 items in cart, / })).toBeInstanceOf(HTMLElement);
    expect(sent).toEqual([
      {
        url: expect.stringMatching(
          new RegExp(`^${API_ROOT}commerce/shopping-cart\\?calculateSubtotal=true&timecode=\\d+$`),
        ) as unknown,
        credentials: 'include',
      },
    ]);
  });

  it("starts the read before its widgets' first render, so an add button waits from the start", async () => {
    document.cookie = 'hasCart=true';
    const firstRender: string[] = [];
    function FirstRender() {
      const { store } = useStorefront();
      const [status] = useState(() => store.getState().status);
      firstRender.push(status);
      return null;
    }
    render(
      <StorefrontProvider apiRoot={API_ROOT}>
        <FirstRender />
      </StorefrontProvider>,
    );
    expect(firstRender[0]).toBe('loading');
    await waitFor(() => expect(sent).toHaveLength(1));
  });

  it('reads nothing without a cart cookie or an account', async () => {
    render(
      <StorefrontProvider apiRoot={API_ROOT}>
        <CartPill />
        <CartStatus />
      </StorefrontProvider>,
    );
    await act(async () => undefined);
    expect(screen.getByText('not read')).toBeInstanceOf(HTMLElement);
    expect(sent).toEqual([]);
  });

  it('starts the platform layer with its own context and api, unless analytics is off', async () => {
    const { unmount } = render(
      <StorefrontProvider apiRoot={API_ROOT} context={{ websiteId: 'site-1' }}>
        <CartPill />
      </StorefrontProvider>,
    );
    const contexts = () =>
      started.map((s) => (s as { context: { websiteId?: string; apiRoot: string } }).context);
    await waitFor(
      () => expect(contexts().map((c) => `${c.websiteId} ${c.apiRoot}`)).toContain(`site-1 ${API_ROOT}`),
      { timeout: 5000 },
    );
    unmount();
    render(
      <StorefrontProvider apiRoot={API_ROOT} context={{ websiteId: 'site-2' }} analytics={false}>
        <CartPill />
      </StorefrontProvider>,
    );
    await act(async () => undefined);
    expect(contexts().map((c) => c.websiteId)).not.toContain('site-2');
  });
});

describe('two providers in one page', () => {
  it('keep their own runtime: their own cart, read at start and platform start each', async () => {
    document.cookie = 'hasCart=true';
    const OTHER_ROOT = 'http://shop.test/elsewhere/';
    function Count({ name }: { name: string }) {
      const count = useCart((s) => (s.cart ? String(s.cart.totalQuantity) : s.error ? 'unread' : s.status));
      return <p>{`${name}: ${count}`}</p>;
    }
    render(
      <>
        <StorefrontProvider apiRoot={API_ROOT} context={{ websiteId: 'site-1' }}>
          <Count name="first" />
        </StorefrontProvider>
        <StorefrontProvider apiRoot={OTHER_ROOT} context={{ websiteId: 'site-2' }}>
          <Count name="second" />
        </StorefrontProvider>
      </>,
    );
    // Each read its own cart from its own root: the second's root has none to give.
    expect(await screen.findByText('first: 2')).toBeInstanceOf(HTMLElement);
    expect(await screen.findByText('second: unread')).toBeInstanceOf(HTMLElement);
    expect(sent.map((r) => new URL(r.url).pathname).sort()).toEqual([
      '/api/commerce/shopping-cart',
      '/elsewhere/commerce/shopping-cart',
    ]);
    await waitFor(
      () =>
        expect(
          started.map((s) => (s as { context: { websiteId?: string } }).context.websiteId).sort(),
        ).toEqual(['site-1', 'site-2']),
      { timeout: 5000 },
    );
  });
});

describe('widgets of a React app follow the product form through the runtime', () => {
  const parsed = parseProductItem(TEE);
  if (!parsed.ok) throw new Error(parsed.issues.join('; '));
  const item = parsed.value;

  it('moves the instalment pill with the chosen variant', async () => {
    render(
      <StorefrontProvider apiRoot={API_ROOT} analytics={false}>
        <ProductForm item={item} />
        <InstalmentPill item={item} instalments={parseInstalmentContext(US)} />
      </StorefrontProvider>,
    );
    const pill = () =>
      document.querySelector('.sf-instalment-pill')?.textContent?.replace(/\s+/g, ' ').trim();
    await waitFor(() => expect(pill()).toBe('Available for orders over $20.00 Afterpay'));
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'L');
    await waitFor(() => expect(pill()).toBe('or 4 interest-free payments of $11.25 with Afterpay'));
  });

  it("lets a theme's own part follow the choice (a variant image)", async () => {
    function VariantImage() {
      const choice = useProductChoice(item.id);
      return <p>{choice?.variant ? `image of ${choice.variant.sku}` : 'no variant'}</p>;
    }
    const parentRender = vi.fn();
    function Counted() {
      parentRender();
      return <VariantImage />;
    }
    render(
      <StorefrontProvider apiRoot={API_ROOT} analytics={false}>
        <ProductForm item={item} />
        <Counted />
      </StorefrontProvider>,
    );
    expect(screen.getByText('no variant')).toBeInstanceOf(HTMLElement);
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'L');
    const chosen = item.structuredContent.variants.find((v) => v.attributes['Size'] === 'L');
    expect(await screen.findByText(`image of ${chosen?.sku}`)).toBeInstanceOf(HTMLElement);
    // The hook re-renders the part that reads it, not its parent.
    expect(parentRender).toHaveBeenCalledTimes(1);
  });

  it('tells a follower of a choice only what changes it, not a new parse of the same variant', async () => {
    // A tea with one variant: the form chooses it as it mounts.
    const seen: string[] = [];
    function Follower() {
      const choice = useProductChoice('tea');
      seen.push(choice?.variant ? `${choice.variant.sku} x ${choice.quantity}` : 'nothing');
      return null;
    }
    function Route() {
      const [visit, setVisit] = useState(1);
      const tea = parseProductItem(YEN_TEA);
      return (
        <>
          <button type="button" onClick={() => setVisit(visit + 1)}>
            Open the product again
          </button>
          {tea.ok && <ProductForm key={visit} item={tea.value} />}
        </>
      );
    }
    render(
      <StorefrontProvider apiRoot={API_ROOT} analytics={false}>
        <Follower />
        <Route />
      </StorefrontProvider>,
    );
    const user = userEvent.setup();
    await waitFor(() => expect(seen).toEqual(['nothing', 'TEA x 1']));
    // A new form with a new parse of the tea chooses the same variant: nothing to follow.
    await user.click(screen.getByRole('button', { name: 'Open the product again' }));
    await user.click(screen.getByRole('button', { name: 'Open the product again' }));
    expect(screen.getAllByRole('spinbutton', { name: 'Quantity' })).toHaveLength(1);
    await user.clear(screen.getByRole('spinbutton', { name: 'Quantity' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Quantity' }), '2');
    await waitFor(() => expect(seen.at(-1)).toBe('TEA x 2'));
    expect(seen.filter((s) => s === 'TEA x 1')).toHaveLength(1);
  });
});

describe("StorefrontProvider's paths", () => {
  /** Shows the paths the widgets under the provider go by. */
  function Paths() {
    const { paths } = useStorefront();
    return <output aria-label="paths">{JSON.stringify(paths)}</output>;
  }
  const shown = () => JSON.parse(screen.getByRole('status', { name: 'paths' }).textContent ?? '') as unknown;
  const DEFAULTS = {
    cart: '/cart',
    checkout: '/checkout',
    subscription: '/checkout/subscription',
    giftCard: '/checkout/gift-card',
    continueShopping: '/',
  };

  it('are the defaults without any', () => {
    render(
      <StorefrontProvider apiRoot={API_ROOT} analytics={false}>
        <Paths />
      </StorefrontProvider>,
    );
    expect(shown()).toEqual(DEFAULTS);
  });

  it("take the context's paths, and the paths prop over them", () => {
    render(
      <StorefrontProvider
        apiRoot={API_ROOT}
        analytics={false}
        context={{ paths: { checkout: '/pay', giftCard: '/gift' } }}
        paths={{ giftCard: '/gifts', cart: '/basket' }}
      >
        <Paths />
      </StorefrontProvider>,
    );
    expect(shown()).toEqual({ ...DEFAULTS, checkout: '/pay', giftCard: '/gifts', cart: '/basket' });
  });

  it('put each refused one back to its default, with one console warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      render(
        <StorefrontProvider
          apiRoot={API_ROOT}
          analytics={false}
          paths={{
            checkout: 'javascript:alert(1)',
            continueShopping: '//evil.example/',
            subscription: 42 as unknown as string,
            giftCard: 'https://gift.example/cards',
          }}
        >
          <Paths />
        </StorefrontProvider>,
      );
      expect(shown()).toEqual({ ...DEFAULTS, giftCard: 'https://gift.example/cards' });
      await waitFor(() =>
        expect(warn).toHaveBeenCalledWith(
          '[storefront] provider: paths.checkout is not a path starting with / or an http(s) address; ' +
            'paths.subscription is not a path starting with / or an http(s) address; ' +
            'paths.continueShopping is not a path starting with / or an http(s) address',
        ),
      );
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('compare by content: the same paths inline on every render keep the storefront as it was', async () => {
    const seen = new Set<unknown>();
    function Probe() {
      seen.add(useStorefront());
      return null;
    }
    function App() {
      const [n, setN] = useState(0);
      return (
        <StorefrontProvider
          apiRoot={API_ROOT}
          analytics={false}
          paths={{ checkout: '/pay' }}
          navigate={(path) => void path}
        >
          <button type="button" onClick={() => setN(n + 1)}>
            Render {n}
          </button>
          <Probe />
        </StorefrontProvider>
      );
    }
    render(<App />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Render 0' }));
    await user.click(screen.getByRole('button', { name: 'Render 1' }));
    expect(screen.getByRole('button', { name: 'Render 2' })).toBeInstanceOf(HTMLButtonElement);
    expect(seen.size).toBe(1);
  });
});
