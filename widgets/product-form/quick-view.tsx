/**
 * The quick-view lightbox of a product card around its product form, loaded when the shopper
 * reaches for Quick View: by the package's `ProductForm` with `quickView` and by the `quick-view`
 * widget (widgets/quick-view/).
 */
import { useMemo, type ReactNode } from 'react';
import { isRecord } from '../../src/result.js';
import { Lightbox } from '../../src/react/ui/lightbox.js';
import { useStorefront } from '../../src/react/provider.js';
import { PROPS_ATTR } from '../../src/contract.js';
import { pageOrImageUrl, sitePath } from '../../src/urls.js';
import { productFormMessages } from './messages.js';
import { ProductFormBody, type ProductFormProps } from './product-form.js';
import { quickViewMessages } from './quick-view-messages.js';

/** The product's page and picture as a card's block gives them. */
export interface CardFacts {
  readonly url: string | null;
  readonly imageUrl: string | null;
  readonly imageAlt: string;
}

/**
 * Reads the card's page address and picture from its block's raw props (`item.fullUrl`,
 * `item.mainImage`): the parsed product keeps neither, and parsing them on every product page would
 * cost the start-up budget. The URL rules are the parser's (../../src/urls.ts).
 */
export function cardFacts(block: Element | null): CardFacts {
  let item: unknown = null;
  try {
    const raw: unknown = JSON.parse(block?.getAttribute(PROPS_ATTR) ?? 'null');
    item = isRecord(raw) ? raw['item'] : null;
  } catch {
    // No readable props: the lightbox shows the form alone.
  }
  if (!isRecord(item)) return { url: null, imageUrl: null, imageAlt: '' };
  const image = isRecord(item['mainImage']) ? item['mainImage'] : null;
  return {
    // A path on this site: the only link a card's lightbox follows.
    url: sitePath(item['fullUrl']),
    imageUrl: pageOrImageUrl(image?.['assetUrl']),
    imageAlt: typeof image?.['altText'] === 'string' ? image['altText'] : '',
  };
}

export interface QuickViewDialogProps {
  readonly title: string;
  readonly closeLabel: string;
  readonly onClose: () => void;
  readonly facts: CardFacts;
  /** Text overrides (keys of ./quick-view-messages.ts). @default {} */
  readonly strings?: Readonly<Record<string, string>> | undefined;
  /** Follows the link; inside the design frame it moves the frame instead. */
  readonly onFollow?: ((url: string, event: { preventDefault(): void }) => void) | undefined;
  readonly children: ReactNode;
}

export function QuickViewDialog({
  title,
  closeLabel,
  onClose,
  facts,
  strings,
  onFollow,
  children,
}: QuickViewDialogProps) {
  const m = useMemo(() => quickViewMessages(strings), [strings]);
  const { url, imageUrl, imageAlt } = facts;
  return (
    <Lightbox open title={title} closeLabel={closeLabel} onClose={onClose} initialFocus={1}>
      <div className="sf-quick-view">
        {imageUrl !== null && <img className="sf-quick-view__image" src={imageUrl} alt={imageAlt} />}
        {children}
        {url !== null && (
          <a
            className="sf-quick-view__link"
            href={url}
            aria-label={m.t('fullDetailsOf', { title })}
            onClick={(event) => onFollow?.(url, event)}
          >
            {m.t('fullDetails')}
          </a>
        )}
      </div>
    </Lightbox>
  );
}

export interface QuickViewPanelProps {
  /** The card's product form, as parsed from its block. */
  readonly form: ProductFormProps;
  /** The card's block, whose props name the product's page and picture ({@link cardFacts}). */
  readonly block: Element | null;
  readonly onClose: () => void;
}

/** A card's quick view: the lightbox with the product's picture, its form and its page. */
export function QuickViewPanel({ form, block, onClose }: QuickViewPanelProps) {
  const { context, navigate } = useStorefront();
  const m = useMemo(() => productFormMessages(form.strings), [form.strings]);
  const facts = useMemo(() => cardFacts(block), [block]);
  return (
    <QuickViewDialog
      title={form.item.title ?? m.t('quickView')}
      closeLabel={m.t('close')}
      onClose={onClose}
      facts={facts}
      strings={form.strings}
      onFollow={(url, event) => {
        if (!context.designFrame) return;
        event.preventDefault();
        navigate(url);
      }}
    >
      <ProductFormBody {...form} quickView={false} publishChoice={false} inQuickView />
    </QuickViewDialog>
  );
}

export default QuickViewDialog;
