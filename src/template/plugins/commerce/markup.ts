/**
 * Product markup fragments of spec 001 §2: add-to-cart button, variant picker, quantity input,
 * status marks, quick-view button, restock form and scarcity text. Every data value goes through
 * `escapeHtml` (or `escapeAttributeLoose`); class names and layout match the platform's own pages,
 * whose scripts and themes select on them.
 */
import { PRODUCT_LABEL_MESSAGES } from '../../../messages/product-labels';
import type { TemplateContext } from '../api';
import {
  asArray,
  asRecord,
  interpolate,
  isRecord,
  isTruthy,
  localized,
  lookup,
  pick,
  text,
  type JsonRecord,
} from './data';
import { escapeAttributeLoose, escapeHtml, jsonText } from './html';
import { hasVariants, showQuantityInput } from '../../../commerce/choice';
import { QUANTITY } from '../../../constants';
import { isGiftCard, isOnSale, isSoldOut, isSubscribable } from '../../../commerce/product-state';
import { content, productFacts, variants } from './product';

const attr = (value: unknown): string => escapeHtml(text(value));

/** The product's entry in `productMerchandisingContext` (keyed by product id). */
export function merchandising(ctx: TemplateContext, item: unknown): Readonly<Record<string, unknown>> {
  const id = text(pick(item, 'id'));
  const all = asRecord(lookup(ctx, 'productMerchandisingContext'));
  return id !== '' && Object.prototype.hasOwnProperty.call(all, id) ? asRecord(all[id]) : {};
}

/** Subscribe for subscribable products, Add To Cart otherwise, unless a custom label is enabled. */
export function buttonLabel(ctx: TemplateContext, item: unknown): string {
  const c = content(item);
  const custom = c['customAddButtonText'];
  if (isTruthy(c['useCustomAddButtonText']) && typeof custom === 'string' && custom !== '') return custom;
  return isSubscribable(productFacts(item))
    ? localized(ctx, 'productSubscribeText', 'Subscribe')
    : localized(ctx, 'productAddToCartText', 'Add To Cart');
}

export function addToCartButtonHtml(ctx: TemplateContext, item: unknown): string {
  const c = content(item);
  const subscribable = isSubscribable(productFacts(item));
  const form = c['additionalFieldsForm'];
  // The form applies only while the product still names it; subscriptions are bought without it.
  const usesForm = !subscribable && text(c['additionalFieldsFormId']) !== '' && isRecord(form);
  const label = escapeHtml(buttonLabel(ctx, item));
  const optionId = text(pick(c, 'productSubscriptionOptions.0.id'));
  const extra = usesForm
    ? `data-form="${escapeHtml(jsonText(form))}"`
    : subscribable && optionId !== ''
      ? `data-subscription-option-id="${escapeHtml(optionId)}"`
      : '';
  return (
    `<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">\n` +
    `  <div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary ${usesForm ? 'use-form' : ''}" role="button" tabindex="0" data-dynamic-strings` +
    ` data-collection-id="${attr(pick(item, 'collectionId'))}"` +
    ` data-item-id="${attr(pick(item, 'id'))}"` +
    ` data-product-type="${attr(c['productType'])}"` +
    ` data-use-custom-label="${attr(c['useCustomAddButtonText'])}"` +
    (subscribable ? ` data-is-subscription="true"` : '') +
    ` data-original-label="${label}" ${extra}>\n` +
    `    <div class="sqs-add-to-cart-button-inner">${label}</div>\n` +
    `  </div>\n` +
    `</div>`
  );
}

interface VariantOption {
  readonly name: string;
  readonly values: readonly string[];
}

/** Options in the product's ordering, each with its distinct values in variant order. */
export function variantOptions(c: JsonRecord, all: readonly JsonRecord[]): readonly VariantOption[] {
  const ordering = asArray(c['variantOptionOrdering']).filter((n): n is string => typeof n === 'string');
  const names = ordering.length > 0 ? ordering : Object.keys(asRecord(all[0]?.['attributes']));
  return names.map((name) => {
    const values: string[] = [];
    for (const variant of all) {
      const value = text(asRecord(variant['attributes'])[name]);
      if (value !== '' && !values.includes(value)) values.push(value);
    }
    return { name, values };
  });
}

