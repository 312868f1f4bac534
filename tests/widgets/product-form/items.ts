/** Product items in the raw page shape (spec 001 §3), as a block's data-sf-props carries them. */
export const usd = (decimalValue: string) => ({ decimalValue, currencyCode: 'USD' });

export const TEE = {
  id: 'tee',
  collectionId: 'shop',
  title: 'Organic Tee',
  variantOptionOrdering: ['Color', 'Size'],
  structuredContent: {
    productType: 1,
    isSubscribable: false,
    variants: [
      {
        id: 'v-s-black',
        sku: 'TEE-S-BLK',
        attributes: { Size: 'S', Color: 'Black' },
        priceMoney: usd('25.00'),
        qtyInStock: 5,
        mainImage: { assetUrl: '/img/tee-black.jpg', altText: 'Black tee' },
      },
      {
        id: 'v-m-black',
        sku: 'TEE-M-BLK',
        attributes: { Size: 'M', Color: 'Black' },
        priceMoney: usd('25.00'),
        qtyInStock: 0,
      },
      {
        id: 'v-s-white',
        sku: 'TEE-S-WHT',
        attributes: { Size: 'S', Color: 'White' },
        priceMoney: usd('30.00'),
        salePriceMoney: usd('20.00'),
        onSale: true,
        unlimited: true,
        imageUrl: '/img/tee-white.jpg',
      },
    ],
  },
};

export const MUG = {
  id: 'mug',
  collectionId: 'shop',
  title: 'Mug',
  structuredContent: {
    productType: 1,
    isSubscribable: false,
    variants: [{ id: 'v-mug', sku: 'MUG', attributes: {}, priceMoney: usd('12.50'), qtyInStock: 10 }],
  },
};

export const SOLD_OUT = {
  id: 'cap',
  collectionId: 'shop',
  title: 'Cap',
  structuredContent: {
    productType: 1,
    isSubscribable: false,
    variants: [{ id: 'v-cap', sku: 'CAP', attributes: {}, priceMoney: usd('15.00'), qtyInStock: 0 }],
  },
};

export const EBOOK = {
  id: 'ebook',
  collectionId: 'shop',
  title: 'E-book',
  structuredContent: { productType: 2, isSubscribable: false, variants: [], priceMoney: usd('9.00') },
};

export const BOX = {
  id: 'box',
  collectionId: 'shop',
  title: 'Coffee Box',
  structuredContent: {
    productType: 1,
    isSubscribable: true,
    subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
    variants: [{ id: 'v-box', sku: 'BOX', attributes: {}, priceMoney: usd('30.00'), qtyInStock: 100 }],
  },
};

export const GIFT_CARD = {
  id: 'gc',
  collectionId: 'shop',
  title: 'Gift Card',
  structuredContent: {
    productType: 4,
    isSubscribable: false,
    variants: [
      { id: 'gc-25', sku: 'GC-25', attributes: { Amount: '$25' }, priceMoney: usd('25.00') },
      { id: 'gc-50', sku: 'GC-50', attributes: { Amount: '$50' }, priceMoney: usd('50.00') },
    ],
  },
};

export const ENGRAVED = {
  id: 'pen',
  collectionId: 'shop',
  title: 'Engraved Pen',
  structuredContent: {
    productType: 1,
    isSubscribable: false,
    variants: [{ id: 'v-pen', sku: 'PEN', attributes: {}, priceMoney: usd('40.00'), qtyInStock: 3 }],
    additionalFieldsFormId: 'form-engraving',
    additionalFieldsForm: {
      id: 'form-engraving',
      name: 'Engraving',
      fields: [
        { id: 'words', type: 'text', title: 'Words', required: true },
        { id: 'mood', type: 'likert', title: 'Mood', options: ['I love pens'] },
      ],
    },
  },
};

export const ENGRAVED_BY_ID = {
  ...ENGRAVED,
  id: 'pen2',
  structuredContent: { ...ENGRAVED.structuredContent, additionalFieldsForm: undefined },
};
