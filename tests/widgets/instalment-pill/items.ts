/** Product items and instalment contexts in the raw page shape, as a block's data-sf-props has them. */
const usd = (decimalValue: string) => ({ decimalValue, currencyCode: 'USD' });

/** A tee in two sizes: S $25.00, M $27.00 (on sale at $19.50); L $45.00. */
export const TEE = {
  id: 'tee',
  collectionId: 'shop',
  title: 'Trail Tee',
  variantOptionOrdering: ['Size'],
  structuredContent: {
    productType: 1,
    isSubscribable: false,
    variants: [
      { id: 'v-s', sku: 'TEE-S', attributes: { Size: 'S' }, priceMoney: usd('25.00'), qtyInStock: 9 },
      {
        id: 'v-m',
        sku: 'TEE-M',
        attributes: { Size: 'M' },
        priceMoney: usd('27.00'),
        salePriceMoney: usd('19.50'),
        onSale: true,
        qtyInStock: 9,
      },
      { id: 'v-l', sku: 'TEE-L', attributes: { Size: 'L' }, priceMoney: usd('45.00'), qtyInStock: 9 },
    ],
  },
};

export const EBOOK = {
  id: 'ebook',
  collectionId: 'shop',
  structuredContent: { productType: 2, isSubscribable: false, variants: [], priceMoney: usd('60.00') },
};

export const YEN_TEA = {
  id: 'tea',
  collectionId: 'shop',
  structuredContent: {
    productType: 1,
    isSubscribable: false,
    variants: [
      { sku: 'TEA', attributes: {}, priceMoney: { value: '5001', currency: 'JPY' }, unlimited: true },
    ],
  },
};

/** $20.00 to $1,000.00 in the US. */
export const US = {
  afterPayAvailable: true,
  afterPayMin: usd('20.00'),
  afterPayMax: usd('1000.00'),
  shopperLanguage: 'en-US',
  stripeAccountCountry: 'US',
};
