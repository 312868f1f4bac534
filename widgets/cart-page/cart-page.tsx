import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ApiError } from '../../src/api/types.js';
import { track } from '../../src/page/analytics.js';
import { instalmentOffer, type InstalmentContext } from '../../src/commerce/instalments.js';
import { formatMoney, parseCurrencyCode } from '../../src/commerce/money.js';
import { optionName } from '../../src/messages/format.js';
import { belowInstalmentMinimum } from '../../src/commerce/cart-rules.js';
import type { Result } from '../../src/result.js';
import { pageOrImageUrl, sitePath, webAddress } from '../../src/urls.js';
import { useCart, useStorefront, useWidgetId } from '../../src/react/provider.js';
import { sitePaths } from '../../src/page/site-paths.js';
import type { CartEntry, ShoppingCart } from '../../src/store/types.js';
import { Alert } from '../../src/react/ui/alert.js';
import type { SubmitOutcome } from '../../src/react/ui/additional-fields-form.js';
import type { FormSchema, FormValues } from '../../src/api/form-schema.js';
import { LIKERT_LABEL_KEYS } from '../../src/messages/format.js';
import { loadFormDialog, type FormDialogModule } from '../../src/react/ui/load-form-dialog.js';
import { cartPageMessages, type CartPageMessageKey, type CartPageMessages } from './messages.js';

/** Props of the full cart page (the `sf-cart-page` root). */
export interface CartPageProps {
  /**
   * Text overrides by catalogue key (see widgets/cart-page/messages.ts).
   * @default {}
   */
  readonly strings?: Readonly<Record<string, string>> | undefined;
  /**
   * The instalment context (`parseInstalmentContext`): below the provider's minimum the page says
   * "To check out, your order subtotal must be {subtotal} or more."; a refused one is reported.
   * @default none
   */
  readonly instalments?: Result<InstalmentContext> | undefined;
  /**
   * Level of the page's title ("Shopping Cart"): 1 where the widget's title is the page's own
   * heading, so the page does not name the cart twice; entry titles sit one level below.
   * @default 2
   */
  readonly headingLevel?: 1 | 2 | undefined;
}

interface Failure {
  readonly title: CartPageMessageKey;
  readonly message: string;
}

type Pending = 'quantity' | 'remove' | 'form';

interface OpenForm {
  readonly entry: CartEntry;
  readonly schema: FormSchema;
  /** The dialog code, loaded on the first "Edit details" rather than with the page. */
  readonly mod: FormDialogModule;
}

const MAX_QUANTITY = 9999;
/**
 * A cart the server sent this long ago or less is shown as it is on mount: the one the loader read
 * at start, or a change another widget or tab has just made. Older, or after a failure, the page
 * reads it (a cart page an app shows long after its start).
 */
const FRESH_CART_MS = 10_000;

