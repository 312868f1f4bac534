/**
 * Product display and add-to-cart rules (spec 001 §4, §5; spec 000 §4, §5). Pure functions over
 * parsed product items: no DOM, no network, no React.
 */
import { LIMITS, INSTALMENTS, PRODUCT_TYPES } from '../constants.js';
import { CART_MESSAGES } from '../messages/cart.js';
import { catalogueDefaults, createMessages, type Messages as MessagesOf } from '../messages/format.js';
import { INSTALMENT_MESSAGES, type InstalmentMessageKey } from '../messages/instalment.js';
import { PRODUCT_MESSAGES } from '../messages/product.js';
import { PRODUCT_LABEL_MESSAGES, type ProductLabelKey } from '../messages/product-labels.js';
import { SUBSCRIPTION_MESSAGES, type SubscriptionMessageKey } from '../messages/subscription.js';
import { formatMoney, type Money } from './money.js';
import type {
  Merchandising,
  ProductItem,
  ScarcityView,
  StoreSettings,
  SubscriptionPlan,
  Variant,
} from './product.js';

/** The texts these rules speak: the product and cart catalogues. */
export const COMMERCE_MESSAGES = { ...PRODUCT_MESSAGES, ...CART_MESSAGES } as const;
export type CommerceMessageKey = keyof typeof COMMERCE_MESSAGES;
/** Any lookup that knows the commerce keys, such as the shared catalogue's. */
type Messages = MessagesOf<CommerceMessageKey>;

/** The commerce texts with a page's overrides applied (non-strings and unknown keys ignored). */
export const createCommerceMessages = (overrides?: Readonly<Record<string, unknown>> | null): Messages =>
  createMessages(overrides, COMMERCE_MESSAGES);

/** The default catalogue, made once on first use. */
export const commerceMessages = /* @__PURE__ */ catalogueDefaults(COMMERCE_MESSAGES);

// Each rule speaks only its own texts by default, so a chunk that uses the rule carries those
// texts and no others (a product page's start-up code holds no add-check or subscription text).
const labelMessages = /* @__PURE__ */ catalogueDefaults(PRODUCT_LABEL_MESSAGES);
const subscriptionMessages = /* @__PURE__ */ catalogueDefaults(SUBSCRIPTION_MESSAGES);
const instalmentMessages = /* @__PURE__ */ catalogueDefaults(INSTALMENT_MESSAGES);

export type ProductStatus = 'sold-out' | 'on-sale' | 'none';

// ---------------------------------------------------------------------------------------------
// Product state (spec 001 §4). Every rule reads the facts below: a parsed product item
// (src/commerce/product.ts) has them as they are, and the template engine reads them from the raw
// JSON it renders (src/template/plugins/commerce/product.ts), so both ask the same functions.

/** What the product rules read of a variant. */
export interface VariantFacts {
  readonly onSale: boolean;
  readonly price: Money | null;
  readonly salePrice: Money | null;
  /** Units in stock, 0 when none. */
  readonly qtyInStock: number;
  readonly unlimited: boolean;
}

/** What the product rules read of a product's structuredContent. */
export interface ProductFacts {
  /** The type code of spec 001 §3; anything else is an unknown type. */
  readonly productType: number;
  readonly variants: readonly VariantFacts[];
  readonly isSubscribable: boolean;
  /** Digital products carry their sale flag and prices on the product itself. */
  readonly onSale?: boolean | undefined;
  readonly priceMoney?: Money | undefined;
  readonly salePriceMoney?: Money | undefined;
}

/** A product as the rules take it: a parsed `ProductItem` is one. */
export interface ProductLike {
  readonly structuredContent: ProductFacts;
}

const typeOf = (item: ProductLike): number => item.structuredContent.productType;

/** Physical and service products hold stock; digital, gift-card and paywall products do not. */
export const typeTracksStock = (productType: number): boolean =>
  productType === PRODUCT_TYPES.physical || productType === PRODUCT_TYPES.service;

export function tracksStock(item: ProductLike): boolean {
  return typeTracksStock(typeOf(item));
}

