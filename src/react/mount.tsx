import { useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MOUNTED_ATTR, WIDGET_ATTR, type WidgetEnv } from '../contract.js';
import { WidgetBoundary } from './boundary.js';
import { IdPrefixContext } from './provider.js';

let rootCount = 0;

function Committed({ onCommit, children }: { onCommit: () => void; children?: ReactNode }) {
  // Runs after every child's layout effects: the widget's first render made it to the page.
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}

/** The unmount of a widget {@link mountWidget} rendered, and how to draw it again. */
export interface MountedWidget {
  (): void;
  /**
   * Draws `node` in place of the widget's tree: React keeps the state of every component that
   * stays where it was (same type, same key), so new props keep what the shopper did.
   */
  render(node: ReactNode): void;
}

/**
 * Renders a widget into its block and returns the unmount, which can also draw it again.
 *
 * Replace, not hydrate: the block's server-rendered fallback stays in place (untouched, so it
 * keeps working without us) until the widget's first render has committed; only then is it
 * detached. If the widget throws, before or after that, the boundary reports once and the same
 * fallback nodes go back, so the visitor sees the server's version rather than a hole. Unmounting
 * also puts the fallback back, which leaves the block ready to be mounted again.
 *
 * The widget renders into a `<div class="sf-root">` with `display: contents`, so it adds no box
 * of its own to the theme's layout.
 */
export function mountWidget(el: HTMLElement, node: ReactNode, env: WidgetEnv): MountedWidget {
  const widget = el.getAttribute(WIDGET_ATTR) ?? 'widget';
  const fallback = Array.from(el.childNodes);
  const host = el.ownerDocument.createElement('div');
  host.className = 'sf-root';
  // CSSOM writes are allowed under a CSP without 'unsafe-inline' (a style attribute is not).
  host.style.display = 'contents';
  el.appendChild(host);

  let fallbackDetached = false;
  let failed = false;
  let unmounted = false;

  const detachFallback = () => {
    if (fallbackDetached || failed || unmounted) return;
    for (const child of fallback) if (child.parentNode === el) el.removeChild(child);
    fallbackDetached = true;
  };
  const restoreFallback = () => {
    if (!fallbackDetached) return;
    for (const child of fallback) el.insertBefore(child, host.parentNode === el ? host : null);
    fallbackDetached = false;
  };
  const onError = () => {
    failed = true;
    restoreFallback();
    // The block shows its fallback, not its widget (docs/page-contract.md `data-sf-mounted`).
    markedMounted ||= el.hasAttribute(MOUNTED_ATTR);
    el.removeAttribute(MOUNTED_ATTR);
  };
  let markedMounted = false;
  // Bumped by a draw after a failure: a fresh boundary, which tries the new props.
  let attempt = 0;

  rootCount += 1;
  const idPrefix = `sf${rootCount}-`;
  let root: ReturnType<typeof createRoot>;
  try {
    root = createRoot(host, {
      identifierPrefix: idPrefix,
      // The boundary reports what it catches; the default would also log it to the console.
      onCaughtError: () => undefined,
      onUncaughtError: (error: unknown) => {
        env.report(error, { widget, code: 'RENDER_FAILED' });
        onError();
      },
    });
    draw(node);
  } catch (error) {
    // A synchronous renderer (preact) can throw here for errors outside the boundary's reach.
    env.report(error, { widget, code: 'RENDER_FAILED' });
    onError();
    host.remove();
    return Object.assign(() => undefined, { render: () => undefined });
  }

  function draw(next: ReactNode) {
    root.render(
      <IdPrefixContext.Provider value={idPrefix}>
        <WidgetBoundary key={attempt} widget={widget} report={env.report} onError={onError}>
          <Committed onCommit={detachFallback}>{next}</Committed>
        </WidgetBoundary>
      </IdPrefixContext.Provider>,
    );
  }

  const unmount = () => {
    if (unmounted) return;
    unmounted = true;
    try {
      root.unmount();
    } catch (error) {
      env.report(error, { widget, code: 'UNMOUNT_FAILED' });
    }
    restoreFallback();
    host.remove();
  };
  const render = (next: ReactNode) => {
    if (unmounted) return;
    if (failed) {
      // New props (the editor correcting them) may draw where the old ones broke.
      failed = false;
      attempt += 1;
      if (markedMounted) el.setAttribute(MOUNTED_ATTR, '');
    }
    try {
      draw(next);
    } catch (error) {
      env.report(error, { widget, code: 'RENDER_FAILED' });
      onError();
    }
  };
  return Object.assign(unmount, { render });
}
