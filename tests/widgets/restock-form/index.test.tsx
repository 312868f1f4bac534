import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONTEXT } from '../../../src/page/context.js';
import { WidgetPropsError } from '../../../src/react/define.js';
import * as restockForm from '../../../widgets/restock-form/index.js';

afterEach(() => {
  document.body.innerHTML = '';
});

const block = () => {
  const el = document.createElement('div');
  el.setAttribute('data-sf-widget', 'restock-form');
  el.innerHTML = '<p>Sold out</p>';
  document.body.appendChild(el);
  return el;
};

describe('restock form module (the dist/widgets/restock-form.js contract)', () => {
  it('is named restock-form and mounts through the shared runtime', () => {
    expect(restockForm.name).toBe('restock-form');
    expect(restockForm.mount).toBe(restockForm.default.mount);
  });

  it('refuses props without a productId with a WidgetPropsError and leaves the fallback alone', () => {
    const el = block();
    const env = { context: DEFAULT_CONTEXT, report: vi.fn() };
    expect(() => restockForm.mount(el, { variantId: 'x' }, env)).toThrow(WidgetPropsError);
    expect(screen.getByText('Sold out')).toBeInstanceOf(HTMLElement);
  });

  it('keeps the address typed for the same product when its props change in place, for the variant they name; another product starts afresh', async () => {
    const el = block();
    const env = { context: DEFAULT_CONTEXT, report: vi.fn() };
    let widget: ReturnType<typeof restockForm.mount> = () => undefined;
    await act(async () => {
      widget = restockForm.mount(el, { productId: 'tee', variantId: 'tee-s' }, env);
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@example.com');
    expect(el.querySelector('.sf-restock-form')?.getAttribute('data-sf-variant-id')).toBe('tee-s');
    await act(async () => widget.update?.({ productId: 'tee', variantId: 'tee-m' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty('value', 'ann@example.com');
    // The sign-up is now for the variant the new props name.
    expect(el.querySelector('.sf-restock-form')?.getAttribute('data-sf-variant-id')).toBe('tee-m');
    await act(async () => widget.update?.({ productId: 'mug', variantId: 'mug-1' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty('value', '');
    act(() => widget());
  });

  it('replaces the fallback with the sign-up and puts it back on unmount', async () => {
    const el = block();
    const env = { context: DEFAULT_CONTEXT, report: vi.fn() };
    let unmount: () => void = () => undefined;
    await act(async () => {
      unmount = restockForm.mount(el, { productId: 'tee', variantId: 'tee-s' }, env);
    });
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInstanceOf(HTMLInputElement);
    expect(screen.queryByText('Sold out')).toBeNull();
    act(() => unmount());
    expect(screen.getByText('Sold out')).toBeInstanceOf(HTMLElement);
    expect(env.report).not.toHaveBeenCalled();
  });
});
