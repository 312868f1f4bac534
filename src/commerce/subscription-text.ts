/**
 * Subscription price text (spec 001 §5). Pure functions over
 * parsed product items: no DOM, no network, no React.
 */
import { LIMITS } from '../constants.js';
import { catalogueDefaults, type Messages as MessagesOf } from '../messages/format.js';
import { SUBSCRIPTION_MESSAGES, type SubscriptionMessageKey } from '../messages/subscription.js';
import type { SubscriptionPlan } from './product.js';

const subscriptionMessages = /* @__PURE__ */ catalogueDefaults(SUBSCRIPTION_MESSAGES);

type Unit = 'WEEK' | 'MONTH' | 'YEAR';

const EVERY = {
  WEEK: ['subscriptionEveryWeek', 'subscriptionEveryWeeks'],
  MONTH: ['subscriptionEveryMonth', 'subscriptionEveryMonths'],
  YEAR: ['subscriptionEveryYear', 'subscriptionEveryYears'],
} as const;
const FOR = {
  WEEK: ['subscriptionForWeek', 'subscriptionForWeeks'],
  MONTH: ['subscriptionForMonth', 'subscriptionForMonths'],
  YEAR: ['subscriptionForYear', 'subscriptionForYears'],
} as const;

const isUsablePlan = (plan: SubscriptionPlan | null | undefined): plan is SubscriptionPlan =>
  !!plan &&
  Number.isSafeInteger(plan.billingPeriod.value) &&
  plan.billingPeriod.value > 0 &&
  (plan.billingPeriod.unit === 'WEEK' ||
    plan.billingPeriod.unit === 'MONTH' ||
    plan.billingPeriod.unit === 'YEAR') &&
  Number.isSafeInteger(plan.numBillingCycles) &&
  plan.numBillingCycles >= 0;

/** "every month", "every 2 weeks"; null for an unusable plan. */
export function subscriptionPeriodText(
  plan: SubscriptionPlan | null | undefined,
  messages: MessagesOf<SubscriptionMessageKey> = subscriptionMessages(),
): string | null {
  if (!isUsablePlan(plan)) return null;
  const { value, unit } = plan.billingPeriod;
  const [one, many] = EVERY[unit];
  return value === 1 ? messages.t(one) : messages.t(many, { count: value });
}

export interface DurationOptions {
  /**
   * Show durations that fill whole years in years (52 weeks, 12 months to the year).
   * @default true
   */
  readonly preferYears?: boolean | undefined;
  readonly messages?: MessagesOf<SubscriptionMessageKey> | undefined;
}

/** A length of time in billing units. */
export interface SubscriptionSpan {
  readonly amount: number;
  readonly unit: Unit;
}

/**
 * How long a finite plan runs (spec 001 §5): period times cycles, in years when that fills whole
 * years (52 weeks, 12 months to the year) unless `preferYears` is false. Null for an indefinite
 * (0 cycles) or unusable plan. The template's wording and the widgets' text both read it.
 */
export function subscriptionDuration(
  plan: SubscriptionPlan | null | undefined,
  preferYears = true,
): SubscriptionSpan | null {
  if (!isUsablePlan(plan) || plan.numBillingCycles === 0) return null;
  const total = plan.billingPeriod.value * plan.numBillingCycles;
  if (!Number.isSafeInteger(total)) return null;
  const unit = plan.billingPeriod.unit;
  if (preferYears) {
    if (unit === 'WEEK' && total % LIMITS.weeksPerYear === 0)
      return { amount: total / LIMITS.weeksPerYear, unit: 'YEAR' };
    if (unit === 'MONTH' && total % LIMITS.monthsPerYear === 0)
      return { amount: total / LIMITS.monthsPerYear, unit: 'YEAR' };
  }
  return { amount: total, unit };
}

/**
 * "for 6 months", "for 2 years"; empty for an indefinite plan (0 cycles); null for an unusable
 * plan.
 */
export function subscriptionDurationText(
  plan: SubscriptionPlan | null | undefined,
  options: DurationOptions = {},
): string | null {
  if (!isUsablePlan(plan)) return null;
  if (plan.numBillingCycles === 0) return '';
  const span = subscriptionDuration(plan, options.preferYears !== false);
  if (span === null) return null;
  const messages = options.messages ?? subscriptionMessages();
  const [one, many] = FOR[span.unit];
  return span.amount === 1 ? messages.t(one) : messages.t(many, { count: span.amount });
}