/** One answered additional field of an entry, as the line shows it. */
interface EntryAnswer {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

/** How answers read as text: loaded with the first schema, so a cart without answers never loads it. */
type FormFields = typeof import('../../src/commerce/form-fields.js');

/**
 * The entry's answered fields in the form's order, titled from its schema: the entry holds only
 * field ids and values. Unanswered fields, sections and hidden fields are left out.
 */
function entryAnswers(
  entry: CartEntry,
  schema: FormSchema | undefined,
  fields: FormFields | null,
  m: CartPageMessages,
): readonly EntryAnswer[] {
  const values = entry.additionalFields;
  if (!values || !schema || !fields) return [];
  return schema.fields.flatMap((field) => {
    if (fields.NO_ANSWER_FIELD_TYPES.includes(field.type)) return [];
    const text = fields.formAnswerText(field.type, values[field.id], (score) =>
      m.t(LIKERT_LABEL_KEYS[score]),
    );
    return text === undefined ? [] : [{ id: field.id, title: field.title, text }];
  });
}

/**
 * What "Edit details" loads: the dialog's code (files that import one another, a round trip each)
 * and the forms api that reads the entry's form. Fetched when the shopper reaches for the button
 * (a pointer over it, focus on it), so the press mostly waits for the form's own request.
 */
const prepareEdit = (): void => {
  loadFormDialog().catch(() => undefined);
  import('../../src/api/forms.js').catch(() => undefined);
};

/**
 * The entry's picture (`pageOrImageUrl`: never `javascript:`, `data:text/html`, `/\host`). A
 * path on the site is the API's: with an `apiRoot` on another origin (an app on its own dev
 * server) it is read on that origin, not on the app's.
 */
function entryImage(url: unknown, apiRoot: string): string | null {
  const src = pageOrImageUrl(url);
  return src !== null && sitePath(src) !== null && webAddress(apiRoot) !== null
    ? new URL(src, apiRoot).href
    : src;
}

/**
 * The full cart page: entries with quantity, line total, removal and the edit of an entry's
 * additional-fields answers, plus the subtotal. Every change waits for the server: an entry stays
 * in view, with its old quantity, until the server confirms.
 */
export function CartPage({ strings, instalments, headingLevel = 2 }: CartPageProps) {
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  const storefront = useStorefront();
  const { store, api, context, follow, reporter } = storefront;
  const titleId = useWidgetId();
  const m = useMemo(() => cartPageMessages(strings), [strings]);
  const cart = useCart((s) => s.cart);
  const status = useCart((s) => s.status);
  const initialised = useCart((s) => s.initialised);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState<Readonly<Record<string, Pending>>>({});
  const [openForm, setOpenForm] = useState<OpenForm | null>(null);
  const inFlight = useRef(new Set<string>());
  // Additional-fields schemas by form id: they title the answers each line shows.
  const [schemas, setSchemas] = useState<Readonly<Record<string, FormSchema>>>({});
  const [formFields, setFormFields] = useState<FormFields | null>(null);
  const requested = useRef(new Set<string>());

  const mounted = useRef(true);
  const loadCart = useCallback(() => {
    setLoadError(null);
    void store
      .getState()
      .load()
      .then((r) => {
        if (mounted.current) setLoadError(r.ok ? null : r.error);
      });
  }, [store]);
  useEffect(() => {
    track({ type: 'cart-viewed' });
  }, []);
  useEffect(() => {
    mounted.current = true;
    // The loader reads the cart at start on a page with a cart cookie: the page mounts with that
    // cart rather than reading it again (a second request, and the entries dimmed while it runs).
    // A read still in flight is shared by `load`.
    // Try again (the load failure's button) always reads.
    const { cart: held, error, receivedAt } = store.getState();
    if (!held || error !== null || Date.now() - receivedAt > FRESH_CART_MS) loadCart();
    return () => {
      mounted.current = false;
    };
  }, [loadCart, store]);

  const answeredForms = [
    ...new Set(
      (cart?.entries ?? []).flatMap((e) =>
        e.additionalFieldsFormId && e.additionalFields && Object.keys(e.additionalFields).length > 0
          ? [e.additionalFieldsFormId]
          : [],
      ),
    ),
  ].join('\n');
  useEffect(() => {
    for (const formId of answeredForms.split('\n')) {
      if (formId === '' || requested.current.has(formId)) continue;
      requested.current.add(formId);
      // A schema that fails to load only leaves that line without its answers; so does the code
      // that reads answers as text, which a cart without answers never fetches.
      void api.getFormSchema(formId).then((r) => {
        if (r.ok && mounted.current) setSchemas((prev) => ({ ...prev, [formId]: r.data }));
      });
      import('../../src/commerce/form-fields.js').then(
        (mod) => mounted.current && setFormFields(mod),
        () => undefined,
      );
    }
  }, [answeredForms, api]);

  const currency = parseCurrencyCode(cart?.currency) ?? context.currency;
  const money = (amount: number) => formatMoney({ amount, currency }, { locale: context.locale });

  // Spec 000 §5: below the instalment provider's minimum, what checking out needs.
  const offer = instalments?.ok ? instalmentOffer(instalments.value) : null;
  const minimum =
    offer &&
    offer.min.currency === currency &&
    belowInstalmentMinimum(cart?.subtotalCents ?? 0, offer.min.amount)
      ? m.t('instalmentMinimum', { subtotal: money(offer.min.amount) })
      : null;
  const badContext = instalments?.ok === false ? instalments.issues.join('; ') : null;
  useEffect(() => {
    if (badContext === null) return;
    reporter.report(new Error(`cart-page: bad instalment context: ${badContext}`), {
      widget: 'cart-page',
      code: 'INSTALMENT_CONTEXT_INVALID',
    });
  }, [badContext, reporter]);

  const setEntryPending = (id: string, what: Pending | null) =>
    setPending((prev) => {
      const next = { ...prev };
      if (what === null) delete next[id];
      else next[id] = what;
      return next;
    });

  /** Runs one server-confirmed change for an entry; a second change waits for the first. */
  const run = async (
    entry: CartEntry,
    what: Pending,
    title: CartPageMessageKey,
    call: () => Promise<{ ok: boolean; error?: ApiError }>,
  ): Promise<boolean> => {
    // The ref, not the rendered state: a double click lands before the re-render.
    if (inFlight.current.has(entry.id)) return false;
    inFlight.current.add(entry.id);
    setEntryPending(entry.id, what);
    setFailure(null);
    const r = await call();
    inFlight.current.delete(entry.id);
    setEntryPending(entry.id, null);
    if (!r.ok) setFailure({ title, message: r.error?.message || m.t('tryAgain') });
    return r.ok;
  };

  /** Settles once the server has answered; the row then shows the quantity the server holds. */
  const changeQuantity = async (entry: CartEntry, quantity: number): Promise<void> => {
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY || quantity === entry.quantity)
      return;
    await run(entry, 'quantity', 'updateQuantityFailed', () =>
      store.getState().changeQuantity(entry.id, quantity),
    );
  };

  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Where focus goes once a removal is confirmed: the entry now at the removed one's place.
  const [refocus, setRefocus] = useState<{ readonly index: number } | null>(null);
  useEffect(() => {
    if (refocus === null) return;
    setRefocus(null);
    const doc = sectionRef.current?.ownerDocument;
    // Only focus the removed row held (now on the body) moves; a shopper who moved on keeps theirs.
    if (!doc || (doc.activeElement && doc.activeElement !== doc.body)) return;
    const rows = sectionRef.current?.querySelectorAll<HTMLElement>('.sf-cart-entry') ?? [];
    const row = rows[Math.min(refocus.index, rows.length - 1)];
    const target =
      row?.querySelector<HTMLElement>('input') ??
      row?.querySelector<HTMLElement>('button') ??
      headingRef.current;
    target?.focus();
  }, [refocus]);

