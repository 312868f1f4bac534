/**
 * Cart storage and pricing. Prices and stock are always read from the catalogue tables, never
 * from a request; every check-and-write runs inside one better-sqlite3 transaction, which is
 * synchronous and therefore atomic with respect to other requests in this process.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from './db';
import { PRODUCT_TYPE } from './catalog';
import { stockCovers } from '../../src/commerce/stock';
import type { CartEntry, ShoppingCart } from '../../src/store/types';
import { FIRST_ADD_WINDOW_MS, MAX_CART_ENTRIES, MAX_ENTRY_QUANTITY } from './limits';
import { currencyOf, listProducts, type ProductRow, skuOut, unitPrice, type VariantRow } from './products';

export const WEBSITE_ID = 'demo-website';
export const STOCK_MESSAGE = 'Sorry, we do not have enough of that item available.';
export const CART_FULL_MESSAGE = `Sorry, your cart already holds ${MAX_CART_ENTRIES} items, the most it can. Check out or remove an item to add this one.`;

interface EntryRow {
  readonly id: string;
  readonly cart_id: string;
  readonly item_id: string;
  readonly sku: string;
  readonly quantity: number;
  readonly additional_fields_json: string | null;
  readonly created: number;
}

interface CartRow {
  readonly id: string;
  readonly created: number;
  readonly is_purchased: number;
  readonly user_id: string | null;
}

export interface WireEntry extends CartEntry {
  readonly productType: number;
}

/** The shipping, tax and coupon fields are the SDK's shapes; the demo computes none (empty). */
export type WireCart = ShoppingCart & {
  readonly entries: readonly WireEntry[];
};

function entryJson(db: Db, row: EntryRow): WireEntry | null {
  const product = db.prepare('SELECT * FROM products WHERE id = ?').get(row.item_id) as
    ProductRow | undefined;
  const variant = db
    .prepare('SELECT * FROM variants WHERE item_id = ? AND sku = ?')
    .get(row.item_id, row.sku) as VariantRow | undefined;
  // An entry whose product left the catalogue (re-seed with another catalogue) is not shown.
  if (!product || !variant) return null;
  const price = unitPrice(variant);
  const sku = skuOut(row.sku);
  return {
    id: row.id,
    itemId: row.item_id,
    quantity: row.quantity,
    chosenVariant:
      sku === null
        ? null
        : { sku, attributes: JSON.parse(variant.attributes_json) as Record<string, string> },
    title: product.title,
    subTotal: price * row.quantity,
    purchasePriceCents: price,
    additionalFields:
      row.additional_fields_json === null
        ? null
        : (JSON.parse(row.additional_fields_json) as Record<string, unknown>),
    additionalFieldsFormId: product.form_id,
    imageUrl: variant.image_url ?? product.image_url,
    productType: product.product_type,
  };
}

/**
 * The currency of a cart's entries (a cart holds one: addToCart refuses any other), or null for a
 * cart without entries, which takes the store currency and accepts any.
 */
function entriesCurrency(db: Db, cartId: string): string | null {
  const row = db
    .prepare(
      'SELECT p.currency FROM cart_entries e JOIN products p ON p.id = e.item_id WHERE e.cart_id = ? ORDER BY e.seq LIMIT 1',
    )
    .get(cartId) as { currency: string } | undefined;
  return row?.currency ?? null;
}

export function buildCart(
  db: Db,
  cart: { id: string; created: number; isPurchased: boolean; currency?: string | null },
  entries: readonly WireEntry[],
): WireCart {
  const subtotal = entries.reduce((sum, e) => sum + e.subTotal, 0);
  const digital = (e: WireEntry): boolean =>
    e.productType === PRODUCT_TYPE.digital || e.productType === PRODUCT_TYPE.giftCard;
  return {
    id: cart.id,
    websiteId: WEBSITE_ID,
    orderId: null,
    created: cart.created,
    isPurchased: cart.isPurchased,
    currency: cart.currency ?? currencyOf(db),
    entries,
    subtotalCents: subtotal,
    taxCents: 0,
    shippingCostCents: 0,
    discountCents: 0,
    grandTotalCents: subtotal,
    totalQuantity: entries.reduce((sum, e) => sum + e.quantity, 0),
    hasDigital: entries.some(digital),
    purelyDigital: entries.length > 0 && entries.every(digital),
    requiresShipping: entries.some((e) => e.productType === PRODUCT_TYPE.physical),
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
  };
}

