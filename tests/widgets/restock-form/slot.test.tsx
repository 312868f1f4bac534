/**
 * The product form's own restock block (widgets/product-form): what it puts in the page for a
 * sold-out product, and the restock form mounted on it as the loader would.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONTEXT } from '../../../src/page/context.js';
import { ProductForm } from '../../../widgets/product-form/quick-view-button.js';
import { parseProductFormProps } from '../../../widgets/product-form/props.js';
import * as restockForm from '../../../widgets/restock-form/index.js';
import { renderWithStorefront } from '../fixtures.js';
import { SOLD_OUT } from '../product-form/items.js';

afterEach(() => {
  cleanup();
});

function slotOf(raw: Record<string, unknown>): HTMLElement {
  const parsed = parseProductFormProps(raw);
  if (!parsed.ok) throw new Error(parsed.issues.join('; '));
  const { container } = renderWithStorefront(<ProductForm {...parsed.value} />);
  const slot = container.querySelector<HTMLElement>('[data-sf-widget="restock-form"]');
  if (!slot) throw new Error('no restock block');
  return slot;
}

describe("the product form's restock block", () => {
  it('carries the mailing-list settings and restock texts of the merchandising', () => {
    const slot = slotOf({
      item: SOLD_OUT,
      merchandising: {
        mailingListSignUpEnabled: true,
        mailingListOptInByDefault: true,
        restockNotificationMessages: { buttonText: 'Notify me' },
      },
    });
    expect(JSON.parse(slot.getAttribute('data-sf-props') ?? '')).toEqual({
      productId: 'cap',
      variantId: 'v-cap',
      mailingListSignUpEnabled: true,
      mailingListOptInByDefault: true,
      strings: { buttonText: 'Notify me' },
    });
  });

  it('mounts the restock form with them: a pre-ticked checkbox and the button text', async () => {
    const slot = slotOf({
      item: SOLD_OUT,
      merchandising: {
        mailingListSignUpEnabled: true,
        mailingListOptInByDefault: true,
        restockNotificationMessages: { buttonText: 'Notify me' },
      },
    });
    const env = { context: DEFAULT_CONTEXT, report: vi.fn() };
    await act(async () => {
      restockForm.mount(slot, JSON.parse(slot.getAttribute('data-sf-props') ?? ''), env);
    });
    const box = screen.getByRole('checkbox', { name: 'Join our mailing list' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Notify me' })).toBeInstanceOf(HTMLButtonElement);
    expect(env.report).not.toHaveBeenCalled();
  });
});
