import { createElement, type ReactElement } from 'react';
import { validateAddToCart, type AddToCartCheck } from '../../src/commerce/add-checks.js';
import { tracksStock } from '../../src/commerce/rules.js';
import { stockCheckPasses } from '../../src/commerce/stock.js';
import type { Variant } from '../../src/commerce/product.js';
import { PATHS } from '../../src/contract.js';
import { ADD_MESSAGES } from '../../src/messages/add.js';
import { CART_MESSAGES } from '../../src/messages/cart.js';
import { createMessages } from '../../src/messages/format.js';
import { STOREFRONT_MESSAGES } from '../../src/messages/storefront.js';
import type { FormValues } from '../../src/api/form-schema.js';
import { track } from '../../src/page/analytics.js';
import type { Storefront } from '../../src/react/provider.js';
import type { SubmitOutcome } from '../../src/react/ui/additional-fields-form.js';
import { loadFormDialog } from '../../src/react/ui/load-form-dialog.js';
import type { AddButtonMachine } from './use-add-button.js';
import type { AddToCartInput, OpenForm } from './use-add-to-cart.js';

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

/** What the flow reads and writes of the hook that owns its state. */
export interface AddFlowDeps {
  readonly input: AddToCartInput;
  readonly services: Pick<Storefront, 'api' | 'store' | 'navigate'>;
  readonly button: AddButtonMachine;
  readonly dialog: OpenForm | null;
  /** What was typed in the dialog, kept across a close until an add succeeds. */
  readonly draft: FormValues;
  readonly knownForm: { current: OpenForm | null };
  readonly opening: { current: boolean };
  setFailure(message: string | null): void;
  setDialog(form: OpenForm | null): void;
  setDraft(values: FormValues): void;
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

export interface AddFlow {
  add(): Promise<void>;
  submitForm(values: FormValues): Promise<SubmitOutcome>;
}

/**
 * The add flow of the product form (spec 000 §4, §5): the client checks, the additional-fields
 * form (read once per page view, fetched when named only by id), the stock check, then the cart
 * add, the subscription cart or the gift-card page; the button's phases follow it. It is a chunk of
 * its own, loaded on the first touch of the add button or when the page is idle, so the product
 * page's start-up code holds only what draws the form.
 */
export function createAddFlow(deps: AddFlowDeps): AddFlow {
  const { input, button, setFailure, setDialog, setDraft, knownForm, opening, dialog } = deps;
  const { item, variant, giftCard, subscribable, expressCheckout } = input;
  const sc = item.structuredContent;
  // The raw embedded form keeps what the renderer needs (likert statements); the item parser's
  // copy serves npm users who pass only the item. With the form's id, it says whether an add opens
  // a form.
  const embeddedForm = input.additionalFieldsForm ?? sc.additionalFieldsForm ?? null;
  const embeddedId = typeof embeddedForm?.id === 'string' && embeddedForm.id !== '' ? embeddedForm.id : null;
  const formId = sc.additionalFieldsFormId || embeddedId;
  // The page's overrides apply to these texts as to the form's own.
  const m = createMessages(input.overrides, ADD_FLOW_MESSAGES);
  const { api, store, navigate } = deps.services;
  const hasForm = embeddedForm !== null || formId !== null;

  // Read from the store when the stock answer is in: the cart as it is then.
  const quantityInCart = (sku: string | null): number =>
    (store.getState().cart?.entries ?? [])
      .filter((e) => e.itemId === item.id && (e.chosenVariant?.sku ?? null) === sku)
      .reduce((sum, e) => sum + e.quantity, 0);

  // After a failure: back to idle 1 s later.
  const failWith = (message: string) => {
    setFailure(message);
    button.later(ADD_BUTTON_TIMING.errorResetMs, button.reset);
  };

  /** Everything after the client checks (and the form, when there is one). */
  const send = async (chosen: Variant, quantity: number, fields: FormValues | null) => {
    if (!button.begin()) return;
    const sku = chosen.sku || null;

    if (giftCard) {
      const query = new URLSearchParams({ itemId: item.id, sku: sku ?? '' });
      if (!navigate(`${PATHS.giftCard}?${query.toString()}`)) failWith(m.t('tryAgain'));
      return;
    }

    if (tracksStock(item)) {
      // An unknown cart is not an empty one: a cart whose read failed, and was never known since,
      // is read again now, and the check waits for it.
      const known = store.getState();
      if (!known.initialised && known.error !== null) {
        const read = await known.load();
        if (!read.ok) return failWith(read.error.message);
      }
      const stock = await api.getStock(item.id);
      if (!stock.ok) return failWith(stock.error.message);
      const mine = stock.data.results.filter((r) => r.sku === undefined || r.sku === null || r.sku === sku);
      // Spec 000 §8: the stock form check shows "out of stock" (§5's text is the variant's own check).
      if (!stockCheckPasses(mine, quantityInCart(sku))) return failWith(m.t('outOfStock'));
    }

    if (subscribable) {
      const r = await api.createSubscriptionCart({
        itemId: item.id,
        sku,
        qty: quantity,
        additionalFields: fields,
      });
      if (!r.ok) return failWith(r.error.message);
      const query = new URLSearchParams({ cartToken: r.data.cartToken });
      if (!navigate(`${PATHS.subscription}?${query.toString()}`)) failWith(m.t('tryAgain'));
      return;
    }

    const r = await store.getState().addEntry({ itemId: item.id, sku, quantity, additionalFields: fields });
    if (!r.ok) return failWith(r.error.message);
    track({ type: 'item-added', itemId: item.id, sku, quantity });
    setDraft({});
    if (expressCheckout) {
      if (!navigate(PATHS.checkout)) failWith(m.t('tryAgain'));
      return;
    }
    // Added! about 1 s later, back to idle 2 s after that (spec 000 §4, §9).
    button.later(ADD_BUTTON_TIMING.addedDelayMs, () => {
      button.set('added');
      button.later(ADD_BUTTON_TIMING.addedDurationMs, button.reset);
    });
  };

  const check = (): AddToCartCheck =>
    validateAddToCart({
      item,
      selection: input.selection,
      variant,
      quantityInput: input.quantityInput,
      isGiftCard: giftCard,
      messages: m,
    });

  /** Loads the dialog code and reads the form (fetching it when only its id is known). */
  const openForm = async (): Promise<OpenForm | null> => {
    try {
      const [mod, raw] = await Promise.all([
        loadFormDialog(),
        embeddedForm ?? api.getFormSchema(formId ?? '').then((r) => (r.ok ? (r.data as unknown) : null)),
      ]);
      if (raw === null) return null;
      const schema = mod.parseFormSchema(raw);
      return schema.ok ? { mod, schema: schema.value } : null;
    } catch {
      return null;
    }
  };

  const add = async () => {
    // Census button-click: every press the button takes (one in the added state is ignored before).
    track({
      type: 'button-clicked',
      itemId: item.id,
      button: expressCheckout && !subscribable ? 'express' : 'add',
    });
    setFailure(null);
    const checked = check();
    if (!checked.ok) {
      setFailure(checked.message);
      return;
    }
    if (!hasForm || giftCard) {
      await send(checked.variant, checked.quantity, null);
      return;
    }
    if (knownForm.current) {
      setDialog(knownForm.current);
      return;
    }
    if (opening.current) return;
    opening.current = true;
    const form = await openForm();
    opening.current = false;
    if (!form) {
      setFailure(m.t('unableToOpenForm'));
      return;
    }
    knownForm.current = form;
    setDialog(form);
    if (formId) track({ type: 'form-rendered', formId });
  };

  const submitForm = async (values: FormValues): Promise<SubmitOutcome> => {
    const checked = check();
    if (!checked.ok) return { ok: false, message: checked.message };
    const validateId = formId ?? dialog?.schema.id ?? '';
    const r = await api.validateForm(validateId, values);
    if (!r.ok) {
      return r.error.fieldErrors
        ? { ok: false, fieldErrors: r.error.fieldErrors }
        : { ok: false, message: r.error.message };
    }
    setDialog(null);
    void send(checked.variant, checked.quantity, values);
    return { ok: true };
  };

  return { add, submitForm };
}

/**
 * The open additional-fields dialog, drawn here rather than by the form: only a flow opens it, so
 * its props travel with the flow's chunk.
 */
export function formDialog(deps: AddFlowDeps): ReactElement | null {
  const { dialog, input } = deps;
  if (!dialog) return null;
  return createElement(dialog.mod.FormDialog, {
    open: true,
    title: dialog.schema.name || input.item.title,
    schema: dialog.schema,
    initialValues: deps.draft,
    onValuesChange: deps.setDraft,
    submitLabel: input.submitLabel,
    errorTitle: input.errorTitle,
    messages: dialog.mod.uiMessages(input.overrides),
    onSubmit: (values: FormValues) => createAddFlow(deps).submitForm(values),
    onClose: () => deps.setDialog(null),
  });
}
