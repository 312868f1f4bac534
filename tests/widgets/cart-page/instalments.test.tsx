import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCartPageProps } from '../../../widgets/cart-page/props.js';
import { CartPage, type CartPageProps } from '../../../widgets/cart-page/cart-page.js';
import { cart, entry, fakeApi, okResult, renderWithStorefront } from '../fixtures.js';

afterEach(cleanup);

const usd = (decimalValue: string) => ({ decimalValue, currencyCode: 'USD' });
const US = {
  afterPayAvailable: true,
  afterPayMin: usd('35.00'),
  afterPayMax: usd('1000.00'),
  shopperLanguage: 'en-US',
  stripeAccountCountry: 'US',
};
const MINIMUM = 'To check out, your order subtotal must be $35.00 or more.';

async function renderCart(subTotal: number, props: unknown, features: Record<string, boolean> = {}) {
  const parsed = parseCartPageProps(props);
  if (!parsed.ok) throw new Error(parsed.issues.join('; '));
  const c = cart([entry({ subTotal, quantity: 1 })]);
  const r = renderWithStorefront(<CartPage {...(parsed.value as CartPageProps)} />, {
    api: fakeApi({ getCart: async () => okResult(c) }),
    context: { features },
  });
  await screen.findByRole('link', { name: 'Checkout' });
  return r;
}

describe('the cart page and the instalment minimum (spec 000 §5)', () => {
  it.each([
    ['one cent below the minimum', 3499, true],
    ['well below the minimum', 1000, true],
    ['at the minimum', 3500, false],
    ['above the minimum', 5000, false],
  ])('%s it asks for more: %s', async (_name, subTotal, shown) => {
    await renderCart(subTotal, { instalments: US });
    expect(screen.queryByText(MINIMUM) !== null).toBe(shown);
  });

  it.each([
    [{ afterpay: true }, true],
    [{ clearpay: false }, true],
    [{ afterpay: false }, false],
  ])('follows the brand flag %j: shown %s', async (features, shown) => {
    await renderCart(1000, { instalments: US }, features);
    await waitFor(() => expect(screen.queryByText(MINIMUM) !== null).toBe(shown));
  });

  it.each([
    ['without an instalment context', {}],
    ['when the provider is unavailable', { instalments: { afterPayAvailable: false } }],
    ['for a locale the provider does not serve', { instalments: { ...US, stripeAccountCountry: 'FR' } }],
    [
      'for a minimum in another currency',
      {
        instalments: {
          ...US,
          afterPayMin: { value: '35', currency: 'EUR' },
          afterPayMax: { value: '1000', currency: 'EUR' },
        },
      },
    ],
  ])('says nothing %s', async (_name, props) => {
    const { env } = await renderCart(1000, props);
    expect(screen.queryByText(MINIMUM)).toBeNull();
    expect(env.report).not.toHaveBeenCalled();
  });

  it('takes a text override', async () => {
    await renderCart(1000, { instalments: US, strings: { instalmentMinimum: 'At least {subtotal}.' } });
    expect(screen.getByText('At least $35.00.')).toBeInstanceOf(HTMLElement);
  });

  it('reports a context it cannot read and shows the cart', async () => {
    const { env } = await renderCart(1000, { instalments: { ...US, afterPayMax: 'lots' } });
    await waitFor(() => expect(env.report).toHaveBeenCalledTimes(1));
    const [error, info] = env.report.mock.calls[0] as [Error, Record<string, string>];
    expect(error.message).toBe('cart-page: bad instalment context: afterPayMax is not a money value');
    expect(info).toEqual({ widget: 'cart-page', code: 'INSTALMENT_CONTEXT_INVALID' });
    expect(screen.queryByText(MINIMUM)).toBeNull();
  });
});
