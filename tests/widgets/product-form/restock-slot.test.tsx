/**
 * The product form's restock slot on a sold-out page: the server-rendered sign-up stays in view
 * (moved into the slot) from the moment the product form replaces its fallback until the restock
 * form mounts over it, so the page does not shift; without a fallback the slot starts empty.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONTEXT } from '../../../src/page/context.js';
import { render } from '../../../src/template/index.js';
import productForm from '../../../widgets/product-form/index.js';
import { ProductForm } from '../../../widgets/product-form/quick-view-button.js';
import { parseProductFormProps } from '../../../widgets/product-form/props.js';
import restockForm from '../../../widgets/restock-form/index.js';
import { CATALOG } from '../../src/template/engine-page.js';
import { fakeApi, okResult, renderWithStorefront } from '../fixtures.js';
import { SOLD_OUT } from './items.js';

const unmounts: (() => void)[] = [];
afterEach(() => {
  act(() => {
    for (const u of unmounts.splice(0)) u();
  });
  cleanup();
  document.body.innerHTML = '';
});

const propsOf = (el: HTMLElement): unknown => JSON.parse(el.getAttribute('data-sf-props') ?? '{}');
const slotOf = (block: HTMLElement): HTMLElement | null =>
  block.querySelector<HTMLElement>('.sf-product-form [data-sf-widget="restock-form"]');

/** A sold-out item of the demo catalogue with one variant, as the template engine serves it. */
function servedSoldOutBlock(): HTMLElement {
  const item = CATALOG.find((i: { id: string }) => i.id === 'prod-poster');
  expect(item).toBeDefined();
  const page = render('{item|sf-block product-form}', { item });
  expect(page.errors).toEqual([]);
  document.body.innerHTML = page.output;
  return document.querySelector<HTMLElement>('[data-sf-widget="product-form"]')!;
}

describe('the restock slot of a sold-out product form', () => {
  it('holds the served sign-up until the restock form mounts, then the live form only', async () => {
    const block = servedSoldOutBlock();
    // The served page: one sign-up, its email box disabled until a widget takes over.
    const served = within(block).getByRole('textbox', { name: 'Email' });
    expect((served as HTMLInputElement).disabled).toBe(true);

    const env = { context: DEFAULT_CONTEXT, report: vi.fn() };
    await act(async () => {
      unmounts.push(productForm.mount(block, propsOf(block), env));
    });
    const slot = slotOf(block);
    expect(slot).not.toBeNull();
    // The product form's fallback is gone, but its sign-up is in the live form's slot.
    expect(block.querySelectorAll('.sf-product-form')).toHaveLength(1);
    expect(within(slot!).getByText('Email', { selector: 'label' }).isConnected).toBe(true);
    expect(within(slot!).getByRole('textbox', { name: 'Email' })).toBe(served);
    expect(within(block).getAllByRole('textbox', { name: 'Email' })).toHaveLength(1);

    await act(async () => {
      unmounts.push(restockForm.mount(slot!, propsOf(slot!), env));
    });
    const fields = within(slot!).getAllByRole('textbox', { name: 'Email' });
    expect(fields).toHaveLength(1);
    expect(fields[0]).not.toBe(served);
    expect((fields[0] as HTMLInputElement).disabled).toBe(false);
    expect(within(block).getAllByRole('textbox', { name: 'Email' })).toHaveLength(1);
    expect(env.report).not.toHaveBeenCalled();
  });

  it('is empty when the component renders with no served page, and nothing throws', () => {
    const parsed = parseProductFormProps({ item: SOLD_OUT });
    if (!parsed.ok) throw new Error(parsed.issues.join('; '));
    const { container } = renderWithStorefront(<ProductForm {...parsed.value} />, {
      api: fakeApi({ getStock: async () => okResult({ results: [{ unlimited: true, qtyInStock: 0 }] }) }),
    });
    const slot = container.querySelector('[data-sf-widget="restock-form"]');
    expect(slot).not.toBeNull();
    expect(slot!.childNodes).toHaveLength(0);
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
  });

  it('is empty when the product form mounts into an empty block', async () => {
    document.body.innerHTML = '<div data-sf-widget="product-form"></div>';
    const block = document.querySelector<HTMLElement>('[data-sf-widget="product-form"]')!;
    const env = { context: DEFAULT_CONTEXT, report: vi.fn() };
    await act(async () => {
      unmounts.push(productForm.mount(block, { item: SOLD_OUT }, env));
    });
    const slot = slotOf(block);
    expect(slot).not.toBeNull();
    expect(slot!.childNodes).toHaveLength(0);
    expect(env.report).not.toHaveBeenCalled();
  });
});
