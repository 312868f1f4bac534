/**
 * React's `forwardRef` for the script-tag build (./preact-shim.ts re-exports it). Its first call
 * adds a vnode hook that moves a `ref` given to a component marked `sfForwardRef` into its props,
 * so the start-up code (which never forwards a ref) carries none of it.
 */
import { options, type VNode } from 'preact';

export type Forwarded = ((props: Record<string, unknown>) => unknown) & { sfForwardRef?: true };

let hooked = false;

/** React's `forwardRef`: the component gets the `ref` it was given as its second argument. */
export function forwardRef<P>(render: (props: P, ref: unknown) => unknown): Forwarded {
  if (!hooked) {
    hooked = true;
    const previous = options.vnode;
    options.vnode = (vnode: VNode) => {
      const type = vnode.type as unknown;
      if (typeof type === 'function' && (type as Forwarded).sfForwardRef && vnode.ref) {
        (vnode.props as Record<string, unknown>).ref = vnode.ref;
        vnode.ref = null;
      }
      previous?.(vnode);
    };
  }
  const forwarded: Forwarded = (props) => {
    const { ref, ...rest } = props;
    return render(rest as P, ref ?? null);
  };
  forwarded.sfForwardRef = true;
  return forwarded;
}
