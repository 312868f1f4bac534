import { createElement, useEffect, useRef, useState, type ReactElement } from 'react';
import type { OptionSelection } from '../../src/commerce/choice.js';
import type { ProductItem, Variant } from '../../src/commerce/product.js';
import type { FormSchema, FormValues } from '../../src/api/form-schema.js';
import type { SubmitOutcome } from '../../src/react/ui/additional-fields-form.js';
import { withWholeCatalogue } from '../../src/messages/format.js';
import { whenIdle } from '../../src/idle.js';
import { useStorefront } from '../../src/react/provider.js';
import type { FormDialogModule } from '../../src/react/ui/load-form-dialog.js';
import type { ProductFormMessages } from './messages.js';
import type { ProductFormProps } from './product-form.js';
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
  /** The form's `additionalFieldsForm` prop: the embedded form as sent, or null. */
  readonly additionalFieldsForm: ProductFormProps['additionalFieldsForm'];
  readonly m: ProductFormMessages;
  /** The page's text overrides, for the texts the add flow brings. */
  readonly overrides: Readonly<Record<string, string>>;
  /** The add button's idle label, the dialog's submit label too. */
  readonly submitLabel: string;
  /** The title of a failed add, in the alert and the dialog. */
  readonly errorTitle: string;
  /** Every variant is sold out: nothing can be added, so the flow is not fetched ahead of a click. */
  readonly soldOut: boolean;
}

export interface AddToCart {
  readonly phase: AddPhase;
  /** The message of the last failed add, shown in the alert. */
  readonly failure: string | null;
  /**
   * Counts the failures: the alert's key, so a press that fails again with the same message draws
   * (and screen readers announce) a new alert.
   */
  readonly failureCount: number;
  clearFailure(): void;
  /**
   * The open additional-fields dialog, if any: its submit validates the fields on the server, then
   * adds; what was typed is kept across a close until an add succeeds.
   */
  readonly dialog: ReactElement | null;
  /**
   * Starts loading the flow's code and the code a press calls (the cart's endpoints, the form
   * dialog of a product with additional fields): the form calls it on the shopper's first focus or
   * pointer in it. Nothing for a product sold out in every variant.
   */
  prefetch(): void;
  /** The add button's click: client checks, then the form or the add itself. */
  add(): Promise<void>;
}

type FlowModule = typeof import('./add-flow.js');

// One load per page, shared by every product form; a failed load is forgotten so the next click
// tries again.
let flowModule: FlowModule | null = null;
let flowLoading: Promise<FlowModule> | null = null;
// With the rest of a translated page's catalogue: Added! and the failures are in its second part.
const loadFlow = (): Promise<FlowModule> =>
  (flowLoading ??= withWholeCatalogue(import('./add-flow.js')).then(
    (mod) => (flowModule = mod),
    (error: unknown) => {
      flowLoading = null;
      throw error;
    },
  ));
const prefetchFlow = (): void => {
  loadFlow().catch(() => undefined);
};
// Once the shopper starts choosing, a press is near: the code it calls too, the cart's endpoints
// and the form dialog (the idle prefetch leaves them, so a visitor who only looks fetches none).
const warmPress = (input: AddToCartInput): void => {
  loadFlow().then(
    (flow) => flow.warm(input),
    () => undefined,
  );
};

/**
 * The add flow's state for the product form. The flow itself (checks, stock, cart, subscription,
 * gift card, express checkout) is loaded when the page is idle after mount, and with the cart's
 * endpoints on the first pointerdown or focus in the form (neither for a product sold out in
 * every variant); a click before it arrives shows "Adding…" at once and waits for it.
 */
