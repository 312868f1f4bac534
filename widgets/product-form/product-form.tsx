/**
 * The product form itself (spec 000 §2, §4, §5; spec 001 §4, §5) and its props. The package's
 * `ProductForm`, which shows this form or on a product card its Quick View button, is in
 * ./quick-view-button.tsx: the widget mounts this form directly and loads the card's code only for
 * a card, so a product page carries none of it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { track } from '../../src/page/analytics.js';
import {
  addButtonLabel,
  findVariant,
  optionValueSoldOut,
  optionValues,
  pickerOptions,
  readQuantity,
  showQuantityInput,
  type OptionSelection,
} from '../../src/commerce/choice.js';
import { QUANTITY } from '../../src/constants.js';
import {
  isGiftCard,
  isSubscribable,
  isVariantSoldOut,
  productStatus,
  tracksStock,
} from '../../src/commerce/product-state.js';
import { scarcityMessage } from '../../src/commerce/scarcity.js';
import { PRODUCT_BLOCK_ATTR } from '../../src/contract.js';
import { carriedMoneyText, formatMoney, type Money } from '../../src/commerce/money.js';
import { chosenPricePoint } from '../../src/commerce/prices.js';
import { whenIdle } from '../../src/idle.js';
import { optionName, withWholeCatalogue } from '../../src/messages/format.js';
import {
  DEFAULT_MERCHANDISING,
  DEFAULT_STORE_SETTINGS,
  type Merchandising,
  type StoreSettings,
} from '../../src/commerce/merchandising.js';
import type { ProductItem, Variant } from '../../src/commerce/product.js';
import { useCart, useStorefront, useWidgetId } from '../../src/react/provider.js';
import { useLatest } from '../../src/react/use-latest.js';
import type { FormSchema as AdditionalFieldsSchema } from '../../src/api/form-schema.js';
import { Alert } from '../../src/react/ui/alert.js';
import { productFormMessages } from './messages.js';
import { priceLine } from './price-line.js';

import type { ProductReviews, ReviewLists } from './props.js';
import type { ReviewsGate as ReviewsGateType } from './reviews-gate.js';
import { OptionSelect } from './option-select.js';
import { RestockSlot } from './restock-slot.js';
import { useAddToCart } from './use-add-to-cart.js';

// The form dialog and the reviews list are dynamic imports made on first use, so neither is in
// the product page's initial JS. They are loaded by hand rather than
// with React.lazy: under preact/compat a suspending subtree is re-created, losing its state.

/** Props of the product form. Only `item` is required. */
export interface ProductFormProps {
  /** The parsed product item (`parseProductItem` of the package). */
  readonly item: ProductItem;
  /**
   * The item's additional-fields form when it is embedded (as sent, or already parsed); it is read
   * on the first add. Without it the form named by `item.structuredContent.additionalFieldsFormId`
   * is fetched then.
   * @default null
   */
  readonly additionalFieldsForm?:
    AdditionalFieldsSchema | Readonly<Record<string, unknown>> | null | undefined;
  /** Sold-out text, scarcity and restock settings. @default DEFAULT_MERCHANDISING */
  readonly merchandising?: Merchandising | undefined;
  /** @default DEFAULT_STORE_SETTINGS */
  readonly storeSettings?: StoreSettings | undefined;
  /**
   * Text overrides, by catalogue key (widgets/product-form/messages.ts) or by the localized-string
   * names of spec 001 §3 (`productAddToCartText`, ...).
   * @default {}
   */
  readonly strings?: Readonly<Record<string, string>> | undefined;
  /**
   * Reviews to show, each kind only when the site's review settings allow it: as read, or as a
   * block sent them (each review is read when the reviews section loads, one without a body left
   * out). @default none
   */
  readonly reviews?: ProductReviews | ReviewLists | undefined;
  /** The button buys directly (label Purchase) and success goes to the checkout page. @default false */
  readonly expressCheckout?: boolean | undefined;
  /**
   * Price texts the page already shows for this product (the script tag reads them from the
   * block's server-rendered fallback): an amount one of them spells (`carriedMoneyText`) is shown
   * as that text, and the form builds its `Intl.NumberFormat` once the page is idle, not for its
   * first render. @default none
   */
  readonly priceTexts?: readonly string[] | undefined;
  /** Render only a Quick View button that opens this form in a lightbox (product cards). @default false */
  readonly quickView?: boolean | undefined;
  /** Told whenever the chosen variant changes (null while the choice is incomplete). @default undefined */
  readonly onVariantChange?: ((variant: Variant | null) => void) | undefined;
  /**
   * Told the choice other widgets of the block follow (the `sf:variant-change` event): the chosen
   * variant (null while incomplete) and the quantity entered (1 while it is not a usable number).
   * @default undefined
   */
  readonly onChoiceChange?: ((choice: { variant: Variant | null; quantity: number }) => void) | undefined;
}

