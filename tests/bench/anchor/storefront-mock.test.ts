// @vitest-environment node
import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFigures, meetsGoal, ratio } from '../../../bench/anchor/ratios';
import { startAnchorServer } from '../../../bench/anchor/storefront-mock';

/** The product query Buy Button 3.0.6 sends for `createComponent('product', { id })`, as sent. */
const PRODUCT_QUERY =
  'fragment VariantFragment on ProductVariant  { id,title,price { amount,currencyCode },priceV2: price { amount,currencyCode },weight,available: availableForSale,sku,compareAtPrice { amount,currencyCode },compareAtPriceV2: compareAtPrice { amount,currencyCode },image { id,src: url,altText,width,height },selectedOptions { name,value },unitPrice { amount,currencyCode },unitPriceMeasurement { measuredType,quantityUnit,quantityValue,referenceUnit,referenceValue } },' +
  'fragment ProductFragment on Product  { id,availableForSale,createdAt,updatedAt,descriptionHtml,description,handle,productType,title,vendor,publishedAt,onlineStoreUrl,options { id,name,values },images (first: 250) { pageInfo { hasNextPage,hasPreviousPage },edges { cursor,node { id,src: url,altText,width,height } } },variants (first: 250) { pageInfo { hasNextPage,hasPreviousPage },edges { cursor,node { ...VariantFragment } } } },' +
  'query ($id:ID!)  { node (id: $id) { __typename,...ProductFragment } }';

interface Variant {
  title: string;
  price: { amount: string; currencyCode: string };
  compareAtPrice: { amount: string } | null;
  available: boolean;
}

let mock: Awaited<ReturnType<typeof startAnchorServer>>;
const unanswered: string[] = [];

beforeAll(async () => {
  mock = await startAnchorServer({ onUnanswered: (query) => unanswered.push(query) });
});
afterAll(() => mock.close());

const graphql = (body: unknown) =>
  fetch(`${mock.origin}/api/2025-01/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the Storefront API mock', () => {
  it('answers the product query with the demo tee, under the keys the query selects', async () => {
    const response = await graphql({ query: PRODUCT_QUERY, variables: { id: 'gid://shopify/Product/7001' } });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { node: Record<string, unknown> } };
    const node = data.node;
    // The Buy Button's decoder refuses any key its selection does not name.
    expect(Object.keys(node).sort()).toEqual(
      [
        '__typename',
        'id',
        'availableForSale',
        'createdAt',
        'updatedAt',
        'descriptionHtml',
        'description',
        'handle',
        'productType',
        'title',
        'vendor',
        'publishedAt',
        'onlineStoreUrl',
        'options',
        'images',
        'variants',
      ].sort(),
    );
    expect(node['title']).toBe('Organic Cotton Tee');
    expect(node['options']).toEqual([
      { id: 'gid://shopify/ProductOption/70010', name: 'Size', values: ['S', 'M', 'L'] },
      { id: 'gid://shopify/ProductOption/70011', name: 'Color', values: ['Black', 'White'] },
    ]);
    const edges = (node['variants'] as { edges: { node: Variant & Record<string, unknown> }[] }).edges;
    expect(Object.keys(edges[0]!.node).sort()).toEqual(
      [
        'id',
        'title',
        'price',
        'priceV2',
        'weight',
        'available',
        'sku',
        'compareAtPrice',
        'compareAtPriceV2',
        'image',
        'selectedOptions',
        'unitPrice',
        'unitPriceMeasurement',
      ].sort(),
    );
    expect(
      edges.map(({ node: v }) => [v.title, v.price.amount, v.compareAtPrice?.amount ?? null, v.available]),
    ).toEqual([
      ['S / Black', '25.00', null, true],
      ['M / Black', '25.00', null, true],
      ['L / Black', '25.00', null, false],
      ['S / White', '19.50', '25.00', true],
      ['M / White', '25.00', null, true],
      ['L / White', '27.00', null, true],
    ]);
    const images = (node['images'] as { edges: { node: { src: string } }[] }).edges;
    expect(images.map((e) => e.node.src)).toEqual([
      `${mock.origin}/demo-assets/tee-black.svg`,
      `${mock.origin}/demo-assets/tee-white.svg`,
    ]);
  });

  it('answers null for another product and an error for another query', async () => {
    const other = await graphql({ query: PRODUCT_QUERY, variables: { id: 'gid://shopify/Product/1' } });
    expect(await other.json()).toEqual({ data: { node: null } });
    const cart = await graphql({ query: 'mutation { cartCreate { cart { id } } }', variables: {} });
    expect(await cart.json()).toEqual({
      errors: [{ message: 'The anchor mock answers the product query only.' }],
    });
    expect(unanswered).toEqual(['mutation { cartCreate { cart { id } } }']);
  });

  it('serves the sized images the Buy Button asks for from the demo assets', async () => {
    const response = await fetch(`${mock.origin}/demo-assets/tee-black_550x825.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toContain('<svg');
  });

  it('serves a page of the requested number of products and the Buy Button gzipped', async () => {
    const page = await (await fetch(`${mock.origin}/?products=3`)).text();
    expect(page.match(/class="anchor-product"/g)).toHaveLength(3);
    // node:http leaves the body as sent, to see its encoding.
    const script = await new Promise<{ encoding: string | undefined; body: Buffer }>((done, fail) => {
      get(`${mock.origin}/buy-button/buybutton.min.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      }).on('error', fail);
    });
    expect(script.encoding).toBe('gzip');
    const raw = gunzipSync(script.body).toString('utf8');
    expect(raw).toContain('ShopifyBuy');
  });
});

describe('ratios against the anchor', () => {
  it.each([
    { ours: 24_912, anchor: 59_104, expected: '0.42', met: true },
    { ours: 50, anchor: 100, expected: '0.50', met: true },
    { ours: 29, anchor: 5, expected: '5.80', met: false },
  ])('$ours over $anchor is $expected', ({ ours, anchor, expected, met }) => {
    expect(ratio(ours, anchor)?.toFixed(2)).toBe(expected);
    expect(meetsGoal({ name: 'x', unit: 'B', ours, anchor })).toBe(met);
  });

  it('has no ratio where the anchor has no figure', () => {
    expect(ratio(10, 0)).toBeUndefined();
    expect(meetsGoal({ name: 'x', unit: 'ms', ours: 10, anchor: 0 })).toBe(false);
  });

  it('prints one line per figure with both amounts, the ratio and the verdict', () => {
    expect(
      formatFigures([
        { name: 'JavaScript within 10 s', unit: 'B', ours: 41_816, anchor: 59_104 },
        { name: 'requests within 10 s', unit: 'requests', ours: 4, anchor: 10 },
      ]).split('\n'),
    ).toEqual([
      'figure                          ours        anchor  ratio  goal 0.5',
      'JavaScript within 10 s      41,816 B      59,104 B   0.71  missed',
      'requests within 10 s               4            10   0.40  met',
    ]);
  });
});
