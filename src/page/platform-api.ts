/**
 * What the page reaches of the platform layer (./platform.ts) through its chunk's dynamic import:
 * `start`, and the loader's `Storefront` globals. A dynamic import yields the module's namespace,
 * which holds every export of the module imported; this module names only these, so the rest of
 * the platform's exports (for tests and the npm build) do not travel as names in the chunk.
 */
export { login, logout, start, toggle, track, variant } from './platform.js';
