/**
 * The demo store's checkout pages beside the checkout summary: a subscription and a gift card,
 * ready to check out (PATHS of src/contract.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from './db';
import { getProduct, unitPrice } from './products';
import { formatMoney, renderPage } from './render';

export function subscriptionPage(db: Db, request: FastifyRequest): string {
  const query = request.query as Record<string, unknown>;
  const token = typeof query['cartToken'] === 'string' ? query['cartToken'] : '';
  const row =
    token === ''
      ? undefined
      : (db
          .prepare('SELECT item_id, sku, qty, price_cents FROM subscription_carts WHERE token = ?')
          .get(token) as { item_id: string; sku: string; qty: number; price_cents: number } | undefined);
  const product = row ? getProduct(db, row.item_id) : null;
  const variant = product?.variants.find((v) => v.sku === row?.sku) ?? null;
  const total = row && product ? formatMoney(row.price_cents * row.qty, product.currency) : '';
  const entries =
    row && product
      ? [
          {
            title: product.title,
            variant: variant
              ? Object.values(JSON.parse(variant.attributes_json) as Record<string, string>).join(' / ')
              : '',
            quantity: row.qty,
            totalText: total,
          },
        ]
      : null;
  return renderPage(db, request, 'summary', 'Subscription', {
    heading: 'Subscription',
    intro: 'Your subscription is ready to check out.',
    entries,
    subtotalText: entries ? total : '',
    emptyText: 'No subscription was chosen.',
  });
}

export function giftCardPage(db: Db, request: FastifyRequest): string {
  const query = request.query as Record<string, unknown>;
  const itemId = typeof query['itemId'] === 'string' ? query['itemId'] : '';
  const sku = typeof query['sku'] === 'string' ? query['sku'] : '';
  const product = itemId === '' ? null : getProduct(db, itemId);
  const variant = product?.variants.find((v) => v.sku === sku) ?? null;
  return renderPage(db, request, 'summary', 'Gift Card', {
    heading: 'Gift Card',
    intro: 'Your gift card is ready to check out.',
    entries:
      product && variant
        ? [
            {
              title: product.title,
              variant: formatMoney(unitPrice(variant), product.currency),
              quantity: 1,
              totalText: formatMoney(unitPrice(variant), product.currency),
            },
          ]
        : null,
    subtotalText: '',
    emptyText: 'No gift card was chosen.',
  });
}
