import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApi, createClient, type Api } from '../../../src/api/index.js';
import { createPageApi } from '../../../src/api/page.js';
import { parseSiteContext } from '../../../src/page/context.js';
import type { ApiResult } from '../../../src/api/types.js';
import type { SendOptions } from '../../../src/api/analytics.js';
import {
  API_ROOT,
  KeepAliveRequest,
  cart,
  entry,
  fakeDoc,
  fakeFetch,
  json,
  noContent,
  offlineFetch,
} from './fixtures.js';

const SESSION_EXPIRED = 'Your session has expired. Please reload the page and try again.';
const ENABLE_COOKIES = 'Please enable cookies in your browser, reload the page, and try again.';
const TRY_IN_A_FEW_SECONDS = 'Please try again in a few seconds.';
const OFFLINE = 'Please check your internet connection';

const apiWith = (fetch: typeof globalThis.fetch, cookie = 'crumb=token-1', cookieEnabled = true): Api =>
  createApi({ apiRoot: API_ROOT, fetch, doc: fakeDoc(cookie, cookieEnabled) });

const errorOf = <T>(result: ApiResult<T>) => {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  return result.error;
};

const dataOf = <T>(result: ApiResult<T>): T => {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.data;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('cart failures (spec 000 §8 "Add to cart")', () => {
  it.each([
    ['a crumb failure with cookies on', 401, { crumbFail: true, message: 'x' }, true, SESSION_EXPIRED],
    ['a crumb failure with cookies off', 401, { crumbFail: true, message: 'x' }, false, ENABLE_COOKIES],
    ['rate limiting', 429, { message: 'Too many requests' }, true, TRY_IN_A_FEW_SECONDS],
    [
      'insufficient stock',
      409,
      { message: 'Sorry, we do not have enough of that item available.', code: 'insufficient-stock' },
      true,
      'Sorry, we do not have enough of that item available.',
    ],
    [
      'an unknown item',
      404,
      { message: 'Sorry, that item is unavailable.' },
      true,
      'Sorry, that item is unavailable.',
    ],
    ['a server error without a body', 500, undefined, true, 'Please try again'],
    ['a server error that is not JSON', 502, '<html>Bad gateway</html>', true, 'Please try again'],
  ])('shows the catalogued text for %s', async (_name, status, body, cookieEnabled, message) => {
    const { fetch } = fakeFetch(json(status, body));
    const error = errorOf(
      await apiWith(fetch, 'crumb=t', cookieEnabled).addCartEntry({
        itemId: 'prod-tee',
        sku: null,
        quantity: 1,
      }),
    );
    expect(error).toMatchObject({ kind: 'http', status, message });
  });

  it('flags a crumb failure so callers can tell it apart', async () => {
    const { fetch } = fakeFetch(json(401, { crumbFail: true, message: 'x' }));
    const error = errorOf(await apiWith(fetch).removeEntry('entry-1'));
    expect(error.crumbFail).toBe(true);
  });

  it('keeps per-field messages of a 400', async () => {
    const { fetch } = fakeFetch(
      json(400, {
        message: 'Quantity must be a whole number.',
        errors: { quantity: 'Quantity must be a whole number.' },
      }),
    );
    const error = errorOf(await apiWith(fetch).changeEntryQuantity('entry-1', 1.5));
    expect(error.message).toBe('Quantity must be a whole number.');
  });
});

describe('site form submission failures (spec 000 §8 "Generic form by status")', () => {
  it.each([
    [401, { message: 'bad key', error: 'bad key' }, 'Unable to submit form. Please try again later.'],
    [404, { message: 'nope', error: 'nope' }, 'This form has not been configured yet.'],
    [
      429,
      { message: 'slow down' },
      'Unable to submit form. Submission rate limit exceeded. Please try again later.',
    ],
    [500, { message: 'boom', error: 'boom' }, 'Unable to send form. Please try again later.'],
    [
      400,
      { message: 'Complete CAPTCHA before submitting.', error: 'Complete CAPTCHA before submitting.' },
      'Complete CAPTCHA before submitting.',
    ],
    [400, { message: 'only message' }, 'Unknown error, please try again later.'],
    [503, undefined, 'Unknown error, please try again later.'],
    [418, { error: 'I am a teapot' }, 'I am a teapot'],
  ])('maps status %i to its text', async (status, body, message) => {
    const { fetch } = fakeFetch(json(status, body));
    const error = errorOf(await apiWith(fetch).saveFormSubmission(submission));
    expect(error).toMatchObject({ kind: 'http', status, message });
    expect(error.fieldErrors).toBeUndefined();
  });

  it('puts 400 field errors on their fields', async () => {
    const errors = { email: 'Email is not valid. Email addresses should follow the format user@domain.com.' };
    const { fetch } = fakeFetch(
      json(400, {
        message: 'One or more fields is invalid, please check your entries.',
        error: 'One or more fields is invalid, please check your entries.',
        errors,
      }),
    );
    const error = errorOf(await apiWith(fetch).saveFormSubmission(submission));
    expect(error.fieldErrors).toEqual(errors);
    expect(error.message).toBe('One or more fields is invalid, please check your entries.');
  });

  it('reports a crumb failure as an expired session rather than a bad key', async () => {
    const { fetch } = fakeFetch(json(401, { crumbFail: true, message: 'x', error: 'x' }));
    expect(errorOf(await apiWith(fetch).saveFormSubmission(submission)).message).toBe(SESSION_EXPIRED);
  });
});

const submission = {
  key: 'key-1',
  formId: 'form-contact',
  form: { email: 'a@b.co' },
  pageTitle: 'Contact',
  pageId: 'page-contact',
  contentSource: 'c',
  pagePath: '/contact',
  pagePermissionTypeValue: 1,
} as const;

describe('restock sign-up failures (spec 000 §8 "Restock failure")', () => {
  it.each([
    [400, 'Email cannot be blank'],
    [400, 'Email is invalid'],
    [409, 'You are already signed up for this item.'],
    [404, 'This variant is not available.'],
    [429, 'Too many sign-ups from this address. Try again in an hour.'],
  ])('shows the server message of a %i: %s', async (status, message) => {
    const { fetch } = fakeFetch(json(status, { message }));
    const result = await apiWith(fetch).restockSignUp({
      productId: 'prod-tee',
      variantId: 'v1',
      siteVisitorEmail: '',
      isJoinMailingList: false,
    });
    expect(errorOf(result)).toMatchObject({ kind: 'http', status, message });
  });
});

describe('restock sign-up failures without a server message', () => {
  const signUp = (fetch: typeof globalThis.fetch) =>
    apiWith(fetch).restockSignUp({
      productId: 'prod-tee',
      variantId: 'v1',
      siteVisitorEmail: 'a@b.co',
      isJoinMailingList: false,
    });

  it('reads the catalogued rate-limit text for a bare 429', async () => {
    const { fetch } = fakeFetch(json(429, {}));
    expect(errorOf(await signUp(fetch))).toMatchObject({
      status: 429,
      message: 'Please try again in a few seconds.',
    });
  });

  it("falls back to the server's error, then to the generic text", async () => {
    expect(errorOf(await signUp(fakeFetch(json(500, { error: 'Mail is down' })).fetch))).toMatchObject({
      message: 'Mail is down',
    });
    expect(errorOf(await signUp(fakeFetch(json(500, {})).fetch))).toMatchObject({
      message: 'Please try again',
    });
  });
});

describe('additional-fields validation', () => {
  it('returns the field map of a 400 as field errors', async () => {
    const { fetch, seen } = fakeFetch(
      json(400, {
        message: 'One or more fields is invalid, please check your entries.',
        errors: { name: 'Required' },
      }),
    );
    const error = errorOf(await apiWith(fetch).validateForm('form-engraving', { name: '' }));
    expect(error.fieldErrors).toEqual({ name: 'Required' });
    expect(seen[0]?.url.pathname).toBe('/api/rest/forms/validate/form-engraving');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ name: '' });
  });

  it('resolves ok for a valid answer', async () => {
    const { fetch } = fakeFetch(json(200, {}));
    expect((await apiWith(fetch).validateForm('form-engraving', { name: 'Ada' })).ok).toBe(true);
  });
});

