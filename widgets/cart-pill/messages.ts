/**
 * The cart pill's catalogue: the cart texts of spec 000 §2 and the spoken badge texts of
 * spec 001 §8. The page overrides any key through `strings` in the block's props.
 */
import { LIMITS } from '../../src/constants.js';
import { CART_COUNT_MESSAGES } from '../../src/messages/cart-count.js';
import { createMessages, type Messages } from '../../src/messages/format.js';

export const CART_PILL_MESSAGES = {
  ...CART_COUNT_MESSAGES,
  // Ours: what a screen reader hears before the subtotal ("2 items in cart, $50").
  spokenBeforeSubtotal: '{spoken},',
} as const;

export type CartPillMessageKey = keyof typeof CART_PILL_MESSAGES;

export const createCartPillMessages = (
  overrides?: Readonly<Record<string, unknown>> | null,
): Messages<CartPillMessageKey> => createMessages(overrides, CART_PILL_MESSAGES);

/** The count as shown: the number, or 100+ above 100. */
export function countText(count: number, messages: Messages<CartPillMessageKey>): string {
  return count > LIMITS.cartCountMax ? messages.t('countOverflow') : String(count);
}

/** "item" for exactly one, "items" otherwise (spec 001 §5: singular is exactly 1). */
export function wordText(count: number, messages: Messages<CartPillMessageKey>): string {
  return messages.t(count === 1 ? 'item' : 'items');
}

/** The spoken count: the start of the pill's accessible name, the subtotal follows. */
export function spokenText(count: number, messages: Messages<CartPillMessageKey>): string {
  if (count === 1) return messages.t('spokenOne');
  if (count > LIMITS.cartCountMax) return messages.t('spokenOverflow');
  return messages.t('spokenMany', { count });
}
