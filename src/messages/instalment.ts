/**
 * Instalment texts (spec 000 §5): the instalment pill's and the cart page's. The range texts are
 * described, not quoted; that wording is ours.
 */
export const INSTALMENT_MESSAGES = {
  instalmentUpTo: 'Available for orders up to {amount}',
  instalmentOver: 'Available for orders over {amount}',
  instalmentMinimumSubtotal: 'To check out, your order subtotal must be {subtotal} or more.',
  instalmentPayments: '{count} interest-free payments of {amount}',
  instalmentPaymentsInline: 'or {count} interest-free payments of {amount} with',
} as const;

export type InstalmentMessageKey = keyof typeof INSTALMENT_MESSAGES;
