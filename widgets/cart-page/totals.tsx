import { useEffect } from 'react';
import { instalmentOffer, type InstalmentContext } from '../../src/commerce/instalments.js';
import { belowInstalmentMinimum } from '../../src/commerce/cart-rules.js';
import { useStorefront } from '../../src/react/provider.js';
import type { Result } from '../../src/result.js';
import type { ShoppingCart } from '../../src/store/types.js';
import type { CartPageMessages } from './messages.js';

interface TotalsProps {
  readonly cart: ShoppingCart | null;
  readonly m: CartPageMessages;
  readonly money: (amount: number) => string;
  /** The instalment provider's minimum, when the subtotal is below it. */
  readonly minimum: string | null;
}

/**
 * The cart's figures: the subtotal, what the server changed on top of it, and, below the
 * instalment provider's minimum, what checking out needs.
 */
export function Totals({ cart, m, money, minimum }: TotalsProps) {
  return (
    <>
      <div className="sf-cart-page__summary">
        <span className="sf-cart-page__subtotal-label">{m.t('subtotal')}</span>{' '}
        <output className="sf-cart-page__subtotal" aria-label={m.t('subtotal')}>
          {money(cart?.subtotalCents ?? 0)}
        </output>
      </div>
      {cart && <Adjustments cart={cart} m={m} money={money} />}
      {cart && <RefusedCoupons cart={cart} m={m} />}
      {minimum && <p className="sf-cart-page__instalment-minimum">{minimum}</p>}
    </>
  );
}

/**
 * Spec 000 §5: below the instalment provider's minimum, what checking out needs ("To check out,
 * your order subtotal must be {subtotal} or more."), or null. A refused context is reported.
 */
export function useInstalmentMinimum(
  instalments: Result<InstalmentContext> | undefined,
  subtotalCents: number,
  currency: string,
  m: CartPageMessages,
  money: (amount: number) => string,
  reporter: { report(error: unknown, info?: Record<string, string>): void },
): string | null {
  const { context } = useStorefront();
  const offer = instalments?.ok ? instalmentOffer(instalments.value, context.features) : null;
  const minimum =
    offer && offer.min.currency === currency && belowInstalmentMinimum(subtotalCents, offer.min.amount)
      ? m.t('instalmentMinimum', { subtotal: money(offer.min.amount) })
      : null;
  const badContext = instalments?.ok === false ? instalments.issues.join('; ') : null;
  useEffect(() => {
    if (badContext === null) return;
    reporter.report(new Error(`cart-page: bad instalment context: ${badContext}`), {
      widget: 'cart-page',
      code: 'INSTALMENT_CONTEXT_INVALID',
    });
  }, [badContext, reporter]);
  return minimum;
}

interface AdjustmentsProps {
  readonly cart: ShoppingCart;
  readonly m: CartPageMessages;
  readonly money: (amount: number) => string;
}

/**
 * What the server changed on top of the subtotal: a line per applied coupon, the chosen shipping
 * option, and then the total the shopper pays. Nothing when the cart has neither.
 */
function Adjustments({ cart, m, money }: AdjustmentsProps) {
  const shipping = cart.selectedShippingOption;
  if (cart.validCoupons.length === 0 && shipping === null) return null;
  return (
    <dl className="sf-cart-page__adjustments">
      {cart.validCoupons.map((coupon, i) => (
        // A server may list one code twice; the position keeps the keys apart.
        <div key={`${i}:${coupon.code}`} className="sf-cart-page__adjustment">
          <dt>{m.t('discountLine', { name: coupon.name ?? coupon.code })}</dt>
          <dd>{m.t('discountAmount', { amount: money(coupon.discountCents) })}</dd>
        </div>
      ))}
      {shipping && (
        <div className="sf-cart-page__adjustment">
          <dt>{m.t('shippingLine', { name: shipping.name })}</dt>
          <dd>{money(shipping.costCents)}</dd>
        </div>
      )}
      <div className="sf-cart-page__adjustment sf-cart-page__total">
        <dt>{m.t('total')}</dt>
        <dd>{money(cart.grandTotalCents)}</dd>
      </div>
    </dl>
  );
}

/**
 * The coupon codes the cart refused (its `invalidCoupons`, spec 000 §3), named so the shopper
 * knows which code gives no discount. Nothing when it refused none.
 */
function RefusedCoupons({ cart, m }: { readonly cart: ShoppingCart; readonly m: CartPageMessages }) {
  if (cart.invalidCoupons.length === 0) return null;
  return (
    <ul className="sf-cart-page__refused-coupons">
      {cart.invalidCoupons.map((coupon, i) => (
        // A server may list one code twice; the position keeps the keys apart.
        <li key={`${i}:${coupon.code}`}>{m.t('couponRefused', { code: coupon.code })}</li>
      ))}
    </ul>
  );
}
