/**
 * The products as the database holds them, read back for pages, carts and restock sign-ups: a
 * product with its variants, a variant's unit price, and the variant a request names.
 */
import { effectivePrice } from '../../src/commerce/prices';
import type { Db } from './db';

export interface VariantRow {
  readonly item_id: string;
  readonly variant_id: string;
  readonly sku: string;
  readonly attributes_json: string;
  readonly price_cents: number;
  readonly sale_price_cents: number | null;
  readonly on_sale: number;
  readonly qty_in_stock: number;
  readonly unlimited: number;
  readonly image_url: string | null;
}

export interface ProductRow {
  readonly id: string;
  readonly title: string;
  readonly product_type: number;
  readonly is_subscribable: number;
  readonly form_id: string | null;
  readonly image_url: string | null;
  readonly item_json: string;
  /** The currency of every price of the product (catalog.ts). */
  readonly currency: string;
}

export interface Product extends ProductRow {
  readonly variants: readonly VariantRow[];
}

/** What the buyer pays for one unit: the SDK's price rule over the stored cents. */
export const unitPrice = (v: VariantRow): number =>
  effectivePrice({ onSale: v.on_sale === 1, price: v.price_cents, salePrice: v.sale_price_cents }) ??
  v.price_cents;

/** Entry JSON emits `null` for the stored "no sku" marker. */
export const skuOut = (sku: string): string | null => (sku === '' ? null : sku);

export function getProduct(db: Db, id: string): Product | null {
  const row = db.prepare('SELECT * FROM products WHERE id = ?').get(id) as ProductRow | undefined;
  if (!row) return null;
  const variants = db
    .prepare('SELECT * FROM variants WHERE item_id = ? ORDER BY position')
    .all(id) as VariantRow[];
  return { ...row, variants };
}

export function listProducts(db: Db): Product[] {
  const rows = db.prepare('SELECT * FROM products ORDER BY position').all() as ProductRow[];
  const variants = db.prepare('SELECT * FROM variants ORDER BY item_id, position').all() as VariantRow[];
  return rows.map((r) => ({ ...r, variants: variants.filter((v) => v.item_id === r.id) }));
}

/** The store currency: the site context's, and an empty cart's. */
export function currencyOf(db: Db): string {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'currency'").get() as
    { value: string } | undefined;
  return row?.value ?? 'USD';
}

/** The variant a request names: a sku, or null for a product with exactly one variant. */
export function findVariant(product: Product, sku: string | null): VariantRow | null {
  if (sku === null) return product.variants.length === 1 ? (product.variants[0] ?? null) : null;
  return product.variants.find((v) => v.sku === sku) ?? null;
}

/** Finds a variant by the restock payload's variantId (its id, or its sku). */
export function findVariantById(product: Product, variantId: string | null): VariantRow | null {
  if (variantId === null) return product.variants.length === 1 ? (product.variants[0] ?? null) : null;
  return (
    product.variants.find((v) => v.variant_id === variantId) ??
    product.variants.find((v) => v.sku === variantId) ??
    null
  );
}
