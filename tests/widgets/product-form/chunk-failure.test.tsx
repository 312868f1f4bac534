import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductForm } from '../../../widgets/product-form/quick-view-button.js';
import { parseProductFormProps } from '../../../widgets/product-form/props.js';
import { renderWithStorefront } from '../fixtures.js';
import { ENGRAVED } from './items.js';

// The dialog chunk cannot be fetched (a dropped connection, a deploy that removed it).
vi.mock('../../../src/react/ui/load-form-dialog.js', () => ({
  loadFormDialog: () => Promise.reject(new Error('chunk failed')),
}));

afterEach(cleanup);

describe('when the form dialog code cannot be loaded', () => {
  it('the product form says Unable to open form and adds nothing', async () => {
    const parsed = parseProductFormProps({ item: ENGRAVED });
    if (!parsed.ok) throw new Error('bad fixture');
    const { user, api } = renderWithStorefront(<ProductForm {...parsed.value} />);
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect((await screen.findByRole('alert', { name: 'Unable to Add Item' })).textContent).toContain(
      'Unable to open form',
    );
    expect(api.addCartEntry).not.toHaveBeenCalled();
  });
});
