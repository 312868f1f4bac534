/**
 * A product card's Quick View button (`quickView` in the product form's props) and its lightbox
 * around the form, and the package's `ProductForm`, which shows the form or this button. The
 * widget mounts the form (./product-form.tsx) directly and loads this module only for a card: the
 * form importing the button would bring the card's code to every product page.
 */
import { useMemo, useRef, useState } from 'react';
import { WIDGET_ATTR } from '../../src/contract.js';
import { track } from '../../src/page/analytics.js';
import { useStorefront } from '../../src/react/provider.js';
import { useSameItem } from '../../src/react/use-same-item.js';
import { productFormMessages } from './messages.js';
import { ProductFormBody, type ProductFormProps } from './product-form.js';
import type { QuickViewPanel as QuickViewPanelType } from './quick-view.js';

/**
 * The product form (spec 000 §2, §4, §5; spec 001 §4, §5): variant pickers, quantity, price and
 * marks, scarcity, the restock slot, the add button and its additional-fields lightbox, reviews;
 * with `quickView`, only a Quick View button that opens it in a lightbox.
 */
export function ProductForm(props: ProductFormProps) {
  // A theme may parse the item on every render: the form goes on with the item it has while the
  // new one says the same (the script tag's blocks mount the body and the button, their item
  // parsed once).
  const item = useSameItem(props.item);
  // Another product (a router's route that keeps the component) starts afresh: no choice,
  // quantity, form answers or button state of the last one carry over (the script tag's mount
  // does the same, ./index.ts).
  if (props.quickView === true) return <QuickViewButton key={item.id} {...props} item={item} />;
  return <ProductFormBody key={item.id} {...props} item={item} />;
}

/** A product card's Quick View button and, once clicked, its lightbox around the form. */
export function QuickViewButton(props: ProductFormProps) {
  const { reporter } = useStorefront();
  const button = useRef<HTMLButtonElement>(null);
  const m = useMemo(() => productFormMessages(props.strings), [props.strings]);
  const [open, setOpen] = useState<{ Panel: typeof QuickViewPanelType; block: Element | null } | null>(null);
  const openQuickView = async () => {
    // Recorded by the platform layer (census RecordQuickView), unless tracking is off.
    track({ type: 'quick-view', itemId: props.item.id });
    try {
      const { QuickViewPanel } = await import('./quick-view.js');
      setOpen({ Panel: QuickViewPanel, block: button.current?.closest(`[${WIDGET_ATTR}]`) ?? null });
    } catch (error) {
      reporter.report(error, { widget: 'product-form', code: 'CHUNK_LOAD_FAILED' });
    }
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="sf-button sf-button--secondary sf-quick-view-button"
        onClick={() => void openQuickView()}
      >
        {m.t('quickView')}
      </button>
      {open && <open.Panel form={props} block={open.block} onClose={() => setOpen(null)} />}
    </>
  );
}
