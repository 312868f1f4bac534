/**
 * `storefront-widgets/restock-form`: the restock sign-up for a React app, on its own so only the
 * routes that show it carry its code (the package root exports the same names).
 */
export { RestockForm } from './restock-form.js';
export { parseRestockFormProps, type RestockFormProps } from './props.js';