export function emptyCart(db: Db): WireCart {
  return buildCart(db, { id: '', created: Date.now(), isPurchased: false }, []);
}

/** An open (not purchased) cart by id, or null. */
export function findOpenCart(db: Db, id: string | undefined): CartRow | null {
  if (!id) return null;
  const row = db.prepare('SELECT * FROM carts WHERE id = ?').get(id) as CartRow | undefined;
  return row && row.is_purchased === 0 ? row : null;
}

export function readCart(db: Db, cartId: string): WireCart | null {
  const cart = db.prepare('SELECT * FROM carts WHERE id = ?').get(cartId) as CartRow | undefined;
  if (!cart) return null;
  const rows = db
    .prepare('SELECT * FROM cart_entries WHERE cart_id = ? ORDER BY seq')
    .all(cartId) as EntryRow[];
  const entries = rows.flatMap((r) => {
    const e = entryJson(db, r);
    return e ? [e] : [];
  });
  return buildCart(
    db,
    {
      id: cart.id,
      created: cart.created,
      isPurchased: cart.is_purchased === 1,
      currency: entries.length > 0 ? entriesCurrency(db, cart.id) : null,
    },
    entries,
  );
}

export function readEntry(db: Db, cartId: string, entryId: string): WireEntry | null {
  const row = db.prepare('SELECT * FROM cart_entries WHERE id = ? AND cart_id = ?').get(entryId, cartId) as
    EntryRow | undefined;
  return row ? entryJson(db, row) : null;
}

/** A sample cart for the editor preview, of products in the store currency; never stored. */
export function mockCart(db: Db): WireCart {
  const entries: WireEntry[] = [];
  const currency = currencyOf(db);
  for (const p of listProducts(db)
    .filter((p) => p.currency === currency)
    .slice(0, 2)) {
    const v = p.variants[0];
    if (!v) continue;
    const price = unitPrice(v);
    const sku = skuOut(v.sku);
    entries.push({
      id: `mock-${p.id}`,
      itemId: p.id,
      quantity: 1,
      chosenVariant:
        sku === null ? null : { sku, attributes: JSON.parse(v.attributes_json) as Record<string, string> },
      title: p.title,
      subTotal: price,
      purchasePriceCents: price,
      additionalFields: null,
      additionalFieldsFormId: p.form_id,
      imageUrl: v.image_url ?? p.image_url,
      productType: p.product_type,
    });
  }
  return buildCart(db, { id: 'mock', created: Date.now(), isPurchased: false }, entries);
}

export type CartWriteError =
  | { readonly kind: 'stock' }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'too-many' }
  /** The cart holds MAX_CART_ENTRIES lines and the add would make another. */
  | { readonly kind: 'cart-full' }
  /** The cart holds entries priced in `cartCurrency`; the item is priced in `itemCurrency`. */
  | { readonly kind: 'currency'; readonly cartCurrency: string; readonly itemCurrency: string };

/** What a cart stores of the crumb that created it: a digest, since the crumb authorises writes. */
const visitorKey = (crumb: string): string => createHash('sha256').update(crumb).digest('base64url');

/** Quantity of one variant already in a cart, excluding one entry (the one being changed). */
function quantityInCart(
  db: Db,
  cartId: string,
  itemId: string,
  sku: string,
  exceptEntryId: string | null,
): number {
  const row = db
    .prepare(
      'SELECT COALESCE(SUM(quantity), 0) AS q FROM cart_entries WHERE cart_id = ? AND item_id = ? AND sku = ? AND id IS NOT ?',
    )
    .get(cartId, itemId, sku, exceptEntryId) as { q: number };
  return row.q;
}

