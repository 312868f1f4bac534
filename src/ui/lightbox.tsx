import { useWidgetId } from '../runtime/provider.js';
import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import type { ReactNode, RefObject } from 'react';

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
}

/**
 * A modal dialog: focus moves in and is trapped, the page behind is inert and does not scroll,
 * Escape, the close button and the backdrop close it, and focus returns to the opener.
 */
export function Lightbox({ open, onClose, title, closeLabel, children, returnFocus = true }: LightboxProps) {
  const titleId = useWidgetId();
  const { refs, context } = useFloating({
    open,
    onOpenChange: (next) => {
      if (!next) onClose();
    },
  });
  const dismiss = useDismiss(context, { outsidePressEvent: 'mousedown' });
  const role = useRole(context, { role: 'dialog' });
  const { getFloatingProps } = useInteractions([dismiss, role]);

  if (!open) return null;
  return (
    <FloatingPortal>
      <FloatingOverlay className="sf-lightbox-backdrop" lockScroll>
        <FloatingFocusManager context={context} modal returnFocus={returnFocus}>
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
              <button type="button" className="sf-lightbox__close" aria-label={closeLabel} onClick={onClose}>
                <span aria-hidden="true">×</span>
              </button>
            </div>
            <div className="sf-lightbox__body">{children}</div>
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
