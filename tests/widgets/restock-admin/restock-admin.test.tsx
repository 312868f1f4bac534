import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../../src/api/index.js';
import type { RestockGroup, RestockSignUp } from '../../../src/api/restock.js';
import { RestockAdmin } from '../../../widgets/restock-admin/restock-admin.js';
import { failResult, fakeApi, okResult, renderWithStorefront, type FakeApi } from '../fixtures.js';

afterEach(cleanup);

const group = (overrides: Partial<RestockGroup> = {}): RestockGroup => ({
  productId: 'prod-tee',
  variantId: 'var-tee-s',
  sku: 'TEE-S',
  title: 'Trail Tee',
  attributes: { Size: 'S', Colour: 'Black' },
  signUpCount: 3,
  pendingCount: 2,
  unconfirmedCount: null,
  unlimited: false,
  qtyInStock: 4,
  lastSentOn: null,
  ...overrides,
});

const signUp = (n: number, overrides: Partial<RestockSignUp> = {}): RestockSignUp => ({
  id: `s${n}`,
  email: `visitor${n}@example.com`,
  isJoinMailingList: n % 2 === 0,
  created: Date.UTC(2026, 10, 20, 15, 0),
  notifiedOn: null,
  confirmedOn: null,
  ...overrides,
});

const GROUPS = [
  group(),
  group({
    productId: 'prod-mug',
    variantId: 'var-mug',
    sku: null,
    title: 'Mug',
    attributes: {},
    signUpCount: 1,
    pendingCount: 0,
    unlimited: true,
    lastSentOn: Date.UTC(2026, 10, 21, 17, 30),
  }),
];

function renderAdmin(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ getAllRestockGroups: async () => okResult(GROUPS), ...overrides });
  return renderWithStorefront(<RestockAdmin />, { api, context: { locale: 'en-US', timeZone: 'UTC' } });
}

