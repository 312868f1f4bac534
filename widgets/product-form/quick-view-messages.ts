/**
 * Texts of the quick-view lightbox only. They live apart from ./messages.ts so they load with the
 * lightbox on a shop page, not with every product page (its start-up budget is full); the page
 * overrides them through the same `strings` prop.
 */
import { createMessages, type Messages } from '../../src/messages/format.js';

export const QUICK_VIEW_MESSAGES = {
  fullDetails: 'View full details',
  fullDetailsOf: 'View full details of {title}',
} as const;

export type QuickViewMessages = Messages<keyof typeof QUICK_VIEW_MESSAGES>;

export function quickViewMessages(strings?: Readonly<Record<string, string>> | null): QuickViewMessages {
  return createMessages(strings ?? null, QUICK_VIEW_MESSAGES);
}
