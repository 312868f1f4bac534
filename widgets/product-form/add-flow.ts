/**
 * The add flow of the product form (spec 000 §4, §5): the client checks, the additional-fields
 * form (read once per page view, fetched when named only by id), the stock check, then the cart
 * add, the subscription cart or the gift-card page. Each step takes plain data (the form's input,
 * the chosen variant and quantity, the page's api and store) and returns what happened as data;
 * the hook (./use-add-to-cart.ts) owns the state table, the button's timers and the dialog, and
 * turns each result into its moves. No setter, ref or timer crosses the import (design rule 19).
 * It is a chunk of its own, loaded when the page is idle or the shopper first touches the form,
 * so the product page's start-up code holds only what draws the form.
 */
import { validateAddToCart, type AddToCartCheck } from '../../src/commerce/add-checks.js';
import { stockCheckPasses } from '../../src/commerce/stock.js';
import { tracksStock } from '../../src/commerce/product-state.js';
import type { Variant } from '../../src/commerce/product.js';
import { ADD_MESSAGES } from '../../src/messages/add.js';
import { CART_MESSAGES } from '../../src/messages/cart.js';
import { createMessages } from '../../src/messages/format.js';
import { STOREFRONT_MESSAGES } from '../../src/messages/storefront.js';
import type { FormValues } from '../../src/api/form-schema.js';
import { track } from '../../src/page/analytics.js';
import type { Storefront } from '../../src/react/provider.js';
import { sitePaths } from '../../src/page/site-paths.js';
import type { SubmitOutcome } from '../../src/react/ui/additional-fields-form.js';
import { loadFormDialog } from '../../src/react/ui/load-form-dialog.js';
import type { AddToCartInput, OpenForm } from './use-add-to-cart.js';

/**
 * Starts loading the code a press calls: the cart's endpoints (the stock check, the add, the
 * subscription cart) and, for a product that asks for additional fields, the form dialog. The
 * hook calls it once the shopper starts to choose (./use-add-to-cart.ts), so a first add waits
 * for its requests alone, not for their code first: on a slow network a round trip less for the
 * add, and three for the dialog, whose files import one another. (The api client under the
 * endpoints comes with the platform layer when the page is idle.)
 */
export function warm(input: AddToCartInput): void {
  import('../../src/api/cart.js').catch(() => undefined);
  if (asksForAnswers(input)) loadFormDialog().catch(() => undefined);
}

/** What the flow uses of the storefront: it leaves for the site's paths (`sitePaths`). */
export type AddServices = Pick<Storefront, 'api' | 'store' | 'redirect' | 'paths'>;

/**
 * `base` with `params` added to its query, before any fragment: a site's path may carry a query of
 * its own (`/checkout?step=subscription`).
 */
