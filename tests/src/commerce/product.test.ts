import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MERCHANDISING,
  DEFAULT_STORE_SETTINGS,
  parseMerchandising,
  parseStoreSettings,
} from '../../../src/commerce/merchandising';
import { parseItemForSale, parseSubscriptionPlan } from '../../../src/commerce/product';

// eslint-disable-next-line no-script-url -- hostile input the parser must refuse
const SCRIPT_URL = 'javascript:alert(1)';

const rawVariant = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: 'v1',
  sku: 'SQ-1',
  attributes: { Size: 'M' },
  priceMoney: { value: '19.99', currency: 'USD' },
  qtyInStock: 3,
  unlimited: false,
  onSale: false,
  ...extra,
});

const rawItem = (
  sc: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  id: 'p1',
  collectionId: 'c1',
  recordType: 11,
  structuredContent: { productType: 1, variants: [rawVariant()], isSubscribable: false, ...sc },
  ...extra,
});

function parsed(raw: unknown) {
  const r = parseItemForSale(raw);
  if (!r.ok) throw new Error(`expected a product, got issues: ${r.issues.join('; ')}`);
  return r.value;
}

describe('parseItemForSale', () => {
  it('reads a physical product with one variant', () => {
    expect(parsed(rawItem())).toEqual({
      id: 'p1',
      collectionId: 'c1',
      recordType: 11,
      structuredContent: {
        productType: 1,
        isSubscribable: false,
        variants: [
          {
            id: 'v1',
            sku: 'SQ-1',
            attributes: { Size: 'M' },
            price: { amount: 1999, currency: 'USD' },
            salePrice: null,
            onSale: false,
            qtyInStock: 3,
            unlimited: false,
          },
        ],
      },
    });
  });

  it.each([
    [1, 1],
    ['1', 1],
    [2, 2],
    ['3', 3],
    [4, 4],
    [' 5 ', 5],
  ])('accepts product type %j as %i', (raw, type) => {
    expect(parsed(rawItem({ productType: raw })).structuredContent.productType).toBe(type);
  });

  it.each([
    [
      'price decimal shape',
      { priceMoney: { decimalValue: '19.99', currencyCode: 'USD' } },
      { amount: 1999, currency: 'USD' },
    ],
    [
      'price minor-units shape',
      { priceMoney: { value: '19.99', currency: 'EUR' } },
      { amount: 1999, currency: 'EUR' },
    ],
    ['legacy cents', { priceMoney: undefined, price: 1999 }, { amount: 1999, currency: 'USD' }],
    [
      'legacy money object',
      { priceMoney: undefined, price: { decimalValue: '5.00', currencyCode: 'GBP' } },
      { amount: 500, currency: 'GBP' },
    ],
    ['no price at all', { priceMoney: undefined }, null],
  ])('reads the variant price from the %s', (_label, extra, price) => {
    expect(parsed(rawItem({ variants: [rawVariant(extra)] })).structuredContent.variants[0]?.price).toEqual(
      price,
    );
  });

  it('reads sale prices and flags', () => {
    const v = parsed(
      rawItem({
        variants: [
          rawVariant({ salePriceMoney: { value: '9.99', currency: 'USD' }, onSale: true, unlimited: 'true' }),
        ],
      }),
    ).structuredContent.variants[0];
    expect(v?.salePrice).toEqual({ amount: 999, currency: 'USD' });
    expect(v?.onSale).toBe(true);
    expect(v?.unlimited).toBe(true);
  });

  it('fills defaults for absent optional variant fields', () => {
    const v = parsed(rawItem({ variants: [{ sku: 'X' }] })).structuredContent.variants[0];
    expect(v).toEqual({
      sku: 'X',
      attributes: {},
      price: null,
      salePrice: null,
      onSale: false,
      qtyInStock: 0,
      unlimited: false,
    });
  });

  it('treats oversold (negative) stock as none', () => {
    expect(
      parsed(rawItem({ variants: [rawVariant({ qtyInStock: -2 })] })).structuredContent.variants[0]
        ?.qtyInStock,
    ).toBe(0);
  });

  it('reads the digital product-level price, sale and custom button text', () => {
    const sc = parsed(
      rawItem({
        productType: 2,
        priceMoney: { decimalValue: '9.00', currencyCode: 'USD' },
        salePriceMoney: { decimalValue: '4.50', currencyCode: 'USD' },
        onSale: true,
        useCustomAddButtonText: true,
        customAddButtonText: 'Download',
      }),
    ).structuredContent;
    expect(sc.priceMoney).toEqual({ amount: 900, currency: 'USD' });
    expect(sc.salePriceMoney).toEqual({ amount: 450, currency: 'USD' });
    expect(sc.onSale).toBe(true);
    expect(sc.useCustomAddButtonText).toBe(true);
    expect(sc.customAddButtonText).toBe('Download');
  });

  it('reads the subscribable flag and leaves the plan unread: no widget shows it', () => {
    const dropped: string[] = [];
    const r = parseItemForSale(
      rawItem({ isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 0, unit: 'DAY' } } }),
      { dropped },
    );
    const sc = r.ok ? r.value.structuredContent : undefined;
    expect(sc?.isSubscribable).toBe(true);
    expect(sc).not.toHaveProperty('subscriptionPlan');
    expect(dropped).toEqual([]);
  });

  it('keeps the variant option ordering and variant images', () => {
    const item = parsed(
      rawItem(
        { variants: [rawVariant({ mainImage: { assetUrl: 'https://img.example/a.jpg', altText: 'A' } })] },
        { variantOptionOrdering: ['Size', 'Color'] },
      ),
    );
    expect(item.variantOptionOrdering).toEqual(['Size', 'Color']);
    expect(item.structuredContent.variants[0]?.imageUrl).toBe('https://img.example/a.jpg');
    expect(item.structuredContent.variants[0]?.mainImage).toEqual({
      assetUrl: 'https://img.example/a.jpg',
      altText: 'A',
    });
  });

  it('prices legacy cents in the currency it is told', () => {
    const r = parseItemForSale(rawItem({ variants: [rawVariant({ priceMoney: undefined, price: 500 })] }), {
      currency: 'JPY',
    });
    expect(r.ok && r.value.structuredContent.variants[0]?.price).toEqual({ amount: 500, currency: 'JPY' });
  });

  it.each([
    ['null', null],
    ['a string', 'p1'],
    ['an array', [rawItem()]],
    ['no id', rawItem({}, { id: undefined })],
    ['an object id', rawItem({}, { id: { x: 1 } })],
    ['no structuredContent', { id: 'p1', collectionId: 'c1' }],
    ['structuredContent as a string', { id: 'p1', structuredContent: '{}' }],
    ['an unknown product type', rawItem({ productType: 9 })],
    ['a non-numeric product type', rawItem({ productType: 'physical' })],
    ['a fractional product type', rawItem({ productType: 1.5 })],
    ['variants not a list', rawItem({ variants: {} })],
  ])('refuses %s with issues, never throwing', (_label, raw) => {
    const r = parseItemForSale(raw);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues.length).toBeGreaterThan(0);
  });

  it.each([
    ['a variant that is not an object', rawItem({ variants: ['SQ-1', rawVariant()] }), 'variants[0]'],
    [
      'a garbage variant price',
      rawItem({ variants: [rawVariant({ priceMoney: { value: 'abc', currency: 'USD' } })] }),
      'variants[0].priceMoney',
    ],
    [
      'too precise a price',
      rawItem({ variants: [rawVariant({ priceMoney: { decimalValue: '1.999', currencyCode: 'USD' } })] }),
      'variants[0].priceMoney',
    ],
    [
      'a non-numeric stock',
      rawItem({ variants: [rawVariant({ qtyInStock: 'lots' })] }),
      'variants[0].qtyInStock',
    ],
    [
      'a fractional stock',
      rawItem({ variants: [rawVariant({ qtyInStock: 1.5 })] }),
      'variants[0].qtyInStock',
    ],
    ['a string onSale', rawItem({ variants: [rawVariant({ onSale: 'yes' })] }), 'variants[0].onSale'],
    [
      'attributes as a list',
      rawItem({ variants: [rawVariant({ attributes: ['M'] })] }),
      'variants[0].attributes',
    ],
    [
      'an attribute that is an object',
      rawItem({ variants: [rawVariant({ attributes: { Size: { v: 'M' } } })] }),
      'variants[0].attributes.Size',
    ],
    [
      'a javascript: image',
      rawItem({ variants: [rawVariant({ imageUrl: SCRIPT_URL })] }),
      'variants[0].imageUrl',
    ],
    [
      'an image URL with a space',
      rawItem({ variants: [rawVariant({ mainImage: { assetUrl: 'https://img.example/a b.jpg' } })] }),
      'variants[0].mainImage.assetUrl',
    ],
    ['a bad option ordering', rawItem({}, { variantOptionOrdering: 'Size' }), 'variantOptionOrdering'],
    ['a non-string custom label', rawItem({ customAddButtonText: 5 }), 'customAddButtonText'],
    [
      'a bad product price',
      rawItem({ priceMoney: { decimalValue: 'free', currencyCode: 'USD' } }),
      'structuredContent.priceMoney',
    ],
    [
      'an additional-fields form that is not an object',
      rawItem({ additionalFieldsForm: 'x' }),
      'additionalFieldsForm',
    ],
  ])('leaves out %s, notes it, and keeps the item', (_label, raw, field) => {
    const dropped: string[] = [];
    const r = parseItemForSale(raw, { dropped });
    expect(r.ok).toBe(true);
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toContain(field);
  });

  it('keeps the variant whose image was unusable, without the image', () => {
    const dropped: string[] = [];
    const r = parseItemForSale(
      rawItem({ variants: [rawVariant({ imageUrl: 'https://x.example/a b.jpg' })] }),
      {
        dropped,
      },
    );
    const v = r.ok ? r.value.structuredContent.variants[0] : undefined;
    expect(v?.sku).toBe('SQ-1');
    expect(v?.imageUrl).toBeUndefined();
  });

  it('collects every note, not just the first', () => {
    const dropped: string[] = [];
    parseItemForSale(rawItem({ variants: [rawVariant({ qtyInStock: 'x', onSale: 'y' })] }), { dropped });
    expect(dropped).toHaveLength(2);
  });

  it('words every note after the field it is about, in the order of the fields', () => {
    const dropped: string[] = [];
    parseItemForSale(
      rawItem(
        {
          variants: [
            rawVariant({
              sku: {},
              priceMoney: 'x',
              optionValues: [{ value: 1 }],
              mainImage: { assetUrl: SCRIPT_URL },
            }),
          ],
          onSale: 'no',
          additionalFieldsFormId: {},
        },
        { collectionId: [], recordType: 'x' },
      ),
      { dropped },
    );
    expect(dropped).toEqual([
      'collectionId is not a string',
      'recordType is not a whole number',
      'variants[0].sku is not a string',
      'variants[0].priceMoney is not a money value',
      'variants[0].optionValues[0].value is not a string',
      'variants[0].mainImage.assetUrl is not a usable URL',
      'structuredContent.onSale is not a boolean',
      'structuredContent.additionalFieldsFormId is not a string',
    ]);
  });

  it('gives a variant without attributes an empty set that cannot be changed', () => {
    const v = parsed(rawItem({ variants: [{ sku: 'X' }] })).structuredContent.variants[0];
    expect(v?.attributes).toEqual({});
    expect(Object.isFrozen(v?.attributes)).toBe(true);
  });

  it('keeps the embedded additional-fields form for the form UI to read when it opens', () => {
    const sc = parsed(
      rawItem({
        additionalFieldsFormId: 'f1',
        additionalFieldsForm: {
          id: 'f1',
          name: 'Engraving',
          fields: [{ id: 'a', type: 'text', title: 'Text', required: true }],
        },
      }),
    ).structuredContent;
    expect(sc.additionalFieldsFormId).toBe('f1');
    expect(sc.additionalFieldsForm?.['fields']).toEqual([
      { id: 'a', type: 'text', title: 'Text', required: true },
    ]);
  });
});