function variantOptionHtml(option: VariantOption, title: string, selectText: string): string {
  const name = escapeHtml(option.name);
  const idBase = `variant-option-${name}`;
  let choices = '';
  let radios = '';
  for (const v of option.values) {
    const value = escapeHtml(v);
    choices += `<option value="${value}">${value}</option>`;
    radios +=
      `      <input type="radio" class="variant-radiobtn" value="${value}" name="${idBase}" id="${idBase}-${value}"/>\n` +
      `      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="${idBase}-${value}">${value}</label>\n`;
  }
  return (
    `    <div class="variant-option">\n` +
    `    <div class="variant-option-title">${escapeHtml(title)}: </div>\n` +
    `    <div class="variant-select-wrapper">\n` +
    `      <select aria-label="${escapeAttributeLoose(selectText)}" data-variant-option-name="${name}">\n` +
    `        <option value="">${escapeHtml(selectText)}</option>\n` +
    `        ${choices}\n` +
    `      </select>\n` +
    `    </div>\n` +
    `    <div class="variant-radiobtn-wrapper" data-variant-option-name="${name}">\n` +
    radios +
    `    </div>\n` +
    `    </div>\n`
  );
}

/** The variant picker: only for products with more than one variant (spec 001 §5). */
export function variantsSelectHtml(ctx: TemplateContext, item: unknown): string {
  const facts = productFacts(item);
  if (!hasVariants(facts)) return '';
  const c = content(item);
  const giftCard = isGiftCard(facts);
  const subscription = isSubscribable(facts)
    ? ` data-is-subscribable="true" data-subscription-plan="${escapeHtml(jsonText(c['subscriptionPlan'] ?? null))}"`
    : '';
  // The wording is the same for every option: looked up once, not per option.
  const selectWording = giftCard
    ? localized(ctx, 'giftCardVariantSelectText', PRODUCT_LABEL_MESSAGES.giftCardSelect)
    : localized(ctx, 'productVariantSelectText', 'Select {variantName}');
  let options = '';
  for (const option of variantOptions(c, variants(item))) {
    const title = giftCard ? localized(ctx, 'giftCardValueDisplayText', option.name) : option.name;
    const selectText = giftCard ? selectWording : interpolate(selectWording, { variantName: option.name });
    options += variantOptionHtml(option, title, selectText);
  }
  return (
    `<div class="product-variants" data-item-id="${attr(pick(item, 'id'))}"` +
    ` data-variants="${escapeHtml(jsonText(c['variants']))}"${subscription} data-animation-role="content">\n` +
    options +
    `  </div>`
  );
}

function multipleQuantityAllowedForServices(ctx: TemplateContext): boolean {
  const setting =
    lookup(ctx, 'websiteSettings.storeSettings.multipleQuantityAllowedForServices') ??
    lookup(ctx, 'storeSettings.multipleQuantityAllowedForServices');
  return setting === undefined || setting === null || isTruthy(setting);
}

/** The quantity input rule of spec 001 §5, asked of the commerce core. */
export function showsQuantityInput(ctx: TemplateContext, item: unknown): boolean {
  return showQuantityInput(productFacts(item), {
    multipleQuantityAllowedForServices: multipleQuantityAllowedForServices(ctx),
  });
}

export function quantityInputHtml(ctx: TemplateContext, item: unknown): string {
  if (!showsQuantityInput(ctx, item)) return '';
  const label = escapeHtml(localized(ctx, 'productQuantityInputLabel', 'Quantity'));
  return (
    `<div class="product-quantity-input" data-item-id="${attr(pick(item, 'id'))}" data-animation-role="content">\n` +
    `  <div class="quantity-label">${label}:</div>\n` +
    `  <input aria-label="${label}" size="4" max="${QUANTITY.max}" min="${QUANTITY.min}" value="${QUANTITY.default}" type="number" step="${QUANTITY.step}"></input>\n` +
    `</div>`
  );
}

