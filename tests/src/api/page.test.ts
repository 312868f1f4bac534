// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
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
