import { useMemo, useSyncExternalStore } from 'react';
import { CART_PATH } from '../../src/contract.js';
import { formatMoney, parseCurrencyCode } from '../../src/commerce/money.js';
import { useCart, useStorefront } from '../../src/react/provider.js';
import { countText, createCartPillMessages, spokenText, wordText } from './messages.js';
import type { CartPillProps } from './props.js';

const onCartPage = (pathname: string, cartPath: string): boolean =>
  pathname.replace(/\/+$/, '') === cartPath.replace(/\/+$/, '');

/**
 * The Navigation API's entry changes: every navigation of the page, a single-page app's
 * `history.pushState` included (Chromium, Edge and Firefox; Safari from 26.2).
 */
const navigationOf = (): EventTarget | undefined => (window as { navigation?: EventTarget }).navigation;

// The pill lives across SPA navigations, so it follows the address rather than reading it once:
// back and forward (popstate) everywhere, and where the browser tells of every navigation, a
// router's pushState too.
const subscribePath = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  navigationOf()?.addEventListener('currententrychange', onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    navigationOf()?.removeEventListener('currententrychange', onChange);
  };
};
const readPath = () => window.location.pathname;

/**
 * The floating cart pill (spec 000 §2): item count (100+ above 100), item/items and the
 * subtotal with zero fractions trimmed. Hidden while the cart is empty and on /cart. A real link
 * to /cart; inside the design frame a click asks the editor to set the frame address instead.
 */
export function CartPill({ strings, theme }: CartPillProps) {
  const { context, follow, paths } = useStorefront();
  const messages = useMemo(() => createCartPillMessages(strings), [strings]);
  const count = useCart((s) => s.cart?.totalQuantity ?? 0);
  const subtotalCents = useCart((s) => s.cart?.subtotalCents ?? 0);
  const cartCurrency = useCart((s) => s.cart?.currency);
  const pathname = useSyncExternalStore(subscribePath, readPath, () => '/');

  // A published page's cart is /cart (spec 000 §2); an app's provider may name its own route.
  const cartPath = paths?.cart ?? CART_PATH;
  if (count <= 0 || onCartPage(pathname, cartPath)) return null;

  // The cart states its own currency; the store currency covers a cart that names none we know.
  const currency = parseCurrencyCode(cartCurrency) ?? context.currency;
  const subtotal = formatMoney(
    { amount: subtotalCents, currency },
    { trimZeroFraction: true, locale: context.locale },
  );
  const dark = (theme ?? context.pillTheme) === 'dark';

  return (
    <a
      href={cartPath}
      className={dark ? 'sf-cart-pill sf-cart-pill--dark' : 'sf-cart-pill sf-cart-pill--light'}
      onClick={(event) => follow(event, cartPath)}
    >
      {/*
       * The name comes from the content, so it holds the subtotal it shows (no aria-label that
       * could drift from the visible text): the spoken count stands in for the shown one, which
       * "100+" would read badly.
       */}
      <span className="sf-cart-pill__count" aria-hidden="true">
        {countText(count, messages)}
      </span>{' '}
      <span className="sf-cart-pill__word" aria-hidden="true">
        {wordText(count, messages)}
      </span>{' '}
      <span className="sf-cart-pill__spoken">
        {messages.t('spokenBeforeSubtotal', { spoken: spokenText(count, messages) })}
      </span>{' '}
      <span className="sf-cart-pill__subtotal">{subtotal}</span>
    </a>
  );
}
