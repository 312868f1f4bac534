/**
 * `{item|sf-block product-form}`: wraps server-rendered fallback markup in a block the loader mounts
 * (design.md, "The page contract"). The props travel as escaped JSON in the props attribute.
 */
import { PROPS_ATTR, WIDGET_ATTR } from '../../../contract';
import type { TemplateContext } from '../api';
import { isRecord, lookup, pick, text } from './data';
import { escapeHtml, jsonText } from './html';
import { addToCartButtonHtml, merchandising } from './markup';

/** The widgets a template can place, with how each builds its props and fallback markup. */
type BlockBuilder = (
  ctx: TemplateContext,
  value: unknown,
  args: readonly string[],
) => { props: Record<string, unknown> | undefined; fallback: string } | string;

const builders: Readonly<Record<string, BlockBuilder>> = {
  /**
   * Props `{ item, merchandising?, strings?, storeSettings?, reviews?, expressCheckout?, quickView? }`;
   * fallback: the add-to-cart button (none for a quick view: the card's link stands in).
   */
  'product-form': (ctx, item) => {
    if (!isRecord(item)) return 'product-form needs a product item';
    const props: Record<string, unknown> = { item };
    const context = merchandising(ctx, item);
    if (Object.keys(context).length > 0) props['merchandising'] = context;
    const strings = lookup(ctx, 'localizedStrings');
    if (isRecord(strings)) props['strings'] = strings;
    const storeSettings = lookup(ctx, 'websiteSettings.storeSettings') ?? lookup(ctx, 'storeSettings');
    if (isRecord(storeSettings)) props['storeSettings'] = storeSettings;
    // A page may offer reviews and express checkout for its product (README, "product-form").
    const reviews = lookup(ctx, 'reviews');
    if (isRecord(reviews)) props['reviews'] = reviews;
    if (lookup(ctx, 'expressCheckout') === true) props['expressCheckout'] = true;
    // A product card's Quick View button; without JavaScript the card's link to the page stands in.
    if (lookup(ctx, 'quickView') === true) return { props: { ...props, quickView: true }, fallback: '' };
    return { props, fallback: addToCartButtonHtml(ctx, item) };
  },
  /**
   * Props `{ productId, variantId? }`. The variant is the optional second argument (a reference or
   * literal), else the product's only variant.
   */
  'restock-form': (ctx, item, args) => {
    const productId = text(pick(item, 'id'));
    if (productId === '') return 'restock-form needs a product item with an id';
    const props: Record<string, unknown> = { productId };
    const named = args[1] === undefined ? undefined : text(ctx.arg(args[1]));
    const variantList = pick(item, 'structuredContent.variants');
    const only =
      Array.isArray(variantList) && variantList.length === 1 ? text(pick(variantList[0], 'id')) : '';
    const variantId = named !== undefined && named !== '' ? named : only;
    if (variantId !== '') props['variantId'] = variantId;
    return { props, fallback: '' };
  },
  /** No props: the pill reads the shared cart store. */
  'cart-pill': () => ({ props: undefined, fallback: '' }),
  /** Props `{ item, instalments, count? }`, given whole as the value. */
  'instalment-pill': (_ctx, value) => {
    if (!isRecord(value) || !isRecord(value['item']) || !isRecord(value['instalments']))
      return 'instalment-pill needs { item, instalments }';
    return { props: value, fallback: '' };
  },
  /** Props `{ formId, form?, page?, strings? }`, given whole as the value. */
  'site-form': (_ctx, value) => {
    if (!isRecord(value) || text(value['formId']) === '') return 'site-form needs { formId }';
    return { props: value, fallback: '' };
  },
  /** Props optional (`{ strings? }`): the server decides who may use it. */
  'restock-admin': (_ctx, value) => ({ props: isRecord(value) ? value : undefined, fallback: '' }),
};

export function sfBlockHtml(
  ctx: TemplateContext,
  value: unknown,
  args: readonly string[],
): string | undefined {
  const name = args[0] ?? '';
  const build = Object.prototype.hasOwnProperty.call(builders, name) ? builders[name] : undefined;
  if (build === undefined) {
    ctx.error('runtime', `sf-block: unknown widget '${name}'`);
    return undefined;
  }
  const built = build(ctx, value, args);
  if (typeof built === 'string') {
    ctx.error('runtime', `sf-block: ${built}`);
    return undefined;
  }
  const props = built.props === undefined ? '' : ` ${PROPS_ATTR}="${escapeHtml(jsonText(built.props))}"`;
  return `<div ${WIDGET_ATTR}="${escapeHtml(name)}"${props}>${built.fallback}</div>`;
}
