/**
 * One table, two paths: each product rule of spec 001 §4-§5 asked through the widget path (the
 * item parser, then the rules the product form calls) and through the template path (a rendered
 * template's predicates and formatters). Both must give the table's answer.
 */
import { describe, expect, it } from 'vitest';
import { hasVariants, showQuantityInput } from '../../../src/commerce/choice';
import { hasVariedPrices, priceRange, pricePoints } from '../../../src/commerce/prices';
import {
  isGiftCard,
  isOnSale,
  isSoldOut,
  isSubscribable,
  productStatus,
} from '../../../src/commerce/product-state';
import { parseItemForSale, type ProductItem } from '../../../src/commerce/product';
import { render } from '../../../src/template/index';

interface RawVariant {
  sku?: string;
  attributes?: Record<string, string>;
  price?: string;
  sale?: string;
  onSale?: boolean;
  qtyInStock?: number;
  unlimited?: boolean;
}

const usd = (value: string) => ({ value, currency: 'USD' });

function raw(type: number, variants: RawVariant[], extra: Record<string, unknown> = {}) {
  return {
    id: 'p1',
    collectionId: 'c1',
    structuredContent: {
      productType: type,
      variants: variants.map((v, i) => ({
        sku: v.sku ?? `SKU-${i}`,
        attributes: v.attributes ?? (variants.length > 1 ? { Size: `S${i}` } : {}),
        priceMoney: usd(v.price ?? '10.00'),
        ...(v.sale !== undefined && { salePriceMoney: usd(v.sale) }),
        onSale: v.onSale ?? false,
        qtyInStock: v.qtyInStock ?? 0,
        unlimited: v.unlimited ?? false,
      })),
      ...extra,
    },
  };
}

interface Expected {
  readonly status: 'sold-out' | 'on-sale' | 'none';
  readonly soldOut: boolean;
  readonly onSale: boolean;
  readonly variants: boolean;
  readonly varied: boolean;
  readonly quantity: boolean;
  readonly subscribable: boolean;
  /** The lowest price the buyer pays, in cents. */
  readonly from: number;
}

const none = { soldOut: false, onSale: false, variants: false, varied: false, subscribable: false };

const TABLE: readonly {
  name: string;
  item: ReturnType<typeof raw>;
  expected: Expected;
  services?: boolean;
}[] = [
  {
    name: 'a physical product in stock',
    item: raw(1, [{ qtyInStock: 3 }]),
    expected: { ...none, status: 'none', quantity: true, from: 1000 },
  },
  {
    name: 'a physical product with no stock',
    item: raw(1, [{ qtyInStock: 0 }]),
    expected: { ...none, status: 'sold-out', soldOut: true, quantity: false, from: 1000 },
  },
  {
    name: 'a physical product with one unit',
    item: raw(1, [{ qtyInStock: 1 }]),
    expected: { ...none, status: 'none', quantity: false, from: 1000 },
  },
  {
    name: 'an unlimited physical product',
    item: raw(1, [{ unlimited: true }]),
    expected: { ...none, status: 'none', quantity: true, from: 1000 },
  },
  {
    name: 'a physical product with a variant on sale',
    item: raw(1, [
      { qtyInStock: 2, price: '12.00' },
      { qtyInStock: 2, price: '12.00', sale: '9.00', onSale: true },
    ]),
    expected: {
      ...none,
      status: 'on-sale',
      onSale: true,
      variants: true,
      varied: true,
      quantity: true,
      from: 900,
    },
  },
  {
    name: 'a sold-out product on sale (sold out wins)',
    item: raw(1, [{ qtyInStock: 0, sale: '5.00', onSale: true }]),
    expected: { ...none, status: 'sold-out', soldOut: true, onSale: true, quantity: false, from: 500 },
  },
  {
    name: 'two variants of one unit each (stock counted together)',
    item: raw(1, [{ qtyInStock: 1 }, { qtyInStock: 1 }]),
    expected: { ...none, status: 'none', variants: true, quantity: true, from: 1000 },
  },
  {
    name: 'a service with no stock',
    item: raw(3, [{ qtyInStock: 0 }]),
    expected: { ...none, status: 'sold-out', soldOut: true, quantity: false, from: 1000 },
  },
  {
    name: 'a service when the store sells services one at a time',
    item: raw(3, [{ qtyInStock: 5 }]),
    services: false,
    expected: { ...none, status: 'none', quantity: false, from: 1000 },
  },
  {
    name: 'a digital product priced on the product, on sale',
    item: raw(2, [], { priceMoney: usd('8.00'), salePriceMoney: usd('6.00'), onSale: true }),
    expected: { ...none, status: 'on-sale', onSale: true, quantity: false, from: 600 },
  },
  {
    name: 'a digital product with no stock (never sold out)',
    item: raw(2, [{ qtyInStock: 0 }, { qtyInStock: 0, price: '4.00' }]),
    expected: { ...none, status: 'none', varied: true, quantity: false, from: 400 },
  },
  {
    name: 'a gift card with a denomination flagged on sale (face value: no sale)',
    item: raw(4, [{ price: '25.00' }, { price: '50.00', sale: '40.00', onSale: true }]),
    expected: { ...none, status: 'none', variants: true, varied: true, quantity: false, from: 2500 },
  },
  {
    name: 'a paywall product with no stock (holds none: never sold out)',
    item: raw(5, [{ qtyInStock: 0 }]),
    expected: { ...none, status: 'none', quantity: false, from: 1000 },
  },
  {
    name: 'a subscribable physical product',
    item: raw(1, [{ qtyInStock: 9 }], { isSubscribable: true }),
    expected: { ...none, status: 'none', subscribable: true, quantity: false, from: 1000 },
  },
];