const isKnownType = (t: number): boolean => (Object.values(PRODUCT_TYPES) as number[]).includes(t);

/** A variant counts as in stock when it is unlimited or holds at least one unit. */
const inStock = (v: VariantFacts): boolean => v.unlimited || v.qtyInStock > 0;

/**
 * Sold out (spec 001 §4): a physical or service product when no variant is unlimited and none
 * has stock above 0. Digital and gift-card products are never sold out, and neither is a paywall
 * product, which holds no stock. A product of unknown type cannot be sold and reads as sold out
 * (the platform's own output, pinned by the template conformance corpus).
 */
export function isSoldOut(item: ProductLike): boolean {
  if (tracksStock(item)) return !item.structuredContent.variants.some(inStock);
  return !isKnownType(typeOf(item));
}

/** One variant of a product that tracks stock and has none left. */
export function isVariantSoldOut(item: ProductLike, variant: VariantFacts): boolean {
  return tracksStock(item) && !inStock(variant);
}

/**
 * On sale (spec 001 §4): any variant on sale or, for a digital product, the product itself.
 * Gift cards are sold at face value, so a sale flag on one means nothing.
 */
export function isOnSale(item: ProductLike): boolean {
  const sc = item.structuredContent;
  if (sc.productType === PRODUCT_TYPES.giftCard) return false;
  if (sc.productType === PRODUCT_TYPES.digital && sc.onSale === true) return true;
  return sc.variants.some((v) => v.onSale);
}

/** Sold out takes priority over sale (spec 001 §4). */
export function productStatus(item: ProductLike): ProductStatus {
  if (isSoldOut(item)) return 'sold-out';
  if (isOnSale(item)) return 'on-sale';
  return 'none';
}

/**
 * Subscribable as the product says. Spec 001 §3 lets a merchant make only physical and service
 * products subscribable; that is the editor's rule, and the platform's pages (the template
 * conformance corpus) show a flagged product of any type with Subscribe, so the flag decides.
 */
export function isSubscribable(item: ProductLike): boolean {
  return item.structuredContent.isSubscribable;
}

export function isGiftCard(item: ProductLike): boolean {
  return typeOf(item) === PRODUCT_TYPES.giftCard;
}

// ---------------------------------------------------------------------------------------------
// Prices (spec 001 §4-§5)

/** One purchasable price: a variant, or a digital product priced on the product itself. */
export type PricePoint = Pick<VariantFacts, 'onSale' | 'price' | 'salePrice'>;

/**
 * What the buyer pays at a price point: the sale price while on sale, else the price (also when
 * a point on sale has no sale price). Generic over the amount, so the server's stored cents use
 * the same rule.
 */
export function effectivePrice<A>(point: {
  readonly onSale: boolean;
  readonly price: A | null;
  readonly salePrice: A | null;
}): A | null {
  return point.onSale && point.salePrice !== null ? point.salePrice : point.price;
}

/**
 * The price points a product is sold at: its variants, or for a digital product priced on the
 * product (or without variants) the product itself. Gift cards are never on sale (face value).
 */
export function pricePoints(item: ProductLike): readonly PricePoint[] {
  const sc = item.structuredContent;
  if (sc.productType === PRODUCT_TYPES.digital && (sc.priceMoney !== undefined || sc.variants.length === 0)) {
    return [
      { onSale: sc.onSale === true, price: sc.priceMoney ?? null, salePrice: sc.salePriceMoney ?? null },
    ];
  }
  if (sc.productType === PRODUCT_TYPES.giftCard) return sc.variants.map((v) => ({ ...v, onSale: false }));
  return sc.variants;
}

const sameAmount = (a: Money | null, b: Money | null): boolean =>
  a === null || b === null ? a === b : a.amount === b.amount && a.currency === b.currency;

/**
 * Prices vary when some point differs from the first in sale status, regular price or (while on
 * sale) sale price: then a product shows "from" its lowest price.
 */
export function hasVariedPrices(points: readonly PricePoint[]): boolean {
  const [first, ...rest] = points;
  if (first === undefined) return false;
  return rest.some(
    (p) =>
      p.onSale !== first.onSale ||
      !sameAmount(p.price, first.price) ||
      (first.onSale && !sameAmount(p.salePrice, first.salePrice)),
  );
}

