/** The quick-view lightbox of a product card, loaded on the first click of Quick View. */
import type { ReactNode } from 'react';
import { Lightbox } from '../../src/react/ui/lightbox.js';

export interface QuickViewDialogProps {
  readonly title: string;
  readonly closeLabel: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
}

export function QuickViewDialog({ title, closeLabel, onClose, children }: QuickViewDialogProps) {
  return (
    <Lightbox open title={title} closeLabel={closeLabel} onClose={onClose} initialFocus={1}>
      <div className="sf-quick-view">{children}</div>
    </Lightbox>
  );
}

export default QuickViewDialog;