  const remove = (entry: CartEntry) => {
    const index = (cart?.entries ?? []).findIndex((e) => e.id === entry.id);
    void run(entry, 'remove', 'removeFailed', async () => {
      const r = await store.getState().removeEntry(entry.id);
      if (r.ok) track({ type: 'item-removed', itemId: entry.itemId, sku: entry.chosenVariant?.sku ?? null });
      return r;
    }).then((ok) => {
      if (ok && mounted.current) setRefocus({ index: Math.max(index, 0) });
    });
  };

  const editForm = (entry: CartEntry) => {
    const formId = entry.additionalFieldsFormId;
    if (!formId) return;
    void run(entry, 'form', 'openFormFailed', async () => {
      const unreadable = {
        ok: false,
        error: { kind: 'invalid-response', status: 0, message: m.t('tryAgain') },
      } as const;
      // The api has already read the schema (src/api/form-schema.ts); only the dialog code may fail.
      // A schema read for the line's answers is the form of this page view: not asked for again.
      const known = schemas[formId];
      const [mod, r] = await Promise.all([
        loadFormDialog().catch(() => null),
        known ? ({ ok: true, data: known } as const) : api.getFormSchema(formId),
      ]);
      if (!r.ok) return r;
      if (!mod) return unreadable;
      setSchemas((prev) => ({ ...prev, [formId]: r.data }));
      setOpenForm({ entry, schema: r.data, mod });
      return { ok: true };
    });
  };

