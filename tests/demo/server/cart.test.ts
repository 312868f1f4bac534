// @vitest-environment node
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COOKIES } from '../../../src/contract';
import { add, CART, ENTRIES, startServer, Visitor } from './visitor';

let app: FastifyInstance;
let shopper: Visitor;

beforeEach(async () => {
  app = await startServer();
  shopper = await new Visitor(app).arrive();
});
afterEach(async () => {
  await app.close();
});

const CART_KEYS = [
  'applicableTaxRules',
  'coupons',
  'created',
  'currency',
  'discountCents',
  'entries',
  'grandTotalCents',
  'hasDigital',
  'id',
  'invalidCoupons',
  'isPurchased',
  'orderId',
  'purelyDigital',
  'requiresShipping',
  'selectedShippingOption',
  'shippingCostCents',
  'shippingLocation',
  'shippingOptions',
  'subtotalCents',
  'taxCents',
  'totalQuantity',
  'validCoupons',
  'websiteId',
];
const ENTRY_KEYS = [
  'additionalFields',
  'additionalFieldsFormId',
  'chosenVariant',
  'id',
  'imageUrl',
  'itemId',
  'productType',
  'purchasePriceCents',
  'quantity',
  'subTotal',
  'title',
];

describe('GET /api/commerce/shopping-cart', () => {
  it('returns an empty cart with an empty id and sets no cart cookie for a new visitor', async () => {
    const res = await shopper.get(CART);
    expect(res.statusCode).toBe(200);
    const cart = res.json();
    expect(Object.keys(cart).sort()).toEqual(CART_KEYS);
    expect(cart).toMatchObject({
      id: '',
      entries: [],
      totalQuantity: 0,
      subtotalCents: 0,
      currency: 'USD',
      websiteId: 'demo-website',
    });
    expect(shopper.cookies.has(COOKIES.cart)).toBe(false);
  });

  it('returns a stored sample cart for mock=true without creating one', async () => {
    const res = await shopper.get(`${CART}?mock=true&timecode=123`);
    expect(res.json()).toMatchObject({ id: 'mock', totalQuantity: 2 });
    expect(res.json().entries).toHaveLength(2);
    expect((app.db.prepare('SELECT COUNT(*) AS n FROM carts').get() as { n: number }).n).toBe(0);
  });

  it.each([
    ['mock=yes', 'mock'],
    ['calculateSubtotal=maybe', 'calculateSubtotal'],
    [`timecode=${'9'.repeat(65)}`, 'timecode'],
  ])('rejects the malformed query %s with a 400 naming the field', async (query, field) => {
    const res = await shopper.get(`${CART}?${query}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it('clears cart cookies that name an unknown cart', async () => {
    shopper.cookies.set(COOKIES.cart, 'no-such-cart');
    shopper.cookies.set(COOKIES.hasCart, 'true');
    const res = await shopper.get(CART);
    expect(res.json().id).toBe('');
    expect(shopper.cookies.has(COOKIES.cart)).toBe(false);
    expect(shopper.cookies.has(COOKIES.hasCart)).toBe(false);
  });
});

describe('POST /api/commerce/shopping-cart/entries', () => {
  it('creates the cart, sets CART and hasCart=true, and answers the cart, the entry and tracking fields', async () => {
    const res = await add(shopper, 'prod-tee', 'TEE-M-BLK', 2);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      itemId: 'prod-tee',
      sku: 'TEE-M-BLK',
      quantity: 2,
      title: 'Organic Cotton Tee',
      purchasePriceCents: 2500,
      currency: 'USD',
      productType: 1,
    });
    expect(Object.keys(body.shoppingCart).sort()).toEqual(CART_KEYS);
    expect(Object.keys(body.newlyAdded).sort()).toEqual(ENTRY_KEYS);
    expect(body.newlyAdded).toEqual({
      id: expect.any(String),
      itemId: 'prod-tee',
      quantity: 2,
      chosenVariant: { sku: 'TEE-M-BLK', attributes: { Size: 'M', Color: 'Black' } },
      title: 'Organic Cotton Tee',
      subTotal: 5000,
      purchasePriceCents: 2500,
      additionalFields: null,
      additionalFieldsFormId: null,
      imageUrl: '/demo-assets/tee-black.svg',
      productType: 1,
    });
    expect(body.shoppingCart).toMatchObject({
      totalQuantity: 2,
      subtotalCents: 5000,
      grandTotalCents: 5000,
      requiresShipping: true,
      hasDigital: false,
    });
    expect(shopper.cookies.get(COOKIES.cart)).toBe(body.shoppingCart.id);
    expect(shopper.cookies.get(COOKIES.hasCart)).toBe('true');
    const setCookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(setCookies.find((c) => c.startsWith(`${COOKIES.cart}=`))).toContain('HttpOnly');
    expect(setCookies.find((c) => c.startsWith(`${COOKIES.hasCart}=`))).not.toContain('HttpOnly');
  });

  it('shows the same cart after a reload and in a second tab', async () => {
    const added = (await add(shopper, 'prod-workshop', null, 1)).json();
    const secondTab = shopper.tab();
    await add(secondTab, 'prod-tee', 'TEE-S-BLK', 1);
    const reloaded = (await shopper.get(CART)).json();
    expect(reloaded.id).toBe(added.shoppingCart.id);
    expect(reloaded.entries.map((e: { itemId: string }) => e.itemId)).toEqual(['prod-workshop', 'prod-tee']);
  });

  it('merges a repeated add of the same variant into one entry', async () => {
    await add(shopper, 'prod-tee', 'TEE-S-BLK', 1);
    const res = await add(shopper, 'prod-tee', 'TEE-S-BLK', 2);
    expect(res.json().shoppingCart.entries).toHaveLength(1);
    expect(res.json().newlyAdded.quantity).toBe(3);
  });

  it('charges the sale price from the catalogue and ignores prices sent by the client', async () => {
    const res = await shopper.post(ENTRIES, {
      itemId: 'prod-tee',
      sku: 'TEE-S-WHT',
      quantity: 1,
      additionalFields: null,
      price: 1,
      purchasePriceCents: 1,
    });
    expect(res.json().newlyAdded).toMatchObject({ purchasePriceCents: 1950, subTotal: 1950 });
  });

  it('adds a digital product without variants with a null sku and a null chosen variant', async () => {
    const res = await add(shopper, 'prod-field-guide', null, 1);
    expect(res.json().newlyAdded).toMatchObject({ chosenVariant: null, purchasePriceCents: 900 });
    expect(res.json().shoppingCart).toMatchObject({
      hasDigital: true,
      purelyDigital: true,
      requiresShipping: false,
    });
  });

  it.each([
    ['a word', 'Quantity must be a number.'],
    [null, 'Quantity must be a number.'],
    [1.5, 'Quantity must be a whole number.'],
    [0, 'Quantity must be between 1 and 9999.'],
    [10000, 'Quantity must be between 1 and 9999.'],
  ])('rejects quantity %j with "%s"', async (quantity, message) => {
    const res = await add(shopper, 'prod-tee', 'TEE-S-BLK', quantity);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: { quantity: message } });
  });

  it.each([
    [
      'an unknown sku',
      'prod-tee',
      'NOPE',
      'Sorry, that item variant is unavailable. Please select another variant.',
    ],
    [
      'no sku on a product with several variants',
      'prod-tee',
      null,
      'Sorry, that item variant is unavailable. Please select another variant.',
    ],
    [
      'a gift card without a denomination',
      'prod-gift-card',
      null,
      'Select a denomination for the Gift Card.',
    ],
  ])('rejects %s', async (_name, itemId, sku, message) => {
    const res = await add(shopper, itemId, sku);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: { sku: message } });
  });

  it('answers 404 for an unknown item', async () => {
    const res = await add(shopper, 'prod-missing', null);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Sorry, that item is unavailable.' });
  });

  it('refuses a subscribable product (it goes through the subscription call)', async () => {
    const res = await add(shopper, 'prod-coffee-club', 'COFFEE-LIGHT');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This product is sold as a subscription.');
  });

  it.each([
    ['malformed JSON', '{"itemId": ', 'The request body is not valid JSON.'],
    ['a JSON array', '[1,2]', 'The request body must be a JSON object.'],
  ])('answers 400 with a message for %s', async (_name, body, message) => {
    const res = await shopper.post(ENTRIES, undefined, {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('answers 409 with the stock message for a sold-out variant', async () => {
    const res = await add(shopper, 'prod-tee', 'TEE-L-BLK');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Sorry, we do not have enough of that item available.',
      code: 'insufficient-stock',
    });
  });

  it('counts what is already in the cart against the stock', async () => {
    expect((await add(shopper, 'prod-tee', 'TEE-M-BLK', 2)).statusCode).toBe(200);
    expect((await add(shopper, 'prod-tee', 'TEE-M-BLK', 2)).statusCode).toBe(409);
    expect((await add(shopper, 'prod-tee', 'TEE-M-BLK', 1)).statusCode).toBe(200);
  });

  it('never limits unlimited variants', async () => {
    expect((await add(shopper, 'prod-gift-card', 'GIFT-100', 500)).statusCode).toBe(200);
  });
});

describe('a cart holds one currency', () => {
  const refusal = (item: string, cart: string) => ({
    message: `Sorry, this item is priced in ${item} but your cart is in ${cart}. Check out or empty your cart to add it.`,
    code: 'currency-mismatch',
  });

  it('lets an empty cart take an item in another currency than the store', async () => {
    const res = await add(shopper, 'prod-sencha', null, 2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ currency: 'JPY', purchasePriceCents: 1500 });
    expect(res.json().shoppingCart).toMatchObject({ currency: 'JPY', subtotalCents: 3000, totalQuantity: 2 });
    expect((await shopper.get(CART)).json()).toMatchObject({ currency: 'JPY', subtotalCents: 3000 });
  });

  it('refuses a yen item in a cart of dollars with 409 and keeps the cart as it was', async () => {
    const first = (await add(shopper, 'prod-tee', 'TEE-M-BLK')).json();
    const res = await add(shopper, 'prod-sencha', null);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(refusal('JPY', 'USD'));
    const cart = (await shopper.get(CART)).json();
    expect(cart).toMatchObject({ id: first.shoppingCart.id, currency: 'USD', subtotalCents: 2500 });
    expect(cart.entries.map((e: { itemId: string }) => e.itemId)).toEqual(['prod-tee']);
  });

  it('refuses a dollar item in a cart of euros, naming both currencies', async () => {
    expect((await add(shopper, 'prod-linen-apron', null)).json().shoppingCart).toMatchObject({
      currency: 'EUR',
      subtotalCents: 3950,
    });
    const res = await add(shopper, 'prod-workshop', null);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(refusal('USD', 'EUR'));
    expect((await shopper.get(CART)).json()).toMatchObject({ currency: 'EUR', totalQuantity: 1 });
  });

  it('takes another currency again once the cart is emptied', async () => {
    const entry = (await add(shopper, 'prod-linen-apron', null)).json().newlyAdded;
    expect((await shopper.delete(`${ENTRIES}/${entry.id}`)).json().shoppingCart).toMatchObject({
      currency: 'USD',
      entries: [],
    });
    const res = await add(shopper, 'prod-sencha', null);
    expect(res.statusCode).toBe(200);
    expect(res.json().shoppingCart).toMatchObject({ currency: 'JPY', subtotalCents: 1500 });
  });

  it('fills the editor preview cart with products of the store currency only', async () => {
    const mock = (await shopper.get(`${CART}?mock=true`)).json();
    expect(mock.currency).toBe('USD');
    expect(mock.entries.map((e: { itemId: string }) => e.itemId)).toEqual(['prod-tee', 'prod-field-guide']);
  });
});

describe('additional fields', () => {
  const valid = {
    'engraving-text': 'For Ada',
    font: 'Serif',
    'delivery-date': '2027-02-14',
    recipient: { first: 'Ada', last: 'Lovelace' },
  };

  it('stores valid answers on a new entry', async () => {
    const res = await add(shopper, 'prod-engraved-mug', null, 1, JSON.stringify(valid));
    expect(res.statusCode).toBe(200);
    expect(res.json().newlyAdded).toMatchObject({
      additionalFields: valid,
      additionalFieldsFormId: 'form-engraving',
    });
  });

  it('rejects missing required answers with Required per field', async () => {
    const res = await add(shopper, 'prod-engraved-mug', null, 1, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'engraving-text': 'Required', font: 'Required' });
  });

  it('rejects additional fields that are not a JSON object string', async () => {
    const res = await add(shopper, 'prod-engraved-mug', null, 1, '{not json');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ additionalFields: 'Additional fields must be a JSON object.' });
  });

  it('never merges entries that carry answers', async () => {
    await add(shopper, 'prod-engraved-mug', null, 1, JSON.stringify(valid));
    const res = await add(
      shopper,
      'prod-engraved-mug',
      null,
      1,
      JSON.stringify({ ...valid, 'engraving-text': 'For Grace' }),
    );
    expect(res.json().shoppingCart.entries).toHaveLength(2);
  });

  it('updates an entry form with PUT and answers the cart and the updated entry', async () => {
    const entry = (await add(shopper, 'prod-engraved-mug', null, 1, JSON.stringify(valid))).json().newlyAdded;
    const changed = { ...valid, 'engraving-text': 'To Charles' };
    const res = await shopper.put(`${ENTRIES}/${entry.id}/additionalFields`, {
      itemId: 'prod-engraved-mug',
      sku: 'MUG-ENGRAVED',
      additionalFields: JSON.stringify(changed),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().updatedEntry.additionalFields).toEqual(changed);
    expect(res.json().shoppingCart.entries[0].additionalFields).toEqual(changed);
  });

  it.each([
    [
      'too long engraving text',
      { 'engraving-text': 'x'.repeat(31) },
      { 'engraving-text': 'You have exceeded the character limit.' },
    ],
    [
      'an option that does not exist',
      { font: 'Comic' },
      { font: 'Comic is not one of the expected options' },
    ],
    ['an impossible date', { 'delivery-date': '2027-02-30' }, { 'delivery-date': 'Enter a valid date.' }],
    ['an unknown field', { colour: 'red' }, { colour: 'Unknown field.' }],
    [
      'a recipient’s name past 256 characters',
      { recipient: { first: 'a'.repeat(257), last: '' } },
      { recipient: 'You have exceeded the character limit.' },
    ],
    [
      'a bad likert answer',
      { satisfaction: { 'I buy gifts online often': '7' } },
      { satisfaction: 'Invalid value.' },
    ],
  ])('rejects an update with %s', async (_name, patch, errors) => {
    const entry = (await add(shopper, 'prod-engraved-mug', null, 1, JSON.stringify(valid))).json().newlyAdded;
    const res = await shopper.put(`${ENTRIES}/${entry.id}/additionalFields`, {
      itemId: 'prod-engraved-mug',
      sku: 'MUG-ENGRAVED',
      additionalFields: JSON.stringify({ ...valid, ...patch }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'One or more fields is invalid, please check your entries.',
      errors,
    });
  });

  it('answers 404 for an entry of another cart and 400 for a mismatched item', async () => {
    const entry = (await add(shopper, 'prod-engraved-mug', null, 1, JSON.stringify(valid))).json().newlyAdded;
    const stranger = await new Visitor(app).arrive();
    const body = {
      itemId: 'prod-engraved-mug',
      sku: 'MUG-ENGRAVED',
      additionalFields: JSON.stringify(valid),
    };
    expect((await stranger.put(`${ENTRIES}/${entry.id}/additionalFields`, body)).statusCode).toBe(404);
    const mismatch = await shopper.put(`${ENTRIES}/${entry.id}/additionalFields`, {
      ...body,
      itemId: 'prod-tee',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('itemId and sku do not match the cart entry.');
  });
});

describe('a cart holds at most 100 lines', () => {
  it('refuses the add that would make line 101 with 409 cart-full, and still merges into a line', async () => {
    const shop = await startServer({ rateLimit: { addToCart: { max: 1000, timeWindowMs: 60_000 } } });
    try {
      // Enough mugs for every line: each add with answers is a line of its own.
      shop.db.prepare("UPDATE variants SET unlimited = 1 WHERE item_id = 'prod-engraved-mug'").run();
      const buyer = await new Visitor(shop).arrive();
      expect((await add(buyer, 'prod-tee', 'TEE-M-BLK', 1)).statusCode).toBe(200);
      const mug = (i: number) => JSON.stringify({ 'engraving-text': `No ${i}`, font: 'Serif' });
      for (let i = 1; i < 100; i++)
        expect((await add(buyer, 'prod-engraved-mug', null, 1, mug(i))).statusCode).toBe(200);
      const full = await add(buyer, 'prod-engraved-mug', null, 1, mug(100));
      expect(full.statusCode).toBe(409);
      expect(full.json()).toEqual({
        message:
          'Sorry, your cart already holds 100 items, the most it can. Check out or remove an item to add this one.',
        code: 'cart-full',
      });
      expect((await add(buyer, 'prod-tee', 'TEE-M-BLK', 1)).statusCode).toBe(200);
      const cart = (await buyer.get(CART)).json();
      expect(cart.entries).toHaveLength(100);
    } finally {
      await shop.close();
    }
  });
});

describe('cart page extensions', () => {
  it('sets an entry quantity and re-prices the cart', async () => {
    const entry = (await add(shopper, 'prod-tee', 'TEE-S-BLK', 1)).json().newlyAdded;
    const res = await shopper.put(`${ENTRIES}/${entry.id}/quantity`, { quantity: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json().updatedEntry).toMatchObject({ quantity: 4, subTotal: 10000 });
    expect(res.json().shoppingCart).toMatchObject({ totalQuantity: 4, subtotalCents: 10000 });
  });

  it('removes the entry when the quantity is set to 0', async () => {
    const entry = (await add(shopper, 'prod-tee', 'TEE-S-BLK', 1)).json().newlyAdded;
    const res = await shopper.put(`${ENTRIES}/${entry.id}/quantity`, { quantity: 0 });
    expect(res.json()).toMatchObject({ updatedEntry: null, shoppingCart: { entries: [], totalQuantity: 0 } });
  });

  it('refuses a quantity above the stock with 409', async () => {
    const entry = (await add(shopper, 'prod-tee', 'TEE-M-BLK', 1)).json().newlyAdded;
    const res = await shopper.put(`${ENTRIES}/${entry.id}/quantity`, { quantity: 4 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('insufficient-stock');
  });

  it('rejects a fractional quantity', async () => {
    const entry = (await add(shopper, 'prod-tee', 'TEE-S-BLK', 1)).json().newlyAdded;
    const res = await shopper.put(`${ENTRIES}/${entry.id}/quantity`, { quantity: 2.5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ quantity: 'Quantity must be a whole number.' });
  });

  it('deletes an entry and answers 404 when it is gone', async () => {
    const entry = (await add(shopper, 'prod-tee', 'TEE-S-BLK', 1)).json().newlyAdded;
    const res = await shopper.delete(`${ENTRIES}/${entry.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().shoppingCart.entries).toEqual([]);
    const again = await shopper.delete(`${ENTRIES}/${entry.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'That item is no longer in your cart.' });
  });
});

describe('POST /api/3/commerce/cart/subscription', () => {
  it('answers a cart token and stores the subscription cart with the catalogue price', async () => {
    const res = await shopper.post('/api/3/commerce/cart/subscription', {
      itemId: 'prod-coffee-club',
      sku: 'COFFEE-DARK',
      qty: 1,
      additionalFields: null,
    });
    expect(res.statusCode).toBe(200);
    const { cartToken } = res.json();
    expect(cartToken).toMatch(/^[0-9a-f-]{36}$/);
    const row = app.db
      .prepare('SELECT item_id, sku, qty, price_cents FROM subscription_carts WHERE token = ?')
      .get(cartToken);
    expect(row).toEqual({ item_id: 'prod-coffee-club', sku: 'COFFEE-DARK', qty: 1, price_cents: 1800 });
  });

  it.each([
    [
      'a product that is not subscribable',
      { itemId: 'prod-tee', sku: 'TEE-S-BLK', qty: 1 },
      400,
      'This product is not available as a subscription.',
    ],
    [
      'a fractional qty',
      { itemId: 'prod-coffee-club', sku: 'COFFEE-DARK', qty: 0.5 },
      400,
      'Quantity must be a whole number.',
    ],
    ['an unknown item', { itemId: 'nope', sku: null, qty: 1 }, 404, 'Sorry, that item is unavailable.'],
  ])('refuses %s', async (_name, body, status, message) => {
    const res = await shopper.post('/api/3/commerce/cart/subscription', body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });
});

describe('GET /api/commerce/inventory/stock/', () => {
  it('lists every variant with unlimited and qtyInStock', async () => {
    const res = await shopper.get('/api/commerce/inventory/stock/?itemId=prod-tee');
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toHaveLength(6);
    expect(res.json().results[2]).toEqual({
      sku: 'TEE-L-BLK',
      variantId: 'var-tee-l-blk',
      unlimited: false,
      qtyInStock: 0,
    });
  });

  it('reports digital products as unlimited with a null sku', async () => {
    const res = await shopper.get('/api/commerce/inventory/stock?itemId=prod-field-guide');
    expect(res.json().results).toEqual([
      { sku: null, variantId: 'prod-field-guide-digital', unlimited: true, qtyInStock: 0 },
    ]);
  });

  it.each([
    ['', 400],
    ['?itemId=nope', 404],
  ])('answers an error for the query "%s"', async (query, status) => {
    const res = await shopper.get(`/api/commerce/inventory/stock/${query}`);
    expect(res.statusCode).toBe(status);
    expect(typeof res.json().message).toBe('string');
  });
});
