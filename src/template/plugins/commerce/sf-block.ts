/**
 * `{item|sf-block product-form}`: wraps server-rendered fallback markup in a block the loader mounts
 * (docs/page-contract.md, "Blocks"). The props travel as escaped JSON in the props attribute.
 *
 * A fallback holds the boxes its widget's first render will hold, with the widget's classes and
 * texts, so replacing it moves nothing on the page (docs/performance.md: CLS at most 0.01) once the widget
 * stylesheets are linked in the page's head. Its controls are disabled: they do nothing before
 * the widget takes over, and the widget's own replace them, so none is announced twice.
 */
import { PROPS_ATTR, WIDGET_ATTR } from '../../../contract';
import { PATHS } from '../../../contract';
import { instalmentOffer, parseInstalmentContext } from '../../../commerce/instalments';
import { formatMoney, type Money } from '../../../commerce/money';
import { type ProductItem } from '../../../commerce/product';
import { pageOrImageUrl } from '../../../urls';
import { addButtonLabel, hasVariants } from '../../../commerce/choice';
import { QUANTITY } from '../../../constants';
import { instalmentPrice, instalmentText, qualifiesForInstalments } from '../../../commerce/instalment-price';
import { effectivePrice, priceRange } from '../../../commerce/prices';
import { isSoldOut, productStatus, tracksStock } from '../../../commerce/product-state';
import { readBoolean } from '../../../result';
import { PRODUCT_LABEL_MESSAGES } from '../../../messages/product-labels';
import { RESTOCK_MESSAGES, restockOverrides } from '../../../messages/restock';
import { INSTALMENT_MESSAGES, type InstalmentMessageKey } from '../../../messages/instalment';
import { REVIEWS_COUNT_MESSAGES } from '../../../messages/reviews';
import type { TemplateContext } from '../api';
import { asArray, asRecord, interpolate, isRecord, isTruthy, localized, lookup, pick, text } from './data';
import { escapeHtml, jsonText } from './html';
import { merchandising, showsQuantityInput, variantOptions } from './markup';
import { content, pricePoint, productFacts, variants } from './product';