  const saveForm = async (entry: CartEntry, values: FormValues): Promise<SubmitOutcome> => {
    const formId = entry.additionalFieldsFormId;
    if (!formId) return { ok: false };
    const checked = await api.validateForm(formId, values);
    if (!checked.ok) {
      return checked.error.fieldErrors
        ? { ok: false, fieldErrors: checked.error.fieldErrors }
        : { ok: false, message: checked.error.message };
    }
    const r = await store.getState().updateEntryAdditionalFields(entry.id, {
      itemId: entry.itemId,
      sku: entry.chosenVariant?.sku ?? null,
      additionalFields: values,
    });
    if (!r.ok) {
      return r.error.fieldErrors
        ? { ok: false, fieldErrors: r.error.fieldErrors }
        : { ok: false, message: r.error.message };
    }
    setOpenForm(null);
    return { ok: true };
  };

  // Real links to the site's paths; in the design frame the editor moves the frame instead
  // (docs/page-contract.md), and an app's router takes a plain click, as for every link a widget
  // follows.
  const { continueShopping: shopPath, checkout: checkoutPath } = sitePaths(storefront);
  const continueShopping = (
    <a
      className="sf-button sf-button--secondary sf-cart-page__continue"
      href={shopPath}
      onClick={(event) => follow(event, shopPath)}
    >
      {m.t('continueShopping')}
    </a>
  );

  if (!initialised) {
    if (loadError) {
      return (
        <section className="sf-cart-page" aria-labelledby={titleId}>
          <Title id={titleId} className="sf-cart-page__title">
            {m.t('title')}
          </Title>
          <Alert title={m.t('loadFailed')} message={loadError.message} />
          <button type="button" className="sf-button sf-cart-page__retry" onClick={loadCart}>
            {m.t('retry')}
          </button>
        </section>
      );
    }
    return (
      <section className="sf-cart-page" aria-busy="true" aria-labelledby={titleId}>
        <Title id={titleId} className="sf-cart-page__title">
          {m.t('title')}
        </Title>
        <p role="status" className="sf-cart-page__loading">
          {m.t('loading')}
        </p>
      </section>
    );
  }

  const entries = cart?.entries ?? [];
  return (
    <section
      ref={sectionRef}
      className="sf-cart-page"
      aria-labelledby={titleId}
      aria-busy={status !== 'idle'}
    >
      <Title id={titleId} ref={headingRef} tabIndex={-1} className="sf-cart-page__title">
        {m.t('title')}
      </Title>
      <p role="status" className="sf-cart-page__status">
        {status === 'recalculating' ? m.t('updating') : ''}
      </p>
      {failure && <Alert title={m.t(failure.title)} message={failure.message} />}
      {entries.length === 0 ? (
        <div className="sf-cart-page__empty">
          <p>{m.t('empty')}</p>
          {continueShopping}
        </div>
      ) : (
        <>
          <ul className="sf-cart-page__entries">
            {entries.map((entry) => (
              <EntryRow
                key={entry.id}
                entry={entry}
                image={entryImage(entry.imageUrl, context.apiRoot)}
                m={m}
                busy={pending[entry.id] !== undefined}
                lineTotal={money(entry.subTotal)}
                unitPrice={money(entry.purchasePriceCents)}
                EntryTitle={headingLevel === 1 ? 'h2' : 'h3'}
                answers={entryAnswers(
                  entry,
                  entry.additionalFieldsFormId ? schemas[entry.additionalFieldsFormId] : undefined,
                  formFields,
                  m,
                )}
                onQuantity={(q) => changeQuantity(entry, q)}
                onRemove={() => remove(entry)}
                onEdit={() => editForm(entry)}
              />
            ))}
          </ul>
          <div className="sf-cart-page__summary">
            <span className="sf-cart-page__subtotal-label">{m.t('subtotal')}</span>{' '}
            <output className="sf-cart-page__subtotal" aria-label={m.t('subtotal')}>
              {money(cart?.subtotalCents ?? 0)}
            </output>
          </div>
          {cart && <Adjustments cart={cart} m={m} money={money} />}
          {cart && <RefusedCoupons cart={cart} m={m} />}
          {minimum && <p className="sf-cart-page__instalment-minimum">{minimum}</p>}
          <div className="sf-cart-page__actions">
            {continueShopping}
            {/* A link, so it opens in a new tab like any other. */}
            <a
              className="sf-button sf-cart-page__checkout"
              href={checkoutPath}
              onClick={(event) => follow(event, checkoutPath)}
            >
              {m.t('checkout')}
            </a>
          </div>
        </>
      )}
      {openForm && (
        <FormDialogOf
          open={openForm}
          strings={strings}
          errorTitle={m.t('updateFormFailed')}
          onClose={() => setOpenForm(null)}
          onSubmit={(values) => saveForm(openForm.entry, values)}
        />
      )}
    </section>
  );
}

