/**
 * `storefront-widgets/instalment-pill`: the instalment pill for a React app, on its own so only the
 * routes that show it carry its code (the package root exports the same names).
 */
export { InstalmentPill } from './instalment-pill.js';
export { parseInstalmentPillProps, type InstalmentPillProps } from './props.js';
