/**
 * Scarcity (spec 001 §4): the merchant's few-left text for the chosen variant. Pure functions over
 * parsed product items: no DOM, no network, no React.
 */
import type { Merchandising, ScarcityView } from './merchandising.js';
import type { ProductItem, Variant } from './product.js';

/**
 * Views may carry server-rendered markup; only their text is ever shown. A tag holds no `<`: a
 * text of many unclosed `<` is read once, not once per `<`.
 */
const textOnly = (s: string): string => s.replace(/<[^<>]*>/g, '').trim();

/**
 * The text of a scarcity view: its own when it has one, else the merchant's scarcity text with
 * the stock filled in (`{qtyInStock}` as the platform writes it, `{quantity}` too).
 */
function scarcityViewText(
  scarcityText: string | undefined,
  view: ScarcityView | null,
  stock: number,
): string {
  return textOnly(
    view?.text ??
      (scarcityText ?? '').replace(/\{(?:qtyInStock|quantity)\}/g, String(view?.qtyInStock ?? stock)),
  );
}

/** A view speaks of a variant when it names it (id or sku) or gives all of its option values. */
function scarcityViewMatches(view: ScarcityView, variant: Variant): boolean {
  if (view.variantKey !== undefined) return view.variantKey === variant.id || view.variantKey === variant.sku;
  const names = Object.keys(view.attributes);
  return names.length > 0 && names.every((n) => variant.attributes[n] === view.attributes[n]);
}

/**
 * The scarcity line to show, or null (spec 001 §4; none for stock without a count, an unlimited
 * variant): the view of the chosen variant; without one,
 * only when shown by default, the product-wide view or text (with the chosen variant's stock, or
 * before a choice the largest). Whether a choice is still to come changes nothing: without a
 * matching view, shown-by-default alone decides.
 */
export function scarcityMessage(
  merch: Merchandising,
  item: ProductItem,
  variant: Variant | null,
): string | null {
  if (!merch.scarcityEnabled) return null;
  // A chosen variant whose stock has no count (unlimited) is never scarce.
  if (variant?.unlimited) return null;
  const view = variant && merch.scarcityViews.find((v) => scarcityViewMatches(v, variant));
  if (!view && !merch.scarcityShownByDefault) return null;
  // An empty text (no view, no merchant text) shows nothing.
  return (
    scarcityViewText(
      merch.scarcityText,
      view ||
        merch.scarcityViews.find(
          (v) => v.variantKey === undefined && Object.keys(v.attributes).length === 0,
        ) ||
        null,
      variant ? variant.qtyInStock : Math.max(0, ...item.structuredContent.variants.map((v) => v.qtyInStock)),
    ) || null
  );
}