interface AdjustmentsProps {
  readonly cart: ShoppingCart;
  readonly m: CartPageMessages;
  readonly money: (amount: number) => string;
}

/**
 * What the server changed on top of the subtotal: a line per applied coupon, the chosen shipping
 * option, and then the total the shopper pays. Nothing when the cart has neither.
 */
function Adjustments({ cart, m, money }: AdjustmentsProps) {
  const shipping = cart.selectedShippingOption;
  if (cart.validCoupons.length === 0 && shipping === null) return null;
  return (
    <dl className="sf-cart-page__adjustments">
      {cart.validCoupons.map((coupon, i) => (
        // A server may list one code twice; the position keeps the keys apart.
        <div key={`${i}:${coupon.code}`} className="sf-cart-page__adjustment">
          <dt>{m.t('discountLine', { name: coupon.name ?? coupon.code })}</dt>
          <dd>{m.t('discountAmount', { amount: money(coupon.discountCents) })}</dd>
        </div>
      ))}
      {shipping && (
        <div className="sf-cart-page__adjustment">
          <dt>{m.t('shippingLine', { name: shipping.name })}</dt>
          <dd>{money(shipping.costCents)}</dd>
        </div>
      )}
      <div className="sf-cart-page__adjustment sf-cart-page__total">
        <dt>{m.t('total')}</dt>
        <dd>{money(cart.grandTotalCents)}</dd>
      </div>
    </dl>
  );
}

/**
 * The coupon codes the cart refused (its `invalidCoupons`, spec 000 §3), named so the shopper
 * knows which code gives no discount. Nothing when it refused none.
 */
function RefusedCoupons({ cart, m }: { readonly cart: ShoppingCart; readonly m: CartPageMessages }) {
  if (cart.invalidCoupons.length === 0) return null;
  return (
    <ul className="sf-cart-page__refused-coupons">
      {cart.invalidCoupons.map((coupon, i) => (
        // A server may list one code twice; the position keeps the keys apart.
        <li key={`${i}:${coupon.code}`}>{m.t('couponRefused', { code: coupon.code })}</li>
      ))}
    </ul>
  );
}

interface FormDialogOfProps {
  readonly open: OpenForm;
  readonly strings: Readonly<Record<string, string>> | undefined;
  readonly errorTitle: string;
  readonly onClose: () => void;
  readonly onSubmit: (values: FormValues) => Promise<SubmitOutcome>;
}

/** The loaded dialog with the entry's saved answers and the page's text overrides. */
function FormDialogOf({ open, strings, errorTitle, onClose, onSubmit }: FormDialogOfProps) {
  const { mod, entry, schema } = open;
  const ui = useMemo(() => mod.uiMessages(strings), [mod, strings]);
  const initialValues = useMemo(() => mod.parseFormValues(entry.additionalFields ?? null), [mod, entry]);
  return (
    <mod.FormDialog
      open
      onClose={onClose}
      schema={schema}
      initialValues={initialValues}
      submitLabel={ui.t('save')}
      errorTitle={errorTitle}
      messages={ui}
      onSubmit={onSubmit}
    />
  );
}

interface EntryRowProps {
  readonly entry: CartEntry;
  /** The entry's image address, checked ({@link entryImage}); null shows none. */
  readonly image: string | null;
  readonly m: CartPageMessages;
  readonly busy: boolean;
  readonly lineTotal: string;
  readonly unitPrice: string;
  /** The entry title's element: one level below the page's title. */
  readonly EntryTitle: 'h2' | 'h3';
  readonly answers: readonly EntryAnswer[];
  /** Settles once the server has answered the change. */
  readonly onQuantity: (quantity: number) => Promise<void>;
  readonly onRemove: () => void;
  readonly onEdit: () => void;
}

