import { Window } from 'happy-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApi, type Api } from '../../../src/api/index.js';
import type { ApiError, ApiResult } from '../../../src/api/types.js';
import { CART_SYNC_CHANNEL } from '../../../src/contract.js';
import { createCartStore, type CartState, type CartStore } from '../../../src/store/index.js';
import { selectCount } from '../../../src/store/selectors.js';
import type { CartEntry, ShoppingCart } from '../../../src/store/types.js';
import { API_ROOT, cart, entry, fakeDoc, fakeFetch, json } from '../api/fixtures.js';

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

const deferred = <T>(): Deferred<T> => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

const okResult = <T>(data: T): ApiResult<T> => ({ ok: true, data });
const failure = (message: string, status = 409): ApiResult<never> => ({
  ok: false,
  error: { kind: 'http', status, message },
});

/** An api whose cart calls are spies; everything else is never called by the store. */
const fakeApi = (overrides: Partial<Api> = {}) => {
  const api = {
    getCart: vi.fn(async () => okResult(cart())),
    addCartEntry: vi.fn(async () => okResult({ shoppingCart: cart(), newlyAdded: entry() })),
    updateEntryAdditionalFields: vi.fn(async () => okResult({ shoppingCart: cart(), updatedEntry: entry() })),
    changeEntryQuantity: vi.fn(async () => okResult({ shoppingCart: cart() })),
    removeEntry: vi.fn(async () => okResult({ shoppingCart: cart([]) })),
    ...overrides,
  };
  return api as typeof api & Api;
};

const stores: CartStore[] = [];
const track = (store: CartStore): CartStore => {
  stores.push(store);
  return store;
};

afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

const eventsOn = (target: EventTarget, name: string): unknown[] => {
  const details: unknown[] = [];
  target.addEventListener(name, (event) => details.push((event as CustomEvent).detail));
  return details;
};

describe('loading the cart (spec 000 §4 "Cart model")', () => {
  it('is loading while a read is in progress, then idle and initialised', async () => {
    const reply = deferred<ApiResult<ShoppingCart>>();
    const api = fakeApi({ getCart: vi.fn(() => reply.promise) });
    const store = track(createCartStore({ api, broadcast: false }));
    expect(store.getState()).toMatchObject({ cart: null, status: 'idle', initialised: false, error: null });
    const loading = store.getState().load();
    expect(store.getState().status).toBe('loading');
    reply.resolve(okResult(cart()));
    await loading;
    expect(store.getState()).toMatchObject({ cart: cart(), status: 'idle', initialised: true });
  });

  it('makes one request for a load asked for while a read is in progress', async () => {
    const reply = deferred<ApiResult<ShoppingCart>>();
    const getCart = vi.fn(() => reply.promise);
    const store = track(createCartStore({ api: fakeApi({ getCart }), broadcast: false }));
    const first = store.getState().load();
    const second = store.getState().load();
    reply.resolve(okResult(cart()));
    expect(await second).toEqual(await first);
    expect(getCart).toHaveBeenCalledTimes(1);
  });

  it('gives a read its own time limit when asked (the read at page start)', async () => {
    const getCart = vi.fn(async (_timeoutMs?: number) => okResult(cart()));
    const store = track(createCartStore({ api: fakeApi({ getCart }), broadcast: false }));
    await store.getState().load(5000);
    await store.getState().load();
    expect(getCart.mock.calls).toEqual([[5000], [undefined]]);
  });

  it('reads again once the previous read has finished', async () => {
    const api = fakeApi();
    const store = track(createCartStore({ api, broadcast: false }));
    await store.getState().load();
    await store.getState().load();
    expect(api.getCart).toHaveBeenCalledTimes(2);
  });

  it('passes a load failure to the caller and keeps it in state', async () => {
    const api = fakeApi({ getCart: vi.fn(async () => failure('Please check your internet connection', 0)) });
    const store = track(createCartStore({ api, broadcast: false }));
    const result = await store.getState().load();
    expect(result).toEqual(failure('Please check your internet connection', 0));
    expect(store.getState()).toMatchObject({ cart: null, status: 'idle', initialised: false });
    expect(store.getState().error?.message).toBe('Please check your internet connection');
  });

  it('does not let a read that started before an add undo it', async () => {
    const reply = deferred<ApiResult<ShoppingCart>>();
    const added = cart([entry({ quantity: 2, subTotal: 5000 })]);
    const api = fakeApi({
      getCart: vi.fn(() => reply.promise),
      addCartEntry: vi.fn(async () => okResult({ shoppingCart: added, newlyAdded: entry({ quantity: 2 }) })),
    });
    const store = track(createCartStore({ api, broadcast: false }));
    const loading = store.getState().load();
    await store.getState().addEntry({ itemId: 'prod-tee', sku: 'TEE-M-BLK', quantity: 1 });
    reply.resolve(okResult(cart([])));
    await loading;
    expect(store.getState().cart).toEqual(added);
  });
});