describe('network and timeouts', () => {
  it('reports a failed connection as a network error', async () => {
    const { fetch } = offlineFetch();
    expect(errorOf(await apiWith(fetch).getCart())).toEqual({ kind: 'network', status: 0, message: OFFLINE });
  });

  it('repeats a GET once when no response arrived', async () => {
    const { fetch, calls } = offlineFetch();
    await apiWith(fetch).getStock('prod-tee');
    expect(calls).toHaveBeenCalledTimes(2);
  });

  it('never repeats a GET that got an answer', async () => {
    const { fetch, calls } = fakeFetch(json(500, { message: 'boom' }));
    await apiWith(fetch).getCart();
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it.each<[string, (api: Api) => Promise<unknown>]>([
    ['an add to cart', (api) => api.addCartEntry({ itemId: 'prod-tee', sku: null, quantity: 1 })],
    ['a quantity change', (api) => api.changeEntryQuantity('e1', 2)],
    ['an entry removal', (api) => api.removeEntry('e1')],
    ['a form submission', (api) => api.saveFormSubmission(submission)],
    ['a subscription', (api) => api.createSubscriptionCart({ itemId: 'prod-box', sku: null, qty: 1 })],
  ])('never repeats %s on its own', async (_name, call) => {
    const { fetch, calls } = offlineFetch();
    await call(apiWith(fetch));
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('gives up after the time limit with a timeout error', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(() => new Promise<Response>(() => {})) as unknown as typeof globalThis.fetch;
    const api = createApi({ apiRoot: API_ROOT, fetch, doc: fakeDoc(''), timeoutMs: 5000 });
    const pending = api.getFormSubmissionKey();
    await vi.advanceTimersByTimeAsync(5000);
    expect(errorOf(await pending)).toEqual({ kind: 'timeout', status: 0, message: OFFLINE });
  });

  it('never repeats a GET that ran out of time, when the abort fails the request as browsers do', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(
      (input: Request | URL | string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          const signal = input instanceof Request ? input.signal : init?.signal;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const api = createApi({
      apiRoot: API_ROOT,
      fetch: fetch as unknown as typeof globalThis.fetch,
      doc: fakeDoc(''),
      timeoutMs: 5000,
    });
    const pending = api.getCart();
    await vi.advanceTimersByTimeAsync(5000);
    expect(errorOf(await pending)).toEqual({ kind: 'timeout', status: 0, message: OFFLINE });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives up on a body that stalls after the headers, within the same time limit', async () => {
    vi.useFakeTimers();
    const stalled = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"id":"cart-1","entr'));
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    const fetch = vi.fn(async () => stalled()) as unknown as typeof globalThis.fetch;
    const pending = apiWith(fetch).getCart(5000);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(errorOf(await pending)).toEqual({ kind: 'timeout', status: 0, message: OFFLINE });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps a repeated GET within the one time limit of the call', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const fetch = vi.fn(
      (input: Request | URL | string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          calls += 1;
          const signal = input instanceof Request ? input.signal : init?.signal;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          // The first connection fails late; the repeat never answers.
          if (calls === 1) setTimeout(() => reject(new TypeError('Failed to fetch')), 4800);
        }),
    ) as unknown as typeof globalThis.fetch;
    const pending = apiWith(fetch).getCart(5000);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(5100);
    expect(settled).toBe(true);
    expect(errorOf(await pending).kind).toBe('timeout');
  });

  it('gives a cart read the time limit its caller asks for', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(() => new Promise<Response>(() => {})) as unknown as typeof globalThis.fetch;
    const pending = apiWith(fetch).getCart(5000);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(errorOf(await pending)).toEqual({ kind: 'timeout', status: 0, message: OFFLINE });
  });

  it.each<[string, (api: Api) => Promise<ApiResult<unknown>>]>([
    ['button clicks', (api) => api.buttonClick({ visitorCookie: 'v' })],
    ['button renders', (api) => api.buttonRender({ visitorCookie: 'v' })],
    ['page views', (api) => api.recordHit({ event: 'view', data: { page: '/' } })],
    ['form renders', (api) => api.formRender({ formId: 'f', visitorCookie: 'v' })],
    ['overlays', (api) => api.overlay({ visitorCookie: 'v' })],
    ['quick views', (api) => api.recordQuickView('p1')],
  ])('stops waiting for census %s after 2500 ms', async (_name, call) => {
    vi.useFakeTimers();
    const fetch = vi.fn(() => new Promise<Response>(() => {})) as unknown as typeof globalThis.fetch;
    const pending = call(apiWith(fetch));
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(2499);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(errorOf(await pending).kind).toBe('timeout');
  });
});

describe('responses are parsed, never trusted', () => {
  it.each<[string, Response]>([
    ['a body that is not JSON', json(200, '{"shoppingCart": ')],
    ['an empty body', new Response('', { status: 200 })],
    ['a cart with a fractional price', json(200, { ...cart(), subtotalCents: 12.5 })],
    ['a cart whose entries are not a list', json(200, { ...cart(), entries: 'many' })],
    ['an entry with a negative quantity', json(200, cart([entry({ quantity: -1 })]))],
    ['an array', json(200, [cart()])],
  ])('rejects %s as an invalid response', async (_name, response) => {
    const { fetch } = fakeFetch(response);
    expect(errorOf(await apiWith(fetch).getCart())).toEqual({
      kind: 'invalid-response',
      status: 200,
      message: 'Please try again',
    });
  });

  const SPRING = { code: 'SPRING10', name: 'Spring sale', discountCents: 625 };
  const STANDARD = { id: 'standard', name: 'Standard', costCents: 450 };
  const CART_EXTRAS = {
    shippingOptions: [STANDARD, { id: 'express', name: 'Express', costCents: 1500 }],
    selectedShippingOption: STANDARD,
    shippingLocation: { country: 'US', region: 'NY', postalCode: '10001' },
    applicableTaxRules: [{ name: 'NY sales tax', rate: 8.875, taxCents: 444 }],
    coupons: [SPRING, { code: 'OLD', name: null, discountCents: 0 }],
    validCoupons: [SPRING],
    invalidCoupons: [{ code: 'OLD', name: null, discountCents: 0 }],
  };

  it('reads the shipping, tax and coupon fields of spec 000 §3', async () => {
    const { fetch } = fakeFetch(json(200, { ...cart(), ...CART_EXTRAS }));
    expect(dataOf(await apiWith(fetch).getCart())).toMatchObject(CART_EXTRAS);
  });

  it('reads absent or null shipping, tax and coupon fields as none', async () => {
    const bare: Record<string, unknown> = { ...cart() };
    for (const key of Object.keys(CART_EXTRAS)) delete bare[key];
    const { fetch } = fakeFetch(json(200, { ...bare, applicableTaxRules: null, coupons: null }));
    expect(dataOf(await apiWith(fetch).getCart())).toMatchObject({
      shippingOptions: [],
      selectedShippingOption: null,
      shippingLocation: null,
      applicableTaxRules: [],
      coupons: [],
      validCoupons: [],
      invalidCoupons: [],
    });
  });

  it.each<[string, Record<string, unknown>]>([
    ['shipping options that are not a list', { shippingOptions: 'standard' }],
    ['a shipping option without a name', { shippingOptions: [{ id: 'a', costCents: 0 }] }],
    [
      'a chosen shipping option with a fractional cost',
      { selectedShippingOption: { ...STANDARD, costCents: 4.5 } },
    ],
    ['a shipping location with a country name', { shippingLocation: { country: 'United States' } }],
    ['a tax rule above 100 %', { applicableTaxRules: [{ name: 'x', rate: 150, taxCents: 0 }] }],
    ['a coupon without a code', { coupons: [{ name: 'Spring', discountCents: 100 }] }],
    ['a valid coupon with a negative discount', { validCoupons: [{ code: 'A', discountCents: -100 }] }],
    ['invalid coupons that are an object', { invalidCoupons: { code: 'A' } }],
  ])('rejects %s as an invalid response', async (_name, extra) => {
    const { fetch } = fakeFetch(json(200, { ...cart(), ...extra }));
    expect(errorOf(await apiWith(fetch).getCart()).kind).toBe('invalid-response');
  });

  it('rejects an add whose newlyAdded entry is missing', async () => {
    const { fetch } = fakeFetch(json(200, { shoppingCart: cart() }));
    const result = await apiWith(fetch).addCartEntry({ itemId: 'prod-tee', sku: 'TEE-M-BLK', quantity: 1 });
    expect(errorOf(result).kind).toBe('invalid-response');
  });

  it('rejects stock results without a quantity', async () => {
    const { fetch } = fakeFetch(json(200, { results: [{ sku: 'A', unlimited: false }] }));
    expect(errorOf(await apiWith(fetch).getStock('prod-tee')).kind).toBe('invalid-response');
  });

  it('reads the empty cart of a visitor without one', async () => {
    const { fetch } = fakeFetch(json(200, cart([], { id: '' })));
    expect(dataOf(await apiWith(fetch).getCart())).toMatchObject({ id: '', entries: [], totalQuantity: 0 });
  });

  it('drops a success redirect that leaves the site', async () => {
    const { fetch } = fakeFetch(
      json(200, {
        id: 'form-contact',
        name: 'Contact',
        fields: [],
        successRedirect: ['javascript', 'alert(1)'].join(':'),
      }),
    );
    expect(dataOf(await apiWith(fetch).getFormSchema('form-contact')).successRedirect).toBeNull();
  });
});

describe('the crumb', () => {
  it.each<[string, (api: Api) => Promise<unknown>]>([
    ['add to cart', (api) => api.addCartEntry({ itemId: 'prod-tee', sku: null, quantity: 1 })],
    [
      'form update',
      (api) => api.updateEntryAdditionalFields('e1', { itemId: 'i', sku: null, additionalFields: {} }),
    ],
    ['a quantity change', (api) => api.changeEntryQuantity('e1', 2)],
    ['a removal', (api) => api.removeEntry('e1')],
    ['a form key request', (api) => api.getFormSubmissionKey()],
    [
      'a restock sign-up',
      (api) =>
        api.restockSignUp({
          productId: 'p',
          variantId: null,
          siteVisitorEmail: 'a@b.co',
          isJoinMailingList: false,
        }),
    ],
    ['an error report', (api) => api.recordJavascriptErrors([{ message: 'x' }])],
  ])('goes in the X-CSRF-Token header of %s', async (_name, call) => {
    const { fetch, seen } = fakeFetch(json(200, {}));
    await call(apiWith(fetch, 'other=1; crumb=abc%2D123'));
    expect(seen[0]?.headers.get('X-CSRF-Token')).toBe('abc-123');
  });

  it('is not sent with a read', async () => {
    const { fetch, seen } = fakeFetch(json(200, cart()));
    await apiWith(fetch, 'crumb=abc').getCart();
    expect(seen[0]?.headers.get('X-CSRF-Token')).toBeNull();
  });

  it('goes in the form body of RecordEvent', async () => {
    const { fetch, seen } = fakeFetch(noContent());
    await apiWith(fetch, 'crumb=abc').recordEvent({ event: 'view', data: { eventName: 'view' } });
    const form = new URLSearchParams(seen[0]?.body);
    expect(form.get('crumb')).toBe('abc');
    expect(JSON.parse(form.get('data') ?? '')).toEqual({ eventName: 'view' });
  });
});

describe('requests', () => {
  const cartBody = { shoppingCart: cart(), newlyAdded: entry() };
  it.each<[string, (api: Api) => Promise<ApiResult<unknown>>, Response, string, string]>([
    ['getCart', (api) => api.getCart(), json(200, cart()), 'GET', '/api/commerce/shopping-cart'],
    [
      'addCartEntry',
      (api) => api.addCartEntry({ itemId: 'p', sku: 's', quantity: 1 }),
      json(200, cartBody),
      'POST',
      '/api/commerce/shopping-cart/entries',
    ],
    [
      'updateEntryAdditionalFields',
      (api) =>
        api.updateEntryAdditionalFields('e 1', { itemId: 'p', sku: 's', additionalFields: { a: 'b' } }),
      json(200, { shoppingCart: cart(), updatedEntry: entry() }),
      'PUT',
      '/api/commerce/shopping-cart/entries/e%201/additionalFields',
    ],
    [
      'changeEntryQuantity',
      (api) => api.changeEntryQuantity('e1', 3),
      json(200, { shoppingCart: cart(), updatedEntry: null }),
      'PUT',
      '/api/commerce/shopping-cart/entries/e1/quantity',
    ],
    [
      'removeEntry',
      (api) => api.removeEntry('e1'),
      json(200, { shoppingCart: cart() }),
      'DELETE',
      '/api/commerce/shopping-cart/entries/e1',
    ],
    [
      'createSubscriptionCart',
      (api) => api.createSubscriptionCart({ itemId: 'p', sku: 's', qty: 1 }),
      json(200, { cartToken: 't' }),
      'POST',
      '/api/3/commerce/cart/subscription',
    ],
    [
      'getStock',
      (api) => api.getStock('p'),
      json(200, { results: [] }),
      'GET',
      '/api/commerce/inventory/stock/',
    ],
    [
      'getFormSchema',
      (api) => api.getFormSchema('f'),
      json(200, { id: 'f', fields: [] }),
      'GET',
      '/api/template/GetTemplateSchema',
    ],
    [
      'getFormSubmissionKey',
      (api) => api.getFormSubmissionKey(),
      json(200, { key: 'k' }),
      'POST',
      '/api/form/FormSubmissionKey',
    ],
    [
      'saveFormSubmission',
      (api) => api.saveFormSubmission(submission),
      json(200, { success: true }),
      'POST',
      '/api/form/SaveFormSubmission',
    ],
    [
      'getRestockSignUps',
      (api) => api.getRestockSignUps({ productId: 'p', variantId: 'v' }),
      json(200, { signUps: [], hasNextPage: false, nextPageCursor: null }),
      'GET',
      '/api/site-users/account/notifications/restock',
    ],
    [
      'sendRestock',
      (api) => api.sendRestock({ productId: 'p', variantId: 'v' }),
      json(200, { sent: 1 }),
      'POST',
      '/api/site-users/account/notifications/restock/send',
    ],
    [
      'sendRestockAll',
      (api) => api.sendRestockAll([{ productId: 'p', variantId: 'v' }]),
      json(200, { sent: 1 }),
      'POST',
      '/api/site-users/account/notifications/restock/send/all',
    ],
    [
      'recordJavascriptErrors',
      (api) => api.recordJavascriptErrors([{ message: 'x' }]),
      noContent(),
      'POST',
      '/api/events/RecordJavascriptErrors',
    ],
    [
      'recordHit',
      (api) => api.recordHit({ event: 'view', data: {} }),
      noContent(),
      'POST',
      '/api/census/RecordHit',
    ],
    ['formRender', (api) => api.formRender({ formId: 'f' }), noContent(), 'POST', '/api/census/form-render'],
    ['overlay', (api) => api.overlay({ visitorCookie: 'v' }), noContent(), 'POST', '/api/census/overlay'],
    [
      'recordQuickView',
      (api) => api.recordQuickView('p1'),
      noContent(),
      'POST',
      '/api/census/RecordQuickView/p1',
    ],
    [
      'performanceSettings',
      (api) => api.performanceSettings(),
      json(200, { pageLoadId: 'pl', flushAfterMs: 30000 }),
      'GET',
      '/api/1/performance/settings',
    ],
    [
      'performanceRecords',
      (api) => api.performanceRecords([{ eventType: 'user' }]),
      noContent(),
      'POST',
      '/api/1/performance/records',
    ],
    [
      'recordEvent',
      (api) => api.recordEvent({ event: 'e', data: {} }),
      noContent(),
      'POST',
      '/api/events/RecordEvent',
    ],
  ])('%s calls its endpoint and resolves ok', async (_name, call, reply, method, path) => {
    const { fetch, seen } = fakeFetch(reply);
    const result = await call(apiWith(fetch));
    expect(result.ok).toBe(true);
    expect(seen[0]?.method).toBe(method);
    expect(seen[0]?.url.pathname).toBe(path);
  });

  it('sends additional fields as a JSON string', async () => {
    const { fetch, seen } = fakeFetch(json(200, { shoppingCart: cart(), newlyAdded: entry() }));
    await apiWith(fetch).addCartEntry({
      itemId: 'p',
      sku: null,
      quantity: 2,
      additionalFields: { name: 'Ada' },
    });
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({
      itemId: 'p',
      sku: null,
      quantity: 2,
      additionalFields: '{"name":"Ada"}',
    });
  });

  it('form-encodes census hits', async () => {
    const { fetch, seen } = fakeFetch(noContent());
    await apiWith(fetch).recordHit({ event: 'view', data: { page: '/' }, ss_cvr: 'abc' });
    expect(seen[0]?.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    const form = new URLSearchParams(seen[0]?.body);
    expect([form.get('event'), form.get('data'), form.get('ss_cvr')]).toEqual([
      'view',
      '{"page":"/"}',
      'abc',
    ]);
  });

  it('asks for the sign-ups of a group with no variant by product alone, and sends it with a null variant', async () => {
    const { fetch, seen } = fakeFetch(json(200, { signUps: [], hasNextPage: false, nextPageCursor: null }));
    await apiWith(fetch).getRestockSignUps({ productId: 'p', variantId: null });
    expect([...(seen[0]?.url.searchParams.entries() ?? [])]).toEqual([['productId', 'p']]);
    const send = fakeFetch(json(200, { sent: 1 }));
    await apiWith(send.fetch).sendRestock({ productId: 'p', variantId: null });
    expect(JSON.parse(send.seen[0]?.body ?? '')).toEqual({ productId: 'p', variantId: null });
  });

  it('asks for the stock of one item', async () => {
    const { fetch, seen } = fakeFetch(
      json(200, { results: [{ sku: null, variantId: 'v', unlimited: true, qtyInStock: 0 }] }),
    );
    const data = dataOf(await apiWith(fetch).getStock('prod-ebook'));
    expect(seen[0]?.url.searchParams.get('itemId')).toBe('prod-ebook');
    expect(data.results).toEqual([{ unlimited: true, qtyInStock: 0 }]);
  });
});

describe('restock groups', () => {
  const group = (productId: string) => ({
    productId,
    variantId: 'v',
    sku: 'S',
    title: productId,
    attributes: {},
    signUpCount: 1,
    pendingCount: 1,
    unlimited: false,
    qtyInStock: 0,
    lastSentOn: null,
  });

  it.each([
    ['absent', undefined, null],
    ['a count', 3, 3],
  ])('reads unconfirmedCount %s as %j', async (_name, unconfirmedCount, expected) => {
    const { fetch } = fakeFetch(
      json(200, {
        signUpGroups: [{ ...group('a'), unconfirmedCount }],
        hasNextPage: false,
        nextPageCursor: null,
      }),
    );
    const [first] = dataOf(await apiWith(fetch).getAllRestockGroups());
    expect(first?.unconfirmedCount).toBe(expected);
  });

  it('refuses a group whose unconfirmedCount is not a count', async () => {
    const { fetch } = fakeFetch(
      json(200, {
        signUpGroups: [{ ...group('a'), unconfirmedCount: -1 }],
        hasNextPage: false,
        nextPageCursor: null,
      }),
    );
    expect(errorOf(await apiWith(fetch).getAllRestockGroups()).kind).toBe('invalid-response');
  });

  // A time no `Date` can hold (nanoseconds, say) would throw when the owner's tools print it.
  it('refuses a group whose lastSentOn is past what a date can hold', async () => {
    const { fetch } = fakeFetch(
      json(200, {
        signUpGroups: [{ ...group('a'), lastSentOn: 1.7e18 }],
        hasNextPage: false,
        nextPageCursor: null,
      }),
    );
    expect(errorOf(await apiWith(fetch).getAllRestockGroups()).kind).toBe('invalid-response');
  });

  it('follows the cursor through every page', async () => {
    const { fetch, seen } = fakeFetch(
      json(200, { signUpGroups: [group('a')], hasNextPage: true, nextPageCursor: 'c1' }),
      json(200, { signUpGroups: [group('b')], hasNextPage: true, nextPageCursor: 'c2' }),
      json(200, { signUpGroups: [group('c')], hasNextPage: false, nextPageCursor: null }),
    );
    const groups = dataOf(await apiWith(fetch).getAllRestockGroups());
    expect(groups.map((g) => g.productId)).toEqual(['a', 'b', 'c']);
    expect(seen.map((s) => s.url.searchParams.get('cursor'))).toEqual([null, 'c1', 'c2']);
  });

  it('stops with an error when the server repeats a cursor', async () => {
    const { fetch, calls } = fakeFetch(
      json(200, { signUpGroups: [group('a')], hasNextPage: true, nextPageCursor: 'same' }),
    );
    expect(errorOf(await apiWith(fetch).getAllRestockGroups()).kind).toBe('invalid-response');
    expect(calls).toHaveBeenCalledTimes(2);
  });

  it('passes on the failure of any page', async () => {
    const { fetch } = fakeFetch(
      json(200, { signUpGroups: [group('a')], hasNextPage: true, nextPageCursor: 'c1' }),
      json(401, { message: 'Sign in to manage restock notifications.' }),
    );
    expect(errorOf(await apiWith(fetch).getAllRestockGroups()).message).toBe(
      'Sign in to manage restock notifications.',
    );
  });
});

describe('analytics calls made as the page is left', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each<[string, (api: Api, send?: SendOptions) => Promise<ApiResult<unknown>>]>([
    ['recordHit', (api, send) => api.recordHit({ event: 'view', data: {} }, send)],
    ['buttonClick', (api, send) => api.buttonClick({}, send)],
    ['buttonRender', (api, send) => api.buttonRender({}, send)],
    ['formRender', (api, send) => api.formRender({ formId: 'f' }, send)],
    ['overlay', (api, send) => api.overlay({}, send)],
    ['recordQuickView', (api, send) => api.recordQuickView('p', send)],
    ['performanceRecords', (api, send) => api.performanceRecords([{ eventType: 'user' }], send)],
    ['recordEvent', (api, send) => api.recordEvent({ event: 'e', data: {} }, send)],
  ])('%s goes as a keep-alive request when asked, else as an ordinary one', async (_name, call) => {
    vi.stubGlobal('Request', KeepAliveRequest);
    const keepalive: boolean[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      keepalive.push(new KeepAliveRequest(input, init).keepalive);
      return noContent();
    });
    const api = apiWith(fetch as unknown as typeof globalThis.fetch);
    expect((await call(api, { keepalive: true })).ok).toBe(true);
    expect((await call(api)).ok).toBe(true);
    expect(keepalive).toEqual([true, false]);
  });
});

