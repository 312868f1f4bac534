import { useLayoutEffect, useRef } from 'react';

/**
 * A ref to the latest value of a prop, for callbacks an effect calls (React's "latest ref"
 * pattern). An effect that listed the callback itself would run again whenever the parent passed
 * a new function, and an inline arrow is a new function on every render: one that sets the
 * parent's state would loop. The ref is updated in a layout effect, so it is current before any
 * passive effect of the same commit reads it, and never written during render.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
