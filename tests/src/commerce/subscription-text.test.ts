import { describe, expect, it } from 'vitest';
import { subscriptionDurationText, subscriptionPeriodText } from '../../../src/commerce/subscription-text';
import type { SubscriptionPlan } from '../../../src/commerce/product';

describe('subscription price text', () => {
  const plan = (
    value: number,
    unit: 'WEEK' | 'MONTH' | 'YEAR',
    numBillingCycles: number,
  ): SubscriptionPlan => ({
    billingPeriod: { value, unit },
    numBillingCycles,
  });

  it.each([
    [plan(1, 'WEEK', 0), 'every week'],
    [plan(1, 'MONTH', 0), 'every month'],
    [plan(1, 'YEAR', 0), 'every year'],
    [plan(2, 'WEEK', 0), 'every 2 weeks'],
    [plan(3, 'MONTH', 0), 'every 3 months'],
    [plan(5, 'YEAR', 0), 'every 5 years'],
  ])('period of %j reads %j', (p, text) => {
    expect(subscriptionPeriodText(p)).toBe(text);
  });

  it.each([
    [plan(1, 'MONTH', 0), true, ''],
    [plan(1, 'MONTH', 1), true, 'for 1 month'],
    [plan(1, 'MONTH', 6), true, 'for 6 months'],
    [plan(1, 'MONTH', 12), true, 'for 1 year'],
    [plan(1, 'MONTH', 24), true, 'for 2 years'],
    [plan(1, 'MONTH', 24), false, 'for 24 months'],
    [plan(3, 'MONTH', 4), true, 'for 1 year'],
    [plan(1, 'WEEK', 1), true, 'for 1 week'],
    [plan(1, 'WEEK', 10), true, 'for 10 weeks'],
    [plan(1, 'WEEK', 52), true, 'for 1 year'],
    [plan(2, 'WEEK', 52), true, 'for 2 years'],
    [plan(2, 'WEEK', 52), false, 'for 104 weeks'],
    [plan(1, 'YEAR', 3), true, 'for 3 years'],
    [plan(1, 'YEAR', 1), true, 'for 1 year'],
  ])('duration of %j (years preferred: %s) reads %j', (p, preferYears, text) => {
    expect(subscriptionDurationText(p, { preferYears })).toBe(text);
  });
});
