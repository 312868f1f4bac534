/**
 * The demo store's product page: the product block (form, instalment pill, restock sign-up,
 * reviews) rendered from the product's row, with the store's buy-now-pay-later range.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from './db';
import { PAGE_TYPES } from '../../src/page/constants';
import { unitPrice, type Product } from './products';
import { BASE_CONTEXT, formatMoney, imageSrc, pageLocale, productItem, renderPage } from './render';
import { SITE_TITLE } from './routes-platform';

/**
 * The buy-now-pay-later range of the demo store (spec 000 §3). It is narrow on purpose so the
 * catalogue has products below it (Coffee Club), inside it (the tee) and above it (the mug). The
 * provider serves the store's own currency only: a product priced in another gets the context
 * with `afterPayAvailable: false` (instalmentContext), and the pill shows nothing.
 */
export const DEMO_INSTALMENTS = {
  afterPayAvailable: true,
  afterPayMin: { value: '20.00', currency: 'USD' },
  afterPayMax: { value: '28.00', currency: 'USD' },
  shopperLanguage: 'en-US',
  stripeAccountCountry: 'US',
} as const;

/** The product the demo shows with express checkout and reviews. */
const EXPRESS_PRODUCT_ID = 'prod-workshop';

/** The instalment context of one product (spec 000 §3 is per item): none outside the range's currency. */
function instalmentContext(product: Product): Record<string, unknown> {
  return product.currency === DEMO_INSTALMENTS.afterPayMin.currency
    ? DEMO_INSTALMENTS
    : { ...DEMO_INSTALMENTS, afterPayAvailable: false };
}

const KIND_TEXT: Readonly<Record<number, string>> = {
  2: 'A digital download: the link arrives by email.',
  3: 'A service: we confirm the date by email.',
  4: 'A gift card: sent by email, spent like cash.',
};

const DEMO_REVIEWS = {
  native: [
    {
      author: 'Ann',
      rating: 5,
      title: 'Lovely afternoon',
      body: 'Patient teacher, and I took home two bowls.',
      date: '2026-10-01',
    },
    { author: 'Ravi', rating: 4, body: 'Great fun. Book the later slot: it is quieter.', date: '2026-09-12' },
  ],
  imported: [],
};

export function productPage(db: Db, request: FastifyRequest, product: Product): string {
  const item = productItem(product);
  const tracked = (v: Product['variants'][number]): boolean => v.unlimited !== 1;
  const variants =
    product.variants.length > 1
      ? product.variants.map((v) => {
          const attributes = JSON.parse(v.attributes_json) as Record<string, string>;
          return {
            label: Object.values(attributes).join(' / ') || product.title,
            priceText: formatMoney(unitPrice(v), product.currency, pageLocale(request)),
            status: tracked(v) && v.qty_in_stock <= 0 ? 'sold out' : '',
          };
        })
      : null;
  const soldOut =
    product.variants.length > 0 && product.variants.every((v) => tracked(v) && v.qty_in_stock <= 0);
  const express = product.id === EXPRESS_PRODUCT_ID;
  const productType = (item['structuredContent'] as { productType?: number }).productType ?? 1;
  return renderPage(
    db,
    request,
    'product',
    product.title,
    {
      title: product.title,
      item,
      imageUrl: imageSrc(product.image_url),
      imageAlt: product.title,
      description: typeof item['excerpt'] === 'string' ? item['excerpt'] : '',
      kindText: KIND_TEXT[productType] ?? '',
      variants,
      instalmentBlock: productType === 1 ? { item, instalments: instalmentContext(product) } : null,
      restockItem: soldOut && product.variants.length === 1 ? item : null,
      // The product form's fallback holds the sign-up's first render: it wears the restock styles.
      styles: soldOut && product.variants.length === 1 ? ['/dist/widgets/restock-form.css'] : [],
      reviews: express ? DEMO_REVIEWS : null,
      // The site context's review switches, so the fallback shows the reviews toggle the form will.
      reviewFlags: BASE_CONTEXT.reviews,
      expressCheckout: express,
    },
    {
      description:
        typeof item['excerpt'] === 'string' && item['excerpt'] !== ''
          ? item['excerpt']
          : `${product.title} at ${SITE_TITLE}.`,
      image: imageSrc(product.image_url),
      // A product's own page: the content-item page, where a product page view counts
      // (docs/analytics.md).
      context: { pageType: PAGE_TYPES.contentItem },
    },
  );
}
