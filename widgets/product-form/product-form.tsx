/**
 * The product form component of the package, and the product card's Quick View button. The widget
 * mounts the form (./form.tsx) directly and loads this module only for a card (`quickView`), so a
 * product page carries no card code.
 */
import { useMemo, useRef, useState } from 'react';
import type { FormSchema as AdditionalFieldsSchema } from '../../src/api/form-schema.js';
import type { Merchandising, ProductItem, StoreSettings, Variant } from '../../src/commerce/product.js';
import { WIDGET_ATTR } from '../../src/contract.js';
import { track } from '../../src/page/analytics.js';
import { useStorefront } from '../../src/react/provider.js';
import { ProductFormBody } from './form.js';
import { productFormMessages } from './messages.js';
import type { ProductReviews } from './props.js';
import type { CardFacts, QuickViewDialog as QuickViewDialogType } from './quick-view.js';

/** Props of the product form. Only `item` is required. */
export interface ProductFormProps {
  /** The parsed product item (`parseProductItem` of the package). */
  readonly item: ProductItem;
  /**
   * The item's additional-fields form when it is embedded (as sent, or already parsed); it is read
   * on the first add. Without it the form named by `item.structuredContent.additionalFieldsFormId`
   * is fetched then.
   * @default null
   */
  readonly additionalFieldsForm?:
    AdditionalFieldsSchema | Readonly<Record<string, unknown>> | null | undefined;
  /** Sold-out text, scarcity and restock settings. @default DEFAULT_MERCHANDISING */
  readonly merchandising?: Merchandising | undefined;
  /** @default DEFAULT_STORE_SETTINGS */
  readonly storeSettings?: StoreSettings | undefined;
  /**
   * Text overrides, by catalogue key (widgets/product-form/messages.ts) or by the localized-string
   * names of spec 001 §3 (`productAddToCartText`, ...).
   * @default {}
   */
  readonly strings?: Readonly<Record<string, string>> | undefined;
  /** Reviews to show, each kind only when the site's review settings allow it. @default none */
  readonly reviews?: ProductReviews | undefined;
  /** The button buys directly (label Purchase) and success goes to the checkout page. @default false */
  readonly expressCheckout?: boolean | undefined;
  /** Render only a Quick View button that opens this form in a lightbox (product cards). @default false */
  readonly quickView?: boolean | undefined;
  /** Told whenever the chosen variant changes (null while the choice is incomplete). @default undefined */
  readonly onVariantChange?: ((variant: Variant | null) => void) | undefined;
  /**
   * Told the choice other widgets of the block follow (the `sf:variant-change` event): the chosen
   * variant (null while incomplete) and the quantity entered (1 while it is not a usable number).
   * @default undefined
   */
  readonly onChoiceChange?: ((choice: { variant: Variant | null; quantity: number }) => void) | undefined;
}

/**
 * The product form (spec 000 §2, §4, §5; spec 001 §4, §5): variant pickers, quantity, price and
 * marks, scarcity, the restock slot, the add button and its additional-fields lightbox, reviews
 * (./form.tsx); with `quickView`, only a Quick View button that opens it in a lightbox.
 */
export function ProductForm(props: ProductFormProps) {
  if (props.quickView === true) return <QuickViewButton {...props} />;
  return <ProductFormBody {...props} />;
}

/** A product card's Quick View button and, once clicked, its lightbox around the form. */
export function QuickViewButton(props: ProductFormProps) {
  const { reporter, context, navigate } = useStorefront();
  const button = useRef<HTMLButtonElement>(null);
  const m = useMemo(() => productFormMessages(props.strings), [props.strings]);
  const [Dialog, setDialog] = useState<typeof QuickViewDialogType | null>(null);
  const [facts, setFacts] = useState<CardFacts | null>(null);
  const openQuickView = async () => {
    // Recorded by the platform layer (census RecordQuickView), unless tracking is off.
    track({ type: 'quick-view', itemId: props.item.id });
    try {
      const mod = await import('./quick-view.js');
      setFacts(mod.cardFacts(button.current?.closest(`[${WIDGET_ATTR}]`) ?? null));
      setDialog(() => mod.QuickViewDialog);
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
      {Dialog && facts && (
        <Dialog
          title={props.item.title ?? m.t('quickView')}
          closeLabel={m.t('close')}
          onClose={() => setDialog(null)}
          facts={facts}
          strings={props.strings}
          onFollow={(url, event) => {
            if (!context.designFrame) return;
            event.preventDefault();
            navigate(url);
          }}
        >
          <ProductFormBody {...props} quickView={false} publishChoice={false} />
        </Dialog>
      )}
    </>
  );
}
