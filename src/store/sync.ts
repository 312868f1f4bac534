/**
 * Cart changes between the tabs of one origin: BroadcastChannel where it exists, else a
 * localStorage write that the other tabs see as a `storage` event, unless the page forbids web
 * storage (a restrictive cookie policy): then the cart stays in memory and the tabs do not sync.
 * The cart store (./index.ts) loads this module after start-up; what arrives is parsed there like
 * a network answer.
 */
import { CART_SYNC_CHANNEL } from '../contract.js';
import { shouldLoadCartAtStart } from '../page/cookies.js';
import type { Sync } from './index.js';

/** What one tab tells the others. `source` lets a tab ignore its own echo. */
interface SyncMessage {
  readonly type: 'cart';
  readonly source: string;
  readonly cart: unknown;
}

export interface SyncOptions {
  /** Whether the cart may go through localStorage where BroadcastChannel is missing. @default true */
  readonly webStorage?: boolean | undefined;
  /**
   * The page came back from the browser's back/forward cache, with the cart it had when it was
   * left, which another page may have changed since; `cartCookie` says whether the cookies name a
   * cart now (spec 000 §4's rule, ../page/cookies.ts). @default nothing
   */
  readonly onReturn?: ((cartCookie: boolean) => void) | undefined;
}

/**
 * BroadcastChannel where it exists; otherwise a localStorage write, seen by other tabs' `storage`
 * event, when `webStorage` allows it. Null without a way to sync.
 */
export const openSync = (
  doc: Document | undefined,
  onCart: (cart: unknown) => void,
  { webStorage = true, onReturn }: SyncOptions = {},
): Sync | null => {
  // Tells this tab's own echo apart; not a secret.
  const source = Math.random().toString(36).slice(2) + Date.now().toString(36);
  const accept = (data: unknown): void => {
    const message = data as Partial<SyncMessage> | null;
    if (message?.type === 'cart' && message.source !== source) onCart(message.cart);
  };
  const view = doc?.defaultView ?? (globalThis.window as (Window & typeof globalThis) | undefined);
  // Told whatever way the tabs sync, or none: the page's own cart is as old as the page.
  const returned = (event: PageTransitionEvent): void => {
    if (event.persisted) onReturn?.(shouldLoadCartAtStart({}, doc));
  };
  view?.addEventListener('pageshow', returned);
  const Channel = view?.BroadcastChannel;
  if (Channel && view) {
    try {
      const open = (): BroadcastChannel => {
        const opened = new Channel(CART_SYNC_CHANNEL);
        opened.onmessage = (event: MessageEvent) => accept(event.data);
        return opened;
      };
      let channel: BroadcastChannel | null = open();
      // A page in the back/forward cache that a message reaches is thrown out of it (Chromium):
      // the channel is closed while the page is away and opened again when it comes back, when
      // the store reads the cart (`onReturn`).
      const away = (): void => {
        channel?.close();
        channel = null;
      };
      const back = (event: PageTransitionEvent): void => {
        if (event.persisted) channel ??= open();
      };
      view.addEventListener('pagehide', away);
      view.addEventListener('pageshow', back);
      return {
        post: (cart) => {
          try {
            channel?.postMessage({ type: 'cart', source, cart } satisfies SyncMessage);
          } catch {
            // A closed channel or an uncloneable value only costs the other tabs a refresh.
          }
        },
        close: () => {
          away();
          view.removeEventListener('pagehide', away);
          view.removeEventListener('pageshow', back);
          view.removeEventListener('pageshow', returned);
        },
      };
    } catch {
      // A browser may refuse the channel (an opaque origin): storage it is.
    }
  }
  // No cart copy in web storage where the page forbids it: this tab keeps its cart in memory,
  // and still reads it again on its return.
  if (!view || !webStorage) {
    return view ? { post: () => {}, close: () => view.removeEventListener('pageshow', returned) } : null;
  }
  const onStorage = (event: StorageEvent): void => {
    if (event.key !== CART_SYNC_CHANNEL) return;
    try {
      // A removed key gives null, which is no message.
      accept(JSON.parse(event.newValue ?? 'null'));
    } catch {
      // Someone else's value under our key: ignore it.
    }
  };
  view.addEventListener('storage', onStorage);
  return {
    post: (cart) => {
      try {
        // `at` makes each write differ, so a repeated cart still fires the event elsewhere.
        view.localStorage.setItem(
          CART_SYNC_CHANNEL,
          JSON.stringify({ type: 'cart', source, cart, at: Date.now() }),
        );
      } catch {
        // Storage full or blocked: other tabs catch up on their next load.
      }
    },
    close: () => {
      view.removeEventListener('storage', onStorage);
      view.removeEventListener('pageshow', returned);
    },
  };
};
