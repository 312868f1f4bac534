import { PATHS } from '../../contract';
import type { FormatterTable, TemplateContext } from './api';
import { asArray, pick, text, toNumber } from './commerce/data';
import { summaryFormFieldHtml } from './commerce/form-summary';
import { escapeHtml } from './commerce/html';
import {
  addToCartButtonHtml,
  productCheckoutHtml,
  productStatusHtml,
  quantityInputHtml,
  quickViewHtml,
  restockNotificationHtml,
  scarcityHtml,
  variantsSelectHtml,
} from './commerce/markup';
import { formatCurrency, formatDecimal, toMinorUnits, usesCldrMoney } from './commerce/money';
import { productPriceHtml, subscriptionPriceHtml } from './commerce/price';
import { fromPrice, normalPrice, salePrice } from './commerce/product';
import { sfBlockHtml } from './commerce/sf-block';

/** `{@|product-quick-view group}`: the group is a reference when it resolves, else literal text. */
function quickViewGroup(ctx: TemplateContext, arg: string | undefined): string {
  if (arg === undefined) return '';
  const resolved = ctx.resolve(arg);
  return resolved === undefined ? arg : text(resolved);
}

/** Numbers and numeric strings; anything else counts as 0 for the bookkeeping formats. */
const numberOrZero = (value: unknown): number => toNumber(value) ?? 0;

/** commerce formatters. */
export const commerceFormatters: FormatterTable = {
  'add-to-cart-btn': (item, _args, ctx) => addToCartButtonHtml(ctx, item),
  /**
   * Cents in the store's bookkeeping currency (USD unless named): `12345` -> `$123.45`; nothing
   * for an amount past exact cents (1e300, Infinity), as for one not finite (spec 001 §5).
   */
  'bookkeeper-money-format': (value, args, ctx) => {
    const cents = Math.round(numberOrZero(value));
    return Number.isSafeInteger(cents) ? formatCurrency(ctx, cents, args[0] ?? 'USD') : '';
  },
  'cart-quantity': (cart) => {
    const count = asArray(pick(cart, 'entries')).reduce<number>(
      (sum, entry) => sum + Math.max(0, toNumber(pick(entry, 'quantity')) ?? 0),
      0,
    );
    return `<span class="sqs-cart-quantity">${count}</span>`;
  },
  /** Kept for old templates; the amount now comes from the cart summary. */
  'cart-subtotal': () => 'deprecated, do not use',
  'cart-url': () => PATHS.cart,
  'from-price': (item, _args, ctx) => fromPrice(item, usesCldrMoney(ctx)),
  'normal-price': (item, _args, ctx) => normalPrice(item, usesCldrMoney(ctx)),
  /** `{n|percentage-format}` -> `1,234.50`; `trim` drops a zero fraction; nothing past exact cents. */
  'percentage-format': (value, args, ctx) => {
    const amount = toMinorUnits(numberOrZero(value));
    return amount === undefined ? '' : formatDecimal(ctx, amount, args.includes('trim'));
  },
  'product-checkout': (item, _args, ctx) => productCheckoutHtml(ctx, item),
  'product-price': (item, _args, ctx) => productPriceHtml(ctx, item),
  'product-quick-view': (item, args, ctx) => quickViewHtml(ctx, item, quickViewGroup(ctx, args[0])),
  'product-restock-notification': (item, _args, ctx) => restockNotificationHtml(ctx, item),
  'product-scarcity': (item, _args, ctx) => scarcityHtml(ctx, item),
  'product-status': (item, _args, ctx) => productStatusHtml(ctx, item),
  'quantity-input': (item, _args, ctx) => quantityInputHtml(ctx, item),
  'sale-price': (item, _args, ctx) => salePrice(item, usesCldrMoney(ctx)),
  'sf-block': (value, args, ctx) => sfBlockHtml(ctx, value, args),
  'subscription-price': (item, _args, ctx) => subscriptionPriceHtml(ctx, item),
  'summary-form-field': (field, _args, ctx) => summaryFormFieldHtml(ctx, field),
  'variant-descriptor': (variant) =>
    escapeHtml(
      asArray(pick(variant, 'optionValues'))
        .map((option) => text(pick(option, 'value')))
        .filter((value) => value !== '')
        .join(' / '),
    ),
  'variants-select': (item, _args, ctx) => variantsSelectHtml(ctx, item),
};
