/**
 * `storefront-widgets/cart-pill`: the cart pill for a React app, on its own so a route that shows
 * only the pill carries no other widget's code (the package root exports the same names).
 */
export { NpmCartPill as CartPill } from './npm-pill.js';
export type { CartPillProps } from './props.js';