/** Sold out takes priority over sale (spec 001 §4). */
export function productStatusHtml(ctx: TemplateContext, item: unknown): string {
  const facts = productFacts(item);
  if (isSoldOut(facts)) {
    const custom = merchandising(ctx, item)['customSoldOutText'];
    const label =
      typeof custom === 'string' && custom !== '' ? custom : localized(ctx, 'productSoldOutText', 'sold out');
    return `<div class="product-mark sold-out">${escapeHtml(label)}</div>`;
  }
  if (isOnSale(facts)) {
    return `<div class="product-mark sale">${escapeHtml(localized(ctx, 'productSaleText', 'sale'))}</div>`;
  }
  return '';
}

export function quickViewHtml(ctx: TemplateContext, item: unknown, group: string): string {
  return (
    `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="${attr(pick(item, 'id'))}"` +
    ` data-group="${escapeHtml(group)}">${escapeHtml(localized(ctx, 'productQuickViewText', 'Quick View'))}</span>`
  );
}

/** One form per restock view (variant); hidden ones wait for their variant to be chosen. */
export function restockNotificationHtml(ctx: TemplateContext, item: unknown): string {
  const context = merchandising(ctx, item);
  const views = asArray(context['restockNotificationViews']).map(asRecord);
  if (views.length === 0) return '';
  const messages = asRecord(context['restockNotificationMessages']);
  const message = (key: string): string => escapeHtml(text(messages[key]));
  const mailingList = isTruthy(context['mailingListSignUpEnabled'])
    ? `  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList"${
        isTruthy(context['mailingListOptInByDefault']) ? ' checked' : ''
      }>${message('mailingListDescription')}</label>`
    : '';
  const siteKey = lookup(ctx, 'website.captchaSettings.siteKey');
  const captcha =
    typeof siteKey === 'string' && siteKey !== '' ? '  <div class="captcha-container"></div>' : '';
  const productId = attr(pick(item, 'id'));
  return views
    .map(
      (view) =>
        `<div class="product-restock-notification" data-product-id="${productId}" data-variant-id="${attr(view['variantId'])}"${
          isTruthy(view['hiddenByDefault']) ? ' hidden' : ''
        }>\n` +
        `  <span class="product-restock-cta">${message('CTAText')}</span>\n` +
        `  <form class="product-restock-form" action="#">\n` +
        `    <input type="text" x-autocompletetype="email" spellcheck="false" name="email" placeholder="${message('placeholderText')}">\n` +
        `    <input class="sqs-editable-button" type="submit" value="${message('buttonText')}">\n` +
        `  </form>\n` +
        `${mailingList}\n` +
        `${captcha}\n` +
        `</div>`,
    )
    .join('\n\n');
}

/**
 * Scarcity text per view. A view tied to variant attributes stays hidden until that variant is
 * chosen; the product-wide view is hidden unless shown by default (spec 001 §4).
 */
export function scarcityHtml(ctx: TemplateContext, item: unknown): string {
  const context = merchandising(ctx, item);
  if (!isTruthy(context['scarcityEnabled'])) return '';
  const template = text(context['scarcityText']);
  const shownByDefault = isTruthy(context['scarcityShownByDefault']);
  return asArray(context['scarcityTemplateViews'])
    .map(asRecord)
    .map((view) => {
      const attributes = view['attributes'];
      const perVariant = isRecord(attributes) && Object.keys(attributes).length > 0;
      const variantAttr = perVariant ? ` data-variant-attributes="${escapeHtml(jsonText(attributes))}"` : '';
      const hidden = perVariant || !shownByDefault ? ' hidden' : '';
      const body = escapeHtml(interpolate(template, { qtyInStock: text(view['qtyInStock']) }));
      return `  <div class="product-scarcity"${variantAttr}${hidden}>\n    ${body}\n  </div>`;
    })
    .join('\n\n');
}

/** The platform's product pages put this gap between the quantity input and the button. */
const THIRTEEN_NEWLINES = '\n'.repeat(13);

/** Variant picker, quantity input and button, in the layout of the platform's product pages. */
export function productCheckoutHtml(ctx: TemplateContext, item: unknown): string {
  const picker = variantsSelectHtml(ctx, item);
  const quantity = quantityInputHtml(ctx, item);
  return (
    (picker === '' ? '' : `${picker}\n`) +
    (quantity === '' ? '' : `\n\n\n${quantity}`) +
    THIRTEEN_NEWLINES +
    addToCartButtonHtml(ctx, item)
  );
}
