/**
 * Response parsers: the server is untrusted input like any other. Each parser takes the decoded
 * JSON body and returns a Result; the api turns a failed parse into an 'invalid-response' error,
 * so nothing past this file reads an unchecked field.
 */
import { fail, isRecord, ok, readId, type Result } from '../result.js';
import { readStringMap } from '../readers.js';
import type {
  CartEntry,
  ChosenVariant,
  Coupon,
  ShippingLocation,
  ShippingOption,
  ShoppingCart,
  TaxRule,
} from '../store/types.js';

import type { Parser } from './parsers.js';

const isMinorUnits = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);

const isCount = (value: unknown): value is number => isMinorUnits(value) && value >= 0;

const parseVariant = (value: unknown): ChosenVariant | null | undefined => {
  if (value === null || value === undefined) return null;
  if (!isRecord(value) || typeof value['sku'] !== 'string') return undefined;
  const attributes = value['attributes'] === undefined ? {} : readStringMap(value['attributes']);
  if (attributes === null) return undefined;
  return { sku: value['sku'], attributes };
};

/** Additional-fields answers arrive either as an object or as the JSON string they were sent as. */
const parseAdditionalFields = (value: unknown): Record<string, unknown> | null | undefined => {
  if (value === null || value === undefined || value === '') return null;
  if (isRecord(value)) return { ...value };
  if (typeof value === 'string') {
    try {
      const decoded: unknown = JSON.parse(value);
      return isRecord(decoded) ? { ...decoded } : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
};

export const parseCartEntry = (value: unknown): Result<CartEntry> => {
  if (!isRecord(value)) return fail(['entry is not an object']);
  const issues: string[] = [];
  const id = readId(value['id']);
  const itemId = readId(value['itemId']);
  if (id === null) issues.push('entry.id');
  if (itemId === null) issues.push('entry.itemId');
  if (!isCount(value['quantity'])) issues.push('entry.quantity');
  const chosenVariant = parseVariant(value['chosenVariant']);
  if (chosenVariant === undefined) issues.push('entry.chosenVariant');
  if (typeof value['title'] !== 'string') issues.push('entry.title');
  if (!isMinorUnits(value['subTotal'])) issues.push('entry.subTotal');
  if (!isMinorUnits(value['purchasePriceCents'])) issues.push('entry.purchasePriceCents');
  const additionalFields = parseAdditionalFields(value['additionalFields']);
  if (additionalFields === undefined) issues.push('entry.additionalFields');
  const formId = value['additionalFieldsFormId'];
  if (formId !== undefined && formId !== null && readId(formId) === null)
    issues.push('entry.additionalFieldsFormId');
  const imageUrl = value['imageUrl'];
  if (imageUrl !== undefined && imageUrl !== null && typeof imageUrl !== 'string')
    issues.push('entry.imageUrl');
  if (
    issues.length > 0 ||
    id === null ||
    itemId === null ||
    chosenVariant === undefined ||
    additionalFields === undefined
  ) {
    return fail(issues);
  }
  return ok({
    id,
    itemId,
    quantity: value['quantity'] as number,
    chosenVariant,
    title: value['title'] as string,
    subTotal: value['subTotal'] as number,
    purchasePriceCents: value['purchasePriceCents'] as number,
    additionalFields,
    additionalFieldsFormId: formId === undefined || formId === null ? null : readId(formId),
    imageUrl: typeof imageUrl === 'string' ? imageUrl : null,
  });
};

/** An optional text: absent or null is null, a string is itself, anything else undefined (bad). */
const readOptionalText = (value: unknown): string | null | undefined =>
  value === undefined || value === null ? null : typeof value === 'string' ? value : undefined;

const parseShippingOption = (value: unknown): ShippingOption | undefined => {
  if (!isRecord(value)) return undefined;
  const id = readId(value['id']);
  const name = value['name'];
  const costCents = value['costCents'];
  if (id === null || typeof name !== 'string' || !isCount(costCents)) return undefined;
  return { id, name, costCents };
};

const parseShippingLocation = (value: unknown): ShippingLocation | undefined => {
  if (!isRecord(value)) return undefined;
  const country = value['country'];
  const region = readOptionalText(value['region']);
  const postalCode = readOptionalText(value['postalCode']);
  if (typeof country !== 'string' || !/^[A-Z]{2}$/.test(country)) return undefined;
  if (region === undefined || postalCode === undefined) return undefined;
  return { country, region, postalCode };
};

const parseTaxRule = (value: unknown): TaxRule | undefined => {
  if (!isRecord(value)) return undefined;
  const { name, rate, taxCents } = value;
  if (typeof name !== 'string' || !isCount(taxCents)) return undefined;
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0 || rate > 100) return undefined;
  return { name, rate, taxCents };
};

const parseCoupon = (value: unknown): Coupon | undefined => {
  if (!isRecord(value)) return undefined;
  const code = value['code'];
  const name = readOptionalText(value['name']);
  const discountCents = value['discountCents'] ?? 0;
  if (typeof code !== 'string' || code === '' || name === undefined || !isCount(discountCents))
    return undefined;
  return { code, name, discountCents };
};

/**
 * A list field of the cart: absent or null reads as empty (servers that do not compute it), and a
 * list with any malformed element is an issue like any other malformed field.
 */
const parseList = <T>(
  value: unknown,
  parseItem: (item: unknown) => T | undefined,
  key: string,
  issues: string[],
): readonly T[] => {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value.map(parseItem) : [undefined];
  if (items.some((item) => item === undefined)) {
    issues.push(`cart.${key}`);
    return [];
  }
  return items as T[];
};

/** An optional object field of the cart: absent or null is null, a malformed one an issue. */
const parseOptional = <T>(
  value: unknown,
  parse: (value: unknown) => T | undefined,
  key: string,
  issues: string[],
): T | null => {
  if (value === undefined || value === null) return null;
  const parsed = parse(value);
  if (parsed === undefined) issues.push(`cart.${key}`);
  return parsed ?? null;
};

const CART_MONEY = [
  'subtotalCents',
  'taxCents',
  'shippingCostCents',
  'discountCents',
  'grandTotalCents',
] as const;
const CART_FLAGS = ['isPurchased', 'hasDigital', 'purelyDigital', 'requiresShipping'] as const;

export const parseShoppingCart = (value: unknown): Result<ShoppingCart> => {
  if (!isRecord(value)) return fail(['cart is not an object']);
  const issues: string[] = [];
  // "" is the server's way of saying "no cart yet": an empty cart, not a malformed one.
  const id = value['id'] === '' ? '' : readId(value['id']);
  if (id === null) issues.push('cart.id');
  const websiteId = value['websiteId'] === undefined ? '' : readId(value['websiteId']);
  if (websiteId === null) issues.push('cart.websiteId');
  const orderId =
    value['orderId'] === undefined || value['orderId'] === null ? null : readId(value['orderId']);
  const created = value['created'] ?? 0;
  if (typeof created !== 'number' || !Number.isFinite(created)) issues.push('cart.created');
  const currency = value['currency'] ?? 'USD';
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) issues.push('cart.currency');
  for (const key of CART_MONEY) {
    if (value[key] !== undefined && !isMinorUnits(value[key])) issues.push(`cart.${key}`);
  }
  if (!isMinorUnits(value['subtotalCents'])) issues.push('cart.subtotalCents');
  for (const key of CART_FLAGS) {
    if (value[key] !== undefined && typeof value[key] !== 'boolean') issues.push(`cart.${key}`);
  }
  const entries: CartEntry[] = [];
  const rawEntries = value['entries'];
  if (!Array.isArray(rawEntries)) {
    issues.push('cart.entries');
  } else {
    for (const raw of rawEntries) {
      const entry = parseCartEntry(raw);
      if (entry.ok) entries.push(entry.value);
      else issues.push(...entry.issues);
    }
  }
  // Spec 000 §3's shipping, tax and coupon fields.
  const shippingOptions = parseList(value['shippingOptions'], parseShippingOption, 'shippingOptions', issues);
  const selectedShippingOption = parseOptional(
    value['selectedShippingOption'],
    parseShippingOption,
    'selectedShippingOption',
    issues,
  );
  const shippingLocation = parseOptional(
    value['shippingLocation'],
    parseShippingLocation,
    'shippingLocation',
    issues,
  );
  const applicableTaxRules = parseList(
    value['applicableTaxRules'],
    parseTaxRule,
    'applicableTaxRules',
    issues,
  );
  const coupons = parseList(value['coupons'], parseCoupon, 'coupons', issues);
  const validCoupons = parseList(value['validCoupons'], parseCoupon, 'validCoupons', issues);
  const invalidCoupons = parseList(value['invalidCoupons'], parseCoupon, 'invalidCoupons', issues);
  const summedQuantity = entries.reduce((sum, entry) => sum + entry.quantity, 0);
  const totalQuantity = value['totalQuantity'] ?? summedQuantity;
  if (!isCount(totalQuantity)) issues.push('cart.totalQuantity');
  if (issues.length > 0 || id === null || websiteId === null) return fail(issues);
  const money = (key: (typeof CART_MONEY)[number]): number => (value[key] as number | undefined) ?? 0;
  const flag = (key: (typeof CART_FLAGS)[number]): boolean => (value[key] as boolean | undefined) ?? false;
  return ok({
    id,
    websiteId,
    orderId,
    created: created as number,
    isPurchased: flag('isPurchased'),
    entries,
    currency: currency as string,
    subtotalCents: money('subtotalCents'),
    taxCents: money('taxCents'),
    shippingCostCents: money('shippingCostCents'),
    discountCents: money('discountCents'),
    grandTotalCents:
      value['grandTotalCents'] === undefined ? money('subtotalCents') : money('grandTotalCents'),
    totalQuantity: totalQuantity as number,
    hasDigital: flag('hasDigital'),
    purelyDigital: flag('purelyDigital'),
    requiresShipping: flag('requiresShipping'),
    shippingOptions,
    selectedShippingOption,
    shippingLocation,
    applicableTaxRules,
    coupons,
    validCoupons,
    invalidCoupons,
  });
};

/** Field id to message, as servers return per-field errors; null when the shape is anything else. */
export const parseFieldErrors = (value: unknown): Record<string, string> | null => {
  const map = readStringMap(value);
  return map !== null && Object.keys(map).length > 0 ? map : null;
};

/** A parser for `{ [key]: <parsed> }` bodies. */
export const field =
  <T>(key: string, parse: Parser<T>): Parser<T> =>
  (body) => {
    if (!isRecord(body)) return fail(['body is not an object']);
    return parse(body[key]);
  };
