/**
 * The shared message catalogue: every user-facing text the specs quote, keyed once, with
 * `{placeholder}` interpolation through `format`. A page may override any key (for translation or
 * wording) through `createMessages`. Widget catalogues build on the same functions.
 *
 * The texts live in one module per area under ./messages/ (storefront, cart, product, form,
 * platform) so a widget bundle carries only the areas it shows; this module joins them for npm
 * users, the template engine and tests.
 */
import { CART_MESSAGES } from './cart.js';
import { FORM_MESSAGES } from './form.js';
import { createMessages as createCatalogueMessages, type Messages as MessagesOf } from './format.js';
import { PLATFORM_MESSAGES } from './platform.js';
import { PRODUCT_MESSAGES } from './product.js';
import { STOREFRONT_MESSAGES } from './storefront.js';

export { format, type MessageParams } from './format.js';
export { CART_MESSAGES, FORM_MESSAGES, PLATFORM_MESSAGES, PRODUCT_MESSAGES, STOREFRONT_MESSAGES };

export const MESSAGES = {
  ...STOREFRONT_MESSAGES,
  ...CART_MESSAGES,
  ...PRODUCT_MESSAGES,
  ...FORM_MESSAGES,
  ...PLATFORM_MESSAGES,
} as const;

export type MessageKey = keyof typeof MESSAGES;

export { DIAGNOSTICS } from './diagnostics.js';

/** A lookup over a catalogue; by default the shared one. */
export type Messages<K extends string = MessageKey> = MessagesOf<K>;

/**
 * Builds a lookup over a catalogue (the shared one by default) with page overrides applied.
 * Overrides come from page JSON, so anything that is not a string, or names a key the catalogue
 * does not have, is ignored.
 */
export function createMessages(
  overrides?: Partial<Record<MessageKey, string>> | Readonly<Record<string, unknown>> | null,
): Messages;
export function createMessages<C extends Readonly<Record<string, string>>>(
  overrides: Partial<Record<keyof C & string, string>> | Readonly<Record<string, unknown>> | null | undefined,
  catalogue: C,
): Messages<keyof C & string>;
export function createMessages(
  overrides?: Readonly<Record<string, unknown>> | null,
  catalogue: Readonly<Record<string, string>> = MESSAGES,
): Messages<string> {
  return createCatalogueMessages(overrides, catalogue);
}

/** The shared catalogue without overrides. */
export const defaultMessages: Messages = createMessages();

/** Comment count text of spec 001 §5: No Comments, 1 Comment, N Comments. */
export function commentCountText(count: number, messages: Messages = defaultMessages): string {
  if (count === 1) return messages.t('commentsOne');
  if (!Number.isFinite(count) || count <= 0) return messages.t('commentsNone');
  return messages.t('commentsMany', { count });
}