/** The point the buyer pays least at (the first wins a tie); null when no point has a price. */
export function cheapestPoint(points: readonly PricePoint[]): PricePoint | null {
  let best: PricePoint | null = null;
  let bestPrice: Money | null = null;
  for (const point of points) {
    const price = effectivePrice(point);
    if (price === null) continue;
    if (bestPrice === null || price.amount < bestPrice.amount) {
      best = point;
      bestPrice = price;
    }
  }
  return best;
}

/** The lowest and highest price the buyer pays, in one currency; null without prices. */
export function priceRange(item: ProductLike): { readonly low: Money; readonly high: Money } | null {
  let low: Money | null = null;
  let high: Money | null = null;
  for (const point of pricePoints(item)) {
    const price = effectivePrice(point);
    if (price === null) continue;
    if (low === null || high === null) {
      low = high = price;
    } else if (price.currency === low.currency) {
      if (price.amount < low.amount) low = price;
      if (price.amount > high.amount) high = price;
    }
  }
  return low === null || high === null ? null : { low, high };
}

/** The highest regular price; null without prices. */
export function highestRegularPrice(item: ProductLike): Money | null {
  let high: Money | null = null;
  for (const p of pricePoints(item)) if (p.price && (!high || p.price.amount > high.amount)) high = p.price;
  return high;
}

/** The lowest sale price among the points on sale; null when nothing is on sale. */
export function lowestSalePrice(item: ProductLike): Money | null {
  let low: Money | null = null;
  for (const p of pricePoints(item)) {
    if (p.onSale && p.salePrice && (!low || p.salePrice.amount < low.amount)) low = p.salePrice;
  }
  return low;
}

// ---------------------------------------------------------------------------------------------
// Scarcity (spec 001 §4)

/** Views may carry server-rendered markup; only their text is ever shown. */
const textOnly = (s: string): string => s.replace(/<[^>]*>/g, '').trim();

/**
 * The text of a scarcity view: its own when it has one, else the merchant's scarcity text with
 * the stock filled in (`{qtyInStock}` as the platform writes it, `{quantity}` too).
 */
export function scarcityViewText(
  scarcityText: string | undefined,
  view: ScarcityView | null,
  stock: number,
): string {
  return textOnly(
    view?.text ??
      (scarcityText ?? '').replace(/\{(?:qtyInStock|quantity)\}/g, String(view?.qtyInStock ?? stock)),
  );
}

/** A view speaks of a variant when it names it (id or sku) or gives all of its option values. */
export function scarcityViewMatches(view: ScarcityView, variant: Variant): boolean {
  if (view.variantKey !== undefined) return view.variantKey === variant.id || view.variantKey === variant.sku;
  const names = Object.keys(view.attributes);
  return names.length > 0 && names.every((n) => variant.attributes[n] === view.attributes[n]);
}

/**
 * The scarcity line to show, or null (spec 001 §4): the view of the chosen variant; without one,
 * only when shown by default, the product-wide view or text (with the chosen variant's stock, or
 * before a choice the largest). Whether a choice is still to come changes nothing: without a
 * matching view, shown-by-default alone decides.
 */
export function scarcityMessage(
  merch: Merchandising,
  item: ProductItem,
  variant: Variant | null,
): string | null {
  if (!merch.scarcityEnabled) return null;
  const view = variant && merch.scarcityViews.find((v) => scarcityViewMatches(v, variant));
  if (!view && !merch.scarcityShownByDefault) return null;
  // An empty text (no view, no merchant text) shows nothing.
  return (
    scarcityViewText(
      merch.scarcityText,
      view ||
        merch.scarcityViews.find(
          (v) => v.variantKey === undefined && Object.keys(v.attributes).length === 0,
        ) ||
        null,
      variant ? variant.qtyInStock : Math.max(0, ...item.structuredContent.variants.map((v) => v.qtyInStock)),
    ) || null
  );
}

