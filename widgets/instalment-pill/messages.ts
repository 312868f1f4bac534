/**
 * The instalment pill's catalogue: the instalment texts of spec 000 §5 (shared with the rules
 * that choose between them) plus its own labels. The page overrides any key through `strings` in
 * the block's props.
 */
import { createMessages, type Messages } from '../../src/messages/format.js';
import { INSTALMENT_MESSAGES } from '../../src/messages/instalment.js';
import type { InstalmentBrand } from '../../src/commerce/instalments.js';

export const INSTALMENT_PILL_MESSAGES = {
  ...INSTALMENT_MESSAGES,
  // Ours: the spec names the two brands by position only.
  brandAfterpay: 'Afterpay',
  brandClearpay: 'Clearpay',
  /** Accessible name of the info button, and heading of the info popup. */
  instalmentInfo: 'About {brand}',
  /** The info popup's link to the provider's own terms (widgets/instalment-pill/terms.ts). Ours. */
  instalmentTerms: 'Read the {brand} terms (opens in a new tab)',
  close: 'Close',
} as const;

export type InstalmentPillMessageKey = keyof typeof INSTALMENT_PILL_MESSAGES;
export type InstalmentPillMessages = Messages<InstalmentPillMessageKey>;

export const instalmentPillMessages = (
  strings?: Readonly<Record<string, string>> | null,
): InstalmentPillMessages => createMessages(strings ?? null, INSTALMENT_PILL_MESSAGES);

/** The brand's display name. */
export const brandName = (brand: InstalmentBrand, m: InstalmentPillMessages): string =>
  m.t(brand === 'clearpay' ? 'brandClearpay' : 'brandAfterpay');
