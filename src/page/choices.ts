/**
 * What the shopper has chosen for each product on the page: the product form writes it, the
 * instalment pill, the restock form and the variant image read it. It lives in the page runtime
 * (./create-runtime.ts), so widgets follow each other the same way whether the loader mounted
 * them or a React app rendered them; `sf:variant-change` stays as the public announcement.
 */
import type { Variant } from '../commerce/product.js';

export interface ProductChoice {
  /** The chosen variant, or null while the choice is incomplete. */
  readonly variant: Variant | null;
  /** The quantity entered (1 while it is not a usable number). */
  readonly quantity: number;
  /**
   * The product block (`data-sf-product-block`) of the form that chose, or null outside one. A
   * widget inside another block of the same product (a card, a quick view) keeps its own choice.
   */
  readonly scope: Element | null;
}

export interface ProductChoices {
  /** The latest choice for an item, if a form has made one. */
  get(itemId: string): ProductChoice | undefined;
  set(itemId: string, choice: ProductChoice): void;
  /** Calls `listener` with each later choice for the item; returns the unsubscribe. */
  subscribe(itemId: string, listener: (choice: ProductChoice) => void): () => void;
}

/** Whether a widget in block `own` follows a choice made in block `from` (null: outside any). */
export const followsChoice = (own: Element | null, from: Element | null): boolean =>
  own === null || from === null || own === from;

export function createProductChoices(): ProductChoices {
  const latest = new Map<string, ProductChoice>();
  const listeners = new Map<string, Set<(choice: ProductChoice) => void>>();
  return {
    get: (itemId) => latest.get(itemId),
    set(itemId, choice) {
      const prev = latest.get(itemId);
      if (
        prev &&
        prev.variant === choice.variant &&
        prev.quantity === choice.quantity &&
        prev.scope === choice.scope
      )
        return;
      latest.set(itemId, choice);
      for (const listener of [...(listeners.get(itemId) ?? [])]) {
        try {
          listener(choice);
        } catch {
          // One widget's failure must not keep the others from following.
        }
      }
    },
    subscribe(itemId, listener) {
      let set = listeners.get(itemId);
      if (!set) listeners.set(itemId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
  };
}