export function useAddToCart(input: AddToCartInput): AddToCart {
  const services = useStorefront();
  const button = useAddButton();
  const [failed, setFailed] = useState<{ readonly message: string; readonly count: number } | null>(null);
  const failures = useRef(0);
  const setFailure = (message: string | null) =>
    setFailed(message === null ? null : { message, count: (failures.current += 1) });
  const [dialog, setDialog] = useState<OpenForm | null>(null);
  const [draft, setDraft] = useState<FormValues>({});
  const knownForm = useRef<OpenForm | null>(null);
  const opening = useRef(false);

  const { soldOut } = input;
  useEffect(() => (flowModule || soldOut ? undefined : whenIdle(prefetchFlow)), [soldOut]);

  // The flow computes each step from the input as it is at the press and returns what happened;
  // what that does to the button, the alert and the dialog is decided here.
  const send = async (
    flow: FlowModule,
    variant: Variant,
    quantity: number,
    fields: FormValues | null,
  ): Promise<'added' | 'leaving' | 'failed' | 'busy'> => {
    if (!button.move('send')) return 'busy';
    const outcome = await flow.send(input, services, variant, quantity, fields);
    if (outcome.kind === 'failed') setFailure(outcome.message);
    // What was typed in the dialog is kept until an add succeeds.
    if (outcome.kind === 'added') setDraft({});
    button.move(outcome.kind);
    return outcome.kind;
  };

  const press = async (flow: FlowModule) => {
    const step = flow.pressed(input);
    setFailure(null);
    if (step.kind === 'refused') return setFailure(step.message);
    if (step.kind === 'send') {
      await send(flow, step.variant, step.quantity, null);
      return;
    }
    button.move('ask');
    if (knownForm.current) return setDialog(knownForm.current);
    if (opening.current) return;
    opening.current = true;
    const opened = await flow.openForm(input, services);
    opening.current = false;
    if (!opened.ok) return setFailure(opened.message);
    knownForm.current = opened.form;
    setDialog(opened.form);
  };

  const add = async () => {
    // Only the idle button takes a press; a second one in the same frame is refused by the
    // table itself (its send, or its load, finds the button busy).
    if (button.phase !== 'idle') return;
    if (flowModule) return press(flowModule);
    if (!button.move('load')) return;
    setFailure(null);
    let flow: FlowModule;
    try {
      flow = await loadFlow();
    } catch {
      setFailure(input.m.t('checkConnection'));
      button.move('stopped');
      return;
    }
    button.move('loaded');
    await press(flow);
  };

  // The dialog opens only once the flow is loaded: its submit checks the answers on the server,
  // then sends them with the add.
  const submitForm = async (form: OpenForm, values: FormValues): Promise<SubmitOutcome> => {
    const flow = await loadFlow();
    const answers = await flow.checkAnswers(input, services, form, values);
    if (!answers.ok) return answers;
    const { successRedirect, submissionMessage } = form.schema;
    if (successRedirect === null && submissionMessage === null) {
      setDialog(null);
      void send(flow, answers.variant, answers.quantity, values);
      return { ok: true, settled: true };
    }
    // The form's success address or message follows the add (spec 000 §4): the dialog stays,
    // saving, until the add lands. A failed add is the button's alert's, as without them.
    const outcome = await send(flow, answers.variant, answers.quantity, values);
    if (outcome === 'added') return { ok: true };
    setDialog(null);
    return { ok: true, settled: true };
  };

  return {
    phase: button.phase,
    failure: failed?.message ?? null,
    failureCount: failed?.count ?? 0,
    clearFailure: () => setFailure(null),
    dialog:
      dialog &&
      createElement(dialog.mod.FormDialog, {
        open: true,
        title: dialog.schema.name || input.item.title,
        schema: dialog.schema,
        initialValues: draft,
        onValuesChange: setDraft,
        submitLabel: input.submitLabel,
        errorTitle: input.errorTitle,
        messages: dialog.mod.uiMessages(input.overrides),
        onSubmit: (values: FormValues) => submitForm(dialog, values),
        onClose: () => setDialog(null),
      }),
    prefetch: () => {
      if (!soldOut) warmPress(input);
    },
    add,
  };
}