const NO_OVERRIDES: Readonly<Record<string, string>> = Object.freeze({});

/** A digital product may have no variants: its price sits on the product (spec 001 §3). */
function productLevelVariant(item: ProductItem): Variant | null {
  const sc = item.structuredContent;
  if (sc.variants.length > 0) return null;
  return {
    sku: '',
    attributes: {},
    price: sc.priceMoney ?? null,
    salePrice: sc.salePriceMoney ?? null,
    onSale: sc.onSale === true,
    qtyInStock: 0,
    unlimited: true,
  };
}

/**
 * The product form itself (spec 000 §2, §4, §5; spec 001 §4, §5): variant pickers, quantity,
 * price and marks, scarcity, the restock slot, the add button and its additional-fields lightbox,
 * reviews. `ProductForm` (./quick-view-button.tsx) shows it, or on a product card its Quick View
 * button.
 */
export function ProductFormBody({
  item,
  additionalFieldsForm = null,
  merchandising = DEFAULT_MERCHANDISING,
  storeSettings = DEFAULT_STORE_SETTINGS,
  strings,
  reviews,
  expressCheckout: expressProp = false,
  priceTexts,
  onVariantChange,
  onChoiceChange,
  publishChoice = true,
  inQuickView = false,
}: ProductFormProps & {
  /** A quick view's form keeps its choice to itself: the page's pill follows the page's form. */
  readonly publishChoice?: boolean;
  /** A Quick View's form is no product page view: the Quick View is tracked as its own event. */
  readonly inQuickView?: boolean;
}) {
  const { context, choices, reporter } = useStorefront();
  const rootRef = useRef<HTMLDivElement>(null);
  const id = useWidgetId();
  // The page's overrides apply to the form's texts, the add flow's (loaded with it) and the
  // additional-fields form's (likert labels, part labels) alike.
  const overrides = strings ?? NO_OVERRIDES;
  const m = useMemo(() => productFormMessages(overrides), [overrides]);

  const giftCard = isGiftCard(item);
  const subscribable = isSubscribable(item);
  // Express checkout buys at once; a subscription still goes through its own page.
  // The store's setting or the block's own: the package's form takes either (`storeSettings`).
  const expressCheckout = expressProp || storeSettings.expressCheckout;
  const express = expressCheckout && !subscribable;
  const names = useMemo(() => pickerOptions(item), [item]);
  const fixedVariant = useMemo(() => productLevelVariant(item), [item]);

  const [selection, setSelection] = useState<OptionSelection>({});
  const selectionRef = useRef<OptionSelection>(selection);
  const [quantityText, setQuantityText] = useState(String(QUANTITY.default));

  const variant = fixedVariant ?? findVariant(item, selection);

  // Spec 000 §4: while the first cart read runs (the loader starts it before any widget mounts),
  // the add button waits, disabled in the stylesheet's loading phase: the stock check counts what
  // the cart holds, and it is not known yet.
  const waiting = useCart((s) => !s.initialised && s.status === 'loading');

  useEffect(() => {
    if (!inQuickView) track({ type: 'product-page-viewed', itemId: item.id });
    // The census counts the button drawn: express checkout's, or the add button.
    track({ type: 'button-rendered', itemId: item.id, button: express ? 'express' : 'add' });
  }, [item.id]); // eslint-disable-line react-hooks/exhaustive-deps -- once per item

  // The block's image follows the choice in the same event as the change, not a frame later.
  const lastVariant = useRef<Variant | null | undefined>(undefined);
  const announce = (next: Variant | null) => {
    if (lastVariant.current === next) return;
    lastVariant.current = next;
    onVariantChange?.(next);
  };
  useEffect(() => {
    if (lastVariant.current === undefined) announce(variant);
    // Mount only: later changes are announced by the select handler.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const status = productStatus(item);
  const chosenSoldOut = variant !== null && isVariantSoldOut(item, variant);
  const soldOut = status === 'sold-out' || chosenSoldOut;
  // What the chosen variant sells at: a digital product's own price, a gift card's face value.
  const point = useMemo(() => (variant ? chosenPricePoint(item, variant) : null), [item, variant]);
  const onSale = point ? point.onSale && point.salePrice !== null : status === 'on-sale';
  const quantityShown = showQuantityInput(item, storeSettings, variant);
  const typed = quantityShown ? readQuantity(quantityText) : QUANTITY.default;
  const chosenQuantity = typeof typed === 'number' ? typed : QUANTITY.default;
  // Told on a change of the choice, never on a new callback: an inline arrow must not loop.
  const latestOnChoiceChange = useLatest(onChoiceChange);
  useEffect(() => {
    // The runtime holds the choice the block's other widgets follow, under npm and the loader alike.
    if (publishChoice) {
      const scope = rootRef.current?.closest(`[${PRODUCT_BLOCK_ATTR}]`) ?? null;
      choices.set(item.id, { variant, quantity: chosenQuantity, scope });
    }
    latestOnChoiceChange.current?.({ variant, quantity: chosenQuantity });
  }, [latestOnChoiceChange, choices, publishChoice, item.id, variant, chosenQuantity]);
  const soldOutText = merchandising.customSoldOutText ?? m.t('soldOut');

  const errorTitle = m.t(
    giftCard ? 'unableToPurchaseGiftCard' : express ? 'unableToPurchaseItem' : 'unableToAddItem',
  );
  const idleLabel = addButtonLabel(item, undefined, { expressCheckout, messages: m });
  const flow = useAddToCart({
    item,
    selection,
    variant,
    quantityInput: quantityShown ? quantityText : undefined,
    giftCard,
    subscribable,
    expressCheckout,
    additionalFieldsForm,
    m,
    overrides,
    submitLabel: idleLabel,
    errorTitle,
    soldOut: status === 'sold-out',
  });
  // The alert speaks of the quantity field while what it holds does not read as a quantity.
  const quantityRefused = flow.failure !== null && typeof typed !== 'number';
  // The busy phases are named as their texts: Adding…, Added!
  const label = soldOut ? soldOutText : flow.phase === 'idle' ? idleLabel : m.t(flow.phase);

  // The page's own price texts spare the first render its formatter, the page's first costing 14
  // to 35 ms; it is built once the page is idle, so the first choice does not wait for it either.
  const carried = useRef<Money | null>(null);
  const money = (amount: Money) => {
    const text = priceTexts && carriedMoneyText(priceTexts, amount);
    if (text === undefined) return formatMoney(amount, { locale: context.locale });
    carried.current ??= amount;
    return text;
  };
  useEffect(() => {
    const amount = carried.current;
    return amount ? whenIdle(() => void formatMoney(amount, { locale: context.locale })) : undefined;
  }, [context.locale]);

  const price = priceLine(item, point, money, m);
  const scarcity = scarcityMessage(merchandising, item, variant);
  // The review kill switch is read by the gate itself (./reviews-gate.tsx), with the flags' code.
  const showReviews =
    reviews !== undefined &&
    ((context.reviews.native && reviews.native.length > 0) ||
      (context.reviews.imported && reviews.imported.length > 0));
  const restockVariantId = soldOut && tracksStock(item) ? (variant?.id ?? variant?.sku ?? null) : null;

  // The reviews section's code (the kill switch and the flags reader with it) loads only for a
  // product that has reviews to show: most product pages have none, and the section sits below
  // the form.
  const [ReviewsGate, setReviewsGate] = useState<typeof ReviewsGateType | null>(null);
  useEffect(() => {
    if (!showReviews || ReviewsGate) return undefined;
    let live = true;
    // With the rest of a translated page's catalogue, where the toggle's text is.
    withWholeCatalogue(import('./reviews-gate.js')).then(
      (mod) => live && setReviewsGate(() => mod.ReviewsGate),
      (error: unknown) => reporter.report(error, { widget: 'product-form', code: 'CHUNK_LOAD_FAILED' }),
    );
    return () => {
      live = false;
    };
  }, [showReviews, ReviewsGate, reporter]);

  return (
    <div
      ref={rootRef}
      className="sf-product-form"
      data-sf-status={soldOut ? 'sold-out' : onSale ? 'on-sale' : undefined}
      // The shopper has started to choose: the add's code and the cart's endpoints load now.
      onFocusCapture={flow.prefetch}
      onPointerDownCapture={flow.prefetch}
    >
      <p className="sf-product-form__price">
        {price}
        {onSale && !soldOut && <span className="sf-mark sf-mark--sale">{m.t('sale')}</span>}
        {soldOut && <span className="sf-mark sf-mark--sold-out">{soldOutText}</span>}
      </p>

      {names.map((name) => (
        <OptionSelect
          key={name}
          id={`${id}-opt-${name}`}
          name={name}
          value={selection[name] ?? ''}
          placeholder={m.t(giftCard ? 'giftCardSelect' : 'selectVariant', { variantName: optionName(name) })}
          values={optionValues(item, name).map((value) =>
            // A choice that leads only to sold-out variants says so in its own text.
            optionValueSoldOut(item, selection, name, value)
              ? { value, soldOut: true, text: m.t('optionSoldOut', { option: value, soldOut: soldOutText }) }
              : { value, soldOut: false, text: value },
          )}
          refusedBy={flow.failure !== null && !selection[name] ? `${id}-failure` : null}
          onChoose={(value) => {
            // The ref, not the rendered value: two changes may land before one render.
            const next = { ...selectionRef.current, [name]: value };
            selectionRef.current = next;
            setSelection(next);
            flow.clearFailure();
            announce(fixedVariant ?? findVariant(item, next));
          }}
        />
      ))}

      {quantityShown && (
        <div className="sf-product-form__quantity">
          <label htmlFor={`${id}-qty`}>{m.t('quantity')}</label>
          <input
            id={`${id}-qty`}
            type="number"
            inputMode="numeric"
            min={QUANTITY.min}
            max={QUANTITY.max}
            step={QUANTITY.step}
            value={quantityText}
            onChange={(e) => setQuantityText(e.currentTarget.value)}
            aria-invalid={quantityRefused || undefined}
            aria-describedby={quantityRefused ? `${id}-failure` : undefined}
          />
        </div>
      )}

      {scarcity !== null && !soldOut && <p className="sf-product-form__scarcity">{scarcity}</p>}

      {restockVariantId !== null && (
        <RestockSlot
          key={restockVariantId}
          productId={item.id}
          variantId={restockVariantId}
          merchandising={merchandising}
        />
      )}

      {flow.failure !== null && (
        <Alert key={flow.failureCount} id={`${id}-failure`} title={errorTitle} message={flow.failure} />
      )}

      {/* A sold-out choice cannot be added: the button says so and takes no clicks. */}
      <button
        type="button"
        className="sf-button sf-add-button"
        data-sf-phase={waiting ? 'loading' : flow.phase}
        disabled={soldOut || waiting}
        aria-busy={waiting || undefined}
        aria-disabled={(!soldOut && flow.phase !== 'idle') || undefined}
        onClick={() => void flow.add()}
      >
        {label}
      </button>
      {/*
       * The add's outcome is spoken from a live region that is in the page before it (a screen
       * reader need not speak a change of the focused button's own text). A sold-out choice
       * cannot be added, and its restock sign-up has a status of its own.
       */}
      {!soldOut && (
        <p className="sf-visually-hidden" role="status">
          {flow.phase === 'added' ? label : ''}
        </p>
      )}

      {flow.dialog}

      {showReviews && reviews && ReviewsGate && (
        <ReviewsGate
          itemId={item.id}
          reviews={reviews}
          m={m}
          overrides={overrides}
          native={context.reviews.native}
          imported={context.reviews.imported}
        />
      )}
    </div>
  );
}
