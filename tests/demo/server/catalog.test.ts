// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEED_CATALOG_PATH } from '../../../demo/server/app';
import { parseCatalog, toMinorUnits } from '../../../demo/server/catalog';
import { add, startServer, Visitor } from './visitor';

describe('toMinorUnits', () => {
  it.each([
    ['25.00', 'USD', 2500],
    ['19.5', 'USD', 1950],
    ['.75', 'USD', 75],
    ['1', 'USD', 100],
    ['0.10', 'USD', 10],
    ['2500', 'JPY', 2500],
    ['2500.0', 'JPY', 2500],
  ])('reads %s %s as %i minor units', (value, currency, cents) => {
    expect(toMinorUnits(value, currency)).toEqual({ ok: true, value: cents });
  });

  it.each([
    ['1.005', 'USD'],
    ['12.5', 'JPY'],
    ['abc', 'USD'],
    ['', 'USD'],
    ['-1', 'USD'],
    ['1e3', 'USD'],
  ])('rejects %s %s', (value, currency) => {
    expect(toMinorUnits(value, currency).ok).toBe(false);
  });
});

const tee = (patch: Record<string, unknown> = {}) => ({
  id: 'p1',
  title: 'Tee',
  structuredContent: {
    productType: 1,
    variants: [{ sku: 'A', priceMoney: { value: '5.00', currency: 'USD' }, qtyInStock: 1, ...patch }],
  },
});

describe('parseCatalog', () => {
  it('accepts the seed catalogue with the products the demo needs', () => {
    const parsed = parseCatalog(JSON.parse(readFileSync(SEED_CATALOG_PATH, 'utf8')));
    if (!parsed.ok) throw new Error(parsed.issues.join('\n'));
    const types = parsed.value.map((p) => p.productType);
    expect(new Set(types)).toEqual(new Set([1, 2, 3, 4]));
    expect(parsed.value.some((p) => p.isSubscribable)).toBe(true);
    expect(parsed.value.some((p) => p.form !== null)).toBe(true);
    const shirt = parsed.value.find((p) => p.id === 'prod-tee');
    expect(shirt?.variants.some((v) => v.qtyInStock === 0)).toBe(true);
    expect(shirt?.variants.some((v) => v.onSale)).toBe(true);
  });

  it('reads the decimalValue/currencyCode money form too', () => {
    const parsed = parseCatalog([
      tee({ priceMoney: undefined, price: { decimalValue: '7.25', currencyCode: 'USD' } }),
    ]);
    expect(parsed.ok && parsed.value[0]?.variants[0]?.priceCents).toBe(725);
  });

  it.each([
    ['not an array', { id: 'x' }],
    ['a bad product type', [{ id: 'p', structuredContent: { productType: 9, variants: [] } }]],
    [
      'a physical product without variants',
      [{ id: 'p', structuredContent: { productType: 1, variants: [] } }],
    ],
    ['a negative stock', [tee({ qtyInStock: -1 })]],
    ['a price with too many digits', [tee({ priceMoney: { value: '1.999', currency: 'USD' } })]],
    ['duplicate ids', [tee(), tee()]],
    ['mixed currencies', [tee(), { ...tee({ priceMoney: { value: '5.00', currency: 'EUR' } }), id: 'p2' }]],
    ['an id with a slash', [{ ...tee(), id: '../p' }]],
  ])('rejects a catalogue with %s', (_name, raw) => {
    expect(parseCatalog(raw).ok).toBe(false);
  });

  it('seeds a server from a custom catalogue in another currency', async () => {
    const app = await startServer({
      catalog: [{ ...tee({ priceMoney: { value: '1200', currency: 'JPY' } }), id: 'p-jp' }],
    });
    try {
      const visitor = await new Visitor(app).arrive();
      const res = await add(visitor, 'p-jp', null);
      expect(res.json().shoppingCart).toMatchObject({ currency: 'JPY', subtotalCents: 1200 });
    } finally {
      await app.close();
    }
  });

  it('refuses to start from an invalid catalogue, naming the problem', async () => {
    await expect(startServer({ catalog: [tee({ qtyInStock: 1.5 })] })).rejects.toThrow(
      /qtyInStock must be a whole number/,
    );
  });
});
