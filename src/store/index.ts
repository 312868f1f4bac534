/**
 * The one cart store of the page (zustand vanilla, no React). Widgets read it through selectors
 * (./selectors.ts) and change it only through its actions; the cart changes only when the server confirms, and
 * every change is announced on `document` and to the page's other tabs.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CartApi, UpdateAdditionalFieldsInput } from '../api/cart.js';
import { apiText } from '../api/texts.js';
import type { ApiError, ApiResult } from '../api/types.js';
import { EVENTS } from '../contract.js';
import { whenIdle } from '../idle.js';
import type { SyncOptions } from './sync.js';
import type { CartEntry, ShoppingCart } from './types.js';

export type { CartEntry, ChosenVariant, ShoppingCart } from './types.js';

export interface CartState {
  /** Null until the first load or change. */
  readonly cart: ShoppingCart | null;
  /** 'loading' while a read is in progress; 'recalculating' while an entry's form fields update. */
  readonly status: 'idle' | 'loading' | 'recalculating';
  /** False until the cart has been synced with the server once (spec 001 §4 "Cart indicator"). */
  readonly initialised: boolean;
  /** The last failure, cleared by the next success. */
  readonly error: ApiError | null;
  /**
   * When `cart` came from the server (`Date.now()`): a read, a write's answer or another tab's
   * change. A widget that shows the cart on mount takes a cart the page has just read rather than
   * reading it a second time. 0 before the first.
   */
  readonly receivedAt: number;
}

export interface AddEntryInput {
  readonly itemId: string;
  readonly sku: string | null;
  readonly quantity: number;
  readonly additionalFields?: Readonly<Record<string, unknown>> | null | undefined;
}

export interface CartActions {
  /**
   * Reads the cart. A load requested while one is in flight shares it: one request, not two.
   * `timeoutMs` limits this read (the api's own limit otherwise).
   */
  load(timeoutMs?: number): Promise<ApiResult<ShoppingCart>>;
  /**
   * Reads the cart after whatever read is in flight, never sharing it: what a change the store did
   * not see needs (a sign-in or sign-out, a write elsewhere), where a read that began before it
   * would show the cart from before.
   */
  reload(): Promise<ApiResult<ShoppingCart>>;
  addEntry(input: AddEntryInput): Promise<ApiResult<{ cart: ShoppingCart; newlyAdded: CartEntry }>>;
  updateEntryAdditionalFields(
    entryId: string,
    input: UpdateAdditionalFieldsInput,
  ): Promise<ApiResult<{ cart: ShoppingCart; updatedEntry: CartEntry }>>;
  /** Quantity 0 removes the entry. */
  changeQuantity(entryId: string, quantity: number): Promise<ApiResult<ShoppingCart>>;
  removeEntry(entryId: string): Promise<ApiResult<ShoppingCart>>;
}

export type CartStoreState = CartState & CartActions;

/**
 * A write's failures after which the server's cart is unknown, so it is read again: no answer
 * (the server may have done it), a success answer that does not read, and a 404, an entry the
 * server no longer holds (removed in another tab or on another device), which every later press on
 * that line would otherwise fail on too. A business refusal (409, 400) changed nothing.
 */
const cartUnknownAfter = (error: ApiError): boolean =>
  error.kind === 'timeout' ||
  error.kind === 'network' ||
  error.kind === 'invalid-response' ||
  (error.kind === 'http' && error.status === 404);

/** The store as widgets see it: read, subscribe, call actions; no `setState`. */
export interface CartStore extends Omit<StoreApi<CartStoreState>, 'setState'> {
  /** Stops listening to other tabs (tests, and pages that tear the SDK down). */
  dispose(): void;
}

export interface CartStoreOptions {
  /** The cart endpoints are all the store calls. */
  readonly api: CartApi;
  /** Where `sf:cart-change` and `sf:item-added` are dispatched. @default globalThis.document */
  readonly doc?: Document | undefined;
  /**
   * Share changes with the page's other tabs (BroadcastChannel, else the `storage` event).
   * @default true
   */
  readonly broadcast?: boolean | undefined;
  /**
   * Whether that sharing may write the cart to `localStorage` where BroadcastChannel is missing.
   * False under a restrictive cookie policy: such a tab then does not sync. @default true
   */
  readonly webStorage?: boolean | undefined;
}