describe('when the cart came from the server', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is 0 before the first cart, then the time of each read and each write's answer", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const api = fakeApi();
    const store = track(createCartStore({ api, broadcast: false }));
    expect(store.getState().receivedAt).toBe(0);
    await store.getState().load();
    expect(store.getState().receivedAt).toBe(1_000_000);
    vi.setSystemTime(1_005_000);
    await store.getState().addEntry({ itemId: 'prod-tee', sku: 'TEE-M-BLK', quantity: 1 });
    expect(store.getState().receivedAt).toBe(1_005_000);
  });

  it('does not move for a failed call', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const api = fakeApi({
      changeEntryQuantity: vi.fn(async () => failure('Please check your internet connection', 0)),
    });
    const store = track(createCartStore({ api, broadcast: false }));
    await store.getState().load();
    vi.setSystemTime(1_009_000);
    await store.getState().changeQuantity('entry-1', 2);
    expect(store.getState()).toMatchObject({ receivedAt: 1_000_000, error: { status: 0 } });
  });
});

describe('changing the cart', () => {
  it('adds an entry and returns the cart with the new entry', async () => {
    const newCart = cart([entry(), entry({ id: 'entry-2' })]);
    const api = fakeApi({
      addCartEntry: vi.fn(async () =>
        okResult({ shoppingCart: newCart, newlyAdded: entry({ id: 'entry-2' }) }),
      ),
    });
    const store = track(createCartStore({ api, broadcast: false }));
    const result = await store.getState().addEntry({ itemId: 'prod-tee', sku: 'TEE-M-BLK', quantity: 1 });
    expect(result).toEqual(okResult({ cart: newCart, newlyAdded: entry({ id: 'entry-2' }) }));
    expect(store.getState().cart).toEqual(newCart);
    expect(api.addCartEntry).toHaveBeenCalledWith({ itemId: 'prod-tee', sku: 'TEE-M-BLK', quantity: 1 });
  });

  it.each<[string, (store: CartStore) => Promise<ApiResult<unknown>>, Partial<Api>]>([
    [
      'an add',
      (s) => s.getState().addEntry({ itemId: 'p', sku: null, quantity: 1 }),
      { addCartEntry: vi.fn(async () => failure('Sorry, we do not have enough of that item available.')) },
    ],
    [
      'a quantity change',
      (s) => s.getState().changeQuantity('entry-1', 5),
      {
        changeEntryQuantity: vi.fn(async () =>
          failure('Sorry, we do not have enough of that item available.'),
        ),
      },
    ],
    [
      'a removal',
      (s) => s.getState().removeEntry('entry-1'),
      { removeEntry: vi.fn(async () => failure('Sorry, we do not have enough of that item available.')) },
    ],
    [
      'a form update',
      (s) =>
        s.getState().updateEntryAdditionalFields('entry-1', { itemId: 'p', sku: null, additionalFields: {} }),
      {
        updateEntryAdditionalFields: vi.fn(async () =>
          failure('Sorry, we do not have enough of that item available.'),
        ),
      },
    ],
  ])('leaves the cart as it was when the server refuses %s', async (_name, act, overrides) => {
    const store = track(createCartStore({ api: fakeApi(overrides), broadcast: false }));
    await store.getState().load();
    const before = store.getState().cart;
    const result = await act(store);
    expect(result.ok).toBe(false);
    expect(store.getState().cart).toBe(before);
    expect(store.getState().error?.message).toBe('Sorry, we do not have enough of that item available.');
  });

  it('is recalculating between the start and end of a form-fields update', async () => {
    const reply = deferred<ApiResult<{ shoppingCart: ShoppingCart; updatedEntry: CartEntry }>>();
    const api = fakeApi({ updateEntryAdditionalFields: vi.fn(() => reply.promise) });
    const store = track(createCartStore({ api, broadcast: false }));
    await store.getState().load();
    const statuses: CartState['status'][] = [];
    store.subscribe((state) => statuses.push(state.status));
    const updating = store.getState().updateEntryAdditionalFields('entry-1', {
      itemId: 'prod-tee',
      sku: 'TEE-M-BLK',
      additionalFields: { a: 'b' },
    });
    expect(store.getState().status).toBe('recalculating');
    const updated = cart([entry({ additionalFields: { a: 'b' } })]);
    reply.resolve(okResult({ shoppingCart: updated, updatedEntry: entry({ additionalFields: { a: 'b' } }) }));
    const result = await updating;
    expect(result.ok && result.data.cart).toEqual(updated);
    expect(store.getState()).toMatchObject({ status: 'idle', cart: updated });
    expect(statuses).toEqual(['recalculating', 'idle']);
  });

  it('changes a quantity and removes an entry with the server cart', async () => {
    const api = fakeApi({
      changeEntryQuantity: vi.fn(async () =>
        okResult({ shoppingCart: cart([entry({ quantity: 3, subTotal: 7500 })]) }),
      ),
    });
    const store = track(createCartStore({ api, broadcast: false }));
    await store.getState().changeQuantity('entry-1', 3);
    expect(selectCount(store.getState())).toBe(3);
    await store.getState().removeEntry('entry-1');
    expect(selectCount(store.getState())).toBe(0);
    expect(api.changeEntryQuantity).toHaveBeenCalledWith('entry-1', 3);
    expect(api.removeEntry).toHaveBeenCalledWith('entry-1');
  });

  // The answers of two writes may come back in either order; the server did them in the order sent.
  it("does not show an older write's answer over a newer one that came back first", async () => {
    const both = cart([entry({ id: 'a', quantity: 1 }), entry({ id: 'b', quantity: 3 })]);
    const afterRemoval = cart([entry({ id: 'b', quantity: 3 })]);
    const quantity = deferred<ApiResult<{ shoppingCart: ShoppingCart }>>();
    const removal = deferred<ApiResult<{ shoppingCart: ShoppingCart }>>();
    const api = fakeApi({
      changeEntryQuantity: vi.fn(() => quantity.promise),
      removeEntry: vi.fn(() => removal.promise),
      getCart: vi.fn(async () => okResult(afterRemoval)),
    });
    const store = track(createCartStore({ api, broadcast: false }));
    const changing = store.getState().changeQuantity('b', 3);
    const removing = store.getState().removeEntry('a');
    removal.resolve(okResult({ shoppingCart: afterRemoval }));
    await removing;
    quantity.resolve(okResult({ shoppingCart: both }));
    await changing;
    expect(store.getState().cart).toEqual(afterRemoval);
    expect(selectCount(store.getState())).toBe(3);
    await waitFor(() => store.getState().status === 'idle');
  });

  it('reads the cart again when an older answer holds changes the newer one did not', async () => {
    // The server took B's change first and A's second: A's answer, older by press, is the newer cart.
    const afterB = cart([entry({ id: 'a', quantity: 1 }), entry({ id: 'b', quantity: 5 })]);
    const afterBoth = cart([entry({ id: 'a', quantity: 3 }), entry({ id: 'b', quantity: 5 })]);
    const a = deferred<ApiResult<{ shoppingCart: ShoppingCart }>>();
    const b = deferred<ApiResult<{ shoppingCart: ShoppingCart }>>();
    const api = fakeApi({
      changeEntryQuantity: vi.fn((id: string) => (id === 'a' ? a.promise : b.promise)),
      getCart: vi.fn(async () => okResult(afterBoth)),
    });
    const store = track(createCartStore({ api, broadcast: false }));
    const changingA = store.getState().changeQuantity('a', 3);
    const changingB = store.getState().changeQuantity('b', 5);
    b.resolve(okResult({ shoppingCart: afterB }));
    await changingB;
    a.resolve(okResult({ shoppingCart: afterBoth }));
    expect((await changingA).ok).toBe(true);
    await waitFor(() => vi.mocked(api.getCart).mock.calls.length === 1 && store.getState().status === 'idle');
    expect(store.getState().cart?.entries.map((e) => `${e.id}=${e.quantity}`)).toEqual(['a=3', 'b=5']);
  });

  it('reads the cart again after an answer that does not read: the server may have done the write', async () => {
    const done = cart([entry({ quantity: 2 })]);
    const api = fakeApi({
      addCartEntry: vi.fn(async () => ({
        ok: false as const,
        error: { kind: 'invalid-response' as const, status: 200, message: 'Please try again' },
      })),
      getCart: vi.fn(async () => okResult(done)),
    });
    const store = track(createCartStore({ api, broadcast: false }));
    expect((await store.getState().addEntry({ itemId: 'p', sku: null, quantity: 2 })).ok).toBe(false);
    await waitFor(() => store.getState().cart !== null);
    expect(selectCount(store.getState())).toBe(2);
  });

  it('reads the cart again after a 404: the entry left the cart elsewhere, and the page drops it', async () => {
    const api = fakeApi({
      removeEntry: vi.fn(async () => failure('Sorry, that cart entry no longer exists.', 404)),
      getCart: vi.fn(async () => okResult(cart([]))),
    });
    const store = track(createCartStore({ api, broadcast: false }));
    expect((await store.getState().removeEntry('entry-1')).ok).toBe(false);
    await waitFor(() => store.getState().cart !== null);
    expect(selectCount(store.getState())).toBe(0);
  });

  it('reads after the read on the wire when a write gets no answer, not that older read', async () => {
    const first = deferred<ApiResult<ShoppingCart>>();
    let server = cart([entry({ quantity: 2 })]);
    const api = fakeApi({
      getCart: vi.fn()
        .mockImplementationOnce(() => first.promise)
        .mockImplementation(async () => okResult(server)),
      changeEntryQuantity: vi.fn(async () => {
        server = cart([entry({ quantity: 5 })]);
        return { ok: false as const, error: { kind: 'network' as const, status: 0, message: 'offline' } };
      }),
    });
    const store = track(createCartStore({ api, broadcast: false }));
    const loading = store.getState().load();
    await store.getState().changeQuantity('entry-1', 5);
    first.resolve(okResult(cart([entry({ quantity: 2 })])));
    await loading;
    await waitFor(() => selectCount(store.getState()) === 5);
    expect(api.getCart).toHaveBeenCalledTimes(2);
  });

  it('reload() reads again after a read on the wire rather than sharing it (a sign-in, a sign-out)', async () => {
    const first = deferred<ApiResult<ShoppingCart>>();
    const api = fakeApi({
      getCart: vi.fn()
        .mockImplementationOnce(() => first.promise)
        .mockImplementation(async () => okResult(cart([entry({ quantity: 4 })]))),
    });
    const store = track(createCartStore({ api, broadcast: false }));
    void store.getState().load();
    const reloading = store.getState().reload();
    first.resolve(okResult(cart([entry({ quantity: 1 })])));
    const read = await reloading;
    expect(read.ok && read.data.totalQuantity).toBe(4);
    expect(selectCount(store.getState())).toBe(4);
  });

  it('reads the cart again after a write that got no answer, which the server may have done', async () => {
    const done = cart([entry({ quantity: 3 })]);
    const api = fakeApi({
      changeEntryQuantity: vi.fn(async () => ({
        ok: false as const,
        error: { kind: 'timeout' as const, status: 0, message: 'Please check your internet connection' },
      })),
      getCart: vi.fn(async () => okResult(done)),
    });
    const store = track(createCartStore({ api, broadcast: false }));
    const result = await store.getState().changeQuantity('entry-1', 3);
    expect(result.ok).toBe(false);
    await waitFor(() => store.getState().cart !== null);
    expect(api.getCart).toHaveBeenCalledTimes(1);
    expect(selectCount(store.getState())).toBe(3);
  });

  it('reads nothing after a write the server refused', async () => {
    const api = fakeApi({ changeEntryQuantity: vi.fn(async () => failure('Out of stock')) });
    const store = track(createCartStore({ api, broadcast: false }));
    await store.getState().changeQuantity('entry-1', 3);
    await new Promise((r) => setTimeout(r, 0));
    expect(api.getCart).not.toHaveBeenCalled();
  });

  it('resolves with a failure when an injected api throws', async () => {
    const api = fakeApi({ getCart: vi.fn(async () => Promise.reject(new Error('bug'))) });
    const store = track(createCartStore({ api, broadcast: false }));
    const result = await store.getState().load();
    expect(result.ok).toBe(false);
    expect(store.getState().status).toBe('idle');
  });

  it('offers no setState to widgets', () => {
    const store = track(createCartStore({ api: fakeApi(), broadcast: false }));
    expect('setState' in store).toBe(false);
  });
});

