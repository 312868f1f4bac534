/**
 * Subscription price text (spec 001 §5). The spec quotes the parts; joining them is ours. No widget
 * shows it at start, so no start-up chunk carries it.
 */
export const SUBSCRIPTION_MESSAGES = {
  subscriptionEveryWeek: 'every week',
  subscriptionEveryMonth: 'every month',
  subscriptionEveryYear: 'every year',
  subscriptionEveryWeeks: 'every {count} weeks',
  subscriptionEveryMonths: 'every {count} months',
  subscriptionEveryYears: 'every {count} years',
  subscriptionForWeek: 'for 1 week',
  subscriptionForMonth: 'for 1 month',
  subscriptionForYear: 'for 1 year',
  subscriptionForWeeks: 'for {count} weeks',
  subscriptionForMonths: 'for {count} months',
  subscriptionForYears: 'for {count} years',
  subscriptionPrice: '{price} {period}',
  subscriptionPriceWithDuration: '{price} {period} {duration}',
  subscriptionUnavailable: 'Unavailable',
} as const;

export type SubscriptionMessageKey = keyof typeof SUBSCRIPTION_MESSAGES;
