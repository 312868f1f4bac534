/**
 * The instalment pill's texts (spec 000 §5). The range texts are described, not quoted; that
 * wording is ours. The cart page's minimum-subtotal text is in ./product.ts.
 */
export const INSTALMENT_MESSAGES = {
  instalmentUpTo: 'Available for orders up to {amount}',
  instalmentOver: 'Available for orders over {amount}',
  instalmentPayments: '{count} interest-free payments of {amount}',
  instalmentPaymentsInline: 'or {count} interest-free payments of {amount} with',
} as const;

export type InstalmentMessageKey = keyof typeof INSTALMENT_MESSAGES;