describe('analytics failures are silent', () => {
  it.each<[string, (api: Api) => Promise<ApiResult<unknown>>]>([
    ['recordHit', (api) => api.recordHit({ event: 'view', data: {} })],
    ['buttonClick', (api) => api.buttonClick({})],
    ['formRender', (api) => api.formRender({ formId: 'f' })],
    ['overlay', (api) => api.overlay({})],
    ['recordQuickView', (api) => api.recordQuickView('p')],
    ['performanceRecords', (api) => api.performanceRecords([])],
    ['recordEvent', (api) => api.recordEvent({ event: 'e', data: {} })],
  ])('%s resolves ok:false without logging', async (_name, call) => {
    const log = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn'), vi.spyOn(console, 'log')];
    const { fetch } = offlineFetch();
    expect((await call(apiWith(fetch))).ok).toBe(false);
    for (const spy of log) expect(spy).not.toHaveBeenCalled();
  });
});

describe('the cart read query (spec 000 §7)', () => {
  it('sends a fresh timecode with every read, and no mock for a shopper', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000, toFake: ['Date'] });
    const { fetch, seen } = fakeFetch(json(200, cart()));
    const api = apiWith(fetch);
    await api.getCart();
    vi.setSystemTime(1_700_000_000_500);
    await api.getCart();
    expect(seen.map((s) => s.url.searchParams.get('timecode'))).toEqual(['1700000000000', '1700000000500']);
    expect(seen[0]?.url.searchParams.get('calculateSubtotal')).toBe('true');
    expect(seen[0]?.url.searchParams.has('mock')).toBe(false);
  });

  it('asks for the sample cart when the site context says mockCart', async () => {
    const { fetch, seen } = fakeFetch(json(200, cart()));
    const client = createClient({ apiRoot: API_ROOT, fetch, doc: fakeDoc('crumb=t', true) });
    const api = createPageApi(
      async () => client,
      () => parseSiteContext({ mockCart: true }).context.mockCart,
    );
    await api.getCart();
    expect(seen[0]?.url.searchParams.get('mock')).toBe('true');
  });
});
