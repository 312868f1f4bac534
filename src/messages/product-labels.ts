/**
 * What a product form shows from its first render (spec 000 §2, §4, §8; spec 001 §4, §9): labels,
 * the add button and its states, the marks, and the titles of a failed add (a failure can come
 * before the add flow's code has loaded). The texts shown only after an add, a failure or in the
 * additional-fields form have modules of their own (./add.ts, ./fields.ts) that load with them.
 */
export const PRODUCT_LABEL_MESSAGES = {
  addToCart: 'Add To Cart',
  subscribe: 'Subscribe',
  purchase: 'Purchase',
  quantity: 'Quantity',
  soldOut: 'sold out',
  sale: 'sale',
  quickView: 'Quick View',
  selectVariant: 'Select {variantName}',
  /**
   * A gift card's denomination select (spec 001 §9 "Select Value"): the widget and the platform
   * markup both read it here, rather than naming the option as other products do.
   */
  giftCardSelect: 'Select Value',

  // Add-to-cart button states (spec 000 §4)
  adding: 'Adding…',
  added: 'Added!',

  // Add-to-cart failures of the product form (spec 000 §8)
  unableToAddItem: 'Unable to Add Item',
  unableToPurchaseItem: 'Unable to Purchase Item',
  unableToPurchaseGiftCard: 'Unable to purchase Gift Card',
} as const;

export type ProductLabelKey = keyof typeof PRODUCT_LABEL_MESSAGES;
