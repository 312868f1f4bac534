import { describe, expect, it } from 'vitest';
import { parseItemForSale } from '../../../src/commerce/product.js';
import { parseInstalmentPillProps, parseVariantChange } from '../../../widgets/instalment-pill/props.js';
import { TEE, US } from './items.js';

const tee = (() => {
  const parsed = parseItemForSale(TEE);
  if (!parsed.ok) throw new Error('fixture does not parse');
  return parsed.value;
})();

describe('instalment-pill props', () => {
  it('reads the item, the context, the count and the overrides', () => {
    const parsed = parseInstalmentPillProps({
      item: TEE,
      instalments: US,
      count: 6,
      strings: { close: 'Fermer' },
    });
    expect(parsed.ok && parsed.value).toEqual({
      item: tee,
      instalments: {
        ok: true,
        value: {
          afterPayAvailable: true,
          afterPayMin: { amount: 2000, currency: 'USD' },
          afterPayMax: { amount: 100000, currency: 'USD' },
          shopperLanguage: 'en-US',
          stripeAccountCountry: 'US',
        },
      },
      count: 6,
      strings: { close: 'Fermer' },
    });
  });

  it.each([
    ['not an object', 'pill', 'props is not an object'],
    ['without an item', { instalments: US }, 'item: product item is not an object'],
  ])('refuses props that are %s', (_name, raw, issue) => {
    expect(parseInstalmentPillProps(raw)).toEqual({ ok: false, issues: [issue] });
  });

  it('keeps the block for a context it cannot read, with the reasons', () => {
    const parsed = parseInstalmentPillProps({ item: TEE, instalments: { afterPayAvailable: 'yes' } });
    expect(parsed.ok && parsed.value.instalments).toEqual({
      ok: false,
      issues: ['afterPayAvailable is not a boolean'],
    });
  });

  it.each([
    [0, 4],
    [2.5, 4],
    [-1, 4],
  ])('drops count %j for the default', (count, expected) => {
    const parsed = parseInstalmentPillProps({ item: TEE, instalments: US, count });
    expect(parsed.ok && parsed.value.count).toBe(expected);
  });

  it('drops overrides that are not text', () => {
    const parsed = parseInstalmentPillProps({
      item: TEE,
      instalments: US,
      strings: { close: 1, brandAfterpay: 'AP' },
    });
    expect(parsed.ok && parsed.value.strings).toEqual({ brandAfterpay: 'AP' });
  });
});

describe('sf:variant-change details', () => {
  const [small, medium] = tee.structuredContent.variants;

  it.each([
    ['an id', { id: 'v-m' }, medium],
    ['a sku', { sku: 'TEE-S' }, small],
    ['attributes', { attributes: { Size: 'M' } }, medium],
    ['an unknown variant', { sku: 'TEE-XL' }, null],
    ['no variant', null, null],
  ])('finds the variant of the pill item by %s', (_name, variant, expected) => {
    expect(parseVariantChange(tee, { itemId: 'tee', variant, quantity: 2 })).toEqual({
      variant: expected,
      quantity: 2,
    });
  });

  it.each([
    ['another item', { itemId: 'mug', variant: null, quantity: 1 }],
    ['not an object', 'tee'],
    ['nothing', undefined],
  ])('ignores a detail about %s', (_name, detail) => {
    expect(parseVariantChange(tee, detail)).toBeNull();
  });

  it.each([0, -3, 1.5, '2', 10000, Number.NaN])('reads quantity %j as 1', (quantity) => {
    expect(parseVariantChange(tee, { itemId: 'tee', variant: null, quantity })?.quantity).toBe(1);
  });
});
