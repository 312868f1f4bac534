/**
 * `react-dom/client` for the script-tag build (see preact-shim.ts): a root is preact's `render`
 * into one container. React's root options (identifier prefix, error callbacks) have no preact
 * counterpart; mount.tsx does not depend on them there.
 */
import { render, type ComponentChild } from 'preact';

export interface Root {
  render(node: ComponentChild): void;
  unmount(): void;
}

export function createRoot(container: Element, _options?: unknown): Root {
  return {
    render: (node) => render(node, container),
    unmount: () => render(null, container),
  };
}
