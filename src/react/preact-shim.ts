/**
 * `react` for the script-tag build: the part of React's API our widgets use, over preact and
 * preact/hooks. preact/compat would cost every product page about 2.4 KB gzip for names it never
 * calls (Children, memo, Suspense, hydrate, ...); it still loads, lazily, with the chunks that use
 * @floating-ui/react (vite.config.ts gives that library compat's namespace).
 *
 * Only what React and preact do differently for the props we write is bridged here, once, in
 * `options.vnode`: React's `onChange` on a text field fires on every keystroke (preact's is the
 * DOM `change` event, on blur). `forwardRef` passes `ref` through to the component by a vnode hook
 * of its own, added on its first call (./preact-forward-ref.ts).
 * tests/vite.config.test.ts checks that every name imported from `react` in src/ and widgets/
 * is exported here.
 */
import { options, type VNode } from 'preact';
import { useLayoutEffect, useReducer, useRef } from 'preact/hooks';

export { Component, createContext, createElement, Fragment } from 'preact';
export {
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'preact/hooks';

/** Input types whose React `onChange` is the DOM `change` event already. */
const CHANGE_TYPES = /^(checkbox|radio|file)$/i;

const previousVnodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  const { type } = vnode;
  const props = vnode.props as Record<string, unknown>;
  if (
    props.onChange &&
    !props.onInput &&
    (type === 'textarea' || (type === 'input' && !CHANGE_TYPES.test(String(props.type ?? ''))))
  ) {
    props.onInput = props.onChange;
    delete props.onChange;
  }
  previousVnodeHook?.(vnode);
};

// In a module of its own, with the vnode hook that serves it: only the lazily loaded captcha uses
// it, so its chunk carries them. The same goes for useImperativeHandle.
export { forwardRef } from './preact-forward-ref.js';
export { useImperativeHandle } from './preact-imperative-handle.js';

/**
 * React's `useSyncExternalStore`: reads the snapshot while rendering and renders again when a
 * change notification brings a different one.
 */
export function useSyncExternalStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
): T {
  const value = getSnapshot();
  const latestRef = useRef({ value, getSnapshot });
  latestRef.current = { value, getSnapshot };
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useLayoutEffect(() => {
    const check = () => {
      if (!Object.is(latestRef.current.value, latestRef.current.getSnapshot())) rerender(undefined);
    };
    check();
    return subscribe(check);
  }, [subscribe]);
  return value;
}
