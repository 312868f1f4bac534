// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseCartEntry, parseShoppingCart } from '../../../src/api/parse.js';

const ENTRY = {
  id: 'e1',
  itemId: 'tee',
  quantity: 2,
  chosenVariant: { sku: 'TEE-M', attributes: { Size: 'M' } },
  title: 'Organic Tee',
  subTotal: 5000,
  purchasePriceCents: 2500,
};

describe('parseCartEntry', () => {
  it('fills the optional fields with null', () => {
    expect(parseCartEntry(ENTRY)).toEqual({
      ok: true,
      value: { ...ENTRY, additionalFields: null, additionalFieldsFormId: null, imageUrl: null },
    });
  });

  it.each([
    ['', null],
    ['{"f1":"Blue"}', { f1: 'Blue' }],
    [{ f1: 'Blue' }, { f1: 'Blue' }],
  ])('reads additional fields sent as %j', (additionalFields, expected) => {
    const r = parseCartEntry({ ...ENTRY, additionalFields });
    expect(r.ok && r.value.additionalFields).toEqual(expected);
  });

  it('reads a variant chosen without a sku (spec 000 §7: "sku (or null)") and an empty form id', () => {
    const r = parseCartEntry({
      ...ENTRY,
      chosenVariant: { sku: null, attributes: { Size: 'M' } },
      additionalFieldsFormId: '',
    });
    expect(r.ok && [r.value.chosenVariant, r.value.additionalFieldsFormId]).toEqual([
      { sku: null, attributes: { Size: 'M' } },
      null,
    ]);
  });

  it('names every field it cannot use by its path', () => {
    expect(
      parseCartEntry({ ...ENTRY, id: undefined, quantity: -1, additionalFields: '[1]', imageUrl: 3 }),
    ).toEqual({
      ok: false,
      issues: ['entry.id', 'entry.quantity', 'entry.additionalFields', 'entry.imageUrl'],
    });
  });
});

describe('parseShoppingCart', () => {
  const CART = { id: 'c1', websiteId: 'w', subtotalCents: 5000, entries: [ENTRY] };

  it('gives the defaults, the grand total as the subtotal and the quantities summed', () => {
    const r = parseShoppingCart(CART);
    expect(r.ok && r.value).toMatchObject({
      orderId: null,
      created: 0,
      currency: null,
      taxCents: 0,
      grandTotalCents: 5000,
      totalQuantity: 2,
      isPurchased: false,
    });
  });

  // What one tab parsed, another tab parses again (src/store/sync.ts): the defaults must read back.
  it('reads back what it gave, the defaults included', () => {
    const { websiteId: _absent, ...withoutSite } = CART;
    const first = parseShoppingCart(withoutSite);
    expect(first.ok && first.value.websiteId).toBe('');
    expect(first.ok && parseShoppingCart(JSON.parse(JSON.stringify(first.value))).ok).toBe(true);
  });

  it('reads "" as no cart yet, not a malformed one', () => {
    expect(parseShoppingCart({ id: '', subtotalCents: 0, entries: [] }).ok).toBe(true);
  });

  it('reads a cart whose creation time is written another way (shown nowhere) as time 0', () => {
    const r = parseShoppingCart({ ...CART, created: '2026-12-08T01:00:00Z' });
    expect(r.ok && r.value.created).toBe(0);
  });

  it("names each problem once, an entry's under its own path", () => {
    expect(
      parseShoppingCart({ ...CART, subtotalCents: 1.5, currency: 'usd', entries: [{ ...ENTRY, title: 3 }] }),
    ).toEqual({ ok: false, issues: ['cart.currency', 'cart.subtotalCents', 'entry.title'] });
  });
});
