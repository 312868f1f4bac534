/** The shopping cart of spec 000 §3, as the SDK holds it (money in integer minor units). */

export interface ChosenVariant {
  readonly sku: string;
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

export interface ShoppingCart {
  readonly id: string;
  readonly websiteId: string;
  readonly orderId: string | null;
  readonly created: number;
  readonly isPurchased: boolean;
  readonly entries: readonly CartEntry[];
  readonly currency: string;
  readonly subtotalCents: number;
  readonly taxCents: number;
  readonly shippingCostCents: number;
  readonly discountCents: number;
  readonly grandTotalCents: number;
  readonly totalQuantity: number;
  readonly hasDigital: boolean;
  readonly purelyDigital: boolean;
  readonly requiresShipping: boolean;
}
