/**
 * The cart's response parsers: the server is untrusted input like any other. Each parser takes the
 * decoded JSON body and returns a Result; the api turns a failed parse into an 'invalid-response'
 * error, so nothing past this file reads an unchecked field. Only the cart endpoints (./cart.ts)
 * import them, so they travel in the cart endpoints' chunk; the forms' field errors are read in
 * ./forms.ts.
 */
import {
  fail,
  isRecord,
  ok,
  readBoolean,
  readId,
  readObject,
  readStringMap,
  schema,
  type Note,
  type Result,
} from '../result.js';
import type {
  CartEntry,
  ChosenVariant,
  Coupon,
  ShippingLocation,
  ShippingOption,
  ShoppingCart,
  TaxRule,
} from '../store/types.js';

const isMinorUnits = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);

// The readers of the cart's schemas: each gives the value or null to refuse it. A cart that does
// not read is refused whole, each problem noted by its path ('cart.subtotalCents').
const minorUnits = (value: unknown): number | null => (isMinorUnits(value) ? value : null);
const count = (value: unknown): number | null => (isMinorUnits(value) && value >= 0 ? value : null);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const readVariant = (value: unknown): ChosenVariant | null => {
  if (!isRecord(value)) return null;
  const sku = value['sku'] ?? null;
  if (sku !== null && typeof sku !== 'string') return null;
  const attributes = value['attributes'] === undefined ? {} : readStringMap(value['attributes']);
  return attributes === null ? null : { sku, attributes };
};

/**
 * Additional-fields answers arrive either as an object or as the JSON string they were sent as;
 * an empty string is no answers (undefined: left out, read as null).
 */
const readAdditionalFields = (value: unknown): Record<string, unknown> | null | undefined => {
  if (value === '') return undefined;
  if (isRecord(value)) return { ...value };
  if (typeof value === 'string') {
    try {
      const decoded: unknown = JSON.parse(value);
      return isRecord(decoded) ? { ...decoded } : null;
    } catch {
      return null;
    }
  }
  return null;
};

const CART_ENTRY = schema({
  id: { read: readId, expected: 'an id', required: true },
  itemId: { read: readId, expected: 'an id', required: true },
  quantity: { read: count, expected: 'a count', required: true },
  chosenVariant: { read: readVariant, expected: 'a variant', fallback: null },
  title: { read: text, expected: 'a string', required: true },
  subTotal: { read: minorUnits, expected: 'minor units', required: true },
  purchasePriceCents: { read: minorUnits, expected: 'minor units', required: true },
  additionalFields: { read: readAdditionalFields, expected: 'an object', fallback: null },
  // One that does not read ("" included) is no form: the entry shows its answers, no edit button.
  additionalFieldsFormId: { read: readId, fallback: null },
  imageUrl: { read: text, expected: 'a string', fallback: null },
});

/** A Note that keeps the path of each problem only. */
const pathsInto =
  (issues: string[]): Note =>
  (label) => {
    issues.push(label);
  };

export const parseCartEntry = (value: unknown): Result<CartEntry> => {
  if (!isRecord(value)) return fail(['entry is not an object']);
  const issues: string[] = [];
  const entry = readObject(value, CART_ENTRY, 'entry.', pathsInto(issues));
  if (issues.length > 0) return fail(issues);
  return ok({ ...entry, additionalFields: entry.additionalFields ?? null });
};

/** An optional text: absent or null is null, a string is itself, anything else undefined (bad). */
const readOptionalText = (value: unknown): string | null | undefined =>
  value === undefined || value === null ? null : typeof value === 'string' ? value : undefined;

// Spec 000 §3's shipping, tax and coupon fields: each reader gives the value or null to refuse it.
const readShippingOption = (value: unknown): ShippingOption | null => {
  if (!isRecord(value)) return null;
  const id = readId(value['id']);
  const name = value['name'];
  const costCents = value['costCents'];
  if (id === null || typeof name !== 'string' || count(costCents) === null) return null;
  return { id, name, costCents: costCents as number };
};

const readShippingLocation = (value: unknown): ShippingLocation | null => {
  if (!isRecord(value)) return null;
  const country = value['country'];
  const region = readOptionalText(value['region']);
  const postalCode = readOptionalText(value['postalCode']);
  if (typeof country !== 'string' || !/^[A-Z]{2}$/.test(country)) return null;
  if (region === undefined || postalCode === undefined) return null;
  return { country, region, postalCode };
};

const isPercent = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100;

