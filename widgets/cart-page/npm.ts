/**
 * `storefront-widgets/cart-page`: the cart page for a React app, on its own so only the cart route
 * carries its code (the package root exports the same names).
 */
export { CartPage, type CartPageProps } from './cart-page.js';
