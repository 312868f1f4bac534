/**
 * React's `forwardRef` for the script-tag build (./preact-shim.ts re-exports it). The shim's vnode
 * hook moves a `ref` given to a component marked `sfForwardRef` into its props.
 */
export type Forwarded = ((props: Record<string, unknown>) => unknown) & { sfForwardRef?: true };

/** React's `forwardRef`: the component gets the `ref` it was given as its second argument. */
export function forwardRef<P>(render: (props: P, ref: unknown) => unknown): Forwarded {
  const forwarded: Forwarded = (props) => {
    const { ref, ...rest } = props;
    return render(rest as P, ref ?? null);
  };
  forwarded.sfForwardRef = true;
  return forwarded;
}
