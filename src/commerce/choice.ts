/**
 * The shopper's choice (spec 001 §4; spec 000 §4): options and their values, the variant they
 * pick, the quantity and the add button's label. Pure functions over
 * parsed product items: no DOM, no network, no React.
 */
import { PRODUCT_TYPES, QUANTITY } from '../constants.js';
import { catalogueDefaults, type Messages as MessagesOf } from '../messages/format.js';
import { PRODUCT_LABEL_MESSAGES, type ProductLabelKey } from '../messages/product-labels.js';
import {
  isSubscribable,
  type ProductLike,
  tracksStock,
  type VariantFacts,
  productTypeOf,
} from './product-state.js';
import { inStock } from './stock.js';
import type { StoreSettings } from './merchandising.js';
import type { ProductItem, Variant } from './product.js';

const labelMessages = /* @__PURE__ */ catalogueDefaults(PRODUCT_LABEL_MESSAGES);

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
  const t = productTypeOf(item);
  const typeAllows =
    t === PRODUCT_TYPES.physical ||
    (t === PRODUCT_TYPES.service && storeSettings.multipleQuantityAllowedForServices);
  return typeAllows && !isSubscribable(item) && availableStock(item, variant) > 1;
}

/** The variant picker shows only for more than one variant; digital products never have variants. */
export function hasVariants(item: ProductLike): boolean {
  return productTypeOf(item) !== PRODUCT_TYPES.digital && item.structuredContent.variants.length > 1;
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

/**
 * The options a shopper chooses: the picker's. A product without variants to choose between (one
 * variant, or a digital product) has none, whatever attributes its variant carries.
 */
export function pickerOptions(item: ProductItem): string[] {
  return hasVariants(item) ? optionNames(item) : [];
}

/** Option names the shopper has not chosen yet, in picker order. */
export function missingOptions(item: ProductItem, selection: OptionSelection): string[] {
  return pickerOptions(item).filter((name) => selected(selection, name) === undefined);
}

/**
 * The variant matching every option of the selection, or null. A product with no picker needs no
 * selection: its only variant, or a digital product's first.
 */
export function findVariant(item: ProductItem, selection: OptionSelection): Variant | null {
  const variants = item.structuredContent.variants;
  if (!hasVariants(item)) return variants[0] ?? null;
  const names = optionNames(item);
  if (names.length === 0) return null;
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
  // Digits read once: a long run that ends in something else fails at once, not after n² steps.
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(text)) return 'quantityNotNumber';
  const n = Number(text);
  // Past what a number holds (Infinity) is out of range, not a fraction.
  if (Number.isFinite(n) && !Number.isInteger(n)) return 'quantityNotWhole';
  if (n < QUANTITY.min) return 'quantityTooLow';
  if (n > QUANTITY.max) return 'quantityTooHigh';
  return n;
}