describe('page events', () => {
  it('dispatches sf:cart-change with the cart on every change', async () => {
    const changes = eventsOn(document, 'sf:cart-change');
    const store = track(createCartStore({ api: fakeApi(), broadcast: false }));
    await store.getState().load();
    await store.getState().removeEntry('entry-1');
    expect(changes).toEqual([{ cart: cart() }, { cart: cart([]) }]);
  });

  it('dispatches sf:item-added with the cart and the entry after an add', async () => {
    const added = eventsOn(document, 'sf:item-added');
    const store = track(createCartStore({ api: fakeApi(), broadcast: false }));
    await store.getState().addEntry({ itemId: 'prod-tee', sku: 'TEE-M-BLK', quantity: 1 });
    expect(added).toEqual([{ cart: cart(), entry: entry() }]);
  });

  it('dispatches nothing for a refused change', async () => {
    const changes = eventsOn(document, 'sf:cart-change');
    const added = eventsOn(document, 'sf:item-added');
    const api = fakeApi({ addCartEntry: vi.fn(async () => failure('no')) });
    const store = track(createCartStore({ api, broadcast: false }));
    await store.getState().addEntry({ itemId: 'p', sku: null, quantity: 1 });
    expect([changes, added]).toEqual([[], []]);
  });
});

/** A second browser tab: its own window, document and storage. */
const newTab = (withBroadcastChannel: boolean): Document => {
  const win = new Window({ url: 'http://shop.test/' });
  if (withBroadcastChannel) {
    Object.assign(win, { BroadcastChannel: globalThis.BroadcastChannel });
  }
  return win.document as unknown as Document;
};

