import { useMemo, useSyncExternalStore } from 'react';
import { PATHS } from '../../src/contract.js';
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
 * not known, a plain link to /cart (`Cart`) as a block's fallback is, so the page has a way to the
 * cart before its code runs; once hydrated, the pill (./cart-pill.tsx), which the script tag mounts
 * directly since it never hydrates.
 */
export function NpmCartPill(props: CartPillProps) {
  const beforeHydration = useSyncExternalStore(subscribeNever, readHydrated, readBeforeHydration);
  const messages = useMemo(() => createCartLinkMessages(props.strings), [props.strings]);
  if (beforeHydration) return <a href={PATHS.cart}>{messages.t('cartLink')}</a>;
  return <CartPill {...props} />;
}
