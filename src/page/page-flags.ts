/**
 * `Storefront.flags`: the page's flags, the site context's definitions with the address's
 * overrides, built once on first use and kept in the page's state (./page-state.ts).
 */
import { getPageRuntime } from './create-runtime.js';
import { addressOverrides, createFlags, flagDefinitions, type FlagResult, type Flags } from './flags.js';

/** The page's flags (its state keeps them): the site context's definitions with the address's overrides. */
export function flags(): Flags {
  const { context, raw, state } = getPageRuntime();
  return (state.flags ??= createFlags({
    definitions: raw === null ? null : flagDefinitions(context.features, raw['experiments']),
    overrides: addressOverrides(),
  }));
}

/** `Storefront.flags.toggle(name, fallback?)`. */
export const toggle = (name: string, fallback?: boolean): FlagResult<boolean> =>
  flags().toggle(name, fallback);
/** `Storefront.flags.variant(name, fallback)`. */
export const variant = (name: string, fallback: string): FlagResult<string> =>
  flags().variant(name, fallback);
