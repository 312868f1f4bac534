import {
  FloatingFocusManager,
  FloatingNode,
  FloatingOverlay,
  FloatingPortal,
  FloatingTree,
  useDismiss,
  useFloating,
  useFloatingNodeId,
  useFloatingParentNodeId,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useWidgetId } from '../provider.js';

export interface LightboxProps {
  /** Whether the dialog is shown. */
  readonly open: boolean;
  /** Called on Escape, on the close button and on a click on the backdrop. */
  readonly onClose: () => void;
  /** Visible heading; the dialog is labelled by it. */
  readonly title: string;
  /** Accessible text of the close button. */
  readonly closeLabel: string;
  readonly children: ReactNode;
  /**
   * Where focus goes when the dialog closes. `true` returns it to whatever had focus on open.
   * @default true
   */
  readonly returnFocus?: boolean | RefObject<HTMLElement | null> | undefined;
  /**
   * Index (in tab order) of the element focused on open; 0 is the close button, 1 the first
   * control of the content.
   * @default 0
   */
  readonly initialFocus?: number | undefined;
}

/**
 * A modal dialog: focus moves in and is trapped, the page behind is inert and does not scroll,
 * Escape, the close button and the backdrop close it, and focus returns to the opener. A lightbox
 * opened from inside another (a form from a quick view) nests: Escape closes the inner one first.
 */
export function Lightbox(props: LightboxProps) {
  const parentId = useFloatingParentNodeId();
  if (parentId === null) {
    return (
      <FloatingTree>
        <LightboxNode {...props} />
      </FloatingTree>
    );
  }
  return <LightboxNode {...props} />;
}

/** How to close each open lightbox, innermost last: Escape closes only the last one. */
const openLightboxes: (() => void)[] = [];

/** The one Escape listener, on `document` while any lightbox is open. */
const closeInnermost = (event: KeyboardEvent): void => {
  if (event.key !== 'Escape' || event.isComposing || event.defaultPrevented) return;
  openLightboxes.at(-1)?.();
};

/**
 * While `open`, Escape anywhere in the document closes this lightbox if it is the innermost one.
 * The lightbox joins the stack in a layout effect, so before the browser paints it, and therefore
 * before anyone can see it and press a key.
 */
function useEscapeClosesInnermost(open: boolean, onClose: () => void): void {
  const latestOnClose = useRef(onClose);
  latestOnClose.current = onClose;
  useLayoutEffect(() => {
    if (!open) return undefined;
    const close = () => latestOnClose.current();
    if (openLightboxes.push(close) === 1) document.addEventListener('keydown', closeInnermost);
    return () => {
      openLightboxes.splice(openLightboxes.indexOf(close), 1);
      if (openLightboxes.length === 0) document.removeEventListener('keydown', closeInnermost);
    };
  }, [open]);
}

function LightboxNode({
  open,
  onClose,
  title,
  closeLabel,
  children,
  returnFocus = true,
  initialFocus = 0,
}: LightboxProps) {
  const titleId = useWidgetId();
  const nodeId = useFloatingNodeId();
  const { refs, context } = useFloating({
    nodeId,
    open,
    onOpenChange: (next) => {
      if (!next) onClose();
    },
  });
  // Escape is ours, not useDismiss's: its listener is attached after paint, and until focus has
  // moved into a nested dialog the outer one swallowed the key, so an Escape pressed at once was lost.
  const dismiss = useDismiss(context, { escapeKey: false, outsidePressEvent: 'mousedown' });
  useEscapeClosesInnermost(open, onClose);
  const role = useRole(context, { role: 'dialog' });
  const { getFloatingProps } = useInteractions([dismiss, role]);
  return (
    <FloatingNode id={nodeId}>
      {open && (
        <FloatingPortal>
          <FloatingOverlay className="sf-lightbox-backdrop" lockScroll>
            <FloatingFocusManager
              context={context}
              modal
              initialFocus={initialFocus}
              returnFocus={returnFocus}
            >
              <div
                ref={refs.setFloating}
                className="sf-lightbox"
                aria-labelledby={titleId}
                aria-modal="true"
                {...getFloatingProps()}
              >
                <div className="sf-lightbox__header">
                  <h2 id={titleId} className="sf-lightbox__title">
                    {title}
                  </h2>
                  <button
                    type="button"
                    className="sf-lightbox__close"
                    aria-label={closeLabel}
                    onClick={onClose}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </div>
                <div className="sf-lightbox__body">{children}</div>
              </div>
            </FloatingFocusManager>
          </FloatingOverlay>
        </FloatingPortal>
      )}
    </FloatingNode>
  );
}