export interface AddButtonLabelOptions {
  /** Express checkout is on: the button buys directly and reads Purchase. @default false */
  readonly expressCheckout?: boolean | undefined;
  readonly messages?: MessagesOf<ProductLabelKey> | undefined;
}

/** The localized add and subscribe labels (spec 001 §3 `localizedStrings`). */
export interface AddButtonStrings {
  readonly productAddToCartText?: string | undefined;
  readonly productSubscribeText?: string | undefined;
}

/**
 * The add button's label (spec 001 §4): a custom label when the merchant enabled one, else
 * Subscribe for subscribable products, else Purchase under express checkout, else Add To Cart.
 */
export function addButtonLabel(
  item: ProductItem,
  strings?: AddButtonStrings,
  options: AddButtonLabelOptions = {},
): string {
  const sc = item.structuredContent;
  const messages = options.messages ?? labelMessages();
  const custom = sc.customAddButtonText?.trim();
  if (sc.useCustomAddButtonText === true && custom) return custom;
  if (isSubscribable(item)) return strings?.productSubscribeText ?? messages.t('subscribe');
  if (options.expressCheckout === true) return messages.t('purchase');
  return strings?.productAddToCartText ?? messages.t('addToCart');
}

/** The quantity input of spec 001 §5. */
export const QUANTITY = Object.freeze({ min: 1, max: 9999, step: 1, default: 1 });

/**
 * Units available: the chosen variant's stock, else the stock of all variants together; endless
 * (Infinity) when unlimited or for products that hold no stock.
 */
export function availableStock(item: ProductLike, variant?: VariantFacts | null): number {
  if (!tracksStock(item)) return Number.POSITIVE_INFINITY;
  const variants = variant ? [variant] : item.structuredContent.variants;
  let total = 0;
  for (const v of variants) {
    if (v.unlimited) return Number.POSITIVE_INFINITY;
    total += Math.max(0, v.qtyInStock);
  }
  return total;
}

/**
 * The quantity input shows for physical products, or service products when multiple quantity is
 * allowed, that are not subscribable and have more than 1 unit available (spec 001 §5). With a
 * variant chosen its own stock decides; otherwise all variants together do.
 */
export function showQuantityInput(
  item: ProductLike,
  storeSettings: Pick<StoreSettings, 'multipleQuantityAllowedForServices'>,
  variant?: VariantFacts | null,
): boolean {
  const t = typeOf(item);
  const typeAllows =
    t === PRODUCT_TYPES.physical ||
    (t === PRODUCT_TYPES.service && storeSettings.multipleQuantityAllowedForServices);
  return typeAllows && !isSubscribable(item) && availableStock(item, variant) > 1;
}

/** The variant picker shows only for more than one variant; digital products never have variants. */
export function hasVariants(item: ProductLike): boolean {
  return typeOf(item) !== PRODUCT_TYPES.digital && item.structuredContent.variants.length > 1;
}

/**
 * Option names for the picker: the merchant's order (variantOptionOrdering) first, then any other
 * name in the order first seen across variants. Names no variant uses are left out.
 */
export function optionNames(item: ProductItem): string[] {
  const seen: string[] = [];
  for (const v of item.structuredContent.variants) {
    for (const name of Object.keys(v.attributes)) if (!seen.includes(name)) seen.push(name);
  }
  const ordered: string[] = [];
  for (const name of item.variantOptionOrdering ?? []) {
    if (seen.includes(name) && !ordered.includes(name)) ordered.push(name);
  }
  return [...ordered, ...seen.filter((n) => !ordered.includes(n))];
}

/** A record's own value of a key (not one inherited, such as `constructor`). */
const ownValue = (record: Readonly<Record<string, string>>, key: string): string | undefined =>
  Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;

/** Distinct values of one option, in the order first seen across variants. */
export function optionValues(item: ProductItem, name: string): string[] {
  const values: string[] = [];
  for (const v of item.structuredContent.variants) {
    const value = ownValue(v.attributes, name);
    if (value !== undefined && !values.includes(value)) values.push(value);
  }
  return values;
}

export type OptionSelection = Readonly<Record<string, string>>;

const selected = (selection: OptionSelection, name: string): string | undefined =>
  ownValue(selection, name) || undefined;

