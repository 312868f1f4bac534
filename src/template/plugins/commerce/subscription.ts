/**
 * Subscription price text (spec 001 §5): "every week", "every 2 months for 8 months". Each wording
 * is a `localizedStrings` key the site can translate, with `{price}`, `{billingPeriodValue}` and
 * `{duration}` placeholders:
 *
 * `productPrice__<singlePrice|fromPrice>__<1|n><Weekly|Monthly|Yearly>__indefinite`
 * `productPrice__<singlePrice|fromPrice>__<1|n><Weekly|Monthly|Yearly>__limited__<1|n><Week|Month|Year>s`
 */
import { parseSubscriptionPlan, type SubscriptionPlan } from '../../../commerce/product';
import { subscriptionDuration } from '../../../commerce/subscription-text';
import type { TemplateContext } from '../api';
import { localized } from './data';

type Unit = 'week' | 'month' | 'year';

const ADVERB: Readonly<Record<Unit, string>> = { week: 'Weekly', month: 'Monthly', year: 'Yearly' };
const PLURAL: Readonly<Record<Unit, string>> = { week: 'weeks', month: 'months', year: 'years' };

/** A product's plan as the commerce core reads it (spec 001 §3). */
export type Plan = SubscriptionPlan;

/** The product's plan, or undefined when it cannot be sold (shown as Unavailable). */
export function parsePlan(plan: unknown): Plan | undefined {
  const parsed = parseSubscriptionPlan(plan);
  return parsed.ok ? parsed.value : undefined;
}

const unitOf = (plan: Plan): Unit => plan.billingPeriod.unit.toLowerCase() as Unit;

/** How long a finite plan runs, in years when it fits whole years: the commerce core's rule. */
function duration(plan: Plan): { amount: number; unit: Unit } {
  const span = subscriptionDuration(plan);
  return span === null
    ? { amount: 0, unit: unitOf(plan) }
    : { amount: span.amount, unit: span.unit.toLowerCase() as Unit };
}

function defaultWording(plan: Plan, from: boolean): string {
  const lead = from ? 'from {price}' : '{price}';
  const unit = unitOf(plan);
  const every =
    plan.billingPeriod.value === 1 ? ` every ${unit}` : ` every {billingPeriodValue} ${PLURAL[unit]}`;
  if (plan.numBillingCycles === 0) return lead + every;
  const span = duration(plan);
  const length = span.amount === 1 ? `1 ${span.unit}` : `{duration} ${PLURAL[span.unit]}`;
  return `${lead}${every} for ${length}`;
}

function wordingKey(plan: Plan, from: boolean): string {
  const head = `productPrice__${from ? 'fromPrice' : 'singlePrice'}__${plan.billingPeriod.value === 1 ? '1' : 'n'}${ADVERB[unitOf(plan)]}`;
  if (plan.numBillingCycles === 0) return `${head}__indefinite`;
  const span = duration(plan);
  const unit = span.unit.charAt(0).toUpperCase() + span.unit.slice(1);
  return `${head}__limited__${span.amount === 1 ? '1' : 'n'}${unit}s`;
}

/** The wording template and its values for a price shown under `plan`. */
export function subscriptionWording(
  ctx: TemplateContext,
  plan: Plan,
  from: boolean,
): { template: string; values: Readonly<Record<string, string>> } {
  return {
    template: localized(ctx, wordingKey(plan, from), defaultWording(plan, from)),
    values: {
      billingPeriodValue: String(plan.billingPeriod.value),
      duration: String(duration(plan).amount),
    },
  };
}