describe('the groups table', () => {
  it('shows every group with product, variant, counts, stock and last sent under column headers', async () => {
    renderAdmin();
    expect(screen.getByText('Loading restock notifications…')).toBeInstanceOf(HTMLParagraphElement);
    const table = await screen.findByRole('table', { name: 'Products with restock sign-ups' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Variant', 'Sign-ups', 'Pending', 'Stock', 'Last sent', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Size: S, Colour: Black', '3', '2', '4', 'Never', 'View sign-upsSend'],
      ['—', '1', '0', 'Unlimited', 'Nov 21, 2026, 5:30 PM', 'View sign-upsSend'],
    ]);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('Trail Tee');
  });

  it('puts the table in a focusable region named by its caption, which scrolls on a narrow screen', async () => {
    renderAdmin();
    const table = await screen.findByRole('table', { name: 'Products with restock sign-ups' });
    const region = screen.getByRole('region', { name: 'Products with restock sign-ups' });
    expect(region.contains(table)).toBe(true);
    expect(region.tabIndex).toBe(0);
  });

  it('fetches the groups through the endpoint loop, every page until hasNextPage is false', async () => {
    const pages = [
      { signUpGroups: [{ ...group(), lastSentOn: null }], hasNextPage: true, nextPageCursor: 'c1' },
      { signUpGroups: [{ ...GROUPS[1] }], hasNextPage: false, nextPageCursor: null },
    ];
    const seen: string[] = [];
    const fetch = vi.fn(async (input: Request | URL | string) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      seen.push(url.search);
      return Response.json(pages[seen.length - 1]);
    });
    const api = createApi({
      apiRoot: 'http://shop.test/api/',
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    renderWithStorefront(<RestockAdmin />, { api: api as unknown as FakeApi });
    const table = await screen.findByRole('table', { name: 'Products with restock sign-ups' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((r) => r.textContent),
    ).toEqual(['Trail Tee', 'Mug']);
    expect(seen).toEqual(['', '?cursor=c1']);
  });

  it('says so when nobody has signed up', async () => {
    renderAdmin({ getAllRestockGroups: async () => okResult([]) });
    expect(await screen.findByText('No one has signed up for restock notifications yet.')).toBeInstanceOf(
      HTMLParagraphElement,
    );
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('who may see it', () => {
  it('asks a visitor who is not signed in to sign in', async () => {
    renderAdmin({
      getAllRestockGroups: async () =>
        failResult('Sign in to manage restock notifications.', { status: 401 }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sign in as a store manager to manage restock notifications.',
    );
  });

  it("shows another role the server's message", async () => {
    renderAdmin({
      getAllRestockGroups: async () =>
        failResult('Only store managers can manage restock notifications.', { status: 403 }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only store managers can manage restock notifications.',
    );
  });

  it('loads the table once a manager signs in on the page, and hides it again on sign-out', async () => {
    let signedIn = false;
    renderAdmin({
      getAllRestockGroups: async () =>
        signedIn ? okResult(GROUPS) : failResult('Sign in to manage restock notifications.', { status: 401 }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sign in as a store manager to manage restock notifications.',
    );
    signedIn = true;
    act(() => {
      document.dispatchEvent(
        new CustomEvent('sf:account-change', {
          detail: { user: { id: 'user-1', email: 'owner@example.com', roles: ['admin'] } },
        }),
      );
    });
    expect(await screen.findByRole('table', { name: 'Products with restock sign-ups' })).toBeTruthy();
    signedIn = false;
    act(() => {
      document.dispatchEvent(new CustomEvent('sf:account-change', { detail: { user: null } }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sign in as a store manager to manage restock notifications.',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the catalogued text when offline', async () => {
    renderAdmin({
      getAllRestockGroups: async () => ({
        ok: false,
        error: { kind: 'network', status: 0, message: 'Please check your internet connection' },
      }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Please check your internet connection');
  });
});

describe('sending', () => {
  it('sends one group, shows the result and reloads the counts', async () => {
    let pending = 2;
    const r = renderAdmin({
      getAllRestockGroups: async () => okResult([group({ pendingCount: pending })]),
      sendRestock: async () => {
        pending = 0;
        return okResult({ sent: 2 });
      },
    });
    await r.user.click(
      await screen.findByRole('button', { name: 'Send restock emails for Trail Tee Size: S, Colour: Black' }),
    );
    expect(await screen.findByText('Sent 2 restock emails.')).toBeInstanceOf(HTMLParagraphElement);
    expect(r.api.sendRestock).toHaveBeenCalledWith({ productId: 'prod-tee', variantId: 'var-tee-s' });
    await waitFor(() => expect(r.api.getAllRestockGroups).toHaveBeenCalledTimes(2));
    const row = screen.getByRole('row', { name: /Trail Tee/ });
    expect(within(row).getAllByRole('cell')[2]?.textContent).toBe('0');
  });

  it('tells the page how many emails went out, so a list of sent mail can update', async () => {
    const heard: unknown[] = [];
    const listener = (e: Event) => heard.push((e as CustomEvent).detail);
    document.addEventListener('sf:restock-sent', listener);
    try {
      const r = renderAdmin({ sendRestock: async () => okResult({ sent: 2 }) });
      await r.user.click(await screen.findByRole('button', { name: /^Send restock emails for Trail Tee/ }));
      await waitFor(() => expect(heard).toEqual([{ sent: 2 }]));
    } finally {
      document.removeEventListener('sf:restock-sent', listener);
    }
  });

  it.each([
    [{ sent: 0 }, 'No restock emails were pending.'],
    [{ sent: 1 }, 'Sent 1 restock email.'],
    [null, 'Restock emails sent.'],
  ])('reports %j as %j', async (data, text) => {
    const r = renderAdmin({ sendRestock: async () => okResult(data) });
    await r.user.click(await screen.findByRole('button', { name: /^Send restock emails for Trail Tee/ }));
    expect(await screen.findByText(text)).toBeInstanceOf(HTMLParagraphElement);
  });

  it('sends all groups with pending sign-ups in one request', async () => {
    const r = renderAdmin({ sendRestockAll: async () => okResult({ sent: 2 }) });
    await r.user.click(await screen.findByRole('button', { name: 'Send all' }));
    expect(await screen.findByText('Sent 2 restock emails.')).toBeInstanceOf(HTMLParagraphElement);
    expect(r.api.sendRestockAll).toHaveBeenCalledWith([{ productId: 'prod-tee', variantId: 'var-tee-s' }]);
  });

  // The endpoint takes 1 to 100 requests (docs/http-api.md): a larger store sends in batches.
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      group({ productId: `prod-${i}`, variantId: `var-${i}`, title: `Product ${i}`, pendingCount: 1 }),
    );

  it('sends all of more than 100 pending groups in batches of at most 100, and reports the total', async () => {
    const heard: unknown[] = [];
    const listener = (e: Event) => heard.push((e as CustomEvent).detail);
    document.addEventListener('sf:restock-sent', listener);
    try {
      const r = renderAdmin({
        getAllRestockGroups: async () => okResult(many(201)),
        sendRestockAll: async (requests) => okResult({ sent: requests.length }),
      });
      await r.user.click(await screen.findByRole('button', { name: 'Send all' }));
      expect(await screen.findByText('Sent 201 restock emails.')).toBeInstanceOf(HTMLParagraphElement);
      const batches = r.api.sendRestockAll.mock.calls.map((c) => c[0]);
      expect(batches.map((b) => b.length)).toEqual([100, 100, 1]);
      expect(batches.flat()).toEqual(
        many(201).map((g) => ({ productId: g.productId, variantId: g.variantId })),
      );
      expect(heard).toEqual([{ sent: 201 }]);
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      document.removeEventListener('sf:restock-sent', listener);
    }
  });

  it('stops at a failed batch: shows the failure in an alert beside the count that went out', async () => {
    const r = renderAdmin({
      getAllRestockGroups: async () => okResult(many(201)),
      sendRestockAll: vi
        .fn()
        .mockResolvedValueOnce(okResult({ sent: 100 }))
        .mockResolvedValueOnce(failResult('Please try again in a few seconds.', { status: 429 })),
    });
    await r.user.click(await screen.findByRole('button', { name: 'Send all' }));
    const failure = await screen.findByText('Please try again in a few seconds.');
    expect(failure.closest('[role="alert"]')?.textContent).toContain('Unable to send restock emails');
    expect(screen.getByText('Sent 100 restock emails.')).toBeInstanceOf(HTMLParagraphElement);
    expect(r.api.sendRestockAll).toHaveBeenCalledTimes(2);
    // The counts of what went out are read again.
    await waitFor(() => expect(r.api.getAllRestockGroups).toHaveBeenCalledTimes(2));
  });

  it('sends nothing when nothing is pending', async () => {
    const r = renderAdmin({ getAllRestockGroups: async () => okResult([GROUPS[1]!]) });
    await r.user.click(await screen.findByRole('button', { name: 'Send all' }));
    expect(await screen.findByText('No pending sign-ups to send.')).toBeInstanceOf(HTMLParagraphElement);
    expect(r.api.sendRestockAll).not.toHaveBeenCalled();
  });

  it('says "No pending sign-ups to send." again when Send all is pressed again', async () => {
    const r = renderAdmin({ getAllRestockGroups: async () => okResult([GROUPS[1]!]) });
    const sendAll = await screen.findByRole('button', { name: 'Send all' });
    await r.user.click(sendAll);
    const first = screen.getByText('No pending sign-ups to send.');
    const live = first.closest('[aria-live="polite"]');
    expect(live).not.toBeNull();
    await r.user.click(sendAll);
    // Drawn anew in the live region, so a reader announces it again.
    const second = screen.getByText('No pending sign-ups to send.');
    expect(second).not.toBe(first);
    expect(second.closest('[aria-live="polite"]')).toBe(live);
  });

  it('shows a failed send in an alert and keeps the table', async () => {
    const r = renderAdmin({
      sendRestock: async () => failResult('Please try again in a few seconds.', { status: 429 }),
    });
    await r.user.click(await screen.findByRole('button', { name: /^Send restock emails for Trail Tee/ }));
    const alert = await screen.findByRole('alert', { name: 'Unable to send restock emails' });
    expect(within(alert).getByText('Please try again in a few seconds.')).toBeInstanceOf(
      HTMLParagraphElement,
    );
    expect(screen.getByRole('table', { name: 'Products with restock sign-ups' })).toBeInstanceOf(
      HTMLTableElement,
    );
  });

  it('reads Sending… and ignores more clicks while a send is under way', async () => {
    let release: () => void = () => undefined;
    const r = renderAdmin({
      sendRestock: () => new Promise((resolve) => (release = () => resolve(okResult({ sent: 1 })))),
    });
    const button = await screen.findByRole('button', { name: /^Send restock emails for Trail Tee/ });
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('');
    await r.user.click(button);
    expect(button.textContent).toBe('Sending…');
    // Its name keeps saying what it sends, and says that it is sending, as its text does.
    expect(
      screen.getByRole('button', {
        name: 'Send restock emails for Trail Tee Size: S, Colour: Black, sending…',
      }),
    ).toBe(button);
    expect(live.textContent).toBe('Sending…');
    await r.user.click(button);
    await r.user.click(screen.getByRole('button', { name: 'Send all' }));
    expect(r.api.sendRestock).toHaveBeenCalledTimes(1);
    expect(r.api.sendRestockAll).not.toHaveBeenCalled();
    await act(async () => release());
    expect(await screen.findByText('Sent 1 restock email.')).toBeInstanceOf(HTMLParagraphElement);
    expect(live.textContent).toBe('Sent 1 restock email.');
    expect(button.getAttribute('aria-label')).toBe(
      'Send restock emails for Trail Tee Size: S, Colour: Black',
    );
  });
});

describe('a server that asks each sign-up to confirm its email', () => {
  const confirming = [group({ signUpCount: 5, pendingCount: 2, unconfirmedCount: 3 })];

  it('counts the unconfirmed sign-ups beside the pending ones', async () => {
    renderAdmin({ getAllRestockGroups: async () => okResult(confirming) });
    const table = await screen.findByRole('table', { name: 'Products with restock sign-ups' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Variant', 'Sign-ups', 'Pending', 'Unconfirmed', 'Stock', 'Last sent', 'Actions']);
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Size: S, Colour: Black', '5', '2', '3', '4', 'Never', 'View sign-upsSend']);
  });

  it('says which sign-ups are confirmed, and when', async () => {
    const r = renderAdmin({
      getAllRestockGroups: async () => okResult(confirming),
      getRestockSignUps: async () =>
        okResult({
          items: [signUp(1, { confirmedOn: Date.UTC(2026, 10, 21, 8, 0) }), signUp(2)],
          hasNextPage: false,
          nextPageCursor: null,
        }),
    });
    await r.user.click(
      await screen.findByRole('button', { name: 'View sign-ups for Trail Tee Size: S, Colour: Black' }),
    );
    const list = await screen.findByRole('table', { name: 'Sign-ups for Trail Tee Size: S, Colour: Black' });
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(3));
    expect(
      within(list)
        .getAllByRole('row')
        .map((row) => [...row.children].map((c) => c.textContent)),
    ).toEqual([
      ['Email', 'Mailing list', 'Signed up', 'Confirmed', 'Notified'],
      ['visitor1@example.com', 'No', 'Nov 20, 2026, 3:00 PM', 'Nov 21, 2026, 8:00 AM', 'Not yet'],
      ['visitor2@example.com', 'Yes', 'Nov 20, 2026, 3:00 PM', 'Not yet', 'Not yet'],
    ]);
  });
});

describe('the sign-ups of a group', () => {
  it('lists them a page at a time, following the cursor', async () => {
    const r = renderAdmin({
      getRestockSignUps: async ({ cursor }) =>
        cursor === undefined
          ? okResult({ items: [signUp(1), signUp(2)], hasNextPage: true, nextPageCursor: 'next' })
          : okResult({
              items: [signUp(3, { notifiedOn: Date.UTC(2026, 10, 22, 9, 0) })],
              hasNextPage: false,
              nextPageCursor: null,
            }),
    });
    const view = await screen.findByRole('button', {
      name: 'View sign-ups for Trail Tee Size: S, Colour: Black',
    });
    await r.user.click(view);
    const list = await screen.findByRole('table', { name: 'Sign-ups for Trail Tee Size: S, Colour: Black' });
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(3));
    expect(view.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: /^Sign-ups for Trail Tee/ }));
    await r.user.click(screen.getByRole('button', { name: 'Load more sign-ups' }));
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(4));
    expect(
      within(list)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.children].map((c) => c.textContent)),
    ).toEqual([
      ['visitor1@example.com', 'No', 'Nov 20, 2026, 3:00 PM', 'Not yet'],
      ['visitor2@example.com', 'Yes', 'Nov 20, 2026, 3:00 PM', 'Not yet'],
      ['visitor3@example.com', 'No', 'Nov 20, 2026, 3:00 PM', 'Nov 22, 2026, 9:00 AM'],
    ]);
    expect(r.api.getRestockSignUps.mock.calls.map((c) => c[0])).toEqual([
      { productId: 'prod-tee', variantId: 'var-tee-s' },
      { productId: 'prod-tee', variantId: 'var-tee-s', cursor: 'next' },
    ]);
    expect(screen.queryByRole('button', { name: 'Load more sign-ups' })).toBeNull();
  });

  it('keeps Load more sign-ups, and focus on it, while the next page loads, and says it is loading', async () => {
    let release = () => {};
    const r = renderAdmin({
      getRestockSignUps: async ({ cursor }) => {
        if (cursor === undefined)
          return okResult({ items: [signUp(1)], hasNextPage: true, nextPageCursor: 'n' });
        await new Promise<void>((resolve) => (release = resolve));
        return okResult({ items: [signUp(cursor === 'n' ? 2 : 3)], hasNextPage: true, nextPageCursor: 'n2' });
      },
    });
    await r.user.click(await screen.findByRole('button', { name: /^View sign-ups for Trail Tee/ }));
    const more = await screen.findByRole('button', { name: 'Load more sign-ups' });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    await r.user.click(more);
    expect(document.activeElement).toBe(more);
    expect(screen.getByRole('button', { name: 'Loading more…' })).toBe(more);
    expect(more.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe('Loading more…');
    await r.user.click(more);
    expect(r.api.getRestockSignUps).toHaveBeenCalledTimes(2);
    await act(async () => release());
    const table = screen.getByRole('table', { name: /^Sign-ups for Trail Tee/ });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Load more sign-ups' })).toBe(more);
    expect(more.getAttribute('aria-disabled')).toBeNull();
    expect(document.activeElement).toBe(more);
    expect(status.textContent).toBe('');
  });

  it("moves focus from Load more sign-ups to the list's heading once the last page takes the button away", async () => {
    const r = renderAdmin({
      getRestockSignUps: async ({ cursor }) =>
        cursor === undefined
          ? okResult({ items: [signUp(1)], hasNextPage: true, nextPageCursor: 'n' })
          : okResult({ items: [signUp(2)], hasNextPage: false, nextPageCursor: null }),
    });
    await r.user.click(await screen.findByRole('button', { name: /^View sign-ups for Trail Tee/ }));
    await r.user.click(await screen.findByRole('button', { name: 'Load more sign-ups' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Load/ })).toBeNull());
    const heading = screen.getByRole('heading', { name: /^Sign-ups for Trail Tee/ });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(within(screen.getByRole('table', { name: /^Sign-ups for/ })).getAllByRole('row')).toHaveLength(3);
  });

  it('hides them again', async () => {
    const r = renderAdmin({
      getRestockSignUps: async () =>
        okResult({ items: [signUp(1)], hasNextPage: false, nextPageCursor: null }),
    });
    await r.user.click(await screen.findByRole('button', { name: /^View sign-ups for Trail Tee/ }));
    await screen.findByRole('table', { name: /^Sign-ups for Trail Tee/ });
    await r.user.click(screen.getByRole('button', { name: /^View sign-ups for Trail Tee/ }));
    expect(screen.queryByRole('table', { name: /^Sign-ups for/ })).toBeNull();
  });

  it('shows a failed page in an alert', async () => {
    const r = renderAdmin({ getRestockSignUps: async () => failResult('The cursor is malformed.') });
    await r.user.click(await screen.findByRole('button', { name: /^View sign-ups for Trail Tee/ }));
    const alert = await screen.findByRole('alert', { name: 'Unable to load restock notifications' });
    expect(within(alert).getByText('The cursor is malformed.')).toBeInstanceOf(HTMLParagraphElement);
  });
});

describe('a group with no variant (sign-ups made without a variant id)', () => {
  const noVariant = group({
    productId: 'prod-print',
    variantId: null,
    sku: null,
    title: 'Print',
    attributes: {},
  });

  it('sends it on its own and with the others, naming no variant', async () => {
    const r = renderAdmin({
      getAllRestockGroups: async () => okResult([group(), noVariant]),
      sendRestock: async () => okResult({ sent: 2 }),
      sendRestockAll: async () => okResult({ sent: 4 }),
    });
    await r.user.click(await screen.findByRole('button', { name: 'Send restock emails for Print —' }));
    expect(await screen.findByText('Sent 2 restock emails.')).toBeInstanceOf(HTMLParagraphElement);
    expect(r.api.sendRestock).toHaveBeenCalledWith({ productId: 'prod-print', variantId: null });
    await r.user.click(screen.getByRole('button', { name: 'Send all' }));
    expect(await screen.findByText('Sent 4 restock emails.')).toBeInstanceOf(HTMLParagraphElement);
    expect(r.api.sendRestockAll).toHaveBeenCalledWith([
      { productId: 'prod-tee', variantId: 'var-tee-s' },
      { productId: 'prod-print', variantId: null },
    ]);
  });

  it('lists its sign-ups by product alone', async () => {
    const r = renderAdmin({
      getAllRestockGroups: async () => okResult([noVariant]),
      getRestockSignUps: async () =>
        okResult({ items: [signUp(1)], hasNextPage: false, nextPageCursor: null }),
    });
    await r.user.click(await screen.findByRole('button', { name: 'View sign-ups for Print —' }));
    expect(await screen.findByText('visitor1@example.com')).toBeTruthy();
    expect(r.api.getRestockSignUps).toHaveBeenCalledWith({ productId: 'prod-print', variantId: null });
  });
});

describe('answers that land out of order', () => {
  const two = [
    group({ productId: 'p1', variantId: 'v1', title: 'Product 1', attributes: {}, sku: null }),
    group({ productId: 'p2', variantId: 'v2', title: 'Product 2', attributes: {}, sku: null }),
  ];
  const page = (emails: string[]) =>
    okResult({
      items: emails.map((email, i) => signUp(i, { email })),
      hasNextPage: false,
      nextPageCursor: null,
    });
  type Page = ReturnType<typeof page>;

  it('shows the sign-ups of the group opened last, whichever answer lands last', async () => {
    const pending: Record<string, (p: Page) => void> = {};
    const r = renderAdmin({
      getAllRestockGroups: async () => okResult(two),
      getRestockSignUps: ({ productId }) => new Promise<Page>((resolve) => (pending[productId] = resolve)),
    });
    await r.user.click(await screen.findByRole('button', { name: 'View sign-ups for Product 1 —' }));
    await r.user.click(screen.getByRole('button', { name: 'View sign-ups for Product 2 —' }));
    await act(async () => pending['p2']!(page(['two@example.com'])));
    await act(async () => pending['p1']!(page(['one@example.com'])));
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Sign-ups for Product 2 —');
    expect(screen.getByText('two@example.com')).toBeInstanceOf(HTMLTableCellElement);
    expect(screen.queryByText('one@example.com')).toBeNull();
    expect(
      screen.getByRole('button', { name: 'View sign-ups for Product 2 —' }).getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it('keeps a list closed whose answer lands after it was closed', async () => {
    let answer: (p: Page) => void = () => undefined;
    const r = renderAdmin({
      getAllRestockGroups: async () => okResult(two),
      getRestockSignUps: () => new Promise<Page>((resolve) => (answer = resolve)),
    });
    const view = await screen.findByRole('button', { name: 'View sign-ups for Product 1 —' });
    await r.user.click(view);
    await r.user.click(view);
    await act(async () => answer(page(['one@example.com'])));
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
    expect(view.getAttribute('aria-expanded')).toBe('false');
  });

  it("never brings back the last account's table after a sign-out", async () => {
    const answers: ((result: unknown) => void)[] = [];
    renderAdmin({
      getAllRestockGroups: () => new Promise((resolve) => answers.push(resolve as (result: unknown) => void)),
    });
    await act(async () => {
      document.dispatchEvent(new CustomEvent('sf:account-change', { detail: { user: null } }));
    });
    expect(answers).toHaveLength(2);
    await act(async () =>
      answers[1]!(failResult('Sign in to manage restock notifications.', { status: 401 })),
    );
    await act(async () => answers[0]!(okResult(two)));
    expect(screen.getByRole('alert').textContent).toBe(
      'Sign in as a store manager to manage restock notifications.',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('after a send, refreshes the list open now: not one closed meanwhile', async () => {
    let finish: (result: unknown) => void = () => undefined;
    const r = renderAdmin({
      getAllRestockGroups: async () => okResult(two),
      getRestockSignUps: async ({ productId }) => page([`${productId}@example.com`]),
      sendRestock: () => new Promise((resolve) => (finish = resolve as (result: unknown) => void)),
    });
    await r.user.click(await screen.findByRole('button', { name: 'View sign-ups for Product 1 —' }));
    await screen.findByText('p1@example.com');
    await r.user.click(screen.getByRole('button', { name: 'Send restock emails for Product 2 —' }));
    await r.user.click(screen.getByRole('button', { name: 'View sign-ups for Product 1 —' }));
    await act(async () => finish(okResult({ sent: 1 })));
    expect(await screen.findByText('Sent 1 restock email.')).toBeInstanceOf(HTMLParagraphElement);
    await waitFor(() => expect(r.api.getAllRestockGroups).toHaveBeenCalledTimes(2));
    await act(async () => undefined);
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
    expect(r.api.getRestockSignUps).toHaveBeenCalledTimes(1);
  });

  it('after a send, refreshes the list open now: not the one it replaced', async () => {
    let finish: (result: unknown) => void = () => undefined;
    const r = renderAdmin({
      getAllRestockGroups: async () => okResult(two),
      getRestockSignUps: async ({ productId }) => page([`${productId}@example.com`]),
      sendRestock: () => new Promise((resolve) => (finish = resolve as (result: unknown) => void)),
    });
    await r.user.click(await screen.findByRole('button', { name: 'View sign-ups for Product 1 —' }));
    await screen.findByText('p1@example.com');
    await r.user.click(screen.getByRole('button', { name: 'Send restock emails for Product 1 —' }));
    await r.user.click(screen.getByRole('button', { name: 'View sign-ups for Product 2 —' }));
    await screen.findByText('p2@example.com');
    await act(async () => finish(okResult({ sent: 1 })));
    await waitFor(() => expect(r.api.getRestockSignUps).toHaveBeenCalledTimes(3));
    expect(r.api.getRestockSignUps.mock.calls.map((c) => c[0].productId)).toEqual(['p1', 'p2', 'p2']);
    await screen.findByText('p2@example.com');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Sign-ups for Product 2 —');
  });
});