/** Option names the shopper has not chosen yet, in picker order. */
export function missingOptions(item: ProductItem, selection: OptionSelection): string[] {
  return optionNames(item).filter((name) => selected(selection, name) === undefined);
}

/**
 * The variant matching every option of the selection, or null. A product with a single variant
 * and no options needs no selection.
 */
export function findVariant(item: ProductItem, selection: OptionSelection): Variant | null {
  const variants = item.structuredContent.variants;
  const names = optionNames(item);
  if (names.length === 0) return variants.length === 1 ? (variants[0] ?? null) : null;
  if (names.some((n) => selected(selection, n) === undefined)) return null;
  return variants.find((v) => names.every((n) => v.attributes[n] === selected(selection, n))) ?? null;
}

/**
 * A choice that leads only to sold-out variants (spec 000 §2, sold-out marks): every variant
 * with this value and the other options chosen so far is sold out, and there is at least one.
 */
export function optionValueSoldOut(
  item: ProductItem,
  selection: OptionSelection,
  name: string,
  value: string,
): boolean {
  if (!tracksStock(item)) return false;
  const others = Object.keys(selection).filter((n) => n !== name && selected(selection, n) !== undefined);
  const reachable = item.structuredContent.variants.filter(
    (v) => v.attributes[name] === value && others.every((n) => v.attributes[n] === selection[n]),
  );
  return reachable.length > 0 && !reachable.some(inStock);
}

/** What is wrong with a quantity text: the key of its add-check text (src/messages/add.ts). */
export type QuantityProblem = 'quantityNotNumber' | 'quantityNotWhole' | 'quantityTooLow' | 'quantityTooHigh';

/**
 * Reads the quantity input's text (spec 000 §5, spec 001 §5): the quantity, or what is wrong with
 * it. Not a number and a fraction are told apart, and so is a whole number outside 1 to 9999,
 * which is never quietly replaced by another quantity. No input (none shown) reads as 1. The
 * texts are parseQuantity's (./add-checks.ts), which only an add needs.
 */
export function readQuantity(input: string | null | undefined): number | QuantityProblem {
  if (input === undefined || input === null) return QUANTITY.default;
  const text = input.trim();
  if (!/^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(text)) return 'quantityNotNumber';
  const n = Number(text);
  if (!Number.isInteger(n)) return 'quantityNotWhole';
  if (n < QUANTITY.min) return 'quantityTooLow';
  if (n > QUANTITY.max) return 'quantityTooHigh';
  return n;
}

// ---------------------------------------------------------------------------------------------
// Subscription price text (spec 001 §5)

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

export interface SubscriptionPriceOptions extends DurationOptions {
  /** Locale for the price. @default 'en-US' */
  readonly locale?: string | undefined;
}

/**
 * The subscription price line, e.g. "$10.00 every 2 weeks for 1 year". Unavailable when the price
 * or the plan is missing or unusable (spec 001 §5).
 */
export function subscriptionPriceText(
  price: Money | null | undefined,
  plan: SubscriptionPlan | null | undefined,
  options: SubscriptionPriceOptions = {},
): string {
  const messages = options.messages ?? subscriptionMessages();
  const period = subscriptionPeriodText(plan, messages);
  const duration = subscriptionDurationText(plan, options);
  if (!price || period === null || duration === null) return messages.t('subscriptionUnavailable');
  const formatted = formatMoney(price, { locale: options.locale });
  return duration === ''
    ? messages.t('subscriptionPrice', { price: formatted, period })
    : messages.t('subscriptionPriceWithDuration', { price: formatted, period, duration });
}

// ---------------------------------------------------------------------------------------------
// Instalments (spec 000 §4, §5, §9)

/** In range when the price is above the minimum and not above the maximum, all in cents. */
export function isInstalmentInRange(priceCents: number, minCents: number, maxCents: number): boolean {
  return priceCents > minCents && priceCents <= maxCents;
}

/** Only physical products qualify for instalment messaging. */
export function qualifiesForInstalments(item: ProductItem): boolean {
  return typeOf(item) === PRODUCT_TYPES.physical;
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
