import { useRef, useState } from 'react';
import type { ApiError } from '../../src/api/types.js';
import type { CartEntry } from '../../src/store/types.js';
import type { CartPageMessageKey, CartPageMessages } from './messages.js';

/** The last refused change, as the page's alert shows it. */
export interface Failure {
  readonly title: CartPageMessageKey;
  readonly message: string;
}

/** What an entry waits for the server to confirm. */
export type Pending = 'quantity' | 'remove' | 'form';

/** Runs one server-confirmed change for an entry; a second change waits for the first. */
export type RunChange = (
  entry: CartEntry,
  what: Pending,
  title: CartPageMessageKey,
  call: () => Promise<{ ok: boolean; error?: ApiError }>,
) => Promise<boolean>;

/**
 * A failure's text: the page's own words (`strings`) for no connection or no answer in time
 * (`checkConnection`) and for an answer that does not read (`tryAgain`), else the api's: the
 * server's message, or the catalogued 429 and crumb texts.
 */
export const failureText = (m: CartPageMessages, error: ApiError | undefined): string =>
  error?.kind === 'network' || error?.kind === 'timeout'
    ? m.t('checkConnection')
    : error?.kind === 'http' && error.message
      ? error.message
      : m.t('tryAgain');

/**
 * The entries' changes under way and the last failure: one change per entry at a time, the entry
 * busy while it waits, and a refused change told in the page's alert (the server's text, or
 * "Try again" when it has none).
 */
export function useEntryChanges(m: CartPageMessages) {
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState<Readonly<Record<string, Pending>>>({});
  const inFlight = useRef(new Set<string>());

  const setEntryPending = (id: string, what: Pending | null) =>
    setPending((prev) => {
      const next = { ...prev };
      if (what === null) delete next[id];
      else next[id] = what;
      return next;
    });

  const run: RunChange = async (entry, what, title, call) => {
    // The ref, not the rendered state: a double click lands before the re-render.
    if (inFlight.current.has(entry.id)) return false;
    inFlight.current.add(entry.id);
    setEntryPending(entry.id, what);
    setFailure(null);
    const r = await call();
    inFlight.current.delete(entry.id);
    setEntryPending(entry.id, null);
    if (!r.ok) setFailure({ title, message: failureText(m, r.error) });
    return r.ok;
  };

  return { failure, isBusy: (entryId: string) => pending[entryId] !== undefined, run };
}
