/**
 * The text of the link the package's cart pill renders on the server (./npm-pill.tsx), as a block's
 * fallback is (docs/widgets/cart-pill.md). Only a React app that renders on its server shows it, so
 * it is a catalogue of its own, out of the script tag's start: its translations are in the
 * languages' second parts. The page overrides it through the pill's `strings`.
 */
import { createMessages, type Messages } from '../../src/messages/format.js';

export const CART_LINK_MESSAGES = {
  // Ours: the link to the cart before the cart is known.
  cartLink: 'Cart',
} as const;

export const createCartLinkMessages = (
  overrides?: Readonly<Record<string, unknown>> | null,
): Messages<keyof typeof CART_LINK_MESSAGES> => createMessages(overrides, CART_LINK_MESSAGES);
