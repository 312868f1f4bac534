/**
 * Cart, subscription and stock endpoints (spec 000 §7) plus the cart page's two extensions.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COOKIES } from '../../src/contract';
import { PRODUCT_TYPE } from './catalog';
import {
  addToCart,
  emptyCart,
  entryRow,
  findOpenCart,
  mockCart,
  readCart,
  readEntry,
  removeEntry,
  setAdditionalFields,
  setQuantity,
  CART_FULL_MESSAGE,
  STOCK_MESSAGE,
} from './cart';
import { findVariant, getProduct, skuOut, unitPrice, type Product, type VariantRow } from './products';
import type { Db } from './db';
import { getForm } from './routes-forms';
import { validateAnswers, MESSAGES as FORM_MESSAGES } from './forms';
import {
  badField,
  clearCartCookies,
  currentUser,
  isRecord,
  parseQuantity,
  parseRequestJson,
  quantityRangeMessage,
  queryFlag,
  sendError,
  setCartCookies,
} from './http';
import type { RateLimitSetting } from './limits';

export type { RateLimitSetting };

const ITEM_UNAVAILABLE = 'Sorry, that item is unavailable.';
const VARIANT_UNAVAILABLE = 'Sorry, that item variant is unavailable. Please select another variant.';
const GIFT_CARD_DENOMINATION = 'Select a denomination for the Gift Card.';
const ENTRY_NOT_FOUND = 'That item is no longer in your cart.';

/**
 * A cart's totals are single amounts in cents (spec 000 §3), so a cart holds one currency and an
 * item priced in another is refused. The product form shows the server's message for any failure
 * without a catalogued text of its own (spec 000 §8, "Any other failure").
 */
export const currencyMismatchMessage = (itemCurrency: string, cartCurrency: string): string =>
  `Sorry, this item is priced in ${itemCurrency} but your cart is in ${cartCurrency}. Check out or empty your cart to add it.`;

type Answers = Record<string, unknown> | null;

/** Parses the additional-fields JSON string (or object) and validates it against the product's form. */
function readAdditionalFields(
  db: Db,
  product: Product,
  raw: unknown,
): { ok: true; value: Answers } | { ok: false; errors: Record<string, string>; message: string } {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') value = null;
    else {
      try {
        value = parseRequestJson(raw);
      } catch {
        const message = 'Additional fields must be a JSON object.';
        return { ok: false, errors: { additionalFields: message }, message };
      }
    }
  }
  if (value !== null && value !== undefined && !isRecord(value)) {
    const message = 'Additional fields must be a JSON object.';
    return { ok: false, errors: { additionalFields: message }, message };
  }
  const answers = (value ?? null) as Answers;
  if (product.form_id === null) {
    if (answers !== null && Object.keys(answers).length > 0) {
      const message = 'This product has no additional fields.';
      return { ok: false, errors: { additionalFields: message }, message };
    }
    return { ok: true, value: null };
  }
  const form = getForm(db, product.form_id);
  if (!form) return { ok: true, value: answers };
  const errors = validateAnswers(form, answers ?? {});
  if (Object.keys(errors).length > 0) return { ok: false, errors, message: FORM_MESSAGES.anyInvalid };
  return { ok: true, value: answers ?? {} };
}

interface ItemRequest {
  product: Product;
  variant: VariantRow;
  quantity: number;
  additionalFields: Answers;
}

/** Validates the common {itemId, sku, quantity, additionalFields} payload; replies on failure. */
function readItemRequest(
  db: Db,
  reply: FastifyReply,
  body: unknown,
  quantityKey: 'quantity' | 'qty',
): ItemRequest | null {
  if (!isRecord(body)) {
    sendError(reply, 400, 'The request body must be a JSON object.');
    return null;
  }
  const { itemId, sku } = body;
  if (typeof itemId !== 'string' || itemId === '') {
    badField(reply, 'itemId', 'itemId is required.');
    return null;
  }
  if (sku !== null && sku !== undefined && typeof sku !== 'string') {
    badField(reply, 'sku', VARIANT_UNAVAILABLE);
    return null;
  }
  const quantity = parseQuantity(body[quantityKey], 1);
  if (!quantity.ok) {
    badField(reply, quantityKey, quantity.message);
    return null;
  }
  const product = getProduct(db, itemId);
  if (!product) {
    sendError(reply, 404, ITEM_UNAVAILABLE);
    return null;
  }
  const variant = findVariant(product, sku === undefined || sku === '' ? null : sku);
  if (!variant) {
    const giftCard =
      product.product_type === PRODUCT_TYPE.giftCard && (sku === null || sku === undefined || sku === '');
    badField(reply, 'sku', giftCard ? GIFT_CARD_DENOMINATION : VARIANT_UNAVAILABLE);
    return null;
  }
  const fields = readAdditionalFields(db, product, body['additionalFields']);
  if (!fields.ok) {
    sendError(reply, 400, fields.message, { errors: fields.errors });
    return null;
  }
  return { product, variant, quantity: quantity.value, additionalFields: fields.value };
}