function EntryRow({
  entry,
  image,
  m,
  busy,
  lineTotal,
  unitPrice,
  EntryTitle,
  answers,
  onQuantity,
  onRemove,
  onEdit,
}: EntryRowProps) {
  const [draft, setDraft] = useState(String(entry.quantity));
  // A confirmed change (or another tab's) replaces whatever is typed.
  useEffect(() => setDraft(String(entry.quantity)), [entry.quantity]);
  const held = useRef(entry.quantity);
  held.current = entry.quantity;
  // Once the server has answered, refused or not, the field shows what the server holds.
  const change = (q: number) => void onQuantity(q).then(() => setDraft(String(held.current)));
  const title = entry.title;
  const attributes = Object.entries(entry.chosenVariant?.attributes ?? {});
  const commit = () => {
    const q = Number(draft);
    // 0 asks for the entry to go: the removal, which like every change waits for the server.
    if (draft.trim() !== '' && q === 0) {
      setDraft(String(entry.quantity));
      onRemove();
      return;
    }
    if (draft.trim() === '' || !Number.isInteger(q) || q < 1 || q > MAX_QUANTITY) {
      setDraft(String(entry.quantity));
      return;
    }
    change(q);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') commit();
  };
  const guard = (fn: () => void) => () => {
    if (!busy) fn();
  };
  return (
    <li className="sf-cart-entry" aria-busy={busy}>
      {image !== null && <img className="sf-cart-entry__image" src={image} alt="" />}
      <div className="sf-cart-entry__details">
        <EntryTitle className="sf-cart-entry__title">{title}</EntryTitle>
        {attributes.length > 0 && (
          <p className="sf-cart-entry__variant">
            {attributes
              .map(([name, value]) => m.t('variantAttribute', { name: optionName(name), value }))
              .join(m.t('attributeSeparator'))}
          </p>
        )}
        <p className="sf-cart-entry__unit">{m.t('unitPrice', { price: unitPrice })}</p>
        {answers.length > 0 && (
          <ul className="sf-cart-entry__answers">
            {answers.map((a) => (
              <li key={a.id}>{m.t('formAnswer', { title: a.title, answer: a.text })}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="sf-cart-entry__quantity">
        <button
          type="button"
          className="sf-cart-entry__step"
          aria-label={m.t('decrease', { title })}
          aria-disabled={busy || entry.quantity <= 1 || undefined}
          onClick={guard(() => {
            if (entry.quantity > 1) change(entry.quantity - 1);
          })}
        >
          <span aria-hidden="true">{m.t('decreaseSymbol')}</span>
        </button>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_QUANTITY}
          step={1}
          aria-label={m.t('quantityOf', { title })}
          value={draft}
          readOnly={busy}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="sf-cart-entry__step"
          aria-label={m.t('increase', { title })}
          aria-disabled={busy || entry.quantity >= MAX_QUANTITY || undefined}
          onClick={guard(() => {
            if (entry.quantity < MAX_QUANTITY) change(entry.quantity + 1);
          })}
        >
          <span aria-hidden="true">{m.t('increaseSymbol')}</span>
        </button>
      </div>
      <p className="sf-cart-entry__total">
        <span className="sf-visually-hidden">{m.t('lineTotal')} </span>
        {lineTotal}
      </p>
      <div className="sf-cart-entry__actions">
        {entry.additionalFieldsFormId && (
          <button
            type="button"
            className="sf-button sf-button--secondary"
            aria-label={m.t('editFormOf', { title })}
            aria-disabled={busy || undefined}
            onPointerEnter={prepareEdit}
            onFocus={prepareEdit}
            onClick={guard(onEdit)}
          >
            {m.t('editForm')}
          </button>
        )}
        <button
          type="button"
          className="sf-button sf-button--secondary"
          aria-label={m.t('removeItem', { title })}
          aria-disabled={busy || undefined}
          onClick={guard(onRemove)}
        >
          {m.t('remove')}
        </button>
      </div>
    </li>
  );
}
