/**
 * Shared test fixtures for widget suites: a fake api (every call a spy resolving to an ok
 * result unless a test says otherwise), carts, and a render inside the storefront provider.
 */
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { vi, type Mock } from 'vitest';
import type { Api } from '../../src/api/index.js';
import type { ApiError, ApiResult } from '../../src/api/types.js';
import { DEFAULT_CONTEXT, type SiteContext } from '../../src/page/context.js';
import type { WidgetEnv } from '../../src/contract.js';
import { StorefrontProvider, type StorefrontProviderProps } from '../../src/react/provider.js';
import { createCartStore, type CartStore } from '../../src/store/index.js';
import type { CartEntry, ShoppingCart } from '../../src/store/types.js';

export type FakeApi = { [K in keyof Api]: Mock<Api[K]> };

/** An Api whose every method is a spy; unset ones resolve to `{ ok: true, data: null }`. */
export function fakeApi(overrides: Partial<{ [K in keyof Api]: Api[K] }> = {}): FakeApi {
  const spies = new Map<string, Mock>();
  return new Proxy({} as FakeApi, {
    get(_t, key: string) {
      let spy = spies.get(key);
      if (!spy) {
        const impl = (overrides as Record<string, unknown>)[key];
        spy = vi.fn(
          typeof impl === 'function'
            ? (impl as (...a: unknown[]) => unknown)
            : async () => ({ ok: true, data: null }),
        );
        spies.set(key, spy);
      }
      return spy;
    },
  });
}

export const okResult = <T,>(data: T): ApiResult<T> => ({ ok: true, data });
export const failResult = (message: string, extra: Partial<ApiError> = {}): ApiResult<never> => ({
  ok: false,
  error: { kind: 'http', status: 400, message, ...extra },
});
export const offline: ApiResult<never> = {
  ok: false,
  error: { kind: 'network', status: 0, message: 'Please check your internet connection' },
};

export function entry(overrides: Partial<CartEntry> = {}): CartEntry {
  return {
    id: 'e1',
    itemId: 'tee',
    quantity: 2,
    chosenVariant: { sku: 'TEE-M', attributes: { Size: 'M', Color: 'Black' } },
    title: 'Organic Tee',
    subTotal: 5000,
    purchasePriceCents: 2500,
    additionalFields: null,
    additionalFieldsFormId: null,
    imageUrl: null,
    ...overrides,
  };
}

export function cart(entries: CartEntry[] = [entry()]): ShoppingCart {
  const subtotalCents = entries.reduce((s, e) => s + e.subTotal, 0);
  return {
    id: entries.length ? 'c1' : '',
    websiteId: 'w',
    orderId: null,
    created: 0,
    isPurchased: false,
    entries,
    currency: 'USD',
    subtotalCents,
    taxCents: 0,
    shippingCostCents: 0,
    discountCents: 0,
    grandTotalCents: subtotalCents,
    totalQuantity: entries.reduce((s, e) => s + e.quantity, 0),
    hasDigital: false,
    purelyDigital: false,
    requiresShipping: true,
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
  };
}

export interface Rendered extends RenderResult {
  readonly api: FakeApi;
  readonly store: CartStore;
  readonly env: WidgetEnv & { report: Mock };
  readonly assign: Mock;
  readonly user: ReturnType<typeof userEvent.setup>;
}

export interface RenderOptions {
  readonly api?: FakeApi;
  readonly context?: Partial<SiteContext>;
  /** Pass `vi.advanceTimersByTime` when the test uses fake timers. */
  readonly advanceTimers?: (ms: number) => unknown;
  /** A store the test has prepared (a cart read before the widget mounts). @default a fresh one */
  readonly store?: CartStore;
  /** The provider's `paths`. @default none: the context's */
  readonly paths?: StorefrontProviderProps['paths'];
  /** The provider's `navigate`, an app's router. @default none */
  readonly navigate?: StorefrontProviderProps['navigate'];
}

/** Renders inside a StorefrontProvider with a fake api, a fresh store and a stand-in window. */
export function renderWithStorefront(node: ReactNode, options: RenderOptions = {}): Rendered {
  const api = options.api ?? fakeApi();
  const store = options.store ?? createCartStore({ api, broadcast: false });
  const env = { context: { ...DEFAULT_CONTEXT, ...options.context }, report: vi.fn() };
  const assign = vi.fn();
  const win = {
    location: {
      href: 'http://shop.test/products/tee',
      origin: 'http://shop.test',
      assign,
    } as unknown as Location,
    parent: null as unknown as Window,
  };
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const result = render(
    <StorefrontProvider
      env={env}
      api={api}
      store={store}
      window={win}
      paths={options.paths}
      navigate={options.navigate}
    >
      {node}
    </StorefrontProvider>,
  );
  return { ...result, api, store, env, assign, user };
}

/**
 * A product block in the page as a server writes it: an `article` with the variant image and the
 * widget's block holding `fallback`, its props in `data-sf-props`.
 */
export function productBlock(widget: string, props: unknown, fallback: string) {
  document.body.innerHTML = `
    <article data-sf-product-block>
      <img data-sf-variant-image src="/img/tee.jpg" srcset="/img/tee-2x.jpg 2x" alt="Tee">
      <div data-sf-widget="${widget}">${fallback}</div>
    </article>`;
  const el = document.querySelector<HTMLElement>('[data-sf-widget]')!;
  el.setAttribute('data-sf-props', JSON.stringify(props));
  return { el, img: document.querySelector('img')! };
}
