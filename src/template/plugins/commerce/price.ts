/** The price blocks: `product-price` and `subscription-price` (spec 001 §4-§5). */
import type { TemplateContext } from '../api';
import { asArray, interpolateHtml, isRecord, localized } from './data';
import { escapeHtml } from './html';
import type { Money } from '../../../commerce/money';
import {
  cheapestPoint,
  effectivePrice,
  hasVariedPrices,
  pricePoints,
  type PricePoint,
} from '../../../commerce/prices';
import { isSubscribable } from '../../../commerce/product-state';
import { moneyHtml, usesCldrMoney } from './money';
import { content, pricePoint, productFacts, variants } from './product';
import { parsePlan, subscriptionWording, type Plan } from './subscription';

interface PriceOptions {
  /** Subscription plan whose wording follows every amount. */
  readonly plan?: Plan | undefined;
}

function wrap(cls: string, body: string): string {
  return `<div class="${cls}">\n${body}\n</div>`;
}

function priceText(ctx: TemplateContext, money: Money | null, from: boolean, options: PriceOptions): string {
  const price = moneyHtml(ctx, money, usesCldrMoney(ctx));
  if (options.plan !== undefined) {
    const { template, values } = subscriptionWording(ctx, options.plan, from);
    return interpolateHtml(template, { ...values, price }, escapeHtml);
  }
  if (!from) return price;
  return interpolateHtml(localized(ctx, 'productPrice__fromPrice', 'from {price}'), { price }, escapeHtml);
}

function saleText(ctx: TemplateContext, point: PricePoint, options: PriceOptions): string {
  const saleLabel = escapeHtml(localized(ctx, 'productPriceSaleLabel', 'Sale Price:'));
  const originalLabel = escapeHtml(localized(ctx, 'productPriceOriginalLabel', 'Original Price:'));
  return (
    `<span class="visually-hidden v6-visually-hidden">${saleLabel}</span>` +
    priceText(ctx, point.salePrice, false, options) +
    ` <span class="visually-hidden v6-visually-hidden">${originalLabel}</span>` +
    `<span class="original-price">${priceText(ctx, point.price, false, options)}</span>`
  );
}

/**
 * Varied prices read "from" the lowest; one price on sale shows both amounts with screen-reader
 * labels; otherwise the one price. Multi-part bodies end with a line break.
 */
function priceBody(ctx: TemplateContext, points: readonly PricePoint[], options: PriceOptions): string {
  const [first] = points;
  if (first === undefined) return '';
  if (hasVariedPrices(points)) {
    const best = cheapestPoint(points);
    return `${priceText(ctx, best && effectivePrice(best), true, options)}\n`;
  }
  if (first.onSale) return `${saleText(ctx, first, options)}\n`;
  return priceText(ctx, first.price, false, options);
}

/** `{item|product-price}`: the product's price, with its subscription wording when subscribable. */
export function productPriceHtml(ctx: TemplateContext, item: unknown): string {
  const facts = productFacts(item, usesCldrMoney(ctx));
  const points = pricePoints(facts);
  if (points.length > 0 && isSubscribable(facts)) {
    const plan = parsePlan(content(item)['subscriptionPlan']);
    if (plan === undefined) {
      return wrap(
        'product-price',
        `${escapeHtml(localized(ctx, 'productPriceUnavailable', 'Unavailable'))}\n`,
      );
    }
    return wrap('product-price', priceBody(ctx, points, { plan }));
  }
  return wrap('product-price', priceBody(ctx, points, {}));
}

/** `{item|subscription-price}`: the price of each variant's first subscription pricing option. */
export function subscriptionPriceHtml(ctx: TemplateContext, item: unknown): string {
  const points = variants(item)
    .map((variant) => asArray(variant['pricingOptions'])[0])
    .filter(isRecord)
    .map((option) => pricePoint(option, usesCldrMoney(ctx)));
  return wrap('subscription-price', priceBody(ctx, points, {}));
}
