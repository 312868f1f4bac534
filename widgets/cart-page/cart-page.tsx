import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiError } from '../../src/api/types.js';
import { track } from '../../src/page/analytics.js';
import type { InstalmentContext } from '../../src/commerce/instalments.js';
import { formatMoney, parseCurrencyCode } from '../../src/commerce/money.js';
import type { Result } from '../../src/result.js';
import { whenIdle } from '../../src/idle.js';
import { useCart, useStorefront, useWidgetId } from '../../src/react/provider.js';
import { sitePaths } from '../../src/page/site-paths.js';
import { Alert } from '../../src/react/ui/alert.js';
import type { CartEntry } from '../../src/store/types.js';
import { cartPageMessages } from './messages.js';
import { AnswersDialog, useEditAnswers } from './edit-answers.js';
import { failureText, useEntryChanges } from './failures.js';
import { entryImage, Line } from './line.js';
import { isQuantityChange } from './quantity.js';
import { useRemoval } from './removal.js';
import { Totals, useInstalmentMinimum } from './totals.js';

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

/**
 * A cart the server sent this long ago or less is shown as it is on mount: the one the loader read
 * at start, or a change another widget or tab has just made. Older, or after a failure, the page
 * reads it (a cart page an app shows long after its start).
 */
const FRESH_CART_MS = 10_000;

/**
 * Starts loading the cart's writes (src/api/cart.ts): the page reads its cart at start with the
 * read alone (src/api/cart-read.ts), and a press on a quantity or Remove must send at once, not
 * wait for code first (a tap gives no warning the way a pointer reaching a button does).
 */
const warmCartWrites = (): void => void import('../../src/api/cart.js').catch(() => undefined);

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

  const changeable = (cart?.entries.length ?? 0) > 0;
  useEffect(() => (changeable ? whenIdle(warmCartWrites) : undefined), [changeable]);

  const { failure, isBusy, run } = useEntryChanges(m);
  const answers = useEditAnswers({ cart, api, store, run, m, mounted });

  const currency = parseCurrencyCode(cart?.currency) ?? context.currency;
  const money = (amount: number) => formatMoney({ amount, currency }, { locale: context.locale });
  const minimum = useInstalmentMinimum(instalments, cart?.subtotalCents ?? 0, currency, m, money, reporter);

  /** Settles once the server has answered; the row then shows the quantity the server holds. */
  const changeQuantity = async (entry: CartEntry, quantity: number): Promise<void> => {
    if (!isQuantityChange(quantity, entry.quantity)) return;
    await run(entry, 'quantity', 'updateQuantityFailed', () =>
      store.getState().changeQuantity(entry.id, quantity),
    );
  };

  const openForm = answers.openForm;
  const entries = cart?.entries ?? [];
  const { remove, sectionRef, headingRef } = useRemoval(store, entries, run, mounted);

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

  // The pressed button goes with the alert: focus waits on the title, which stays.
  const retry = () => {
    headingRef.current?.focus();
    loadCart();
  };

  // A failed read, with its Try again: in place of the entries before there is a cart, above the
  // cart the page holds after (what it shows may be out of date).
  const loadFailure = loadError && (
    <>
      <Alert title={m.t('loadFailed')} message={failureText(m, loadError)} />
      <button type="button" className="sf-button sf-cart-page__retry" onClick={retry}>
        {m.t('retry')}
      </button>
    </>
  );

  if (!initialised) {
    if (loadFailure) {
      return (
        <section className="sf-cart-page" aria-labelledby={titleId}>
          <Title id={titleId} ref={headingRef} tabIndex={-1} className="sf-cart-page__title">
            {m.t('title')}
          </Title>
          {loadFailure}
        </section>
      );
    }
    return (
      <section className="sf-cart-page" aria-busy="true" aria-labelledby={titleId}>
        <Title id={titleId} ref={headingRef} tabIndex={-1} className="sf-cart-page__title">
          {m.t('title')}
        </Title>
        <p role="status" className="sf-cart-page__loading">
          {m.t('loading')}
        </p>
      </section>
    );
  }

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
      {loadFailure}
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
              <Line
                key={entry.id}
                entry={entry}
                sharesTitle={entries.some((other) => other !== entry && other.title === entry.title)}
                image={entryImage(entry.imageUrl, context.apiRoot)}
                m={m}
                busy={isBusy(entry.id)}
                lineTotal={money(entry.subTotal)}
                unitPrice={money(entry.purchasePriceCents)}
                EntryTitle={headingLevel === 1 ? 'h2' : 'h3'}
                answers={answers.answersOf(entry)}
                onQuantity={(q) => changeQuantity(entry, q)}
                onRemove={() => remove(entry)}
                onEdit={() => answers.edit(entry)}
              />
            ))}
          </ul>
          <Totals cart={cart} m={m} money={money} minimum={minimum} />
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
        <AnswersDialog
          open={openForm}
          strings={strings}
          errorTitle={m.t('updateFormFailed')}
          onClose={answers.close}
          onSubmit={(values) => answers.save(openForm.entry, values)}
        />
      )}
    </section>
  );
}
