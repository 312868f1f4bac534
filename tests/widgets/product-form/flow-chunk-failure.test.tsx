import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductForm } from '../../../widgets/product-form/quick-view-button.js';
import { parseProductFormProps } from '../../../widgets/product-form/props.js';
import { renderWithStorefront } from '../fixtures.js';
import { ENGRAVED } from './items.js';

// The add flow's chunk cannot be fetched (a dropped connection, a deploy that removed it).
vi.mock('../../../widgets/product-form/add-flow.js', () => Promise.reject(new Error('chunk failed')));

afterEach(cleanup);

describe('when the add flow code cannot be loaded', () => {
  it('the product form asks to check the connection, adds nothing and its button returns to idle', async () => {
    const parsed = parseProductFormProps({ item: ENGRAVED });
    if (!parsed.ok) throw new Error('bad fixture');
    const { user, api } = renderWithStorefront(<ProductForm {...parsed.value} />);
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect((await screen.findByRole('alert', { name: 'Unable to Add Item' })).textContent).toContain(
      'Please check your internet connection',
    );
    expect(screen.getByRole('button', { name: 'Add To Cart' }).getAttribute('data-sf-phase')).toBe('idle');
    expect(api.addCartEntry).not.toHaveBeenCalled();
  });
});
