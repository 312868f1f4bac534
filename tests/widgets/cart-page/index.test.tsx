import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONTEXT } from '../../../src/page/context.js';
import { CART_PAGE_ROOT_ID } from '../../../src/contract.js';
import widget from '../../../widgets/cart-page/index.js';
import { parseCartPageProps } from '../../../widgets/cart-page/props.js';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('cart-page widget module', () => {
  it.each([
    [undefined, {}],
    [null, {}],
    [{}, {}],
    [{ strings: { title: 'Your bag', n: 3 } }, { strings: { title: 'Your bag' } }],
  ])('reads props %j', (raw, expected) => {
    expect(parseCartPageProps(raw)).toEqual({ ok: true, value: expected });
  });

  it.each([['x'], [[1]], [{ strings: 'x' }]])('refuses props %j', (raw) => {
    expect(parseCartPageProps(raw).ok).toBe(false);
  });

  it('mounts on the cart page root with page overrides', async () => {
    document.body.innerHTML = `<div id="${CART_PAGE_ROOT_ID}" data-sf-widget="cart-page"><p>Loading</p></div>`;
    const el = document.getElementById(CART_PAGE_ROOT_ID)!;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    let unmount = () => {};
    await act(async () => {
      unmount = widget.mount(
        el,
        { strings: { title: 'Your bag' } },
        { context: DEFAULT_CONTEXT, report: vi.fn() },
      );
    });
    expect(screen.getByRole('heading', { name: 'Your bag' })).toBeInstanceOf(HTMLElement);
    act(() => unmount());
    vi.unstubAllGlobals();
  });
});
