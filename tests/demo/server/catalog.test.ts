// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SEED_CATALOG_PATH } from '../../../demo/server/app';
import { parseCatalog, toMinorUnits } from '../../../demo/server/catalog';
import { openDatabase } from '../../../demo/server/db';
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

  it('seeds a EUR and a JPY product beside the USD ones, each priced in its own currency', () => {
    const parsed = parseCatalog(JSON.parse(readFileSync(SEED_CATALOG_PATH, 'utf8')));
    if (!parsed.ok) throw new Error(parsed.issues.join('\n'));
    const priced = (id: string) => {
      const p = parsed.value.find((o) => o.id === id);
      return { currency: p?.currency, cents: p?.variants.map((v) => v.priceCents) };
    };
    expect(parsed.value[0]?.currency).toBe('USD');
    expect(priced('prod-linen-apron')).toEqual({ currency: 'EUR', cents: [3950] });
    // Yen have no minor unit: "1500" is 1500 yen, not 15.00.
    expect(priced('prod-sencha')).toEqual({ currency: 'JPY', cents: [1500] });
  });

  it('accepts products in different currencies, one currency per product', () => {
    const parsed = parseCatalog([
      tee(),
      { ...tee({ priceMoney: { value: '5.00', currency: 'EUR' } }), id: 'p2' },
      { ...tee({ priceMoney: { decimalValue: '1200', currencyCode: 'JPY' } }), id: 'p3' },
    ]);
    expect(parsed.ok && parsed.value.map((p) => [p.currency, p.variants[0]?.priceCents])).toEqual([
      ['USD', 500],
      ['EUR', 500],
      ['JPY', 1200],
    ]);
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
    [
      'a product whose variants mix currencies',
      [
        {
          id: 'p',
          structuredContent: {
            productType: 1,
            variants: [
              { sku: 'A', priceMoney: { value: '5.00', currency: 'USD' }, qtyInStock: 1 },
              { sku: 'B', priceMoney: { value: '5.00', currency: 'EUR' }, qtyInStock: 1 },
            ],
          },
        },
      ],
    ],
    [
      'a sale price in another currency than the price',
      [tee({ salePriceMoney: { value: '4.00', currency: 'EUR' }, onSale: true })],
    ],
    ['a yen price with a fraction', [tee({ priceMoney: { value: '1500.5', currency: 'JPY' } })]],
    ['a price in a currency no store sells in', [tee({ priceMoney: { value: '5.00', currency: 'XYZ' } })]],
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

describe('a database seeded before products carried their currency', () => {
  it('gives every product the store currency it was seeded with', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-db-'));
    try {
      const path = join(dir, 'old.sqlite');
      const old = new Database(path);
      old.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE products (id TEXT PRIMARY KEY, position INTEGER NOT NULL, title TEXT NOT NULL,
          product_type INTEGER NOT NULL, is_subscribable INTEGER NOT NULL, form_id TEXT, image_url TEXT,
          item_json TEXT NOT NULL);
        INSERT INTO meta VALUES ('currency', 'EUR');
        INSERT INTO products VALUES ('p1', 0, 'Tee', 1, 0, NULL, NULL, '{}');`);
      old.close();
      const db = openDatabase(path);
      expect(db.prepare('SELECT id, currency FROM products').all()).toEqual([{ id: 'p1', currency: 'EUR' }]);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