function visitorCartId(db: Db, request: FastifyRequest): string | null {
  return findOpenCart(db, request.cookies[COOKIES.cart])?.id ?? null;
}

export function registerCartRoutes(
  app: FastifyInstance,
  db: Db,
  limits: { addToCart: RateLimitSetting },
): void {
  const addLimit = { rateLimit: { max: limits.addToCart.max, timeWindow: limits.addToCart.timeWindowMs } };
  app.get('/api/commerce/shopping-cart', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const mock = queryFlag(query['mock']);
    if (mock === 'invalid') return badField(reply, 'mock', 'mock must be true or false.');
    if (queryFlag(query['calculateSubtotal']) === 'invalid') {
      return badField(reply, 'calculateSubtotal', 'calculateSubtotal must be true or false.');
    }
    const timecode = query['timecode'];
    if (timecode !== undefined && (typeof timecode !== 'string' || timecode.length > 64)) {
      return badField(reply, 'timecode', 'timecode must be at most 64 characters.');
    }
    if (mock === true) return mockCart(db);
    const cookie = request.cookies[COOKIES.cart];
    const cartId = visitorCartId(db, request);
    if (cartId === null) {
      if (cookie !== undefined || request.cookies[COOKIES.hasCart] !== undefined) clearCartCookies(reply);
      return emptyCart(db);
    }
    return readCart(db, cartId);
  });

  app.post('/api/commerce/shopping-cart/entries', { config: addLimit }, async (request, reply) => {
    const item = readItemRequest(db, reply, request.body, 'quantity');
    if (!item) return reply;
    if (item.product.is_subscribable === 1) {
      return sendError(reply, 400, 'This product is sold as a subscription.');
    }
    const result = addToCart(db, {
      cartId: request.cookies[COOKIES.cart],
      // The crumb the add carried (it equals the cookie): adds of one visitor that arrive
      // together before any has set the cart cookie share the cart the first one creates.
      visitor: request.cookies[COOKIES.crumb] ?? null,
      userId: currentUser(db, request)?.id ?? null,
      itemId: item.product.id,
      sku: item.variant.sku,
      quantity: item.quantity,
      additionalFields: item.additionalFields,
    });
    if (!result.ok && result.error.kind === 'too-many') {
      return badField(reply, 'quantity', quantityRangeMessage(1));
    }
    if (!result.ok && result.error.kind === 'currency') {
      const message = currencyMismatchMessage(result.error.itemCurrency, result.error.cartCurrency);
      return sendError(reply, 409, message, { code: 'currency-mismatch' });
    }
    if (!result.ok && result.error.kind === 'cart-full') {
      return sendError(reply, 409, CART_FULL_MESSAGE, { code: 'cart-full' });
    }
    if (!result.ok) return sendError(reply, 409, STOCK_MESSAGE, { code: 'insufficient-stock' });
    setCartCookies(reply, result.cartId);
    return {
      shoppingCart: readCart(db, result.cartId),
      newlyAdded: readEntry(db, result.cartId, result.entryId),
      itemId: item.product.id,
      sku: skuOut(item.variant.sku),
      quantity: item.quantity,
      title: item.product.title,
      purchasePriceCents: unitPrice(item.variant),
      currency: item.product.currency,
      productType: item.product.product_type,
    };
  });

  app.put('/api/commerce/shopping-cart/entries/:entryId/additionalFields', async (request, reply) => {
    const { entryId } = request.params as { entryId: string };
    const cartId = visitorCartId(db, request);
    const row = cartId === null ? null : entryRow(db, cartId, entryId);
    if (cartId === null || row === null) return sendError(reply, 404, ENTRY_NOT_FOUND);
    const body = request.body;
    if (!isRecord(body)) return sendError(reply, 400, 'The request body must be a JSON object.');
    const sku = body['sku'] === undefined || body['sku'] === '' ? null : body['sku'];
    if (body['itemId'] !== row.item_id || sku !== skuOut(row.sku)) {
      return sendError(reply, 400, 'itemId and sku do not match the cart entry.');
    }
    const product = getProduct(db, row.item_id);
    if (!product || product.form_id === null)
      return sendError(reply, 400, 'This product has no additional fields.');
    if (body['additionalFields'] === undefined || body['additionalFields'] === null) {
      return badField(reply, 'additionalFields', 'additionalFields is required.');
    }
    const fields = readAdditionalFields(db, product, body['additionalFields']);
    if (!fields.ok) return sendError(reply, 400, fields.message, { errors: fields.errors });
    setAdditionalFields(db, cartId, entryId, fields.value ?? {});
    return { shoppingCart: readCart(db, cartId), updatedEntry: readEntry(db, cartId, entryId) };
  });

  app.put('/api/commerce/shopping-cart/entries/:entryId/quantity', async (request, reply) => {
    const { entryId } = request.params as { entryId: string };
    const cartId = visitorCartId(db, request);
    if (cartId === null) return sendError(reply, 404, ENTRY_NOT_FOUND);
    const body = request.body;
    if (!isRecord(body)) return sendError(reply, 400, 'The request body must be a JSON object.');
    const quantity = parseQuantity(body['quantity'], 0);
    if (!quantity.ok) return badField(reply, 'quantity', quantity.message);
    const result = setQuantity(db, cartId, entryId, quantity.value);
    if (!result.ok) {
      return result.error.kind === 'not-found'
        ? sendError(reply, 404, ENTRY_NOT_FOUND)
        : sendError(reply, 409, STOCK_MESSAGE, { code: 'insufficient-stock' });
    }
    return {
      shoppingCart: readCart(db, cartId),
      updatedEntry: quantity.value === 0 ? null : readEntry(db, cartId, entryId),
    };
  });

  app.delete('/api/commerce/shopping-cart/entries/:entryId', async (request, reply) => {
    const { entryId } = request.params as { entryId: string };
    const cartId = visitorCartId(db, request);
    if (cartId === null || !removeEntry(db, cartId, entryId)) return sendError(reply, 404, ENTRY_NOT_FOUND);
    return { shoppingCart: readCart(db, cartId) };
  });

  app.post('/api/3/commerce/cart/subscription', { config: addLimit }, async (request, reply) => {
    const item = readItemRequest(db, reply, request.body, 'qty');
    if (!item) return reply;
    if (item.product.is_subscribable !== 1) {
      return sendError(reply, 400, 'This product is not available as a subscription.');
    }
    const v = item.variant;
    if (v.unlimited !== 1 && item.quantity > v.qty_in_stock) {
      return sendError(reply, 409, STOCK_MESSAGE, { code: 'insufficient-stock' });
    }
    const token = randomUUID();
    db.prepare(
      'INSERT INTO subscription_carts (token, item_id, sku, qty, additional_fields_json, price_cents, created) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(
      token,
      item.product.id,
      v.sku,
      item.quantity,
      item.additionalFields === null ? null : JSON.stringify(item.additionalFields),
      unitPrice(v),
      Date.now(),
    );
    return { cartToken: token };
  });

  app.get('/api/commerce/inventory/stock', async (request, reply) => {
    const { itemId } = request.query as Record<string, unknown>;
    if (typeof itemId !== 'string' || itemId === '') return badField(reply, 'itemId', 'itemId is required.');
    const product = getProduct(db, itemId);
    if (!product) return sendError(reply, 404, ITEM_UNAVAILABLE);
    return {
      results: product.variants.map((v) => ({
        sku: skuOut(v.sku),
        variantId: v.variant_id,
        unlimited: v.unlimited === 1,
        qtyInStock: v.qty_in_stock,
      })),
    };
  });
}
