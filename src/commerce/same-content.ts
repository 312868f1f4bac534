/**
 * Parsed product data compared by what it holds, not by which object holds it. A theme that parses
 * its item in render (`parseProductItem(json)` in a route's component) hands the widgets a new
 * object on every render; the widgets and the page's choices keep the one they have while the new
 * one says the same, or a re-render that changes nothing would announce a new choice, and the
 * theme's component following that choice would render again, parse again, for ever.
 */
import type { ProductItem, Variant } from './product.js';

/**
 * The data as JSON text: two parses of the same JSON give equal fields in the same order, so the
 * same text. Null for data that has none (a cycle, a BigInt: only data built by hand), which is
 * then the same only as itself.
 */
function contentOf(data: ProductItem | Variant | null): string | null {
  try {
    return JSON.stringify(data);
  } catch {
    return null;
  }
}

/** Whether two items (or two variants, or null) hold the same content: same id, same fields. */
export function sameContent<T extends ProductItem | Variant | null>(a: T, b: T): boolean {
  if (a === b) return true;
  const content = contentOf(a);
  return content !== null && content === contentOf(b);
}
