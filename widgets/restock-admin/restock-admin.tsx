import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RestockGroup, RestockSendRequest, RestockSignUp } from '../../src/api/restock.js';
import type { ApiError, ApiResult } from '../../src/api/types.js';
import { ACCOUNT_EVENTS } from '../../src/contract.js';
import { useStorefront, useWidgetId } from '../../src/react/provider.js';
import { Alert } from '../../src/react/ui/alert.js';
import type { RestockAdminProps } from './props.js';
import { restockAdminMessages, type RestockAdminMessages } from './messages.js';
import { asksConfirmation, SignUps, variantText, type SignUpList } from './sign-ups.js';

export type { RestockAdminProps } from './props.js';

type Load =
  | { readonly kind: 'loading' }
  | { readonly kind: 'sign-in' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'ready'; readonly groups: readonly RestockGroup[] };

/**
 * What the last send says: how many emails went out, and what stopped it (each may be absent).
 * Numbered: the same words twice (Send all with nothing pending) are drawn anew, and said again.
 */
interface Outcome {
  readonly sent: string | null;
  readonly failed: string | null;
  readonly count: number;
}

const keyOf = (g: Pick<RestockGroup, 'productId' | 'variantId'>): string =>
  `${g.productId}\u0000${g.variantId ?? ''}`;

/** The server's `{ sent }` count, or null when it says nothing usable. */
function sentCount(data: unknown): number | null {
  // A parsed JSON value: any but an object has no `sent`, and neither has null.
  const sent = (data as { readonly sent?: unknown } | null | undefined)?.sent;
  return Number.isSafeInteger(sent) && (sent as number) >= 0 ? (sent as number) : null;
}

/** The most requests `…/restock/send/all` takes in one call (docs/http-api.md: 1 to 100). */
const SEND_ALL_BATCH = 100;

/** "Sent 3 restock emails." from the count sent; a plain "sent" when the server gave no count. */
export function sentText(sent: number | null, m: RestockAdminMessages): string {
  if (sent === null) return m.t('sent');
  if (sent === 0) return m.t('sentNone');
  return sent === 1 ? m.t('sentOne') : m.t('sentMany', { count: sent });
}

/** A date in the site's locale and time zone; the epoch value itself if the zone is unusable. */
function dateFormatter(locale: string, timeZone: string): (ms: number) => string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  } catch {
    format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  }
  return (ms) => format.format(new Date(ms));
}

/** 401: nobody is signed in; any other failure shows its (server or catalogued) message. */
const failureOf = (error: ApiError): Load =>
  error.status === 401 && error.crumbFail !== true
    ? { kind: 'sign-in' }
    : { kind: 'failed', message: error.message };

/**
 * The store owner's restock tools (spec 000 §1, §6, §7): every group of sign-ups (all pages of
 * the groups endpoint) with its product, variant, sign-up and pending counts, stock and last send;
 * the sign-ups of a group, a page at a time; Send for one group and Send all for every group with
 * pending sign-ups, with the result shown. The server decides who may see this: a visitor who is
 * not signed in gets a sign-in prompt, another role the server's own message.
 */
