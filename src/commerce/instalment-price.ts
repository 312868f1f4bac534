/**
 * Instalment prices and texts (spec 000 §4, §5, §9); the provider's context is ./instalments.ts. Pure functions over
 * parsed product items: no DOM, no network, no React.
 */
import { INSTALMENTS, PRODUCT_TYPES } from '../constants.js';
import { catalogueDefaults, type Messages as MessagesOf } from '../messages/format.js';
import { INSTALMENT_MESSAGES, type InstalmentMessageKey } from '../messages/instalment.js';
import { formatMoney, type Money } from './money.js';
import { effectivePrice, priceRange } from './prices.js';
import {
  isSoldOut,
  isVariantSoldOut,
  type ProductLike,
  type VariantFacts,
  productTypeOf,
} from './product-state.js';
import type { ProductItem } from './product.js';

const instalmentMessages = /* @__PURE__ */ catalogueDefaults(INSTALMENT_MESSAGES);

/** In range when the price is above the minimum and not above the maximum, all in cents. */
export function isInstalmentInRange(priceCents: number, minCents: number, maxCents: number): boolean {
  return priceCents > minCents && priceCents <= maxCents;
}

/** Only physical products qualify for instalment messaging. */
export function qualifiesForInstalments(item: ProductItem): boolean {
  return productTypeOf(item) === PRODUCT_TYPES.physical;
}

/**
 * The amount the instalment pill speaks of: what the buyer pays for the chosen variant (the
 * lowest price while the choice is incomplete) times the quantity. Null without a price, for an
 * amount beyond exact arithmetic, and for what cannot be bought (a sold-out variant, or a sold-out
 * product before a choice): no offer to pay for it in instalments.
 */
export function instalmentPrice(
  item: ProductLike,
  variant: VariantFacts | null,
  quantity: number,
): Money | null {
  if (variant ? isVariantSoldOut(item, variant) : isSoldOut(item)) return null;
  const unit = variant ? effectivePrice(variant) : (priceRange(item)?.low ?? null);
  if (!unit || !Number.isSafeInteger(quantity) || quantity < 1) return null;
  const amount = unit.amount * quantity;
  return Number.isSafeInteger(amount) ? { amount, currency: unit.currency } : null;
}

/** The number of instalments: a whole number above 0, else the default 4 (spec 000 §9). */
export function instalmentCount(count: number | null | undefined): number {
  return typeof count === 'number' && Number.isSafeInteger(count) && count > 0
    ? count
    : INSTALMENTS.defaultCount;
}

/** One instalment of a price split in `count` (default 4), rounded to the nearest minor unit. */
export function instalmentPayment(price: Money, count: number = INSTALMENTS.defaultCount): Money {
  return { amount: Math.round(price.amount / instalmentCount(count)), currency: price.currency };
}

export interface InstalmentTextInput {
  readonly price: Money;
  readonly min: Money;
  readonly max: Money;
  /** @default 4 */
  readonly count?: number | undefined;
  /** The one-line form ("or 4 interest-free payments of $2.50 with"). @default false */
  readonly inline?: boolean | undefined;
  /** @default 'en-US' */
  readonly locale?: string | undefined;
  readonly messages?: MessagesOf<InstalmentMessageKey> | undefined;
}

/**
 * The instalment pill's text (spec 000 §5): payments in range; outside it, "up to" the maximum
 * when the price is above it, "over" the minimum when at or below it.
 */
export function instalmentText(input: InstalmentTextInput): string {
  const messages = input.messages ?? instalmentMessages();
  const fmt = (m: Money): string => formatMoney(m, { locale: input.locale });
  // The text names the same count the payment is split by, even for an unusable one.
  const count = instalmentCount(input.count);
  if (isInstalmentInRange(input.price.amount, input.min.amount, input.max.amount)) {
    const amount = fmt(instalmentPayment(input.price, count));
    return messages.t(input.inline === true ? 'instalmentPaymentsInline' : 'instalmentPayments', {
      count,
      amount,
    });
  }
  if (input.price.amount > input.max.amount) return messages.t('instalmentUpTo', { amount: fmt(input.max) });
  return messages.t('instalmentOver', { amount: fmt(input.min) });
}
