/**
 * Subscription price text (spec 001 §5): "every week", "every 2 months for 8 months". Each wording
 * is a `localizedStrings` key the site can translate, with `{price}`, `{billingPeriodValue}` and
 * `{duration}` placeholders:
 *
 * `productPrice__<singlePrice|fromPrice>__<1|n><Weekly|Monthly|Yearly>__indefinite`
 * `productPrice__<singlePrice|fromPrice>__<1|n><Weekly|Monthly|Yearly>__limited__<1|n><Week|Month|Year>s`
 */
import type { TemplateContext } from '../api';
import { asRecord, localized, pick, toNumber } from './data';

type Unit = 'week' | 'month' | 'year';

const UNIT_CODES: Readonly<Record<string, Unit>> = { week: 'week', month: 'month', year: 'year' };
const ADVERB: Readonly<Record<Unit, string>> = { week: 'Weekly', month: 'Monthly', year: 'Yearly' };
const PLURAL: Readonly<Record<Unit, string>> = { week: 'weeks', month: 'months', year: 'years' };
/** Weeks per year 52, months per year 12 (spec 001 §9). */
const PER_YEAR: Readonly<Record<Unit, number>> = { week: 52, month: 12, year: 1 };

export interface Plan {
  readonly unit: Unit;
  /** Billing every `every` units. */
  readonly every: number;
  /** Number of charges; 0 means until cancelled. */
  readonly cycles: number;
}

/** The product's plan, or undefined when it cannot be sold (shown as Unavailable). */
export function parsePlan(plan: unknown): Plan | undefined {
  const period = asRecord(pick(plan, 'billingPeriod'));
  const unitText = period['unit'];
  const unit = typeof unitText === 'string' ? UNIT_CODES[unitText.toLowerCase()] : undefined;
  const every = toNumber(period['value']);
  if (unit === undefined || every === undefined || !Number.isInteger(every) || every < 1) return undefined;
  const cycles = toNumber(pick(plan, 'numBillingCycles')) ?? 0;
  if (!Number.isInteger(cycles) || cycles < 0) return undefined;
  return { unit, every, cycles };
}

/** How long a finite plan runs, in years when it fits whole years. */
function duration(plan: Plan): { amount: number; unit: Unit } {
  const total = plan.every * plan.cycles;
  const perYear = PER_YEAR[plan.unit];
  return total % perYear === 0
    ? { amount: total / perYear, unit: 'year' }
    : { amount: total, unit: plan.unit };
}

function defaultWording(plan: Plan, from: boolean): string {
  const lead = from ? 'from {price}' : '{price}';
  const every = plan.every === 1 ? ` every ${plan.unit}` : ` every {billingPeriodValue} ${PLURAL[plan.unit]}`;
  if (plan.cycles === 0) return lead + every;
  const span = duration(plan);
  const length = span.amount === 1 ? `1 ${span.unit}` : `{duration} ${PLURAL[span.unit]}`;
  return `${lead}${every} for ${length}`;
}

function wordingKey(plan: Plan, from: boolean): string {
  const head = `productPrice__${from ? 'fromPrice' : 'singlePrice'}__${plan.every === 1 ? '1' : 'n'}${ADVERB[plan.unit]}`;
  if (plan.cycles === 0) return `${head}__indefinite`;
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
      billingPeriodValue: String(plan.every),
      duration: String(duration(plan).amount),
    },
  };
}