function widgetPath(rawItem: unknown, services: boolean): Record<keyof Expected, unknown> {
  const parsed = parseItemForSale(rawItem);
  if (!parsed.ok) throw new Error(parsed.issues.join('; '));
  const item: ProductItem = parsed.value;
  return {
    status: productStatus(item),
    soldOut: isSoldOut(item),
    onSale: isOnSale(item),
    variants: hasVariants(item),
    varied: hasVariedPrices(pricePoints(item)),
    quantity: showQuantityInput(item, { multipleQuantityAllowedForServices: services }),
    subscribable: isSubscribable(item),
    from: priceRange(item)?.low.amount ?? 0,
  };
}

const TEMPLATE = [
  '{.section item}',
  '{.sold-out?}yes{.or}no{.end}',
  '{.on-sale?}yes{.or}no{.end}',
  '{.has-variants?}yes{.or}no{.end}',
  '{.varied-prices?}yes{.or}no{.end}',
  '{@|product-status}',
  '{@|quantity-input}',
  '{@|add-to-cart-btn}',
  '{@|from-price}',
  '{.end}',
].join('\u0001');

function templatePath(rawItem: unknown, services: boolean): Record<keyof Expected, unknown> {
  const json = {
    item: rawItem,
    websiteSettings: { storeSettings: { multipleQuantityAllowedForServices: services } },
  };
  // The first piece is what precedes the first rule (the section's opening).
  const out = render(TEMPLATE, json, { locale: 'en' }).output.split('\u0001').slice(1);
  const [soldOut, onSale, variants, varied, status, quantity, button, from] = out;
  return {
    status: status?.includes('sold-out') ? 'sold-out' : status?.includes('sale') ? 'on-sale' : 'none',
    soldOut: soldOut === 'yes',
    onSale: onSale === 'yes',
    variants: variants === 'yes',
    varied: varied === 'yes',
    quantity: quantity !== '',
    subscribable: button?.includes('data-is-subscription="true"') ?? false,
    from: Number(from),
  };
}

describe('each product rule through the widget path and the template path', () => {
  it.each(TABLE)('$name', ({ item, expected, services = true }) => {
    expect(widgetPath(item, services)).toEqual(expected);
    expect(templatePath(item, services)).toEqual(expected);
  });

  it.each(TABLE)('$name: a gift card only when of type 4', ({ item }) => {
    const parsed = parseItemForSale(item);
    expect(parsed.ok && isGiftCard(parsed.value)).toBe(item.structuredContent.productType === 4);
  });
});
