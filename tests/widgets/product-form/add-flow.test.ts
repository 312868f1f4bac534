import { describe, expect, it, vi } from 'vitest';
import { parseItemForSale } from '../../../src/commerce/product.js';
import { createMessages } from '../../../src/messages/format.js';
import { createCartStore } from '../../../src/store/index.js';
import { DEFAULT_SITE_PATHS, type SitePaths } from '../../../src/page/site-paths.js';
import { firstStep, send, withQuery, type AddServices } from '../../../widgets/product-form/add-flow.js';
import { PRODUCT_FORM_MESSAGES } from '../../../widgets/product-form/messages.js';
import type { AddToCartInput } from '../../../widgets/product-form/use-add-to-cart.js';
import { cart, entry, fakeApi, failResult, okResult } from '../fixtures.js';
import { TEE } from './items.js';

const parsed = parseItemForSale(TEE);
if (!parsed.ok) throw new Error('TEE does not parse');
const item = parsed.value;
const black = item.structuredContent.variants[0]!;

const input = (overrides: Partial<AddToCartInput> = {}): AddToCartInput => ({
  item,
  selection: { Size: 'S', Color: 'Black' },
  variant: black,
  quantityInput: '1',
  giftCard: false,
  subscribable: false,
  expressCheckout: false,
  additionalFieldsForm: null,
  m: createMessages(null, PRODUCT_FORM_MESSAGES),
  overrides: {},
  submitLabel: 'Add To Cart',
  errorTitle: 'Unable to add',
  soldOut: false,
  ...overrides,
});

const services = (
  api = fakeApi(),
  redirect = vi.fn(() => true),
  paths: SitePaths = DEFAULT_SITE_PATHS,
): AddServices => ({
  api,
  store: createCartStore({ api, broadcast: false }),
  redirect,
  paths,
});

describe('the add flow returns what happened', () => {
  it('refuses an incomplete choice with its message, sending nothing', () => {
    expect(firstStep(input({ selection: { Size: 'S' }, variant: null }))).toEqual({
      kind: 'refused',
      message: 'Please select the Color option.',
    });
  });

  it('goes straight to send with the chosen variant and quantity', () => {
    expect(firstStep(input({ quantityInput: '2' }))).toEqual({ kind: 'send', variant: black, quantity: 2 });
  });

  it('asks for the additional fields first when the product has a form', () => {
    expect(firstStep(input({ additionalFieldsForm: { id: 'f1', fields: [] } }))).toEqual({ kind: 'form' });
  });

  it('says the stock check failed when the cart already holds what is left', async () => {
    const api = fakeApi({
      getStock: async () => okResult({ results: [{ sku: 'TEE-S-BLK', unlimited: false, qtyInStock: 2 }] }),
      getCart: async () => okResult(cart([entry({ chosenVariant: { sku: 'TEE-S-BLK', attributes: {} } })])),
    });
    const s = services(api);
    await s.store.getState().load();
    expect(await send(input(), s, black, 1, null)).toEqual({
      kind: 'failed',
      message: 'out of stock',
    });
  });

  it("gives the server's message when the add fails, and added when it succeeds", async () => {
    const failing = fakeApi({
      getStock: async () => okResult({ results: [{ unlimited: true, qtyInStock: 0 }] }),
      addCartEntry: async () => failResult('Item limit reached'),
    });
    expect(await send(input(), services(failing), black, 1, null)).toEqual({
      kind: 'failed',
      message: 'Item limit reached',
    });
    const api = fakeApi({
      getStock: async () => okResult({ results: [{ unlimited: true, qtyInStock: 0 }] }),
      addCartEntry: async () => okResult({ shoppingCart: cart(), newlyAdded: entry() }),
    });
    expect(await send(input(), services(api), black, 1, null)).toEqual({ kind: 'added' });
  });

  it('is leaving for the checkout page after an express add', async () => {
    const redirect = vi.fn(() => true);
    const api = fakeApi({
      getStock: async () => okResult({ results: [{ unlimited: true, qtyInStock: 0 }] }),
      addCartEntry: async () => okResult({ shoppingCart: cart(), newlyAdded: entry() }),
    });
    expect(await send(input({ expressCheckout: true }), services(api, redirect), black, 1, null)).toEqual({
      kind: 'leaving',
    });
    expect(redirect).toHaveBeenCalledWith('/checkout');
  });
});

describe('withQuery adds the flow\'s parameters to a site path', () => {
  it.each([
    { base: '/checkout/gift-card', expected: '/checkout/gift-card?itemId=a+b&sku=S%261' },
    { base: '/pay?step=gift', expected: '/pay?step=gift&itemId=a+b&sku=S%261' },
    { base: '/pay#top', expected: '/pay?itemId=a+b&sku=S%261#top' },
    {
      base: 'https://pay.example/gift?x=1#f',
      expected: 'https://pay.example/gift?x=1&itemId=a+b&sku=S%261#f',
    },
  ])('$base gives $expected', ({ base, expected }) => {
    expect(withQuery(base, { itemId: 'a b', sku: 'S&1' })).toBe(expected);
  });
});
