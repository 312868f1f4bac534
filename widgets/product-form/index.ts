/**
 * The product form widget. Besides rendering into its block it keeps the product block's variant
 * image in step with the chosen variant: the image is the `img[data-sf-variant-image]` inside the
 * nearest ancestor marked `data-sf-product-block` (else inside the block's parent element).
 */
import { withWholeCatalogue } from '../../src/messages/format.js';
import { createElement } from 'react';
import type { Variant } from '../../src/commerce/product.js';
import {
  EVENTS,
  PRODUCT_BLOCK_ATTR,
  VARIANT_IMAGE_ATTR,
  type VariantChangeDetail,
  type WidgetEnv,
  type WidgetModule,
} from '../../src/contract.js';
import { WidgetPropsError } from '../../src/react/define.js';
import { mountWidget } from '../../src/react/mount.js';
import { PageStorefrontProvider } from '../../src/react/provider.js';
import { ProductFormBody } from './product-form.js';
import type { ProductFormProps } from './product-form.js';
import { parseProductFormProps } from './props.js';

export const name = 'product-form';

/**
 * Keeps the block's variant image (`img[data-sf-variant-image]` in the nearest product block,
 * else in the block's parent) in step with the chosen variant. Its code (./variant-image.ts)
 * loads with the first variant that changes the image: a shopper who never picks one never
 * needs it, and until then the image is the server's, which the switcher then keeps to put back.
 * Later changes apply in order as they come.
 */
function followVariantImage(el: HTMLElement, env: WidgetEnv): (variant: Variant | null) => void {
  const scope = el.closest(`[${PRODUCT_BLOCK_ATTR}]`) ?? el.parentElement ?? el;
  const img = scope.querySelector<HTMLImageElement>(`img[${VARIANT_IMAGE_ATTR}]`);
  if (!img) return () => undefined;
  let switcher: Promise<((variant: Variant | null) => void) | null> | null = null;
  return (variant) => {
    if (!switcher && !variant?.imageUrl) return;
    switcher ??= import('./variant-image.js').then(
      (m) => m.variantImageSwitcher(img),
      (error: unknown) => {
        env.report(error, { widget: name, code: 'CHUNK_LOAD_FAILED' });
        // The next change tries again.
        switcher = null;
        return null;
      },
    );
    void switcher.then((show) => show?.(variant));
  };
}

/** Mounts the product form into its block (WidgetModule); throws on props that do not parse. */
export function mount(el: HTMLElement, raw: unknown, env: WidgetEnv): () => void {
  const dropped: string[] = [];
  const parsed = parseProductFormProps(raw, dropped);
  if (!parsed.ok) throw new WidgetPropsError(name, parsed.issues);
  // Fields left out cost the shopper nothing more than themselves; the site owner hears once.
  if (dropped.length > 0)
    env.report(new WidgetPropsError(name, dropped), { widget: name, code: 'BAD_PROPS' });
  const onVariantChange = followVariantImage(el, env);
  // Announced from the block so a listener knows which product block chose (docs/page-contract.md). A
  // listener gets its own copy of the variant: what it changes there cannot reach the form.
  const onChoiceChange = ({ variant, quantity }: { variant: Variant | null; quantity: number }) => {
    const detail: VariantChangeDetail = {
      itemId: parsed.value.item.id,
      variant: variant && structuredClone(variant),
      quantity,
    };
    el.dispatchEvent(new CustomEvent(EVENTS.variantChange, { bubbles: true, detail }));
  };
  const props: ProductFormProps = { ...parsed.value, onVariantChange, onChoiceChange };
  if (props.quickView !== true) {
    return mountWidget(
      el,
      createElement(PageStorefrontProvider, { env }, createElement(ProductFormBody, props)),
      env,
    );
  }
  // A product card shows only its Quick View button, whose code loads with the cards, not with
  // every product page; the block keeps its server-rendered fallback until it is in.
  let unmount: (() => void) | undefined;
  let gone = false;
  // In the page's language from its first text: its texts are in the second part of a catalogue.
  withWholeCatalogue(import('./quick-view-button.js')).then(
    ({ QuickViewButton }) => {
      if (!gone)
        unmount = mountWidget(
          el,
          createElement(PageStorefrontProvider, { env }, createElement(QuickViewButton, props)),
          env,
        );
    },
    (error: unknown) => env.report(error, { widget: name, code: 'CHUNK_LOAD_FAILED' }),
  );
  return () => {
    gone = true;
    unmount?.();
  };
}

const widget: WidgetModule = { mount };
export default widget;
// The package's `ProductForm` is in ./quick-view-button.tsx (src/index.ts): exported here, it would
// bring the card's code to every product page.
export type { ProductFormProps } from './product-form.js';
// Its props parser too (src/index.ts takes it from ./props.ts): the script tag needs `mount` alone.
export type { ParsedProductFormProps, ProductReviews, Review } from './props.js';
