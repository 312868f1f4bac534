import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(cleanup);
import { Alert } from '../../../../src/react/ui/alert.js';

describe('Alert', () => {
  it('announces the title and message as an alert named by its title', () => {
    render(<Alert title="Unable to Add Item" message="Please try again in a few seconds." />);
    const alert = screen.getByRole('alert', { name: 'Unable to Add Item' });
    expect(alert).toHaveProperty('textContent', 'Unable to Add ItemPlease try again in a few seconds.');
  });

  it('keeps theming classes next to its own', () => {
    render(<Alert title="T" message="M" className="sf-cart-alert" />);
    expect(screen.getByRole('alert').className).toBe('sf-alert sf-cart-alert');
  });
});
