/**
 * Rules only the cart page asks (spec 000 §5). A module of its own so that
 * the cart page carries them without the product form's rules, which load with the product form.
 */

/**
 * The cart page asks for a larger order below the provider's minimum (spec 000 §5: "To check
 * out, your order subtotal must be {subtotal} or more."); at the minimum the subtotal is enough.
 */
export function belowInstalmentMinimum(subtotalCents: number, minCents: number): boolean {
  return subtotalCents < minCents;
}
