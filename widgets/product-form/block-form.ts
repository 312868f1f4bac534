/**
 * A block's product form, for the product form's widget (./index.ts) and a card's Quick View
 * (widgets/quick-view/): its props read from the block, and what the form does to its block
 * besides drawing into it. The block's variant image follows the chosen variant, and each choice
 * is announced from the block (`sf:variant-change`).
 */
import type { Variant } from '../../src/commerce/product.js';
import {
  EVENTS,
  PRODUCT_BLOCK_ATTR,
  VARIANT_IMAGE_ATTR,
  type VariantChangeDetail,
  type WidgetEnv,
} from '../../src/contract.js';
import { WidgetPropsError } from '../../src/react/define.js';
import type { Result } from '../../src/result.js';
import type { ProductFormProps } from './product-form.js';
import { parseProductFormProps } from './props.js';

/**
 * Keeps the block's variant image (`img[data-sf-variant-image]` in the nearest product block,
 * else in the block's parent) in step with the chosen variant. Its code (./variant-image.ts)
 * loads with the first variant that changes the image: a shopper who never picks one never
 * needs it, and until then the image is the server's, which the switcher then keeps to put back.
 * Later changes apply in order as they come.
 */
function followVariantImage(
  el: HTMLElement,
  env: WidgetEnv,
  widget: string,
): (variant: Variant | null) => void {
  const scope = el.closest(`[${PRODUCT_BLOCK_ATTR}]`) ?? el.parentElement ?? el;
  const img = scope.querySelector<HTMLImageElement>(`img[${VARIANT_IMAGE_ATTR}]`);
  if (!img) return () => undefined;
  let switcher: Promise<((variant: Variant | null) => void) | null> | null = null;
  return (variant) => {
    if (!switcher && !variant?.imageUrl) return;
    switcher ??= import('./variant-image.js').then(
      (m) => m.variantImageSwitcher(img),
      (error: unknown) => {
        env.report(error, { widget, code: 'CHUNK_LOAD_FAILED' });
        // The next change tries again.
        switcher = null;
        return null;
      },
    );
    void switcher.then((show) => show?.(variant));
  };
}

/** The product form's callbacks for the block `el` of the product `itemId`, drawn by `widget`. */
function blockEvents(
  el: HTMLElement,
  env: WidgetEnv,
  itemId: string,
  widget: string,
): Pick<ProductFormProps, 'onVariantChange' | 'onChoiceChange'> {
  return {
    onVariantChange: followVariantImage(el, env, widget),
    // Announced from the block so a listener knows which product block chose
    // (docs/page-contract.md). A listener gets its own copy of the variant: what it changes there
    // cannot reach the form.
    onChoiceChange: ({ variant, quantity }) => {
      const detail: VariantChangeDetail = { itemId, variant: variant && structuredClone(variant), quantity };
      el.dispatchEvent(new CustomEvent(EVENTS.variantChange, { bubbles: true, detail }));
    },
  };
}

/**
 * The price texts of the block's server-rendered fallback (the template engine's `sf-block`), a
 * range split into its two ends: the form's first render shows them (ProductFormProps.priceTexts).
 * The price line's marks (sale, sold out) come along and spell no amount.
 */
function fallbackPriceTexts(el: HTMLElement): string[] {
  return Array.from(el.querySelectorAll('.sf-product-form__price > *'), (n) =>
    (n.textContent ?? '').split(' – '),
  ).flat();
}

/**
 * The product form of block `el` from its raw props, with the block's callbacks, or the issues
 * when the props do not parse. Fields left out cost the shopper nothing more than themselves;
 * the site owner hears of them once, as `BAD_PROPS` of `widget`.
 */
export function blockForm(
  el: HTMLElement,
  raw: unknown,
  env: WidgetEnv,
  widget: string,
): Result<ProductFormProps> {
  const dropped: string[] = [];
  const parsed = parseProductFormProps(raw, dropped);
  if (!parsed.ok) return parsed;
  if (dropped.length > 0) env.report(new WidgetPropsError(widget, dropped), { widget, code: 'BAD_PROPS' });
  const priceTexts = fallbackPriceTexts(el);
  return {
    ok: true,
    value: {
      ...parsed.value,
      ...(priceTexts.length > 0 && { priceTexts }),
      ...blockEvents(el, env, parsed.value.item.id, widget),
    },
  };
}
