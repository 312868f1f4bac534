// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseProductItem } from '../../../src/commerce/product-listing';

// eslint-disable-next-line no-script-url -- hostile input the parser must refuse
const SCRIPT_URL = 'javascript:alert(1)';

const raw = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: 'prod-tee',
  title: 'Organic Cotton Tee',
  structuredContent: {
    productType: 1,
    variants: [{ sku: 'TEE-S', attributes: { Size: 'S' }, priceMoney: { value: '25.00', currency: 'USD' } }],
  },
  ...extra,
});

function parse(extra: Record<string, unknown>) {
  const dropped: string[] = [];
  const parsed = parseProductItem(raw(extra), { dropped });
  if (!parsed.ok) throw new Error(parsed.issues.join('; '));
  return { item: parsed.value, dropped };
}

describe('parseProductItem: what a listing shows', () => {
  it("keeps the product's page, excerpt and main image with its alt text", () => {
    const { item, dropped } = parse({
      fullUrl: '/products/prod-tee',
      excerpt: '<p>A heavyweight tee in organic cotton.</p>',
      mainImage: { assetUrl: 'https://images.example/tee.jpg', altText: 'The tee in black' },
    });
    expect(item.fullUrl).toBe('/products/prod-tee');
    expect(item.excerpt).toBe('<p>A heavyweight tee in organic cotton.</p>');
    expect(item.mainImage).toEqual({
      assetUrl: 'https://images.example/tee.jpg',
      altText: 'The tee in black',
    });
    // What the widgets sell by is read as before.
    expect(item.structuredContent.variants[0]?.price).toEqual({ amount: 2500, currency: 'USD' });
    expect(dropped).toEqual([]);
  });

  it.each([
    {
      case: 'the excerpt as an object holding its HTML',
      extra: { excerpt: { html: '<p>Soft.</p>' } },
      excerpt: '<p>Soft.</p>',
    },
    { case: 'no excerpt', extra: {}, excerpt: undefined },
  ])('reads $case', ({ extra, excerpt }) => {
    expect(parse(extra).item.excerpt).toBe(excerpt);
  });

  it.each([
    {
      case: "the item's assetUrl, without a mainImage",
      extra: { assetUrl: '/assets/tee.jpg' },
      image: { assetUrl: '/assets/tee.jpg' },
    },
    {
      case: 'mainImage before assetUrl',
      extra: { assetUrl: '/assets/old.jpg', mainImage: { assetUrl: '/assets/tee.jpg' } },
      image: { assetUrl: '/assets/tee.jpg' },
    },
    {
      case: 'assetUrl when the mainImage URL is refused',
      extra: { assetUrl: '/assets/tee.jpg', mainImage: { assetUrl: SCRIPT_URL, altText: 'Tee' } },
      image: { assetUrl: '/assets/tee.jpg' },
    },
    {
      case: 'a protocol-relative URL as https',
      extra: { mainImage: { assetUrl: '//images.example/tee.jpg' } },
      image: { assetUrl: 'https://images.example/tee.jpg' },
    },
  ])('takes as the main image $case', ({ extra, image }) => {
    expect(parse(extra).item.mainImage).toEqual(image);
  });

  it.each([
    { field: 'fullUrl', extra: { fullUrl: SCRIPT_URL }, note: 'fullUrl is not a usable URL' },
    {
      field: 'fullUrl',
      extra: { fullUrl: 'data:text/html,<script>1</script>' },
      note: 'fullUrl is not a usable URL',
    },
    {
      field: 'fullUrl',
      extra: { fullUrl: 'data:image/png;base64,iVBORw0KGgo=' },
      note: 'fullUrl is not a usable URL',
    },
    {
      field: 'fullUrl',
      extra: { fullUrl: '//evil.example/products/tee' },
      note: 'fullUrl is not a usable URL',
    },
    {
      field: 'mainImage',
      extra: { mainImage: { assetUrl: SCRIPT_URL } },
      note: 'mainImage.assetUrl is not a usable URL',
    },
    {
      field: 'mainImage',
      extra: { assetUrl: 'https://x.example/a b.jpg' },
      note: 'assetUrl is not a usable URL',
    },
    { field: 'excerpt', extra: { excerpt: 42 }, note: 'excerpt is not HTML text' },
  ])('leaves out $field that cannot be used, with a note: $note', ({ field, extra, note }) => {
    const { item, dropped } = parse(extra);
    expect(item).not.toHaveProperty(field);
    expect(dropped).toEqual([note]);
  });

  it('still refuses an item the widgets could not sell', () => {
    expect(
      parseProductItem({ fullUrl: '/products/x', structuredContent: { productType: 1, variants: [] } }),
    ).toEqual({
      ok: false,
      issues: ['id is not a string'],
    });
  });
});
