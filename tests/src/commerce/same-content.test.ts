// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ProductItem } from '../../../src/commerce/product';
import { parseProductItem } from '../../../src/commerce/product-listing';
import { sameContent } from '../../../src/commerce/same-content';

const raw = (extra: Record<string, unknown> = {}, variant: Record<string, unknown> = {}) => ({
  id: 'tee',
  title: 'Tee',
  structuredContent: {
    productType: 1,
    variants: [
      {
        sku: 'TEE-S',
        attributes: { Size: 'S' },
        priceMoney: { value: '25.00', currency: 'USD' },
        ...variant,
      },
    ],
  },
  ...extra,
});

const item = (json: unknown): ProductItem => {
  const parsed = parseProductItem(json);
  if (!parsed.ok) throw new Error(parsed.issues.join('; '));
  return parsed.value;
};

describe('sameContent', () => {
  it.each([
    { case: 'two parses of the same JSON', other: raw(), same: true },
    { case: 'another title', other: raw({ title: 'Trail Tee' }), same: false },
    { case: 'another id', other: raw({ id: 'tee-2' }), same: false },
    {
      case: "a variant's new price",
      other: raw({}, { priceMoney: { value: '26.00', currency: 'USD' } }),
      same: false,
    },
    { case: "a variant's stock", other: raw({}, { qtyInStock: 3 }), same: false },
  ])('$case: same is $same', ({ other, same }) => {
    expect(sameContent(item(raw()), item(other))).toBe(same);
  });

  it('compares variants, and no variant, the same way', () => {
    const variant = (json: unknown) => item(json).structuredContent.variants[0] ?? null;
    expect(sameContent(variant(raw()), variant(raw()))).toBe(true);
    expect(sameContent(variant(raw()), variant(raw({}, { qtyInStock: 2 })))).toBe(false);
    expect(sameContent(variant(raw()), null)).toBe(false);
    expect(sameContent(null, null)).toBe(true);
  });

  it('holds an item with a form that cannot be written as JSON the same only as itself, without throwing', () => {
    const form: Record<string, unknown> = { name: 'Engraving' };
    form['self'] = form;
    const tee = item(raw());
    const withForm = { ...tee, structuredContent: { ...tee.structuredContent, additionalFieldsForm: form } };
    const copy = { ...withForm };
    expect(sameContent(withForm, withForm)).toBe(true);
    expect(sameContent(withForm, copy)).toBe(false);
  });
});