describe('parseSubscriptionPlan', () => {
  it.each([
    [
      { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
      { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
    ],
    [
      { billingPeriod: { value: '3', unit: 'year' } },
      { billingPeriod: { value: 3, unit: 'YEAR' }, numBillingCycles: 0 },
    ],
  ])('reads %j', (raw, expected) => {
    expect(parseSubscriptionPlan(raw)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['no period', {}],
    ['a day unit', { billingPeriod: { value: 1, unit: 'DAY' } }],
    ['a zero period', { billingPeriod: { value: 0, unit: 'WEEK' } }],
    ['negative cycles', { billingPeriod: { value: 1, unit: 'WEEK' }, numBillingCycles: -1 }],
    ['a string', 'monthly'],
  ])('refuses %s', (_label, raw) => {
    expect(parseSubscriptionPlan(raw).ok).toBe(false);
  });
});

describe('parseStoreSettings', () => {
  it.each([
    [undefined, DEFAULT_STORE_SETTINGS],
    [null, DEFAULT_STORE_SETTINGS],
    [{}, { multipleQuantityAllowedForServices: true, expressCheckout: false }],
    [
      { multipleQuantityAllowedForServices: false },
      { multipleQuantityAllowedForServices: false, expressCheckout: false },
    ],
    [{ expressCheckout: true }, { multipleQuantityAllowedForServices: true, expressCheckout: true }],
  ])('reads %j', (raw, expected) => {
    expect(parseStoreSettings(raw)).toEqual({ ok: true, value: expected });
  });

  it('allows multiple quantity for services when absent', () => {
    expect(DEFAULT_STORE_SETTINGS.multipleQuantityAllowedForServices).toBe(true);
  });

  it.each([
    ['a string', 'yes'],
    ['a bad flag', { multipleQuantityAllowedForServices: 'sometimes' }],
  ])('keeps the defaults for %s and notes it', (_l, raw) => {
    const dropped: string[] = [];
    expect(parseStoreSettings(raw, dropped)).toEqual({ ok: true, value: DEFAULT_STORE_SETTINGS });
    expect(dropped).toHaveLength(1);
  });
});

describe('parseMerchandising', () => {
  it('gives the defaults when absent', () => {
    expect(parseMerchandising(undefined)).toEqual({ ok: true, value: DEFAULT_MERCHANDISING });
  });

  it('reads one product from the map keyed by product id', () => {
    const r = parseMerchandising(
      {
        p1: {
          customSoldOutText: 'Gone!',
          scarcityEnabled: true,
          scarcityText: 'Only {quantity} left',
          scarcityShownByDefault: false,
          restockNotificationMessages: { successMessage: 'We will email you' },
          mailingListSignUpEnabled: true,
          mailingListOptInByDefault: 'true',
        },
      },
      'p1',
    );
    expect(r).toEqual({
      ok: true,
      value: {
        customSoldOutText: 'Gone!',
        scarcityEnabled: true,
        scarcityText: 'Only {quantity} left',
        scarcityShownByDefault: false,
        scarcityViews: [],
        restockNotificationMessages: { successMessage: 'We will email you' },
        mailingListSignUpEnabled: true,
        mailingListOptInByDefault: true,
      },
    });
  });

  it('gives the defaults for a product missing from the map', () => {
    expect(parseMerchandising({ other: {} }, 'p1')).toEqual({ ok: true, value: DEFAULT_MERCHANDISING });
  });

  it("labels the notes of a product's entry in the map by its id", () => {
    const dropped: string[] = [];
    parseMerchandising({ p1: { scarcityEnabled: 'yes' } }, 'p1', dropped);
    parseMerchandising({ p1: 'x' }, 'p1', dropped);
    expect(dropped).toEqual([
      'merchandising.p1.scarcityEnabled is not a boolean',
      'merchandising.p1 is not an object',
    ]);
  });

  it('ignores a blank custom sold-out text', () => {
    const r = parseMerchandising({ customSoldOutText: '  ' });
    expect(r.ok && r.value.customSoldOutText).toBeUndefined();
  });

  it.each([
    ['a list', [], DEFAULT_MERCHANDISING],
    ['a bad flag', { scarcityEnabled: 3 }, DEFAULT_MERCHANDISING],
    [
      'a bad message',
      { restockNotificationMessages: { successMessage: true, buttonText: 'Notify me' } },
      { ...DEFAULT_MERCHANDISING, restockNotificationMessages: { buttonText: 'Notify me' } },
    ],
    ['a view that is not an object', { scarcityTemplateViews: ['x'] }, DEFAULT_MERCHANDISING],
  ])('leaves out %s and notes it', (_label, raw, expected) => {
    const dropped: string[] = [];
    expect(parseMerchandising(raw, undefined, dropped)).toEqual({ ok: true, value: expected });
    expect(dropped).toHaveLength(1);
  });

  it("reads the platform's view lists", () => {
    const dropped: string[] = [];
    const r = parseMerchandising(
      {
        scarcityEnabled: true,
        scarcityText: 'Only {qtyInStock} left',
        scarcityTemplateViews: [{ attributes: { Size: 'S' }, qtyInStock: 2 }, { qtyInStock: 7 }],
        restockNotificationViews: [{ hiddenByDefault: true }],
      },
      undefined,
      dropped,
    );
    expect(r.ok && r.value.scarcityViews).toEqual([
      { attributes: { Size: 'S' }, qtyInStock: 2 },
      { attributes: {}, qtyInStock: 7 },
    ]);
    // The form places its restock sign-up itself: the platform's restock views are not read.
    expect(r.ok && r.value).not.toHaveProperty('restockViews');
    expect(dropped).toEqual([]);
  });

  it('reads the short forms: texts keyed by variant id or sku', () => {
    const r = parseMerchandising({
      scarcityTemplateViews: { 'v-1': 'Only 2 left!' },
    });
    expect(r.ok && r.value.scarcityViews).toEqual([
      { attributes: {}, variantKey: 'v-1', text: 'Only 2 left!' },
    ]);
  });
});
