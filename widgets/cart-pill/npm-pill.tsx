import { useMemo, useSyncExternalStore } from 'react';
import { CART_PATH } from '../../src/contract.js';
import { useStorefront } from '../../src/react/provider.js';
import { CartPill } from './cart-pill.js';
import { createCartLinkMessages } from './link-messages.js';
import type { CartPillProps } from './props.js';

// True on the server and in the render that hydrates the server's markup (React reads the server
// snapshot in both), false in every render after.
const subscribeNever = () => () => undefined;
const readHydrated = () => false;
const readBeforeHydration = () => true;

/**
 * The package's cart pill (`storefront-widgets/cart-pill`): rendered on a server, where the cart is
 * not known, a plain link to the cart (`Cart`, /cart or the provider's `paths.cart`) as a block's fallback is, so the page has a way to the
 * cart before its code runs; once hydrated, the pill (./cart-pill.tsx), which the script tag mounts
 * directly since it never hydrates.
 */
export function NpmCartPill(props: CartPillProps) {
  const beforeHydration = useSyncExternalStore(subscribeNever, readHydrated, readBeforeHydration);
  const messages = useMemo(() => createCartLinkMessages(props.strings), [props.strings]);
  // The provider's cart route when it names one, as the hydrated pill links to.
  const cartPath = useStorefront().paths?.cart ?? CART_PATH;
  if (beforeHydration) return <a href={cartPath}>{messages.t('cartLink')}</a>;
  return <CartPill {...props} />;
}
