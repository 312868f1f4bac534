/**
 * What the loader says when `window.Storefront` is already defined: by another script, or by a
 * copy of the loader included earlier. It then leaves the value as it is and mounts nothing, so
 * two copies never mount the same blocks.
 */
export const GLOBAL_TAKEN_MESSAGE =
  'window.Storefront is already defined (by another script, or by this loader included twice): the storefront loader leaves it as it is and mounts nothing';

/** Warns in the console and reports `GLOBAL_TAKEN` (`sf:error` and the error reporter). */
export function announce(report: (error: unknown, info: Record<string, string>) => void): void {
  console.warn(`[storefront] ${GLOBAL_TAKEN_MESSAGE}`);
  report(new Error(GLOBAL_TAKEN_MESSAGE), { code: 'GLOBAL_TAKEN' });
}
