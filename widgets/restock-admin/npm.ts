/**
 * `storefront-widgets/restock-admin`: the restock notifications' admin for a React app, on its own
 * so only the route that shows it carries its code (the package root exports the same names).
 */
export { RestockAdmin } from './restock-admin.js';
export { parseRestockAdminProps, type RestockAdminProps } from './props.js';