export function RestockAdmin({ strings }: RestockAdminProps) {
  const { api, context } = useStorefront();
  const m = useMemo(() => restockAdminMessages(strings), [strings]);
  const baseId = useWidgetId();
  const formatDate = useMemo(() => dateFormatter(context.locale, context.timeZone), [context]);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [sending, setSending] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomes = useRef(0);
  const tell = (sent: string | null, failed: string | null) =>
    setOutcome({ sent, failed, count: (outcomes.current += 1) });
  const [list, setListState] = useState<SignUpList | null>(null);
  const live = useRef(true);
  const listHeading = useRef<HTMLHeadingElement>(null);
  // Each load is numbered, and an answer that lands after a newer load of its list began is
  // dropped: the screen shows what was asked for last (after a sign-out never the last account's
  // table, after a switch never the group left).
  const groupsLoad = useRef(0);
  const listLoad = useRef(0);
  // The sign-ups open now, as last set: a send that ends refreshes these, if any, never the ones
  // open when it began.
  const listNow = useRef<SignUpList | null>(null);
  // Closing counts as a load of the list: an answer on its way is then dropped.
  const setList = useCallback((next: SignUpList | null) => {
    if (next === null) listLoad.current += 1;
    listNow.current = next;
    setListState(next);
  }, []);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const reload = useCallback(async () => {
    const mine = (groupsLoad.current += 1);
    const result = await api.getAllRestockGroups();
    if (!live.current || groupsLoad.current !== mine) return;
    setLoad(result.ok ? { kind: 'ready', groups: result.data } : failureOf(result.error));
  }, [api]);

  useEffect(() => {
    void reload();
  }, [reload]);

  // Who may see the sign-ups is the session's to say: a sign-in or sign-out anywhere on the page
  // loads the lists again, so nothing of the last account stays on screen.
  useEffect(() => {
    const doc = globalThis.document;
    const changed = () => {
      setLoad({ kind: 'loading' });
      setList(null);
      setOutcome(null);
      void reload();
    };
    doc?.addEventListener(ACCOUNT_EVENTS.accountChange, changed);
    return () => doc?.removeEventListener(ACCOUNT_EVENTS.accountChange, changed);
  }, [reload, setList]);

  /** Whether its answer was shown: not when another list, or none, was asked for meanwhile. */
  const fetchSignUps = async (group: RestockGroup, cursor: string | null, prev: readonly RestockSignUp[]) => {
    const mine = (listLoad.current += 1);
    setList({ group, items: prev, cursor, loading: true, error: null });
    const result = await api.getRestockSignUps({
      productId: group.productId,
      variantId: group.variantId,
      ...(cursor === null ? {} : { cursor }),
    });
    if (!live.current || listLoad.current !== mine) return false;
    setList(
      result.ok
        ? {
            group,
            items: [...prev, ...result.data.items],
            cursor: result.data.hasNextPage ? result.data.nextPageCursor : null,
            loading: false,
            error: null,
          }
        : { group, items: prev, cursor, loading: false, error: result.error.message },
    );
    return true;
  };

  const openList = (group: RestockGroup) => {
    if (list !== null && keyOf(list.group) === keyOf(group)) {
      setList(null);
      return;
    }
    void fetchSignUps(group, null, []).then((shown) => {
      if (shown) listHeading.current?.focus();
    });
  };

  /**
   * Sends the requests `size` at a time (Send all's batches of 100, Send's one), a call after the
   * other, adding up what they sent (null once one does not say). A failed call stops the rest:
   * its failure shows in an alert, beside the count of what the calls before it sent.
   */
  const send = async (
    id: string,
    requests: readonly RestockSendRequest[],
    size: number,
    call: (batch: readonly RestockSendRequest[]) => Promise<ApiResult<unknown>>,
  ) => {
    if (sending !== null) return;
    setSending(id);
    setOutcome(null);
    let went = false;
    let sent: number | null = 0;
    let failed: string | null = null;
    for (let start = 0; start < requests.length; start += size) {
      const result = await call(requests.slice(start, start + size));
      if (!result.ok) {
        failed = result.error.message;
        break;
      }
      went = true;
      const count = sentCount(result.data);
      sent = sent === null || count === null ? null : sent + count;
    }
    if (!live.current) return;
    setSending(null);
    tell(went ? sentText(sent, m) : null, failed);
    if (went) {
      globalThis.document?.dispatchEvent(new CustomEvent(ACCOUNT_EVENTS.restockSent, { detail: { sent } }));
      await reload();
      const open = listNow.current;
      if (open !== null) void fetchSignUps(open.group, null, []);
    }
  };

  const sendOne = (group: RestockGroup) => {
    void send(keyOf(group), [{ productId: group.productId, variantId: group.variantId }], 1, ([request]) =>
      api.sendRestock(request!),
    );
  };

  const sendAll = (groups: readonly RestockGroup[]) => {
    const requests: RestockSendRequest[] = groups
      .filter((g) => g.pendingCount > 0)
      .map((g) => ({ productId: g.productId, variantId: g.variantId }));
    if (requests.length === 0) {
      tell(m.t('nothingToSend'), null);
      return;
    }
    void send('*', requests, SEND_ALL_BATCH, (batch) => api.sendRestockAll(batch));
  };

  const titleId = `${baseId}-title`;
  const captionId = `${baseId}-caption`;
  const header = (
    <h2 id={titleId} className="sf-restock-admin__title">
      {m.t('title')}
    </h2>
  );

  if (load.kind === 'loading') {
    return (
      <section className="sf-restock-admin" aria-labelledby={titleId} aria-busy="true">
        {header}
        <p className="sf-restock-admin__status">{m.t('loading')}</p>
      </section>
    );
  }
  if (load.kind === 'sign-in' || load.kind === 'failed') {
    return (
      <section className="sf-restock-admin" aria-labelledby={titleId}>
        {header}
        <p role="alert" className="sf-restock-admin__status">
          {load.kind === 'sign-in' ? m.t('signIn') : load.message}
        </p>
      </section>
    );
  }

  const { groups } = load;
  const busy = sending !== null;
  const showUnconfirmed = groups.some(asksConfirmation);
  return (
    <section className="sf-restock-admin" aria-labelledby={titleId} aria-busy={busy || undefined}>
      {header}
      <div className="sf-restock-admin__toolbar">
        <button
          type="button"
          className="sf-button"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) sendAll(groups);
          }}
        >
          {sending === '*' ? m.t('sending') : m.t('sendAll')}
        </button>
        <button
          type="button"
          className="sf-button sf-button--secondary"
          onClick={() => {
            setOutcome(null);
            void reload();
          }}
        >
          {m.t('refresh')}
        </button>
      </div>
      <div className="sf-restock-admin__outcome" aria-live="polite">
        {/* Each button's own "Sending…" is not read by every reader while it has focus. */}
        {busy && <p className="sf-visually-hidden">{m.t('sending')}</p>}
        {outcome?.sent != null && (
          <p key={outcome.count} className="sf-restock-admin__sent">
            {outcome.sent}
          </p>
        )}
      </div>
      {outcome?.failed != null && <Alert title={m.t('sendFailedTitle')} message={outcome.failed} />}
      {groups.length === 0 ? (
        <p className="sf-restock-admin__status">{m.t('empty')}</p>
      ) : (
        // On a narrow screen the table scrolls inside its own labelled region, never the page.
        <div className="sf-restock-admin__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="sf-restock-admin__table">
            <caption id={captionId}>{m.t('groupsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{m.t('product')}</th>
                <th scope="col">{m.t('variant')}</th>
                <th scope="col">{m.t('signUps')}</th>
                <th scope="col">{m.t('pending')}</th>
                {showUnconfirmed && <th scope="col">{m.t('unconfirmed')}</th>}
                <th scope="col">{m.t('stock')}</th>
                <th scope="col">{m.t('lastSent')}</th>
                <th scope="col">{m.t('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g) => {
                const key = keyOf(g);
                const title = g.title || g.productId;
                const open = list !== null && keyOf(list.group) === key;
                return (
                  <tr key={key}>
                    <th scope="row">{title}</th>
                    <td>{variantText(g, m)}</td>
                    <td>{g.signUpCount}</td>
                    <td>{g.pendingCount}</td>
                    {showUnconfirmed && <td>{g.unconfirmedCount ?? m.t('notAsked')}</td>}
                    <td>{g.unlimited ? m.t('unlimited') : g.qtyInStock}</td>
                    <td>{g.lastSentOn === null ? m.t('never') : formatDate(g.lastSentOn)}</td>
                    <td className="sf-restock-admin__actions">
                      <button
                        type="button"
                        className="sf-button sf-button--secondary"
                        aria-label={m.t('viewOf', { title: `${title} ${variantText(g, m)}` })}
                        // The label stays the same; aria-expanded says whether the list is open.
                        aria-expanded={open}
                        onClick={() => openList(g)}
                      >
                        {m.t('view')}
                      </button>
                      <button
                        type="button"
                        className="sf-button"
                        // Its name says it is sending too, as its text does.
                        aria-label={m.t(sending === key ? 'sendingOf' : 'sendOf', {
                          title: `${title} ${variantText(g, m)}`,
                        })}
                        aria-disabled={busy || undefined}
                        onClick={() => {
                          if (!busy) sendOne(g);
                        }}
                      >
                        {sending === key ? m.t('sending') : m.t('send')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {list !== null && (
        <SignUps
          list={list}
          m={m}
          formatDate={formatDate}
          headingRef={listHeading}
          onMore={() => {
            if (list.cursor === null) return;
            void fetchSignUps(list.group, list.cursor, list.items).then((shown) => {
              // The last page takes the button away: its focus goes to the list's heading, not to
              // the page's start.
              if (shown && listNow.current?.cursor === null) listHeading.current?.focus();
            });
          }}
        />
      )}
    </section>
  );
}
