/**
 * What the page reaches of the platform layer through its chunk's dynamic import: `start`
 * (./platform-start.ts), and the loader's `Storefront` globals: the account calls, the flags and
 * `track`. A dynamic import yields the module's namespace, which holds every export of the module
 * imported; this module names only these, so the platform's other exports (for tests and the npm
 * build) do not travel as names in the chunk.
 */
export { login, logout } from './account-calls.js';
export { track } from './analytics.js';
export { toggle, variant } from './page-flags.js';
export { start } from './platform-start.js';