/** A localized string the site owner set, else undefined (the rule's own default applies). */
const ownString = (ctx: TemplateContext, key: string): string | undefined => {
  const value = lookup(ctx, `localizedStrings.${key}`);
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * The product form's first render (widgets/product-form): price line and marks, a select per
 * option, the quantity input and the add button, in its classes. The price is the variant's when
 * the product leaves nothing to choose, else the range.
 */
function productFormHtml(ctx: TemplateContext, item: unknown, express: boolean): string {
  const facts = productFacts(item);
  const c = content(item);
  const all = variants(item);
  const money = (m: Money | null): string =>
    m ? escapeHtml(formatMoney(m, { locale: ctx.locale ?? undefined })) : '';
  // The form's choice before any input: the product itself without variants, the only variant
  // when it has no options, else none yet.
  const only = all[0];
  const point =
    all.length === 0
      ? pricePoint(c)
      : all.length === 1 &&
          only &&
          Object.keys(isRecord(only['attributes']) ? only['attributes'] : {}).length === 0
        ? pricePoint(only)
        : null;
  const soldOut = isSoldOut(facts);
  const onSale = point ? point.onSale && point.salePrice !== null : productStatus(facts) === 'on-sale';
  const soldOutText =
    text(merchandising(ctx, item)['customSoldOutText']) || localized(ctx, 'productSoldOutText', 'sold out');

  let price: string;
  if (point) {
    const paid = effectivePrice(point);
    price =
      point.onSale && point.salePrice && point.price
        ? `<del class="sf-product-form__original">${money(point.price)}</del><ins class="sf-product-form__current">${money(paid)}</ins>`
        : paid
          ? `<span class="sf-product-form__current">${money(paid)}</span>`
          : '';
  } else {
    const range = priceRange(facts);
    price = !range
      ? ''
      : `<span class="sf-product-form__current">${money(range.low)}${
          range.low.amount === range.high.amount ? '' : ` – ${money(range.high)}`
        }</span>`;
  }
  if (onSale && !soldOut)
    price += `<span class="sf-mark sf-mark--sale">${escapeHtml(localized(ctx, 'productSaleText', 'sale'))}</span>`;
  if (soldOut) price += `<span class="sf-mark sf-mark--sold-out">${escapeHtml(soldOutText)}</span>`;

  let controls = '';
  if (hasVariants(facts)) {
    const gift = facts.structuredContent.productType === 4;
    const wording = gift
      ? localized(ctx, 'giftCardVariantSelectText', PRODUCT_LABEL_MESSAGES.giftCardSelect)
      : localized(ctx, 'productVariantSelectText', PRODUCT_LABEL_MESSAGES.selectVariant);
    for (const option of variantOptions(c, all)) {
      const name = escapeHtml(option.name);
      controls +=
        `<div class="sf-product-form__option"><label>${name}</label><select aria-label="${name}" disabled>` +
        `<option value="">${escapeHtml(interpolate(wording, { variantName: option.name }))}</option>` +
        option.values.map((v) => `<option>${escapeHtml(v)}</option>`).join('') +
        `</select></div>`;
    }
  }
  if (showsQuantityInput(ctx, item)) {
    const label = escapeHtml(localized(ctx, 'productQuantityInputLabel', 'Quantity'));
    controls +=
      `<div class="sf-product-form__quantity"><label>${label}</label>` +
      `<input aria-label="${label}" type="number" min="${QUANTITY.min}" max="${QUANTITY.max}" value="${QUANTITY.default}" disabled></div>`;
  }
  // The form's restock slot for its sold-out variant, holding the sign-up's first render (the
  // restock widget mounts in the form's own slot).
  const variantId = all.length === 1 && point ? text(only?.['id']).trim() || text(only?.['sku']).trim() : '';
  if (soldOut && variantId !== '' && tracksStock(facts))
    controls += `<div class="sf-product-form__restock">${restockFormHtml(merchandising(ctx, item), variantId)}</div>`;
  const custom = c['customAddButtonText'];
  const label = soldOut
    ? soldOutText
    : addButtonLabel(
        {
          structuredContent: {
            ...facts.structuredContent,
            useCustomAddButtonText: isTruthy(c['useCustomAddButtonText']),
            ...(typeof custom === 'string' && { customAddButtonText: custom }),
          },
        } as unknown as ProductItem,
        {
          productAddToCartText: ownString(ctx, 'productAddToCartText'),
          productSubscribeText: ownString(ctx, 'productSubscribeText'),
        },
        { expressCheckout: express },
      );
  const status = soldOut ? ' data-sf-status="sold-out"' : onSale ? ' data-sf-status="on-sale"' : '';
  return (
    `<div class="sf-product-form"${status}><p class="sf-product-form__price">${price}</p>${controls}` +
    `<button type="button" class="sf-button sf-add-button" disabled>${escapeHtml(label)}</button>` +
    `${reviewsHtml(ctx)}</div>`
  );
}

/**
 * The restock form's first render (widgets/restock-form) for the product's merchandising: the call
 * to action, the email field, the join-mailing-list checkbox when the merchandising shows it and
 * the submit button, in the widget's texts. Its captcha comes later in the widget too (its own
 * chunk). The field is named by its label, without ids.
 */
function restockFormHtml(m: Readonly<Record<string, unknown>>, variantId: string): string {
  const t = { ...RESTOCK_MESSAGES, ...restockOverrides(asRecord(m['restockNotificationMessages'])) };
  const e = (key: keyof typeof t): string => escapeHtml(t[key]);
  return (
    `<div class="sf-restock-form" data-sf-variant-id="${escapeHtml(variantId)}">` +
    `<form class="sf-restock-form__form" novalidate><p class="sf-restock-form__cta">${e('cta')}</p>` +
    `<div class="sf-field"><label class="sf-field__label">${e('emailLabel')}</label>` +
    `<input class="sf-field__input" type="email" name="email" aria-label="${e('emailLabel')}"${
      t.emailPlaceholder ? ` placeholder="${e('emailPlaceholder')}"` : ''
    } disabled></div>` +
    (readBoolean(m['mailingListSignUpEnabled'])
      ? `<label class="sf-restock-form__mailing-list"><input type="checkbox"${
          readBoolean(m['mailingListOptInByDefault']) ? ' checked' : ''
        } disabled> ${e('mailingList')}</label>`
      : '') +
    `<button type="submit" class="sf-button" disabled>${e('submit')}</button></form></div>`
  );
}

/**
 * The reviews toggle the form shows under its button (widgets/product-form/reviews-gate.tsx) when
 * the page's `reviewFlags` (the site context's `reviews`) let a review of the page's `reviews`
 * show: closed, its list not rendered yet.
 */
function reviewsHtml(ctx: TemplateContext): string {
  const flags = asRecord(lookup(ctx, 'reviewFlags'));
  const reviews = asRecord(lookup(ctx, 'reviews'));
  let count = 0;
  for (const kind of ['native', 'imported'])
    if (flags[kind] === true)
      count += asArray(reviews[kind]).filter((r) => isRecord(r) && text(r['body']).trim() !== '').length;
  if (count === 0) return '';
  const label = interpolate(localized(ctx, 'reviewsCount', REVIEWS_COUNT_MESSAGES.reviewsCount), {
    count: String(count),
  });
  return (
    `<section class="sf-reviews"><h2 class="sf-reviews__heading"><button type="button" class="sf-reviews__toggle" ` +
    `aria-expanded="false" disabled>${escapeHtml(label)}</button></h2></section>`
  );
}

/**
 * The instalment pill's text before any choice (widgets/instalment-pill: the lowest price, one
 * unit), and the brand as a link to the provider's info page; nothing where the pill shows nothing.
 */
function instalmentPillHtml(ctx: TemplateContext, value: Record<string, unknown>): string {
  const context = parseInstalmentContext(value['instalments']);
  const facts = productFacts(value['item']);
  const offer =
    context.ok && qualifiesForInstalments(facts as unknown as ProductItem)
      ? instalmentOffer(context.value)
      : null;
  const price = offer && instalmentPrice(facts, null, 1);
  if (!offer || !price || price.currency !== offer.min.currency) return '';
  const count = value['count'];
  const line = instalmentText({
    price,
    min: offer.min,
    max: offer.max,
    count: typeof count === 'number' ? count : undefined,
    inline: true,
    locale: ctx.locale ?? undefined,
    // In the page's language where its localized strings name the text, as the widget will be.
    messages: {
      t: (key: InstalmentMessageKey, params = {}) =>
        interpolate(
          localized(ctx, key, INSTALMENT_MESSAGES[key]),
          Object.fromEntries(Object.entries(params).map(([name, v]) => [name, String(v)])),
        ),
    },
  });
  const brand = offer.brand.charAt(0).toUpperCase() + offer.brand.slice(1);
  return (
    `<div class="sf-instalment-pill"><span class="sf-instalment-pill__text">${escapeHtml(line)}</span> ` +
    `<a class="sf-instalment-pill__button" href="${PATHS.instalmentInfo}/${escapeHtml(offer.locale)}.html">` +
    `<span class="sf-instalment-pill__brand">${escapeHtml(brand)}</span></a></div>`
  );
}

/** The widgets a template can place, with how each builds its props and fallback markup. */
type BlockBuilder = (
  ctx: TemplateContext,
  value: unknown,
  args: readonly string[],
) => { props: Record<string, unknown> | undefined; fallback: string; widget?: string } | string;

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
    // A page may offer reviews and express checkout for its product (docs/widgets/product-form.md).
    const reviews = lookup(ctx, 'reviews');
    if (isRecord(reviews)) props['reviews'] = reviews;
    if (lookup(ctx, 'expressCheckout') === true) props['expressCheckout'] = true;
    // A product card's Quick View button: without JavaScript, a link to the product's page. The
    // card is a `quick-view` block, whose code is the button alone until the shopper reaches for
    // it; the product form (`quickView: true`) would load the whole form with every card.
    if (lookup(ctx, 'quickView') === true) {
      const url = pageOrImageUrl(item['fullUrl']);
      const label = escapeHtml(localized(ctx, 'productQuickViewText', 'Quick View'));
      return {
        widget: 'quick-view',
        props: { ...props, quickView: true },
        fallback: url
          ? `<a class="sf-button sf-button--secondary sf-quick-view-button" href="${escapeHtml(url)}">${label}</a>`
          : '',
      };
    }
    return { props, fallback: productFormHtml(ctx, item, props['expressCheckout'] === true) };
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
  'instalment-pill': (ctx, value) => {
    if (!isRecord(value) || !isRecord(value['item']) || !isRecord(value['instalments']))
      return 'instalment-pill needs { item, instalments }';
    return { props: value, fallback: instalmentPillHtml(ctx, value) };
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
  return `<div ${WIDGET_ATTR}="${escapeHtml(built.widget ?? name)}"${props}>${built.fallback}</div>`;
}