const readTaxRule = (value: unknown): TaxRule | null => {
  if (!isRecord(value)) return null;
  const { name, rate, taxCents } = value;
  if (typeof name !== 'string' || count(taxCents) === null || !isPercent(rate)) return null;
  return { name, rate, taxCents: taxCents as number };
};

const readCoupon = (value: unknown): Coupon | null => {
  if (!isRecord(value)) return null;
  const code = value['code'];
  const name = readOptionalText(value['name']);
  const discountCents = count(value['discountCents'] ?? 0);
  if (typeof code !== 'string' || code === '' || name === undefined || discountCents === null) return null;
  return { code, name, discountCents };
};

/** A list whose every element reads, or null: one malformed element refuses the list. */
const listOf =
  <T>(readItem: (item: unknown) => T | null) =>
  (value: unknown): readonly T[] | null => {
    if (!Array.isArray(value)) return null;
    const items = value.map(readItem);
    return items.every((item) => item !== null) ? (items as T[]) : null;
  };

const CART = schema({
  // "" is the server's way of saying "no cart yet": an empty cart, not a malformed one.
  id: { read: (v) => (v === '' ? '' : readId(v)), expected: 'an id', required: true },
  // Its fallback reads back as itself: a cart without one still reaches the other tabs.
  websiteId: { read: (v) => (v === '' ? '' : readId(v)), expected: 'an id', fallback: '' },
  // An order id that does not read is no order id.
  orderId: { read: readId, fallback: null },
  // Shown nowhere: a time written another way (an ISO string) is no reason to refuse the cart.
  created: { read: (v) => (typeof v === 'number' && Number.isFinite(v) ? v : null), fallback: 0 },
  // Spec 000 §3 names no currency on the cart: a cart without one is priced in the store currency
  // (the site context's), which the widgets fall back to.
  currency: {
    read: (v) => (typeof v === 'string' && /^[A-Z]{3}$/.test(v) ? v : null),
    expected: 'a currency code',
    fallback: null,
  },
  subtotalCents: { read: minorUnits, expected: 'minor units', required: true },
  taxCents: { read: minorUnits, expected: 'minor units', fallback: 0 },
  shippingCostCents: { read: minorUnits, expected: 'minor units', fallback: 0 },
  discountCents: { read: minorUnits, expected: 'minor units', fallback: 0 },
  // Absent: the subtotal.
  grandTotalCents: { read: minorUnits, expected: 'minor units' },
  isPurchased: { read: readBoolean, expected: 'a boolean', fallback: false },
  hasDigital: { read: readBoolean, expected: 'a boolean', fallback: false },
  purelyDigital: { read: readBoolean, expected: 'a boolean', fallback: false },
  requiresShipping: { read: readBoolean, expected: 'a boolean', fallback: false },
  entries: {
    read: (v, _label, note) => {
      if (!Array.isArray(v)) return null;
      return v.flatMap((raw): CartEntry[] => {
        const entry = parseCartEntry(raw);
        if (entry.ok) return [entry.value];
        for (const issue of entry.issues) note(issue);
        return [];
      });
    },
    expected: 'a list',
    required: true,
  },
  // Absent: the entries' quantities summed.
  totalQuantity: { read: count, expected: 'a count' },
  // Absent or null: none (a server that does not compute them).
  shippingOptions: { read: listOf(readShippingOption), expected: 'a list', fallback: [] },
  selectedShippingOption: { read: readShippingOption, expected: 'a shipping option', fallback: null },
  shippingLocation: { read: readShippingLocation, expected: 'a location', fallback: null },
  applicableTaxRules: { read: listOf(readTaxRule), expected: 'a list', fallback: [] },
  coupons: { read: listOf(readCoupon), expected: 'a list', fallback: [] },
  validCoupons: { read: listOf(readCoupon), expected: 'a list', fallback: [] },
  invalidCoupons: { read: listOf(readCoupon), expected: 'a list', fallback: [] },
});

export const parseShoppingCart = (value: unknown): Result<ShoppingCart> => {
  if (!isRecord(value)) return fail(['cart is not an object']);
  const issues: string[] = [];
  const cart = readObject(value, CART, 'cart.', pathsInto(issues));
  if (issues.length > 0) return fail(issues);
  return ok({
    ...cart,
    grandTotalCents: cart.grandTotalCents ?? cart.subtotalCents,
    totalQuantity: cart.totalQuantity ?? cart.entries.reduce((sum, entry) => sum + entry.quantity, 0),
  });
};
