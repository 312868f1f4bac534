/** The shopping cart of spec 000 §3, as the SDK holds it (money in integer minor units). */

export interface ChosenVariant {
  /** Null for a product of one variant added without one (spec 000 §7: "sku (or null)"). */
  readonly sku: string | null;
  readonly attributes: Readonly<Record<string, string>>;
}

export interface CartEntry {
  readonly id: string;
  readonly itemId: string;
  readonly quantity: number;
  readonly chosenVariant: ChosenVariant | null;
  readonly title: string;
  /** Line total in minor units. */
  readonly subTotal: number;
  /** Unit price in minor units. */
  readonly purchasePriceCents: number;
  /** Additional-fields answers (field id to value), when the product has a form. */
  readonly additionalFields?: Readonly<Record<string, unknown>> | null;
  /** The additional-fields form id, when the product has one. */
  readonly additionalFieldsFormId?: string | null;
  /** Image shown on the cart page, when known. */
  readonly imageUrl?: string | null;
}

/** A way to ship the cart, as the server offers it (spec 000 §3 `shippingOptions`). */
export interface ShippingOption {
  readonly id: string;
  /** What the shopper reads, e.g. "Standard (3-5 days)". */
  readonly name: string;
  /** Cost in minor units. */
  readonly costCents: number;
}

/** Where the cart ships to, as far as the server knows it. */
export interface ShippingLocation {
  /** ISO 3166-1 alpha-2 code. */
  readonly country: string;
  readonly region: string | null;
  readonly postalCode: string | null;
}

/** A tax rule that applies to the cart. */
export interface TaxRule {
  readonly name: string;
  /** Rate in percent (8.875 is 8.875 %). */
  readonly rate: number;
  /** Tax the rule adds, in minor units. */
  readonly taxCents: number;
}

/** A coupon code on the cart: entered, applied (valid) or refused (invalid). */
export interface Coupon {
  readonly code: string;
  /** The merchant's name for the promotion, when it has one. */
  readonly name: string | null;
  /** Discount the coupon gives, in minor units (0 for one that does not apply). */
  readonly discountCents: number;
}

export interface ShoppingCart {
  readonly id: string;
  readonly websiteId: string;
  readonly orderId: string | null;
  readonly created: number;
  readonly isPurchased: boolean;
  readonly entries: readonly CartEntry[];
  /** The cart's currency where the server names one; null: the store currency (`context.currency`). */
  readonly currency: string | null;
  readonly subtotalCents: number;
  readonly taxCents: number;
  readonly shippingCostCents: number;
  readonly discountCents: number;
  readonly grandTotalCents: number;
  readonly totalQuantity: number;
  readonly hasDigital: boolean;
  readonly purelyDigital: boolean;
  readonly requiresShipping: boolean;
  /** The ways to ship the cart; empty until the server knows where it goes. */
  readonly shippingOptions: readonly ShippingOption[];
  readonly selectedShippingOption: ShippingOption | null;
  readonly shippingLocation: ShippingLocation | null;
  readonly applicableTaxRules: readonly TaxRule[];
  /** Every code entered; `validCoupons` are the applied ones, `invalidCoupons` the refused. */
  readonly coupons: readonly Coupon[];
  readonly validCoupons: readonly Coupon[];
  readonly invalidCoupons: readonly Coupon[];
}
