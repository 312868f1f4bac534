import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartPage } from '../../../widgets/cart-page/cart-page.js';
import { cart, entry, fakeApi, okResult, renderWithStorefront } from '../fixtures.js';

// The dialog chunk cannot be fetched (a dropped connection, a deploy that removed it).
vi.mock('../../../src/react/ui/load-form-dialog.js', () => ({
  loadFormDialog: () => Promise.reject(new Error('chunk failed')),
}));

afterEach(cleanup);

describe('when the form dialog code cannot be loaded', () => {
  it('the cart page says Unable to open form', async () => {
    const api = fakeApi({
      getCart: async () => okResult(cart([entry({ additionalFieldsFormId: 'form-engraving' })])),
      getFormSchema: async () => okResult({ id: 'form-engraving', name: 'Engraving', fields: [] } as never),
    });
    const { user } = renderWithStorefront(<CartPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Edit details of Organic Tee' }));
    expect((await screen.findByRole('alert', { name: 'Unable to open form' })).textContent).toContain(
      'Please try again',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
