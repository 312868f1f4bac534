/**
 * The product form widget. Besides rendering into its block it keeps the product block's variant
 * image in step with the chosen variant: the image is the `img[data-sf-variant-image]` inside the
 * nearest ancestor marked `data-sf-product-block` (else inside the block's parent element).
 */
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
import { ProductFormBody } from './form.js';
import type { ProductFormProps } from './product-form.js';
import { parseProductFormProps } from './props.js';

export const name = 'product-form';

/** The image attributes a variant's image replaces. */
const SERVED_ATTRS = ['src', 'srcset', 'alt'] as const;

/**
 * Returns a callback that shows a variant's image in the block's variant image, and puts the
 * server-rendered image back when no variant (or one without an image) is chosen.
 */
export function variantImageSwitcher(el: HTMLElement): (variant: Variant | null) => void {
  const scope = el.closest(`[${PRODUCT_BLOCK_ATTR}]`) ?? el.parentElement ?? el;
  const img = scope.querySelector<HTMLImageElement>(`img[${VARIANT_IMAGE_ATTR}]`);
  if (!img) return () => undefined;
  // The server-rendered values, null for an attribute the image did not have.
  const original = SERVED_ATTRS.map((attr) => img.getAttribute(attr));
  return (variant) => {
    // imageUrl went through the item parser's URL check (http(s), paths and data images only).
    const url = variant?.imageUrl;
    if (url) {
      img.setAttribute('src', url);
      img.removeAttribute('srcset');
      if (variant?.mainImage?.altText) img.setAttribute('alt', variant.mainImage.altText);
      img.setAttribute(VARIANT_IMAGE_ATTR, variant?.sku ?? '');
    } else {
      SERVED_ATTRS.forEach((attr, i) => {
        const value = original[i];
        if (value == null) img.removeAttribute(attr);
        else img.setAttribute(attr, value);
      });
      img.setAttribute(VARIANT_IMAGE_ATTR, '');
    }
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
  const onVariantChange = variantImageSwitcher(el);
  // Announced from the block so a listener knows which product block chose (README "Events"). A
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
  import('./product-form.js').then(
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
// The package's `ProductForm` is in ./product-form.tsx (src/index.ts): exported here, it would
// bring the card's code to every product page.
export type { ProductFormProps } from './product-form.js';
export {
  parseProductFormProps,
  type ParsedProductFormProps,
  type ProductReviews,
  type Review,
} from './props.js';
