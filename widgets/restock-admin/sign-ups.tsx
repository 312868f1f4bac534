/**
 * The sign-ups of one group of the store owner's restock tools: a table a page at a time, with
 * "Load more sign-ups" while the server has more.
 */
import type { RefObject } from 'react';
import type { RestockGroup, RestockSignUp } from '../../src/api/restock.js';
import { useWidgetId } from '../../src/react/provider.js';
import { Alert } from '../../src/react/ui/alert.js';
import type { RestockAdminMessages } from './messages.js';

export interface SignUpList {
  readonly group: RestockGroup;
  readonly items: readonly RestockSignUp[];
  readonly cursor: string | null;
  readonly loading: boolean;
  readonly error: string | null;
}

/**
 * Whether the server asks each sign-up to confirm its email (double opt-in): then a send notifies
 * the confirmed ones only, and the tables say which are still unconfirmed.
 */
export const asksConfirmation = (g: RestockGroup): boolean => g.unconfirmedCount !== null;

export function variantText(g: RestockGroup, m: RestockAdminMessages): string {
  const parts = Object.entries(g.attributes).map(([name, value]) => m.t('variantAttribute', { name, value }));
  if (parts.length > 0) return parts.join(m.t('attributeSeparator'));
  return g.sku ?? m.t('noVariant');
}

export function SignUps({
  list,
  m,
  formatDate,
  headingRef,
  onMore,
}: {
  list: SignUpList;
  m: RestockAdminMessages;
  formatDate: (ms: number) => string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onMore: () => void;
}) {
  const title = `${list.group.title || list.group.productId} ${variantText(list.group, m)}`;
  const heading = m.t('signUpsOf', { title });
  const headingId = `${useWidgetId()}-signups`;
  const showConfirmed = asksConfirmation(list.group);
  return (
    // Named once: by the scroll region around its table, which its heading labels.
    <div className="sf-restock-admin__signups">
      <h3 ref={headingRef} id={headingId} tabIndex={-1} className="sf-restock-admin__subtitle">
        {heading}
      </h3>
      {list.error !== null && <Alert title={m.t('failedTitle')} message={list.error} />}
      <div
        className="sf-restock-admin__scroll"
        role="region"
        aria-labelledby={headingId}
        aria-busy={list.loading || undefined}
        tabIndex={0}
      >
        <table className="sf-restock-admin__table">
          <caption className="sf-visually-hidden">{heading}</caption>
          <thead>
            <tr>
              <th scope="col">{m.t('email')}</th>
              <th scope="col">{m.t('mailingList')}</th>
              <th scope="col">{m.t('signedUp')}</th>
              {showConfirmed && <th scope="col">{m.t('confirmed')}</th>}
              <th scope="col">{m.t('notified')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((s) => (
              <tr key={s.id}>
                <th scope="row">{s.email}</th>
                <td>{s.isJoinMailingList ? m.t('yes') : m.t('no')}</td>
                <td>{formatDate(s.created)}</td>
                {showConfirmed && (
                  <td>{s.confirmedOn === null ? m.t('notYet') : formatDate(s.confirmedOn)}</td>
                )}
                <td>{s.notifiedOn === null ? m.t('notYet') : formatDate(s.notifiedOn)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.loading && list.cursor === null && (
        <p className="sf-restock-admin__status">{m.t('loadingSignUps')}</p>
      )}
      {/* The button stays while the next page loads, so focus stays on it; the status says so (it
          sits outside the busy table, where a reader might hold it back until the page is in). */}
      {list.cursor !== null && (
        <>
          <button
            type="button"
            className="sf-button sf-button--secondary"
            aria-disabled={list.loading || undefined}
            onClick={list.loading ? undefined : onMore}
          >
            {list.loading ? m.t('loadingMore') : m.t('loadMore')}
          </button>
          <span role="status" className="sf-visually-hidden">
            {list.loading && m.t('loadingMore')}
          </span>
        </>
      )}
    </div>
  );
}
