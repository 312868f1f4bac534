import { useState } from 'react';
import { sameContent } from '../commerce/same-content.js';
import type { ProductItem } from '../commerce/product.js';

/**
 * The item a widget works with: the one it already has while a new one holds the same content (a
 * fresh parse of the same product on each render of the theme's component), the new one once the
 * product really changes. What the widget's effects and memos depend on then changes with the
 * product, not with the object. State from the previous render, as React documents it, rather
 * than a memo: a memo is only a hint React may drop, and this one keeps a page from looping.
 */
export function useSameItem(item: ProductItem): ProductItem {
  const [kept, keep] = useState(item);
  if (sameContent(kept, item)) return kept;
  keep(item);
  return item;
}
