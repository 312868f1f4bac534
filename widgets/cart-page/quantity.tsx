import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { QUANTITY } from '../../src/constants.js';
import type { CartEntry } from '../../src/store/types.js';
import type { CartPageMessages } from './messages.js';

/** Whether `quantity` is one a line may be changed to from `current`. */
export function isQuantityChange(quantity: number, current: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= QUANTITY.max && quantity !== current;
}

interface QuantityProps {
  readonly entry: CartEntry;
  /** The line's name in the controls' labels: its title, with its variant where it has one. */
  readonly title: string;
  readonly m: CartPageMessages;
  readonly busy: boolean;
  /** Settles once the server has answered the change. */
  readonly onQuantity: (quantity: number) => Promise<void>;
  /** A typed 0 asks for the removal. */
  readonly onRemove: () => void;
}

/**
 * A line's quantity: the steppers and the field. What is typed applies on Enter or blur; a
 * confirmed change (or another tab's) replaces it, and so does the server's answer to a refused one.
 */
export function Quantity({ entry, title, m, busy, onQuantity, onRemove }: QuantityProps) {
  const [draft, setDraft] = useState(String(entry.quantity));
  // A confirmed change (or another tab's) replaces whatever is typed.
  useEffect(() => setDraft(String(entry.quantity)), [entry.quantity]);
  const held = useRef(entry.quantity);
  held.current = entry.quantity;
  // Once the server has answered, refused or not, the field shows what the server holds.
  const change = (q: number) => void onQuantity(q).then(() => setDraft(String(held.current)));
  const commit = () => {
    const q = Number(draft);
    // 0 asks for the entry to go: the removal, which like every change waits for the server.
    if (draft.trim() !== '' && q === 0) {
      setDraft(String(entry.quantity));
      onRemove();
      return;
    }
    if (draft.trim() === '' || !Number.isInteger(q) || q < 1 || q > QUANTITY.max) {
      setDraft(String(entry.quantity));
      return;
    }
    change(q);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') commit();
  };
  const step = (q: number) => () => {
    if (!busy && q >= 1 && q <= QUANTITY.max) change(q);
  };
  return (
    <div className="sf-cart-entry__quantity">
      <button
        type="button"
        className="sf-cart-entry__step"
        aria-label={m.t('decrease', { title })}
        aria-disabled={busy || entry.quantity <= 1 || undefined}
        onClick={step(entry.quantity - 1)}
      >
        <span aria-hidden="true">{m.t('decreaseSymbol')}</span>
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={QUANTITY.max}
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
        aria-disabled={busy || entry.quantity >= QUANTITY.max || undefined}
        onClick={step(entry.quantity + 1)}
      >
        <span aria-hidden="true">{m.t('increaseSymbol')}</span>
      </button>
    </div>
  );
}
