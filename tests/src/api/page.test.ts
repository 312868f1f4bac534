// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPageApi } from '../../../src/api/page';
import type { ApiClient } from '../../../src/api/client';

describe('the page api', () => {
  it.each([
    ['the cart', 'getCart'],
    ['the forms', 'getFormSchema'],
    ['the restock', 'getAllRestockGroups'],
    ['the analytics', 'recordHit'],
  ] as const)(
    "asks for the client at once with %s endpoints' first call, beside their own chunk",
    (_group, method) => {
      const loadClient = vi.fn(() => new Promise<ApiClient>(() => undefined));
      const api = createPageApi(loadClient);
      void (api[method] as () => Promise<unknown>)();
      // Not after the group's chunk has arrived: both loads are under way in the same round trip.
      expect(loadClient).toHaveBeenCalledTimes(1);
    },
  );
});

describe("the page api's cart", () => {
  afterEach(async () => {
    await vi.dynamicImportSettled();
    vi.doUnmock('../../../src/api/cart.js');
    vi.resetModules();
  });

  it('reads the cart without the writes, which load with the first write', async () => {
    let writes = 0;
    vi.resetModules();
    vi.doMock('../../../src/api/cart.js', async (original) => {
      writes += 1;
      return original();
    });
    const { createPageApi: fresh } = await import('../../../src/api/page');
    const sent: string[] = [];
    const client: ApiClient = {
      call: async (spec) => {
        sent.push(`${spec.method} ${spec.path}`);
        return { ok: false, error: { kind: 'network', status: 0, message: 'offline' } };
      },
      crumb: () => null,
    };
    const api = fresh(async () => client);
    await api.getCart();
    expect(writes).toBe(0);
    await api.removeEntry('entry-1');
    expect(writes).toBe(1);
    expect(sent).toEqual(['get commerce/shopping-cart', 'delete commerce/shopping-cart/entries/entry-1']);
  });
});