function hasStock(db: Db, itemId: string, sku: string, wanted: number): boolean {
  const v = db
    .prepare('SELECT qty_in_stock, unlimited FROM variants WHERE item_id = ? AND sku = ?')
    .get(itemId, sku) as { qty_in_stock: number; unlimited: number } | undefined;
  return v !== undefined && stockCovers({ unlimited: v.unlimited === 1, qtyInStock: v.qty_in_stock }, wanted);
}

/**
 * Adds to the visitor's cart (creating it when `cartId` names no open cart). Currency check, stock
 * check and insert are one transaction. An entry never holds more than MAX_ENTRY_QUANTITY, however many
 * adds it took.
 */
export function addToCart(
  db: Db,
  input: {
    cartId: string | undefined;
    /** The visitor's crumb: adds without a cart cookie within FIRST_ADD_WINDOW_MS share one cart. */
    visitor: string | null;
    userId: string | null;
    itemId: string;
    sku: string;
    quantity: number;
    additionalFields: Record<string, unknown> | null;
  },
):
  { ok: true; cartId: string; createdCart: boolean; entryId: string } | { ok: false; error: CartWriteError } {
  return db.transaction(() => {
    const now = Date.now();
    const visitor = input.visitor === null ? null : visitorKey(input.visitor);
    let cart = findOpenCart(db, input.cartId);
    if (!cart && visitor !== null) {
      cart =
        (db
          .prepare(
            'SELECT * FROM carts WHERE visitor = ? AND is_purchased = 0 AND created > ? ORDER BY created DESC LIMIT 1',
          )
          .get(visitor, now - FIRST_ADD_WINDOW_MS) as CartRow | undefined) ?? null;
    }
    let createdCart = false;
    // A cart holds one currency, the one of its first entry; an empty cart takes any.
    const cartCurrency = cart ? entriesCurrency(db, cart.id) : null;
    const item = db.prepare('SELECT currency FROM products WHERE id = ?').get(input.itemId) as
      { currency: string } | undefined;
    if (cartCurrency !== null && item !== undefined && item.currency !== cartCurrency) {
      return {
        ok: false as const,
        error: { kind: 'currency' as const, cartCurrency, itemCurrency: item.currency },
      };
    }
    const inCart = cart ? quantityInCart(db, cart.id, input.itemId, input.sku, null) : 0;
    if (!hasStock(db, input.itemId, input.sku, inCart + input.quantity))
      return { ok: false as const, error: { kind: 'stock' as const } };
    if (!cart) {
      const id = randomUUID();
      db.prepare(
        'INSERT INTO carts (id, created, updated, is_purchased, user_id, visitor) VALUES (?, ?, ?, 0, ?, ?)',
      ).run(id, now, now, input.userId, visitor);
      cart = { id, created: now, is_purchased: 0, user_id: input.userId };
      createdCart = true;
    }
    const mergeable =
      input.additionalFields === null
        ? (db
            .prepare(
              'SELECT id, quantity FROM cart_entries WHERE cart_id = ? AND item_id = ? AND sku = ? AND additional_fields_json IS NULL ORDER BY seq LIMIT 1',
            )
            .get(cart.id, input.itemId, input.sku) as { id: string; quantity: number } | undefined)
        : undefined;
    if (mergeable && mergeable.quantity + input.quantity > MAX_ENTRY_QUANTITY) {
      return { ok: false as const, error: { kind: 'too-many' as const } };
    }
    let entryId: string;
    if (mergeable) {
      entryId = mergeable.id;
      db.prepare('UPDATE cart_entries SET quantity = quantity + ? WHERE id = ?').run(input.quantity, entryId);
    } else {
      const lines = db.prepare('SELECT COUNT(*) FROM cart_entries WHERE cart_id = ?').pluck().get(cart.id);
      if ((lines as number) >= MAX_CART_ENTRIES)
        return { ok: false as const, error: { kind: 'cart-full' as const } };
      entryId = randomUUID();
      const seq = (
        db
          .prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS s FROM cart_entries WHERE cart_id = ?')
          .get(cart.id) as { s: number }
      ).s;
      db.prepare(
        'INSERT INTO cart_entries (id, cart_id, item_id, sku, quantity, additional_fields_json, created, seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
        entryId,
        cart.id,
        input.itemId,
        input.sku,
        input.quantity,
        input.additionalFields === null ? null : JSON.stringify(input.additionalFields),
        now,
        seq,
      );
    }
    db.prepare('UPDATE carts SET updated = ? WHERE id = ?').run(now, cart.id);
    return { ok: true as const, cartId: cart.id, createdCart, entryId };
  })();
}