export function withQuery(base: string, params: Readonly<Record<string, string>>): string {
  const hash = base.indexOf('#');
  const path = hash < 0 ? base : base.slice(0, hash);
  const fragment = hash < 0 ? '' : base.slice(hash);
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}${fragment}`;
}

/**
 * The texts only an add can show (the add checks, the stock check, a form that will not open, a
 * page that will not open), loaded with the flow rather than with the form.
 */
export const ADD_FLOW_MESSAGES = {
  ...ADD_MESSAGES,
  unableToOpenForm: CART_MESSAGES.cartOpenFormFailed,
  tryAgain: STOREFRONT_MESSAGES.tryAgain,
} as const;

/** What a click on the add button leads to. */
export type AddStep =
  /** A client check failed: its message is shown, nothing is sent. */
  | { readonly kind: 'refused'; readonly message: string }
  /** The product asks for its additional fields first. */
  | { readonly kind: 'form' }
  | { readonly kind: 'send'; readonly variant: Variant; readonly quantity: number };

/** How a send ended. */
export type AddOutcome =
  /** The entry is in the cart; the button shows Added! (spec 000 §4). */
  | { readonly kind: 'added' }
  /** The page is going to the gift-card, subscription or checkout page. */
  | { readonly kind: 'leaving' }
  | { readonly kind: 'failed'; readonly message: string };

/** The form the product names: the embedded one as sent, and its id. */
function productForm(input: AddToCartInput) {
  const sc = input.item.structuredContent;
  // The raw embedded form keeps what the renderer needs (likert statements); the item parser's
  // copy serves npm users who pass only the item.
  const embedded = input.additionalFieldsForm ?? sc.additionalFieldsForm ?? null;
  const embeddedId = typeof embedded?.id === 'string' && embedded.id !== '' ? embedded.id : null;
  return { embedded, id: sc.additionalFieldsFormId || embeddedId };
}

/** Whether an add asks for the product's additional fields first (never for a gift card). */
function asksForAnswers(input: AddToCartInput): boolean {
  const form = productForm(input);
  return (form.embedded !== null || form.id !== null) && !input.giftCard;
}

// The page's overrides apply to these texts as to the form's own.
const messagesOf = (input: AddToCartInput) => createMessages(input.overrides, ADD_FLOW_MESSAGES);

/** The client checks of spec 000 §4: the chosen variant and quantity, or why not. */
export const checkAdd = (input: AddToCartInput): AddToCartCheck =>
  validateAddToCart({
    item: input.item,
    selection: input.selection,
    variant: input.variant,
    quantityInput: input.quantityInput,
    isGiftCard: input.giftCard,
    messages: messagesOf(input),
  });

/** The click's first step: refused by the checks, the additional-fields form, or straight to send. */
export function firstStep(input: AddToCartInput): AddStep {
  const checked = checkAdd(input);
  if (!checked.ok) return { kind: 'refused', message: checked.message };
  return asksForAnswers(input)
    ? { kind: 'form' }
    : { kind: 'send', variant: checked.variant, quantity: checked.quantity };
}

/** A press of the add button: counted (census button-click), then its first step. */
export function pressed(input: AddToCartInput): AddStep {
  // Every press the button takes: one while it is busy is ignored before it gets here.
  track({
    type: 'button-clicked',
    itemId: input.item.id,
    button: input.expressCheckout && !input.subscribable ? 'express' : 'add',
  });
  return firstStep(input);
}

/**
 * Loads the dialog code and reads the form (fetching it when only its id is known); a form that
 * cannot be read gives the message to show instead.
 */
export async function openForm(
  input: AddToCartInput,
  services: AddServices,
): Promise<
  { readonly ok: true; readonly form: OpenForm } | { readonly ok: false; readonly message: string }
> {
  const { embedded, id } = productForm(input);
  const unable = { ok: false, message: messagesOf(input).t('unableToOpenForm') } as const;
  try {
    const [mod, raw] = await Promise.all([
      loadFormDialog(),
      embedded ?? services.api.getFormSchema(id ?? '').then((r) => (r.ok ? (r.data as unknown) : null)),
    ]);
    if (raw === null) return unable;
    const schema = mod.parseFormSchema(raw);
    if (!schema.ok) return unable;
    if (id) track({ type: 'form-rendered', formId: id });
    return { ok: true, form: { mod, schema: schema.value } };
  } catch {
    return unable;
  }
}

/**
 * The dialog's submit: the client checks again, then the answers on the server. `send` is the
 * variant and quantity to add with them; otherwise the outcome for the dialog to show.
 */
export async function checkAnswers(
  input: AddToCartInput,
  services: AddServices,
  form: OpenForm,
  values: FormValues,
): Promise<
  | { readonly ok: true; readonly variant: Variant; readonly quantity: number }
  | (SubmitOutcome & { readonly ok: false })
> {
  const checked = checkAdd(input);
  if (!checked.ok) return { ok: false, message: checked.message };
  const r = await services.api.validateForm(productForm(input).id ?? form.schema.id, values);
  if (!r.ok) {
    return { ok: false, fieldErrors: r.error.fieldErrors, message: r.error.message };
  }
  return { ok: true, variant: checked.variant, quantity: checked.quantity };
}

/** Everything after the client checks (and the form's answers, when there is one). */
export async function send(
  input: AddToCartInput,
  services: AddServices,
  chosen: Variant,
  quantity: number,
  fields: FormValues | null,
): Promise<AddOutcome> {
  const { item } = input;
  const { api, store, redirect } = services;
  const paths = sitePaths(services);
  const m = messagesOf(input);
  const sku = chosen.sku || null;
  // The site's paths (a same-site path, or an http(s) address the site chose for its checkout).
  const go = (url: string): AddOutcome =>
    redirect(url) ? { kind: 'leaving' } : { kind: 'failed', message: m.t('tryAgain') };

  if (input.giftCard) return go(withQuery(paths.giftCard, { itemId: item.id, sku: sku ?? '' }));

  if (tracksStock(item)) {
    // An unknown cart is not an empty one: a cart whose read failed, and was never known since,
    // is read again now, and the check waits for it.
    const known = store.getState();
    if (!known.initialised && known.error !== null) {
      const read = await known.load();
      if (!read.ok) return { kind: 'failed', message: read.error.message };
    }
    const stock = await api.getStock(item.id);
    if (!stock.ok) return { kind: 'failed', message: stock.error.message };
    const mine = stock.data.results.filter((r) => r.sku === undefined || r.sku === null || r.sku === sku);
    // Read from the store when the stock answer is in: the cart as it is then.
    const inCart = (store.getState().cart?.entries ?? [])
      .filter((e) => e.itemId === item.id && (e.chosenVariant?.sku ?? null) === sku)
      .reduce((sum, e) => sum + e.quantity, 0);
    // Spec 000 §8: the stock form check shows "out of stock" (§5's text is the variant's own check).
    if (!stockCheckPasses(mine, inCart)) return { kind: 'failed', message: m.t('outOfStock') };
  }

  if (input.subscribable) {
    const r = await api.createSubscriptionCart({
      itemId: item.id,
      sku,
      qty: quantity,
      additionalFields: fields,
    });
    if (!r.ok) return { kind: 'failed', message: r.error.message };
    return go(withQuery(paths.subscription, { cartToken: r.data.cartToken }));
  }

  const r = await store.getState().addEntry({ itemId: item.id, sku, quantity, additionalFields: fields });
  if (!r.ok) return { kind: 'failed', message: r.error.message };
  track({ type: 'item-added', itemId: item.id, sku, quantity });
  return input.expressCheckout ? go(paths.checkout) : { kind: 'added' };
}
