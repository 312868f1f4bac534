import { useCallback, useRef, useSyncExternalStore } from 'react';
import { sameContent } from '../commerce/same-content.js';
import type { ProductChoice } from '../page/choices.js';
import { useStorefront } from './provider.js';

/**
 * The shopper's latest choice (variant and quantity) for a product, as the product form made it;
 * undefined until a form has chosen. What the instalment pill and the restock form follow, for a
 * theme's own parts (a variant image, a gallery) in a React app. The component renders again only
 * when the choice says something new: a form mounted again with a fresh parse of the same product
 * chooses an equal variant in a new object, which changes nothing here.
 */
export function useProductChoice(itemId: string): ProductChoice | undefined {
  const { choices } = useStorefront();
  const subscribe = useCallback(
    (changed: () => void) => choices.subscribe(itemId, changed),
    [choices, itemId],
  );
  // The snapshot this component last returned, kept while the latest choice says the same, so
  // React sees the same object and does not render again.
  const shown = useRef<{ readonly itemId: string; readonly choice: ProductChoice | undefined } | null>(null);
  const snapshot = () => {
    const latest = choices.get(itemId);
    const kept = shown.current;
    if (kept?.itemId === itemId && sameChoice(kept.choice, latest)) return kept.choice;
    shown.current = { itemId, choice: latest };
    return latest;
  };
  return useSyncExternalStore(subscribe, snapshot, () => undefined);
}

/** Whether two choices say the same: an equal variant (by content), quantity and block. */
const sameChoice = (a: ProductChoice | undefined, b: ProductChoice | undefined): boolean =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    sameContent(a.variant, b.variant) &&
    a.quantity === b.quantity &&
    a.scope === b.scope);
