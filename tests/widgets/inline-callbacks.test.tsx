/**
 * React users write inline arrows everywhere: a parent that passes `(c) => setChoice(c)` renders
 * again with a new arrow, and a widget whose effect depended on the callback's identity would call
 * it again, forever. Every widget of the package is rendered here the way an app would, with
 * inline callbacks that set the parent's state and inline objects for the other props.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CartPage,
  CartPill,
  InstalmentPill,
  ProductForm,
  RestockAdmin,
  RestockForm,
  SiteForm,
  StorefrontProvider,
  createCartStore,
  parseInstalmentContext,
  parseProductItem,
  type Variant,
} from '../../src/index.js';
import { DEFAULT_CONTEXT } from '../../src/page/context.js';
import { cart, entry, fakeApi, okResult } from './fixtures.js';
import { US } from './instalment-pill/items.js';
import { TEE } from './product-form/items.js';

/** Far above what any widget needs, and low enough that a loop ends the test instead of hanging it. */
const LOOP_GUARD = 200;

const parsed = parseProductItem(TEE);
if (!parsed.ok) throw new Error(parsed.issues.join('; '));
const item = parsed.value;
const instalments = parseInstalmentContext(US);

afterEach(() => {
  document.body.innerHTML = '';
});

function setUp() {
  const api = fakeApi({
    getCart: async () => okResult(cart([entry()])),
    getFormSchema: async () =>
      okResult({
        id: 'contact',
        name: 'Contact',
        fields: [{ id: 'email', type: 'email', title: 'Email', required: true }],
        captchaSettings: { enabled: false },
      }),
    getAllRestockGroups: async () => okResult([]),
  } as never);
  const store = createCartStore({ api, broadcast: false });
  const counts = { parentRenders: 0, choiceCalls: 0, variantCalls: 0, reports: 0 };

  function App() {
    counts.parentRenders += 1;
    const [choice, setChoice] = useState<{ variant: Variant | null; quantity: number } | null>(null);
    const [, setVariant] = useState<Variant | null>(null);
    return (
      <StorefrontProvider
        env={{ context: DEFAULT_CONTEXT, report: () => void (counts.reports += 1) }}
        messages={{}}
        api={api}
        store={store}
      >
        <p>Chosen: {choice?.variant?.sku ?? 'none'}</p>
        <CartPill strings={{}} />
        <ProductForm
          item={item}
          strings={{}}
          onChoiceChange={(c) => {
            counts.choiceCalls += 1;
            if (counts.choiceCalls < LOOP_GUARD) setChoice(c);
          }}
          onVariantChange={(v) => {
            counts.variantCalls += 1;
            if (counts.variantCalls < LOOP_GUARD) setVariant(v);
          }}
        />
        <InstalmentPill item={item} instalments={instalments} strings={{}} />
        <RestockForm productId={item.id} strings={{}} />
        <SiteForm formId="contact" strings={{}} page={{ id: 'p1', contentSource: 'c', permissionType: 0 }} />
        <CartPage strings={{}} />
        <RestockAdmin strings={{}} />
      </StorefrontProvider>
    );
  }
  return { api, counts, App };
}

describe('callback props given as inline arrows', () => {
  it('are called once per change of the choice, and no widget reloads on a parent render', async () => {
    const { api, counts, App } = setUp();
    render(<App />);
    await screen.findByRole('textbox', { name: /Email/ });
    await waitFor(() => expect(api.getAllRestockGroups).toHaveBeenCalled());
    // The first choice is announced once on mount.
    expect(counts.choiceCalls).toBe(1);
    expect(counts.variantCalls).toBe(1);
    const settled = counts.parentRenders;
    expect(settled).toBeLessThanOrEqual(3);

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Color' }), 'White');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'S');
    expect(await screen.findByText('Chosen: TEE-S-WHT')).toBeTruthy();
    await act(async () => undefined);

    // Two picks: the choice was incomplete, then complete; the quantity never changed.
    expect(counts.choiceCalls).toBe(2);
    expect(counts.variantCalls).toBe(2);
    expect(counts.parentRenders).toBeLessThanOrEqual(settled + 2);
    expect(api.getFormSchema).toHaveBeenCalledTimes(1);
    expect(api.getAllRestockGroups).toHaveBeenCalledTimes(1);
    expect(counts.reports).toBe(0);
  });
});
