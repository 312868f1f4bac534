import { render, type VNode } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { createRoot } from '../../../src/react/preact-dom-shim.js';
import {
  createElement as h,
  forwardRef,
  useImperativeHandle,
  useState,
  useSyncExternalStore,
} from '../../../src/react/preact-shim.js';

// The script-tag build renders our widgets with these shims instead of React: they must keep the
// React behaviour the widgets rely on.
let host: HTMLElement;
afterEach(() => {
  render(null, host);
  host.remove();
});
const mountIn = (vnode: VNode<any>) => {
  host = document.createElement('div');
  document.body.append(host);
  act(() => render(vnode, host));
  return host;
};

describe('preact shim', () => {
  it('calls onChange of a text field on every keystroke, as React does', () => {
    const seen: string[] = [];
    const el = mountIn(
      h('input', {
        'aria-label': 'Email',
        onChange: (e: Event) => seen.push((e.target as HTMLInputElement).value),
      }),
    );
    const input = el.querySelector('input')!;
    input.value = 'a';
    act(() => void input.dispatchEvent(new Event('input', { bubbles: true })));
    input.value = 'ab';
    act(() => void input.dispatchEvent(new Event('input', { bubbles: true })));
    expect(seen).toEqual(['a', 'ab']);
  });

  it('keeps onChange of a checkbox on the change event', () => {
    let checked = false;
    const el = mountIn(
      h('input', {
        type: 'checkbox',
        onChange: (e: Event) => (checked = (e.target as HTMLInputElement).checked),
      }),
    );
    const box = el.querySelector('input')!;
    box.checked = true;
    act(() => void box.dispatchEvent(new Event('change', { bubbles: true })));
    expect(checked).toBe(true);
  });

  it('passes a ref through forwardRef to the component', () => {
    const Field = forwardRef<Record<string, unknown>>((_props, ref) => {
      useImperativeHandle(ref as { current: unknown }, () => ({ name: 'handle' }));
      return h('span', null, 'field');
    });
    const ref: { current: unknown } = { current: null };
    mountIn(h(Field as never, { ref }));
    expect(ref.current).toEqual({ name: 'handle' });
  });

  it('gives a handle to a callback ref or an object ref, a new one when its deps change, and null on unmount', () => {
    const seen: unknown[] = [];
    // One callback for every render: a new one would be a change too, as in React.
    const callbackRef = (handle: unknown) => void seen.push(handle);
    const objectRef: { current: unknown } = { current: null };
    const View = ({ n }: { n: number }) => {
      useImperativeHandle(callbackRef, () => ({ n }), [n]);
      useImperativeHandle(objectRef, () => ({ n }), [n]);
      return h('span', null, String(n));
    };
    const el = mountIn(h(View, { n: 1 }));
    expect(seen).toEqual([{ n: 1 }]);
    expect(objectRef.current).toEqual({ n: 1 });
    act(() => render(h(View, { n: 1 }), el));
    expect(seen).toEqual([{ n: 1 }]);
    act(() => render(h(View, { n: 2 }), el));
    expect(seen).toEqual([{ n: 1 }, null, { n: 2 }]);
    expect(objectRef.current).toEqual({ n: 2 });
    act(() => render(null, el));
    expect(seen).toEqual([{ n: 1 }, null, { n: 2 }, null]);
    expect(objectRef.current).toBeNull();
  });

  it('renders again when an external store changes, and not for an equal snapshot', () => {
    let value = 1;
    const listeners = new Set<() => void>();
    const subscribe = (fn: () => void) => (listeners.add(fn), () => listeners.delete(fn));
    let renders = 0;
    const View = () => {
      renders += 1;
      return h('output', null, String(useSyncExternalStore(subscribe, () => value)));
    };
    const el = mountIn(h(View, null));
    expect(el.textContent).toBe('1');
    const before = renders;
    act(() => listeners.forEach((fn) => fn()));
    expect(renders).toBe(before);
    value = 2;
    act(() => listeners.forEach((fn) => fn()));
    expect(el.textContent).toBe('2');
  });

  it('createRoot renders into and empties its container', () => {
    const container = document.createElement('div');
    host = container;
    document.body.append(container);
    const root = createRoot(container);
    const Counter = () => {
      const [n] = useState(3);
      return h('b', null, String(n));
    };
    act(() => root.render(h(Counter, null)));
    expect(container.textContent).toBe('3');
    act(() => root.unmount());
    expect(container.textContent).toBe('');
  });
});
