import { useRef, useState } from 'react';
import {
  stockCheckPasses,
  tracksStock,
  validateAddToCart,
  type AddToCartCheck,
  type OptionSelection,
} from '../../src/commerce/rules.js';
import type { ProductItem, Variant } from '../../src/commerce/product.js';
import { PATHS } from '../../src/contract.js';
import type { FormSchema, FormValues } from '../../src/api/form-schema.js';
import { track } from '../../src/page/analytics.js';
import { useCart, useStorefront } from '../../src/react/provider.js';
import type { SubmitOutcome } from '../../src/react/ui/additional-fields-form.js';
import { loadFormDialog, type FormDialogModule } from '../../src/react/ui/load-form-dialog.js';
import type { ProductFormMessages } from './messages.js';
import { useAddButton, type AddPhase } from './use-add-button.js';

/** The additional-fields dialog once its code is loaded and its form read. */
export interface OpenForm {
  readonly mod: FormDialogModule;
  readonly schema: FormSchema;
}

export interface AddToCartInput {
  readonly item: ProductItem;
  readonly selection: OptionSelection;
  readonly variant: Variant | null;
  /** The quantity input's text, or undefined when no input is shown (quantity 1). */
  readonly quantityInput: string | undefined;
  readonly giftCard: boolean;
  readonly subscribable: boolean;
  readonly expressCheckout: boolean;
  /** The embedded form (as sent) or null; with `formId` it says whether an add opens a form. */
  readonly embeddedForm: object | null;
  readonly formId: string | null;
  readonly m: ProductFormMessages;
  /** The commerce catalogue with the page's overrides, for the shared rules' texts. */
  readonly core: Parameters<typeof validateAddToCart>[0]['messages'];
}

export interface AddToCart {
  readonly phase: AddPhase;
  /** The message of the last failed add, shown in the alert. */
  readonly failure: string | null;
  clearFailure(): void;
  /** The open additional-fields dialog, if any. */
  readonly dialog: OpenForm | null;
  closeDialog(): void;
  /** What was typed in the dialog, kept across a close until an add succeeds. */
  readonly draft: FormValues;
  setDraft(values: FormValues): void;
  /** The add button's click: client checks, then the form or the add itself. */
  add(): Promise<void>;
  /** The dialog's submit: server validation of the fields, then the add. */
  submitForm(values: FormValues): Promise<SubmitOutcome>;
}

/**
 * The add flow of the product form (spec 000 §4, §5): the client checks, the additional-fields
 * form (read once per page view, fetched when named only by id), the stock check, then the cart
 * add, the subscription cart or the gift-card page; the button's phases follow it.
 */
export function useAddToCart(input: AddToCartInput): AddToCart {
  const { item, variant, giftCard, subscribable, expressCheckout, embeddedForm, formId, m } = input;
  const { api, store, navigate } = useStorefront();
  const cart = useCart((s) => s.cart);
  const button = useAddButton();
  const [failure, setFailure] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenForm | null>(null);
  const [draft, setDraft] = useState<FormValues>({});
  const knownForm = useRef<OpenForm | null>(null);
  const opening = useRef(false);
  const hasForm = embeddedForm !== null || formId !== null;

  const quantityInCart = (sku: string | null): number =>
    (cart?.entries ?? [])
      .filter((e) => e.itemId === item.id && (e.chosenVariant?.sku ?? null) === sku)
      .reduce((sum, e) => sum + e.quantity, 0);

  const failWith = (message: string) => {
    setFailure(message);
    button.fail();
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
      const stock = await api.getStock(item.id);
      if (!stock.ok) return failWith(stock.error.message);
      const mine = stock.data.results.filter((r) => r.sku === undefined || r.sku === null || r.sku === sku);
      if (!stockCheckPasses(mine, quantityInCart(sku))) return failWith(m.t('notEnoughStock'));
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
    button.succeed();
  };

  const check = (): AddToCartCheck =>
    validateAddToCart({
      item,
      selection: input.selection,
      variant,
      quantityInput: input.quantityInput,
      isGiftCard: giftCard,
      messages: input.core,
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
    if (button.phase !== 'idle') return;
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

  return {
    phase: button.phase,
    failure,
    clearFailure: () => setFailure(null),
    dialog,
    closeDialog: () => setDialog(null),
    draft,
    setDraft,
    add,
    submitForm,
  };
}
