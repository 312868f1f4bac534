import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { definedWidgets } from '../../../src/page/blocks.js';
import { DEFAULT_CONTEXT } from '../../../src/page/context.js';
import { getCartStore } from '../../../src/page/create-runtime.js';
import { WidgetPropsError } from '../../../src/react/define.js';
import * as cartPill from '../../../widgets/cart-pill/index.js';
import { cart } from '../../src/api/fixtures.js';

afterEach(() => {
  document.body.innerHTML = '';
});

const block = () => {
  const el = document.createElement('div');
  el.setAttribute('data-sf-widget', 'cart-pill');
  el.innerHTML = '<a href="/cart">Cart</a>';
  document.body.appendChild(el);
  return el;
};

describe('cart pill module (the dist/widgets/cart-pill.js contract)', () => {
  it('is defined on the page under its name, so the runtime chunk that holds it mounts it', () => {
    expect(definedWidgets.get('cart-pill')).toBe(cartPill.default);
  });

  it('refuses bad props with a WidgetPropsError and leaves the fallback alone', () => {
    const el = block();
    const env = { context: DEFAULT_CONTEXT, report: vi.fn() };
    expect(() => cartPill.mount(el, { theme: 'pink' }, env)).toThrow(WidgetPropsError);
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInstanceOf(HTMLElement);
  });

  it('replaces the fallback once rendered (empty cart: nothing shown) and puts it back on unmount', async () => {
    const el = block();
    const env = { context: DEFAULT_CONTEXT, report: vi.fn() };
    let unmount: () => void = () => undefined;
    await act(async () => {
      unmount = cartPill.mount(el, {}, env);
    });
    expect(screen.queryByRole('link')).toBeNull();
    act(() => unmount());
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInstanceOf(HTMLElement);
    expect(env.report).not.toHaveBeenCalled();
  });

  it("mounts through the shared runtime: the page's cart store drives the pill (last: it fills that store)", async () => {
    const el = block();
    const env = { context: DEFAULT_CONTEXT, report: vi.fn() };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify(cart()), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    let unmount: () => void = () => undefined;
    try {
      await act(async () => {
        unmount = cartPill.default.mount(el, {}, env);
      });
      expect(screen.queryByRole('link')).toBeNull();
      // A read of the page's own store, as the loader makes it at start: the mounted pill follows.
      await act(async () => {
        await getCartStore().getState().load();
      });
      expect(screen.getByRole('link', { name: 'One item in cart, $25' }).getAttribute('href')).toBe('/cart');
    } finally {
      act(() => unmount());
      vi.unstubAllGlobals();
    }
  });
});
