import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { track } from '../../src/page/analytics.js';
import type { CartStore } from '../../src/store/index.js';
import type { CartEntry } from '../../src/store/types.js';
import type { RunChange } from './failures.js';

/**
 * An entry's removal, and where focus goes once the server confirms it: the entry now at the
 * removed one's place (its quantity field, else its first button), or the page's title when
 * none is left. The refs go on the page's section and title.
 */
export function useRemoval(
  store: CartStore,
  entries: readonly CartEntry[],
  run: RunChange,
  mounted: MutableRefObject<boolean>,
) {
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
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
    const index = entries.findIndex((e) => e.id === entry.id);
    void run(entry, 'remove', 'removeFailed', async () => {
      const r = await store.getState().removeEntry(entry.id);
      if (r.ok) track({ type: 'item-removed', itemId: entry.itemId, sku: entry.chosenVariant?.sku ?? null });
      return r;
    }).then((ok) => {
      if (ok && mounted.current) setRefocus({ index: Math.max(index, 0) });
    });
  };

  return { remove, sectionRef, headingRef };
}
