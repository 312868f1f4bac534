import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStorefront } from '../fixtures.js';
import { ENGRAVED, MUG, SOLD_OUT, TEE } from './items.js';

/** Work the page left for when it is idle; run by the test when it chooses. */
let idle: (() => void)[] = [];

afterEach(async () => {
  // An import a test started and did not wait for would otherwise land in the next test's fresh
  // module registry, and its loads would be counted there or not at all.
  await vi.dynamicImportSettled();
  cleanup();
  vi.unstubAllGlobals();
  vi.doUnmock('../../../widgets/product-form/add-flow.js');
  vi.doUnmock('../../../src/api/cart.js');
  vi.doUnmock('../../../src/react/ui/form-dialog.js');
  vi.resetModules();
});

function holdIdleWork(): void {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
}

/** Runs the idle work queued so far and lets the imports it started settle. */
async function runIdleWork(): Promise<void> {
  for (const run of idle.splice(0)) run();
  await Promise.resolve();
}

/**
 * The product form, fresh (the flow is loaded once per page), with the loads of the flow, of the
 * cart's endpoints and of the form dialog counted.
 */
async function formWithCountedFlow(): Promise<{
  loads: () => number;
  cartLoads: () => number;
  dialogLoads: () => number;
  render: (item: unknown) => void;
}> {
  let loads = 0;
  let cartLoads = 0;
  let dialogLoads = 0;
  vi.resetModules();
  vi.doMock('../../../widgets/product-form/add-flow.js', async (original) => {
    loads += 1;
    return original();
  });
  vi.doMock('../../../src/api/cart.js', async (original) => {
    cartLoads += 1;
    return original();
  });
  vi.doMock('../../../src/react/ui/form-dialog.js', async (original) => {
    dialogLoads += 1;
    return original();
  });
  const { ProductForm } = await import('../../../widgets/product-form/quick-view-button.js');
  const { parseProductFormProps } = await import('../../../widgets/product-form/props.js');
  return {
    loads: () => loads,
    cartLoads: () => cartLoads,
    dialogLoads: () => dialogLoads,
    render: (item) => {
      const parsed = parseProductFormProps({ item });
      if (!parsed.ok) throw new Error('bad fixture');
      renderWithStorefront(<ProductForm {...parsed.value} />);
    },
  };
}

describe('the add flow is fetched ahead of a click only when something can be added', () => {
  it('fetches it once the page is idle for a product in stock', async () => {
    holdIdleWork();
    const form = await formWithCountedFlow();
    form.render(MUG);
    expect(form.loads()).toBe(0);
    expect(idle.length).toBeGreaterThan(0);
    await runIdleWork();
    await waitFor(() => expect(form.loads()).toBe(1));
  });

  it('does not fetch it for a product sold out in every variant', async () => {
    holdIdleWork();
    const form = await formWithCountedFlow();
    form.render(SOLD_OUT);
    expect(screen.getByRole('button', { name: /sold out/i })).toBeTruthy();
    // Whatever the page left for idle time (the cart's tab sync), none of it fetches the flow.
    await runIdleWork();
    await vi.dynamicImportSettled();
    expect(form.loads()).toBe(0);
  });
});

describe("the cart's endpoints are fetched once the shopper starts to choose", () => {
  it('leaves them out of the idle prefetch: a visitor who only looks fetches none of them', async () => {
    holdIdleWork();
    const form = await formWithCountedFlow();
    form.render(MUG);
    await runIdleWork();
    await waitFor(() => expect(form.loads()).toBe(1));
    await vi.dynamicImportSettled();
    expect(form.cartLoads()).toBe(0);
  });

  it('fetches them with the flow on the first focus in the form, before any press', async () => {
    holdIdleWork();
    const form = await formWithCountedFlow();
    form.render(TEE);
    expect(form.loads()).toBe(0);
    fireEvent.focus(screen.getAllByRole('combobox')[0]!);
    await waitFor(() => expect(form.cartLoads()).toBe(1));
    expect(form.loads()).toBe(1);
  });

  it('fetches them on a pointer in the form too, once', async () => {
    holdIdleWork();
    const form = await formWithCountedFlow();
    form.render(TEE);
    fireEvent.pointerDown(screen.getAllByRole('combobox')[0]!);
    fireEvent.pointerDown(screen.getByRole('button', { name: /add to cart/i }));
    await waitFor(() => expect(form.cartLoads()).toBe(1));
    await vi.dynamicImportSettled();
    expect(form.loads()).toBe(1);
    expect(form.cartLoads()).toBe(1);
  });

  it('fetches the form dialog too for a product that asks for additional fields, and only then', async () => {
    holdIdleWork();
    const engraved = await formWithCountedFlow();
    engraved.render(ENGRAVED);
    fireEvent.focus(screen.getByRole('button', { name: /add to cart/i }));
    await waitFor(() => expect(engraved.dialogLoads()).toBe(1));
    expect(engraved.cartLoads()).toBe(1);
    cleanup();

    const tee = await formWithCountedFlow();
    tee.render(TEE);
    fireEvent.focus(screen.getAllByRole('combobox')[0]!);
    await waitFor(() => expect(tee.cartLoads()).toBe(1));
    await vi.dynamicImportSettled();
    expect(tee.dialogLoads()).toBe(0);
  });

  it('fetches neither for a product sold out in every variant', async () => {
    holdIdleWork();
    const form = await formWithCountedFlow();
    form.render(SOLD_OUT);
    for (const control of screen.queryAllByRole('combobox')) fireEvent.focus(control);
    fireEvent.pointerDown(screen.getByRole('button', { name: /sold out/i }));
    await runIdleWork();
    await vi.dynamicImportSettled();
    expect(form.loads()).toBe(0);
    expect(form.cartLoads()).toBe(0);
  });
});