export interface CartChangeDetail {
  readonly cart: ShoppingCart;
}

export interface ItemAddedDetail {
  readonly cart: ShoppingCart;
  readonly entry: CartEntry;
}

/** The api never rejects; this covers an injected one that does, so actions never reject either. */
const call = async <T>(request: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> => {
  try {
    return await request();
  } catch {
    return { ok: false, error: { kind: 'network', status: 0, message: apiText('tryAgain') } };
  }
};

/** A write's answer without the entry it speaks of. */
const cartOnly = <T extends { shoppingCart: ShoppingCart }>(result: ApiResult<T>): ApiResult<ShoppingCart> =>
  result.ok ? { ok: true, data: result.data.shoppingCart } : result;

/** Where this tab's confirmed carts go to the others (./sync.ts). */
export interface Sync {
  post(cart: ShoppingCart): void;
  close(): void;
}

const noSync: Sync = { post: () => {}, close: () => {} };

/**
 * The tab sync, its code loaded when the page is idle after its start: other tabs' carts only
 * matter once this page runs, and the channel and storage fallback would otherwise compete with
 * every page's start. It travels in the platform layer's chunk, which every page loads once its
 * widgets are interactive (`CHUNKS` in vite.config.ts). A cart confirmed before
 * the module is in goes out once it is, in order.
 */
const openSyncLater = (
  doc: Document | undefined,
  onCart: (cart: unknown) => void,
  options: SyncOptions,
  reading: () => Promise<unknown> | null,
): Sync => {
  // An idle moment with no cart read on the wire: a returning shopper's page waits for its read at
  // start (`data-sf-ready`), which has the connection to itself; the sync's chunk comes after.
  const quietMoment = (): Promise<void> =>
    new Promise<void>((idle) => whenIdle(idle)).then(() => {
      const read = reading();
      return read ? read.then(quietMoment, quietMoment) : undefined;
    });
  const opened = quietMoment()
    .then(() => import('./sync.js'))
    .then(
      (m) => m.openSync(doc, onCart, options) ?? noSync,
      // Without the module this tab only misses other tabs' changes until its next load.
      () => noSync,
    );
  return {
    post: (cart) => void opened.then((sync) => sync.post(cart)),
    close: () => void opened.then((sync) => sync.close()),
  };
};

export const createCartStore = (options: CartStoreOptions): CartStore => {
  const { api } = options;
  const doc = options.doc ?? (globalThis.document as Document | undefined);

  const dispatch = (name: string, detail: unknown): void => {
    if (!doc) return;
    try {
      const Custom =
        (doc.defaultView as { CustomEvent?: typeof CustomEvent } | null)?.CustomEvent ?? CustomEvent;
      doc.dispatchEvent(new Custom(name, { detail }));
    } catch {
      // A listener's failure is the listener's problem; the cart is already updated.
    }
  };

  // Status is derived from what is in flight, so overlapping calls cannot leave it stuck.
  let reads = 0;
  let recalculations = 0;
  const statusNow = (): CartState['status'] =>
    recalculations > 0 ? 'recalculating' : reads > 0 ? 'loading' : 'idle';

  // Bumped by every confirmed write; a read that started before a write must not undo it.
  let version = 0;
  // Writes are numbered as they start. An answer older than one already shown speaks of a cart the
  // server has since changed (a removal pressed while a quantity change was on the wire): it is
  // not shown. While this tab's writes are out, another tab's cart may land on the server before
  // or after them: once they are all in, the cart is read again, and that is what goes out.
  let writesStarted = 0;
  let newestShown = 0;
  let writesOut = 0;
  let otherTabMeanwhile = false;
  let inflightLoad: Promise<ApiResult<ShoppingCart>> | null = null;

  let sync: Sync = noSync;

  const store = createStore<CartStoreState>()((set, get) => {
    const applyCart = (cart: ShoppingCart, share: boolean): void => {
      set({ cart, initialised: true, error: null, status: statusNow(), receivedAt: Date.now() });
      dispatch(EVENTS.cartChange, { cart } satisfies CartChangeDetail);
      if (share) sync.post(cart);
    };

    const failed = (error: ApiError): void => set({ error, status: statusNow() });

    // Every write answers with the server's cart.
    const write = async <T extends { shoppingCart: ShoppingCart }>(
      request: () => Promise<ApiResult<T>>,
      recalculating?: boolean,
    ): Promise<ApiResult<T>> => {
      if (recalculating) {
        recalculations += 1;
        set({ status: statusNow() });
      }
      const number = (writesStarted += 1);
      writesOut += 1;
      const result = await call(request);
      writesOut -= 1;
      if (recalculating) recalculations -= 1;
      if (result.ok) {
        version += 1;
        if (number > newestShown) {
          newestShown = number;
          applyCart(result.data.shoppingCart, !otherTabMeanwhile);
        } else {
          // Older than the answer shown, yet the server may have done the two in the other order
          // (this answer then holds both changes): only a read tells.
          set({ status: statusNow() });
          void reload();
        }
      } else {
        failed(result.error);
        // The failure's text stays the write's; the page shows what the server holds.
        if (cartUnknownAfter(result.error)) void reload();
      }
      if (writesOut === 0 && otherTabMeanwhile) {
        otherTabMeanwhile = false;
        void reload().then((read) => {
          if (read.ok) sync.post(read.data);
        });
      }
      return result;
    };

    const reload = (): Promise<ApiResult<ShoppingCart>> =>
      inflightLoad ? inflightLoad.then(() => load()) : load();

    const load = (timeoutMs?: number): Promise<ApiResult<ShoppingCart>> => {
      if (inflightLoad) return inflightLoad;
      const startedAt = version;
      reads += 1;
      set({ status: statusNow() });
      inflightLoad = (async () => {
        const result = await call(() => api.getCart(timeoutMs));
        reads -= 1;
        inflightLoad = null;
        if (!result.ok) {
          failed(result.error);
          return result;
        }
        const current = get().cart;
        if (version !== startedAt && current) {
          // A write landed while this read was on the wire: its cart is newer than ours.
          set({ status: statusNow() });
          return { ok: true, data: current };
        }
        applyCart(result.data, false);
        return result;
      })();
      return inflightLoad;
    };

    return {
      cart: null,
      status: 'idle',
      initialised: false,
      error: null,
      receivedAt: 0,
      load,
      reload,
      addEntry: async (input) => {
        const result = await write(() => api.addCartEntry(input));
        if (!result.ok) return result;
        const { shoppingCart: cart, newlyAdded } = result.data;
        dispatch(EVENTS.itemAdded, { cart, entry: newlyAdded } satisfies ItemAddedDetail);
        return { ok: true, data: { cart, newlyAdded } };
      },
      updateEntryAdditionalFields: async (entryId, input) => {
        const result = await write(() => api.updateEntryAdditionalFields(entryId, input), true);
        return result.ok
          ? { ok: true, data: { cart: result.data.shoppingCart, updatedEntry: result.data.updatedEntry } }
          : result;
      },
      changeQuantity: (entryId, quantity) =>
        write(() => api.changeEntryQuantity(entryId, quantity)).then(cartOnly),
      removeEntry: (entryId) => write(() => api.removeEntry(entryId)).then(cartOnly),
    };
  });

  if (options.broadcast !== false) {
    sync = openSyncLater(
      doc,
      async (raw) => {
        // Another tab is as untrusted as the network. The parser arrives with the cart read's chunk,
        // which a page without a cart has not needed yet: importing it from there keeps the parsers
        // in that one file rather than a file of their own.
        const { parseShoppingCart } = await import('../api/cart-read.js');
        const parsed = parseShoppingCart(raw);
        if (!parsed.ok) return;
        if (writesOut > 0) otherTabMeanwhile = true;
        version += 1;
        store.setState({ cart: parsed.value, initialised: true, error: null, receivedAt: Date.now() });
        dispatch(EVENTS.cartChange, { cart: parsed.value } satisfies CartChangeDetail);
      },
      {
        webStorage: options.webStorage !== false,
        // Back from the back/forward cache: read the cart again if this page had one, or the
        // cookies now name one (another page started it).
        onReturn: (cartCookie) => {
          if (cartCookie || store.getState().initialised) void store.getState().load();
        },
      },
      () => inflightLoad,
    );
  }

  return {
    getState: store.getState,
    getInitialState: store.getInitialState,
    subscribe: store.subscribe,
    dispose: () => sync.close(),
  };
};
