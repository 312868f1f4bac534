/**
 * React's `useImperativeHandle` for the script-tag build (./preact-shim.ts re-exports it), in a
 * module of its own: only the lazily loaded captcha uses it, so its chunk carries it rather than
 * the start-up code (preact/hooks' own would sit in the shared chunk of every page).
 */
import { useLayoutEffect } from 'preact/hooks';

type HandleRef<T> = ((instance: T | null) => void) | { current: T | null } | null | undefined;

/**
 * Gives `ref` the handle `create` makes once the component is in the page, a new one whenever
 * `deps` (or the ref) change, and null on the way out.
 */
export function useImperativeHandle<T>(ref: HandleRef<T>, create: () => T, deps?: readonly unknown[]): void {
  useLayoutEffect(
    () => {
      if (typeof ref === 'function') {
        ref(create());
        return () => ref(null);
      }
      if (!ref) return undefined;
      // eslint-disable-next-line react-hooks/immutability -- filling the caller's ref is this hook's job
      ref.current = create();
      return () => {
        ref.current = null;
      };
    },
    // React's deps rule: made again when a dep or the ref itself changes; `create` is read fresh
    // each time, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps, as React takes them
    deps && [...deps, ref],
  );
}