const waitFor = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

/** The browser hiding or showing the tab's page: to or from its back/forward cache when `persisted`. */
const transition = (doc: Document, type: 'pagehide' | 'pageshow', persisted: boolean): void => {
  const win = doc.defaultView!;
  const event = new win.Event(type);
  Object.defineProperty(event, 'persisted', { value: persisted });
  win.dispatchEvent(event);
};

describe('other tabs', () => {
  it('sends a change to the other tab over BroadcastChannel, which updates without a request', async () => {
    const docA = newTab(true);
    const docB = newTab(true);
    const apiB = fakeApi();
    const storeA = track(createCartStore({ api: fakeApi(), doc: docA }));
    const storeB = track(createCartStore({ api: apiB, doc: docB }));
    const changesB = eventsOn(docB as unknown as EventTarget, 'sf:cart-change');
    await storeA.getState().addEntry({ itemId: 'prod-tee', sku: 'TEE-M-BLK', quantity: 1 });
    await waitFor(() => storeB.getState().cart !== null);
    expect(storeB.getState()).toMatchObject({ cart: cart(), initialised: true });
    // The other tab's cart is as fresh as a read of its own.
    expect(storeB.getState().receivedAt).toBeGreaterThan(0);
    expect(changesB).toEqual([{ cart: cart() }]);
    expect(apiB.getCart).not.toHaveBeenCalled();
  });

  // Which of two tabs' writes the server did last is not known from their answers: a tab whose
  // own write was out while another tab's cart came reads the cart again, and shares that.
  it('reads the cart again after its own write when another tab changed it meanwhile, and shares that read', async () => {
    const docA = newTab(true);
    const docB = newTab(true);
    const own = deferred<ApiResult<{ shoppingCart: ShoppingCart }>>();
    const onServer = cart([entry({ id: 'b', quantity: 5 })]);
    const readA = vi.fn(async () => okResult(onServer));
    const apiA = fakeApi({ changeEntryQuantity: vi.fn(() => own.promise), getCart: readA });
    const apiB = fakeApi({
      addCartEntry: vi.fn(async () =>
        okResult({ shoppingCart: cart([entry({ id: 'b', quantity: 1 })]), newlyAdded: entry() }),
      ),
      changeEntryQuantity: vi.fn(async () => okResult({ shoppingCart: onServer })),
    });
    const storeA = track(createCartStore({ api: apiA, doc: docA }));
    const storeB = track(createCartStore({ api: apiB, doc: docB }));
    // Both tabs listening.
    await storeB.getState().addEntry({ itemId: 'prod-tee', sku: 'TEE-M-BLK', quantity: 1 });
    await waitFor(() => storeA.getState().cart !== null);
    const changing = storeA.getState().changeQuantity('b', 2);
    await storeB.getState().changeQuantity('b', 5);
    await waitFor(() => selectCount(storeA.getState()) === 5);
    // A's answer comes last, from a state the server may already have left.
    own.resolve(okResult({ shoppingCart: cart([entry({ id: 'b', quantity: 2 })]) }));
    await changing;
    await waitFor(() => readA.mock.calls.length === 1);
    await waitFor(() => selectCount(storeA.getState()) === 5);
    await waitFor(() => selectCount(storeB.getState()) === 5);
    expect(storeB.getState().cart).toEqual(onServer);
  });

  it('listens to the other tabs only once the page is idle after its start', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    try {
      const doc = newTab(true);
      const store = track(createCartStore({ api: fakeApi(), doc }));
      const other = new BroadcastChannel(CART_SYNC_CHANNEL);
      const probe = new BroadcastChannel(CART_SYNC_CHANNEL);
      const delivered = new Promise((r) => (probe.onmessage = r));
      other.postMessage({ type: 'cart', source: 'elsewhere', cart: cart([]) });
      await delivered;
      expect(idle).toHaveLength(1);
      expect(store.getState().cart).toBeNull();
      idle.splice(0).forEach((run) => run());
      await vi.waitFor(() => {
        other.postMessage({ type: 'cart', source: 'elsewhere', cart: cart([]) });
        expect(store.getState().cart).toEqual(cart([]));
      });
      other.close();
      probe.close();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('waits for a cart read on the wire before it listens, even once the page is idle', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    try {
      const doc = newTab(true);
      let answer: (result: ApiResult<ShoppingCart>) => void = () => undefined;
      const api = fakeApi({
        getCart: vi.fn(() => new Promise<ApiResult<ShoppingCart>>((r) => (answer = r))),
      });
      const listening = vi.spyOn(doc.defaultView!, 'addEventListener');
      const store = track(createCartStore({ api, doc }));
      // A returning shopper's read at start, still without an answer when the page goes idle.
      const read = store.getState().load();
      idle.splice(0).forEach((run) => run());
      await new Promise((r) => setTimeout(r, 20));
      expect(listening).not.toHaveBeenCalledWith('pageshow', expect.any(Function));
      answer(okResult(cart([entry({ quantity: 2 })])));
      await read;
      // The next idle moment after the read: the page has set data-sf-ready by then.
      await vi.waitFor(() => expect(idle).toHaveLength(1));
      expect(listening).not.toHaveBeenCalledWith('pageshow', expect.any(Function));
      idle.splice(0).forEach((run) => run());
      await vi.waitFor(() => expect(listening).toHaveBeenCalledWith('pageshow', expect.any(Function)));
      expect(selectCount(store.getState())).toBe(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('ignores a message that is not a cart', async () => {
    const doc = newTab(true);
    const store = track(createCartStore({ api: fakeApi(), doc }));
    const other = new BroadcastChannel(CART_SYNC_CHANNEL);
    // A real cart first: once it is in, the store is listening (its sync code loads after start).
    const shared = cart([]);
    await vi.waitFor(() => {
      other.postMessage({ type: 'cart', source: 'elsewhere', cart: shared });
      expect(store.getState().cart).toEqual(shared);
    });
    other.postMessage({ type: 'cart', source: 'elsewhere', cart: { id: 1, entries: 'lots' } });
    other.postMessage('hello');
    const probe = new BroadcastChannel(CART_SYNC_CHANNEL);
    const delivered = new Promise((r) => (probe.onmessage = r));
    other.postMessage({ type: 'ping' });
    await delivered;
    other.close();
    probe.close();
    expect(store.getState().cart).toEqual(shared);
  });

  it('hears no other tab while the page is in the back/forward cache, and hears them again on its return', async () => {
    const doc = newTab(true);
    const store = track(createCartStore({ api: fakeApi(), doc }));
    const other = new BroadcastChannel(CART_SYNC_CHANNEL);
    const first = cart([]);
    await vi.waitFor(() => {
      other.postMessage({ type: 'cart', source: 'elsewhere', cart: first });
      expect(store.getState().cart).toEqual(first);
    });
    transition(doc, 'pagehide', true);
    // A message to a page in the cache would evict it (Chromium): the page's channel is closed.
    const probe = new BroadcastChannel(CART_SYNC_CHANNEL);
    const delivered = new Promise((r) => (probe.onmessage = r));
    other.postMessage({ type: 'cart', source: 'elsewhere', cart: cart() });
    await delivered;
    expect(store.getState().cart).toEqual(first);
    transition(doc, 'pageshow', true);
    await vi.waitFor(() => {
      other.postMessage({ type: 'cart', source: 'elsewhere', cart: cart() });
      expect(store.getState().cart).toEqual(cart());
    });
    other.close();
    probe.close();
  });

  it('falls back to the storage event without BroadcastChannel', async () => {
    const docA = newTab(false);
    const docB = newTab(false);
    const apiB = fakeApi();
    const storeA = track(createCartStore({ api: fakeApi(), doc: docA }));
    const storeB = track(createCartStore({ api: apiB, doc: docB }));
    const changesB = eventsOn(docB as unknown as EventTarget, 'sf:cart-change');
    await storeA.getState().removeEntry('entry-1');
    // The sync code loads after start-up, so the write follows a moment later.
    const written = await vi.waitFor(() => {
      const value = docA.defaultView?.localStorage.getItem(CART_SYNC_CHANNEL) ?? null;
      expect(value).not.toBeNull();
      return value;
    });
    // What the browser does in every other tab of the origin after that write:
    const viewB = docB.defaultView as unknown as Window & typeof globalThis;
    viewB.dispatchEvent(new viewB.StorageEvent('storage', { key: CART_SYNC_CHANNEL, newValue: written }));
    // The cart parser is loaded on first use, so the other tab applies the cart a moment later.
    await vi.waitFor(() => expect(storeB.getState().cart).toEqual(cart([])));
    expect(changesB).toEqual([{ cart: cart([]) }]);
    expect(apiB.getCart).not.toHaveBeenCalled();
  });

  it('keeps the cart out of web storage without BroadcastChannel when web storage is forbidden', async () => {
    const docA = newTab(false);
    const storage = docA.defaultView?.localStorage as Storage;
    const writes = vi.spyOn(storage, 'setItem');
    const storeA = track(createCartStore({ api: fakeApi(), doc: docA, webStorage: false }));
    // A store allowed web storage, opened after it, tells when a write would have gone out.
    const allowed = track(createCartStore({ api: fakeApi(), doc: docA }));
    await storeA.getState().removeEntry('entry-1');
    await allowed.getState().changeQuantity('entry-1', 2);
    await vi.waitFor(() => expect(storage.getItem(CART_SYNC_CHANNEL)).not.toBeNull());
    expect(writes).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.getItem(CART_SYNC_CHANNEL) ?? 'null')).toMatchObject({ cart: cart() });
    // The forbidden store keeps its cart in memory.
    expect(storeA.getState().cart).toEqual(cart([]));
  });

  it('does not share when broadcasting is off', async () => {
    const docA = newTab(false);
    const storage = docA.defaultView?.localStorage as Storage;
    const writes = vi.spyOn(storage, 'setItem');
    const storeA = track(createCartStore({ api: fakeApi(), doc: docA, broadcast: false }));
    // A store that does share, opened after it, tells when a share would have gone out.
    const sharing = track(createCartStore({ api: fakeApi(), doc: docA }));
    await storeA.getState().removeEntry('entry-1');
    await sharing.getState().changeQuantity('entry-1', 2);
    await vi.waitFor(() => expect(storage.getItem(CART_SYNC_CHANNEL)).not.toBeNull());
    expect(writes).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.getItem(CART_SYNC_CHANNEL) ?? 'null')).toMatchObject({ cart: cart() });
  });
});

describe('failures keep their type', () => {
  it('stores the ApiError unchanged', async () => {
    const error: ApiError = { kind: 'http', status: 401, message: 'x', crumbFail: true };
    const store = track(
      createCartStore({
        api: fakeApi({ getCart: vi.fn(async () => ({ ok: false as const, error })) }),
        broadcast: false,
      }),
    );
    await store.getState().load();
    expect(store.getState().error).toEqual(error);
  });
});

describe('the page-wide store', () => {
  it('is one store, reading the cart from the site context api root', async () => {
    const { getCartStore } = await import('../../../src/page/create-runtime.js');
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'sf-context';
    script.textContent = JSON.stringify({ apiRoot: '/shop/api/' });
    document.body.append(script);
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        urls.push(input.url);
        return new Response(JSON.stringify(cart()), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    try {
      const store = getCartStore();
      expect(getCartStore()).toBe(store);
      expect(await store.getState().load()).toEqual({ ok: true, data: cart() });
      expect(urls.map((url) => new URL(url).pathname)).toEqual(['/shop/api/commerce/shopping-cart']);
      expect(selectCount(store.getState())).toBe(1);
    } finally {
      vi.unstubAllGlobals();
      script.remove();
      getCartStore().dispose();
    }
  });
});

describe('the cart the store holds', () => {
  it("keeps the server's shipping, tax and coupon fields (what Storefront.cart.get() reads)", async () => {
    const coupon = { code: 'SPRING10', name: null, discountCents: 500 };
    const standard = { id: 'standard', name: 'Standard', costCents: 450 };
    const { fetch } = fakeFetch(
      json(200, {
        ...cart(),
        shippingOptions: [standard],
        selectedShippingOption: standard,
        coupons: [coupon],
        validCoupons: [coupon],
      }),
    );
    const api = createApi({ apiRoot: API_ROOT, fetch, doc: fakeDoc('crumb=token-1') });
    const store = track(createCartStore({ api, broadcast: false }));
    await store.getState().load();
    expect(store.getState().cart).toMatchObject({
      shippingOptions: [standard],
      selectedShippingOption: standard,
      coupons: [coupon],
      validCoupons: [coupon],
      invalidCoupons: [],
      applicableTaxRules: [],
      shippingLocation: null,
    });
  });
});

describe('a page back from the back/forward cache', () => {
  /** A tab whose server cart holds `quantity`; `serverHolds` changes it, as another page would. */
  function tabWithServerCart(quantity: number) {
    let server = quantity;
    const doc = newTab(true);
    const api = fakeApi({ getCart: vi.fn(async () => okResult(cart([entry({ quantity: server })]))) });
    const listening = vi.spyOn(doc.defaultView!, 'addEventListener');
    const store = track(createCartStore({ api, doc }));
    return {
      doc,
      api,
      store,
      serverHolds: (n: number) => (server = n),
      // The tab sync (and its pageshow listener) loads when the page is idle after its start.
      ready: () => vi.waitFor(() => expect(listening).toHaveBeenCalledWith('pageshow', expect.any(Function))),
    };
  }

  it('reads the cart again, so the page shows what another page changed', async () => {
    const tab = tabWithServerCart(1);
    await tab.store.getState().load();
    await tab.ready();
    tab.serverHolds(3);
    transition(tab.doc, 'pageshow', true);
    await vi.waitFor(() => expect(selectCount(tab.store.getState())).toBe(3));
    expect(tab.api.getCart).toHaveBeenCalledTimes(2);
  });

  it('reads nothing on an ordinary page show', async () => {
    const tab = tabWithServerCart(1);
    await tab.store.getState().load();
    await tab.ready();
    transition(tab.doc, 'pageshow', false);
    expect(tab.api.getCart).toHaveBeenCalledTimes(1);
  });

  it('reads a cart another page started, by the cart cookie, and none without one', async () => {
    const tab = tabWithServerCart(2);
    await tab.ready();
    transition(tab.doc, 'pageshow', true);
    expect(tab.api.getCart).not.toHaveBeenCalled();
    tab.doc.cookie = 'hasCart=true; path=/';
    transition(tab.doc, 'pageshow', true);
    await vi.waitFor(() => expect(selectCount(tab.store.getState())).toBe(2));
  });
});
