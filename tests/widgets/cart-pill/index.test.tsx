import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONTEXT } from '../../../src/page/context.js';
import { WidgetPropsError } from '../../../src/react/define.js';
import * as cartPill from '../../../widgets/cart-pill/index.js';

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
  it('mounts through the shared runtime', () => {
    expect(cartPill.mount).toBe(cartPill.default.mount);
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
});
