/**
 * The add flow of the product form (spec 000 §4, §5): the client checks, the additional-fields
 * form (read once per page view, fetched when named only by id), the stock check, then the cart
 * add, the subscription cart or the gift-card page. Each step returns what happened as data; the
 * hook (./use-add-to-cart.ts) owns the state, the button's timers and the dialog. It is a chunk of
 * its own, loaded when the page is idle or the shopper first touches the form, so the product
 * page's start-up code holds only what draws the form.
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
import type { AddButtonMachine } from './use-add-button.js';

/**
 * Add-to-cart button timing (spec 000 §4, §9). Only an add reads it, so it loads with the flow
 * rather than with the start-up constants.
 */
export const ADD_BUTTON_TIMING = {
  /** After success, Added! appears this long later. */
  addedDelayMs: 1000,
  /** Added! stays this long before the button returns to idle. */
  addedDurationMs: 2000,
  /** After a failure the button returns to idle this long later. */
  errorResetMs: 1000,
} as const;

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
    return r.error.fieldErrors
      ? { ok: false, fieldErrors: r.error.fieldErrors }
      : { ok: false, message: r.error.message };
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

/**
 * What a press of the add button works with: the form's input and services as they were at the
 * press, the button's state machine and the hook's state. The hook (./use-add-to-cart.ts) keeps
 * the state; what a press does with it loads here, with the flow, rather than with the form.
 */
export interface AddPress {
  readonly input: AddToCartInput;
  readonly services: AddServices;
  readonly button: AddButtonMachine;
  setFailure(message: string | null): void;
  setDialog(form: OpenForm | null): void;
  setDraft(values: FormValues): void;
  /** The additional-fields form once read, kept for the next press. */
  readonly knownForm: { current: OpenForm | null };
  /** True while the form is being read, so a second press does not read it again. */
  readonly opening: { current: boolean };
}

// After a send: Added! about 1 s later and idle 2 s after that (spec 000 §4, §9); after a failure
// its message, and idle 1 s later; a page that is leaving keeps "Adding…".
const finish = (p: AddPress, outcome: AddOutcome): void => {
  const { button } = p;
  if (outcome.kind === 'failed') {
    p.setFailure(outcome.message);
    button.later(ADD_BUTTON_TIMING.errorResetMs, button.reset);
  } else if (outcome.kind === 'added') {
    p.setDraft({});
    button.later(ADD_BUTTON_TIMING.addedDelayMs, () => {
      button.set('added');
      button.later(ADD_BUTTON_TIMING.addedDurationMs, button.reset);
    });
  }
};

const sendFrom = async (p: AddPress, chosen: Variant, quantity: number, fields: FormValues | null) => {
  if (!p.button.begin()) return;
  finish(p, await send(p.input, p.services, chosen, quantity, fields));
};

/** A press of the add button once the flow is loaded: the checks, then the form or the add. */
export async function press(p: AddPress): Promise<void> {
  const { input } = p;
  // Census button-click: every press the button takes (one while it is busy is ignored before).
  track({
    type: 'button-clicked',
    itemId: input.item.id,
    button: input.expressCheckout && !input.subscribable ? 'express' : 'add',
  });
  p.setFailure(null);
  const step = firstStep(input);
  if (step.kind === 'refused') return p.setFailure(step.message);
  if (step.kind === 'send') return sendFrom(p, step.variant, step.quantity, null);
  if (p.knownForm.current) return p.setDialog(p.knownForm.current);
  if (p.opening.current) return;
  p.opening.current = true;
  const opened = await openForm(input, p.services);
  p.opening.current = false;
  if (!opened.ok) return p.setFailure(opened.message);
  p.knownForm.current = opened.form;
  p.setDialog(opened.form);
}

/** The additional-fields dialog's submit: the answers checked on the server, then the add. */
export async function submitAnswers(p: AddPress, form: OpenForm, values: FormValues): Promise<SubmitOutcome> {
  const answers = await checkAnswers(p.input, p.services, form, values);
  if (!answers.ok) return answers;
  p.setDialog(null);
  void sendFrom(p, answers.variant, answers.quantity, values);
  return { ok: true };
}