/** Sets an entry's quantity (0 removes it), re-checking stock across the cart. */
export function setQuantity(
  db: Db,
  cartId: string,
  entryId: string,
  quantity: number,
): { ok: true } | { ok: false; error: CartWriteError } {
  return db.transaction(() => {
    const row = db.prepare('SELECT * FROM cart_entries WHERE id = ? AND cart_id = ?').get(entryId, cartId) as
      EntryRow | undefined;
    if (!row) return { ok: false as const, error: { kind: 'not-found' as const } };
    if (quantity === 0) {
      db.prepare('DELETE FROM cart_entries WHERE id = ?').run(entryId);
      return { ok: true as const };
    }
    const others = quantityInCart(db, cartId, row.item_id, row.sku, entryId);
    // Lowering a quantity is always allowed, even when stock fell below it meanwhile.
    if (quantity > row.quantity && !hasStock(db, row.item_id, row.sku, others + quantity)) {
      return { ok: false as const, error: { kind: 'stock' as const } };
    }
    db.prepare('UPDATE cart_entries SET quantity = ? WHERE id = ?').run(quantity, entryId);
    db.prepare('UPDATE carts SET updated = ? WHERE id = ?').run(Date.now(), cartId);
    return { ok: true as const };
  })();
}

export function removeEntry(db: Db, cartId: string, entryId: string): boolean {
  return (
    db.prepare('DELETE FROM cart_entries WHERE id = ? AND cart_id = ?').run(entryId, cartId).changes === 1
  );
}

export function entryRow(db: Db, cartId: string, entryId: string): { item_id: string; sku: string } | null {
  return (
    (db.prepare('SELECT item_id, sku FROM cart_entries WHERE id = ? AND cart_id = ?').get(entryId, cartId) as
      { item_id: string; sku: string } | undefined) ?? null
  );
}

export function setAdditionalFields(
  db: Db,
  cartId: string,
  entryId: string,
  fields: Record<string, unknown>,
): void {
  db.prepare('UPDATE cart_entries SET additional_fields_json = ? WHERE id = ? AND cart_id = ?').run(
    JSON.stringify(fields),
    entryId,
    cartId,
  );
  db.prepare('UPDATE carts SET updated = ? WHERE id = ?').run(Date.now(), cartId);
}

/** A copy of a cart (new id, same entries) for logout with cloneCart. */
export function cloneCart(db: Db, cartId: string): string {
  return db.transaction(() => {
    const now = Date.now();
    const id = randomUUID();
    db.prepare(
      'INSERT INTO carts (id, created, updated, is_purchased, user_id) VALUES (?, ?, ?, 0, NULL)',
    ).run(id, now, now);
    const rows = db
      .prepare('SELECT * FROM cart_entries WHERE cart_id = ? ORDER BY seq')
      .all(cartId) as (EntryRow & { seq: number })[];
    const insert = db.prepare(
      'INSERT INTO cart_entries (id, cart_id, item_id, sku, quantity, additional_fields_json, created, seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (const r of rows)
      insert.run(randomUUID(), id, r.item_id, r.sku, r.quantity, r.additional_fields_json, now, r.seq);
    return id;
  })();
}
