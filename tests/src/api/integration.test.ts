// @vitest-environment node
/**
 * The api client against the real reference server (demo/server, SQLite in memory): every
 * endpoint's success and failure shapes as a widget would see them, plus faults on the wire.
 */
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer } from '../../../demo/server/app.js';
import { createApi, type Api, type FormSubmissionPayload } from '../../../src/api/index.js';
import type { ApiResult } from '../../../src/api/types.js';
import { createCartStore } from '../../../src/store/index.js';

const SESSION_EXPIRED = 'Your session has expired. Please reload the page and try again.';
const ENABLE_COOKIES = 'Please enable cookies in your browser, reload the page, and try again.';
const NOT_ENOUGH = 'Sorry, we do not have enough of that item available.';

/** Node's fetch keeps no cookies: this jar plays the browser's part for one visitor. */
class CookieJar {
  readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  store(setCookie: string): void {
    const [pair = '', ...attributes] = setCookie.split(';');
    const eq = pair.indexOf('=');
    if (eq < 1) return;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key = '', raw = ''] = attribute.split('=').map((part) => part.trim());
      if (key.toLowerCase() === 'max-age') return Number(raw) <= 0;
      if (key.toLowerCase() === 'expires') return Date.parse(raw) <= Date.now();
      return false;
    });
    if (expired) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  readonly fetch = vi.fn(async (input: Request | URL | string, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    const cookie = this.header();
    if (cookie) headers.set('cookie', cookie);
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    const response = await fetch(request.url, {
      method: request.method,
      headers,
      signal: request.signal,
      ...(body === undefined ? {} : { body }),
    });
    for (const setCookie of response.headers.getSetCookie()) this.store(setCookie);
    return response;
  });

  /** A document as the api sees it: the jar's cookies, and whether cookies are on. */
  doc(cookieEnabled = true): Document {
    const read = (): string => this.header();
    return {
      get cookie() {
        return read();
      },
      defaultView: { navigator: { cookieEnabled } },
    } as unknown as Document;
  }
}

interface Visitor {
  readonly jar: CookieJar;
  readonly api: Api;
}

let app: FastifyInstance;
let origin: string;

const visitor = async (
  options: { cookieEnabled?: boolean; timeoutMs?: number; root?: string } = {},
): Promise<Visitor> => {
  const jar = new CookieJar();
  const api = createApi({
    apiRoot: `${options.root ?? origin}/api/`,
    fetch: jar.fetch as unknown as typeof fetch,
    doc: jar.doc(options.cookieEnabled ?? true),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  // A page visit: the server hands out the crumb with the first GET.
  await api.getCart();
  return { jar, api };
};

const dataOf = <T>(result: ApiResult<T>): T => {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.data;
};

const errorOf = <T>(result: ApiResult<T>) => {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  return result.error;
};

const control = async (method: string, path: string, body?: unknown): Promise<Response> =>
  fetch(`${origin}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const fault = async (spec: Record<string, unknown>): Promise<void> => {
  const response = await control('POST', '/__faults', spec);
  expect(response.status).toBe(201);
};

const setStock = async (itemId: string, sku: string, qtyInStock: number): Promise<void> => {
  expect((await control('PUT', '/__stock', { itemId, sku, qtyInStock })).status).toBe(200);
};

const count = (table: string): number =>
  (app.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

beforeAll(async () => {
  app = await createServer({
    dbPath: ':memory:',
    faults: true,
    restockPageSize: 2,
    rateLimit: {
      addToCart: { max: 10_000, timeWindowMs: 60_000 },
      restockSignUp: { max: 10_000, timeWindowMs: 60_000 },
      formKey: { max: 10_000, timeWindowMs: 60_000 },
      formSubmission: { max: 10_000, timeWindowMs: 60_000 },
    },
  });
  origin = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
});

afterAll(async () => {
  await app.close();
});

describe('cart', () => {
  it('reads an empty cart for a new visitor without creating one', async () => {
    const { api, jar } = await visitor();
    expect(dataOf(await api.getCart())).toMatchObject({
      id: '',
      entries: [],
      totalQuantity: 0,
      subtotalCents: 0,
    });
    expect(jar.cookies.has('CART')).toBe(false);
    expect(jar.cookies.has('crumb')).toBe(true);
  });

  it('adds an entry, sets the cart cookies and reads the same cart back', async () => {
    const { api, jar } = await visitor();
    const added = dataOf(await api.addCartEntry({ itemId: 'prod-tee', sku: 'TEE-S-BLK', quantity: 2 }));
    expect(added.newlyAdded).toMatchObject({
      itemId: 'prod-tee',
      quantity: 2,
      chosenVariant: { sku: 'TEE-S-BLK' },
    });
    expect(added.shoppingCart.totalQuantity).toBe(2);
    expect(added.shoppingCart.subtotalCents).toBe(added.newlyAdded.purchasePriceCents * 2);
    expect(jar.cookies.get('CART')).toBe(added.shoppingCart.id);
    expect(jar.cookies.get('hasCart')).toBe('true');
    expect(dataOf(await api.getCart())).toEqual(added.shoppingCart);
  });

  it.each<[string, Parameters<Api['addCartEntry']>[0], number, string]>([
    [
      'an unknown item',
      { itemId: 'prod-missing', sku: null, quantity: 1 },
      404,
      'Sorry, that item is unavailable.',
    ],
    [
      'a fractional quantity',
      { itemId: 'prod-tee', sku: 'TEE-S-BLK', quantity: 1.5 },
      400,
      'Quantity must be a whole number.',
    ],
    [
      'a product with variants but no sku',
      { itemId: 'prod-tee', sku: null, quantity: 1 },
      400,
      'Sorry, that item variant is unavailable. Please select another variant.',
    ],
    [
      'a gift card without a denomination',
      { itemId: 'prod-gift-card', sku: null, quantity: 1 },
      400,
      'Select a denomination for the Gift Card.',
    ],
    ['a sold-out variant', { itemId: 'prod-poster', sku: 'POSTER-A2', quantity: 1 }, 409, NOT_ENOUGH],
    ['more than the stock', { itemId: 'prod-tee', sku: 'TEE-M-BLK', quantity: 4 }, 409, NOT_ENOUGH],
  ])('refuses %s with the server message', async (_name, input, status, message) => {
    const { api } = await visitor();
    expect(errorOf(await api.addCartEntry(input))).toMatchObject({ kind: 'http', status, message });
  });

  it('refuses a malformed payload with a 400', async () => {
    const { api } = await visitor();
    const input = { itemId: 'prod-tee', sku: 'TEE-S-BLK', quantity: 'two' } as unknown as Parameters<
      Api['addCartEntry']
    >[0];
    expect(errorOf(await api.addCartEntry(input))).toMatchObject({
      status: 400,
      message: 'Quantity must be a number.',
    });
  });

  it('lets exactly one of several concurrent adds take the last unit', async () => {
    const { api } = await visitor();
    dataOf(await api.addCartEntry({ itemId: 'prod-workshop', sku: 'WORKSHOP-2H', quantity: 1 }));
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.addCartEntry({ itemId: 'prod-tee', sku: 'TEE-M-WHT', quantity: 1 }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error.message)).toEqual(
      Array(4).fill(NOT_ENOUGH),
    );
    const cart = dataOf(await api.getCart());
    expect(cart.entries.filter((e) => e.chosenVariant?.sku === 'TEE-M-WHT').map((e) => e.quantity)).toEqual([
      1,
    ]);
  });

  it('changes a quantity, refuses more than the stock, and removes an entry', async () => {
    const { api } = await visitor();
    const { newlyAdded } = dataOf(
      await api.addCartEntry({ itemId: 'prod-tee', sku: 'TEE-L-WHT', quantity: 1 }),
    );
    expect(dataOf(await api.changeEntryQuantity(newlyAdded.id, 3)).shoppingCart.totalQuantity).toBe(3);
    expect(errorOf(await api.changeEntryQuantity(newlyAdded.id, 99))).toMatchObject({
      status: 409,
      message: NOT_ENOUGH,
    });
    expect(dataOf(await api.removeEntry(newlyAdded.id)).shoppingCart.entries).toEqual([]);
    expect(errorOf(await api.removeEntry(newlyAdded.id)).status).toBe(404);
  });

  it('saves additional fields with the entry and updates them', async () => {
    const { api } = await visitor();
    const answers = { 'engraving-text': 'For Ada', font: 'Serif' };
    const added = dataOf(
      await api.addCartEntry({
        itemId: 'prod-engraved-mug',
        sku: 'MUG-ENGRAVED',
        quantity: 1,
        additionalFields: answers,
      }),
    );
    expect(added.newlyAdded.additionalFields).toMatchObject(answers);
    const updated = dataOf(
      await api.updateEntryAdditionalFields(added.newlyAdded.id, {
        itemId: 'prod-engraved-mug',
        sku: 'MUG-ENGRAVED',
        additionalFields: { 'engraving-text': 'For Grace', font: 'Sans' },
      }),
    );
    expect(updated.updatedEntry.additionalFields).toMatchObject({
      'engraving-text': 'For Grace',
      font: 'Sans',
    });
    const invalid = errorOf(
      await api.updateEntryAdditionalFields(added.newlyAdded.id, {
        itemId: 'prod-engraved-mug',
        sku: 'MUG-ENGRAVED',
        additionalFields: { 'engraving-text': '', font: 'Serif' },
      }),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.message).toBe('One or more fields is invalid, please check your entries.');
  });

  it('creates a subscription cart, and refuses a product that is not subscribable', async () => {
    const { api } = await visitor();
    expect(
      dataOf(await api.createSubscriptionCart({ itemId: 'prod-coffee-club', sku: 'COFFEE-LIGHT', qty: 1 }))
        .cartToken,
    ).toMatch(/.+/);
    expect(
      errorOf(await api.createSubscriptionCart({ itemId: 'prod-tee', sku: 'TEE-S-BLK', qty: 1 })),
    ).toMatchObject({
      status: 400,
      message: 'This product is not available as a subscription.',
    });
  });

  it('reads the stock of every variant', async () => {
    const { api } = await visitor();
    const { results } = dataOf(await api.getStock('prod-tee'));
    expect(results).toHaveLength(6);
    expect(results[0]).toEqual({
      sku: 'TEE-S-BLK',
      unlimited: false,
      qtyInStock: expect.any(Number) as number,
    });
    expect(errorOf(await api.getStock('prod-missing')).status).toBe(404);
  });

  it('keeps two stores of one visitor in step through the server', async () => {
    const { api } = await visitor();
    const store = createCartStore({ api, broadcast: false });
    await store.getState().addEntry({ itemId: 'prod-tee', sku: 'TEE-S-WHT', quantity: 2 });
    const second = createCartStore({ api, broadcast: false });
    await second.getState().load();
    expect(second.getState().cart).toEqual(store.getState().cart);
  });
});

describe('the crumb', () => {
  it.each<[string, boolean, string]>([
    ['with cookies on', true, SESSION_EXPIRED],
    ['with cookies off', false, ENABLE_COOKIES],
  ])('a missing crumb gives the catalogued text %s', async (_name, cookieEnabled, message) => {
    const { api, jar } = await visitor({ cookieEnabled });
    jar.cookies.delete('crumb');
    const error = errorOf(await api.addCartEntry({ itemId: 'prod-tee', sku: 'TEE-S-BLK', quantity: 1 }));
    expect(error).toMatchObject({ kind: 'http', status: 401, crumbFail: true, message });
  });

  it('a stale crumb fails, and the fresh one the server sends back works', async () => {
    const { api, jar } = await visitor();
    jar.cookies.set('crumb', 'revoked-or-never-issued-crumb-value-000000000');
    const failed = errorOf(await api.addCartEntry({ itemId: 'prod-tee', sku: 'TEE-S-BLK', quantity: 1 }));
    expect(failed.message).toBe(SESSION_EXPIRED);
    expect(
      dataOf(await api.addCartEntry({ itemId: 'prod-tee', sku: 'TEE-S-BLK', quantity: 1 })).shoppingCart
        .totalQuantity,
    ).toBe(1);
  });

  it('a missing crumb stops the form key request too', async () => {
    const { api, jar } = await visitor();
    jar.cookies.delete('crumb');
    expect(errorOf(await api.getFormSubmissionKey())).toMatchObject({
      status: 401,
      message: SESSION_EXPIRED,
    });
  });

  it('a page on another origin without a crumb yet gets one from the refusal and adds on the retry', async () => {
    const jar = new CookieJar();
    const doc = {
      get cookie() {
        return jar.header();
      },
      defaultView: { navigator: { cookieEnabled: true }, location: { origin: 'http://localhost:5173' } },
    } as unknown as Document;
    const report = vi.fn();
    const api = createApi({
      apiRoot: `${origin}/api/`,
      fetch: jar.fetch as unknown as typeof fetch,
      doc,
      report,
    });
    const added = dataOf(await api.addCartEntry({ itemId: 'prod-tee', sku: 'TEE-S-BLK', quantity: 1 }));
    expect(added.shoppingCart.totalQuantity).toBe(1);
    expect(report).not.toHaveBeenCalled();
    const statuses = await Promise.all(
      jar.fetch.mock.results.map(async (r) => ((await r.value) as Response).status),
    );
    expect(statuses).toEqual([401, 200]);
    expect((jar.fetch.mock.calls[1]?.[0] as Request).credentials).toBe('include');
  });

  // Across sites the browser sends the API no SameSite cookies, and the crumb the API sets lives on
  // the API's host: the page's cookies never hold it, however often the shopper reloads.
  const pageOnAnotherSite = (cookieEnabled = true) => {
    const report = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const doc = {
      cookie: '',
      defaultView: { navigator: { cookieEnabled }, location: { origin: 'http://localhost:5173' } },
    } as unknown as Document;
    const api = createApi({ apiRoot: `${origin}/api/`, doc, report });
    return { api, report, consoleError };
  };

  it('a page on another site keeps the catalogued text and tells the developer why, once', async () => {
    const { api, report, consoleError } = pageOnAnotherSite();
    const told =
      `The API at ${origin} refused a write for its missing crumb, and this page ` +
      '(http://localhost:5173) cannot read the crumb cookie that API sets: it is on another host, ' +
      'and on another site the browser does not send it the cookies either. Every write fails this ' +
      "way and reloading does not help. Serve the API from this page's host (any port), or serve " +
      "/api/ from this page's origin through your dev server's proxy with the default apiRoot.";
    for (let write = 0; write < 2; write++) {
      const error = errorOf(await api.addCartEntry({ itemId: 'prod-tee', sku: 'TEE-S-BLK', quantity: 1 }));
      expect(error).toMatchObject({ status: 401, crumbFail: true, message: SESSION_EXPIRED });
    }
    // The developer's text is its own chunk, loaded with the first such failure.
    await vi.waitFor(() => expect(report).toHaveBeenCalled());
    expect(report.mock.calls).toEqual([[new Error(told), { code: 'API_CROSS_SITE' }]]);
    expect(consoleError.mock.calls).toEqual([[`[storefront] ${told}`]]);
  });

  it('a page on another site with cookies off asks for cookies and reports nothing more', async () => {
    const { api, report, consoleError } = pageOnAnotherSite(false);
    const error = errorOf(await api.addCartEntry({ itemId: 'prod-tee', sku: 'TEE-S-BLK', quantity: 1 }));
    expect(error).toMatchObject({ status: 401, crumbFail: true, message: ENABLE_COOKIES });
    await vi.dynamicImportSettled();
    expect(report).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('a crumb failure on a form submission is an expired session', async () => {
    const { api, jar } = await visitor();
    const { key } = dataOf(await api.getFormSubmissionKey());
    jar.cookies.delete('crumb');
    expect(errorOf(await api.saveFormSubmission(contactSubmission(key))).message).toBe(SESSION_EXPIRED);
  });
});

const contactSubmission = (
  key: string,
  form: Record<string, unknown> = validContact,
): FormSubmissionPayload => ({
  key,
  formId: 'form-contact',
  form,
  pageTitle: 'Contact',
  pageId: 'page-contact',
  contentSource: 'c',
  pagePath: '/contact',
  pagePermissionTypeValue: 1,
});

const validContact = {
  name: { first: 'Ada', last: 'Lovelace' },
  email: 'ada@example.com',
  message: 'Hello there',
};

describe('forms', () => {
  it('reads a form schema', async () => {
    const { api } = await visitor();
    const schema = dataOf(await api.getFormSchema('form-contact'));
    expect(schema).toMatchObject({
      id: 'form-contact',
      name: 'Contact us',
      kind: 'site',
      isNewsletter: false,
    });
    expect(schema.fields.find((f) => f.id === 'message')).toMatchObject({
      type: 'textarea',
      required: true,
      maxLength: 500,
    });
  });

  it('says an unknown form has not been configured yet', async () => {
    const { api } = await visitor();
    expect(errorOf(await api.getFormSchema('form-missing'))).toMatchObject({
      status: 404,
      message: 'This form has not been configured yet.',
    });
  });

  it('validates answers on the server and returns the field messages', async () => {
    const { api } = await visitor();
    expect((await api.validateForm('form-engraving', { 'engraving-text': 'Hi', font: 'Serif' })).ok).toBe(
      true,
    );
    const error = errorOf(await api.validateForm('form-engraving', { 'engraving-text': '', font: 'Comic' }));
    expect(error.fieldErrors).toEqual({
      'engraving-text': 'Required',
      font: 'Comic is not one of the expected options',
    });
  });

  it('stores an accepted submission: nothing is lost', async () => {
    const { api } = await visitor();
    const before = count('form_submissions');
    const { key } = dataOf(await api.getFormSubmissionKey());
    expect((await api.saveFormSubmission(contactSubmission(key))).ok).toBe(true);
    expect(count('form_submissions')).toBe(before + 1);
    const row = app.db
      .prepare('SELECT form_id, data_json, page_path FROM form_submissions ORDER BY created DESC LIMIT 1')
      .get() as { form_id: string; data_json: string; page_path: string };
    expect(row.form_id).toBe('form-contact');
    expect(row.page_path).toBe('/contact');
    expect(JSON.parse(row.data_json)).toMatchObject({ email: 'ada@example.com', message: 'Hello there' });
  });

  it.each<[string, (key: string) => FormSubmissionPayload, number, string]>([
    ['a used key', (key) => contactSubmission(key), 401, 'Unable to submit form. Please try again later.'],
    [
      'an unknown form',
      (key) => ({ ...contactSubmission(key), formId: 'form-missing' }),
      404,
      'This form has not been configured yet.',
    ],
  ])('maps %s to its text', async (_name, payload, status, message) => {
    const { api } = await visitor();
    const { key } = dataOf(await api.getFormSubmissionKey());
    if (status === 401) dataOf(await api.saveFormSubmission(contactSubmission(key)));
    expect(errorOf(await api.saveFormSubmission(payload(key)))).toMatchObject({ status, message });
  });

  it('puts field errors of a rejected submission on their fields', async () => {
    const { api } = await visitor();
    const { key } = dataOf(await api.getFormSubmissionKey());
    const error = errorOf(
      await api.saveFormSubmission(contactSubmission(key, { ...validContact, email: 'nope' })),
    );
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({
      email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
    });
  });

  it('shows the server text for a malformed submission', async () => {
    const { api } = await visitor();
    const { key } = dataOf(await api.getFormSubmissionKey());
    const payload = { ...contactSubmission(key), form: 'not a map' } as unknown as FormSubmissionPayload;
    const error = errorOf(await api.saveFormSubmission(payload));
    expect(error.status).toBe(400);
    expect(error.message).not.toBe('');
    expect(error.fieldErrors).toBeUndefined();
  });

  it('asks for the captcha when the form has one', async () => {
    const { api } = await visitor();
    const { key } = dataOf(await api.getFormSubmissionKey());
    const payload = { ...contactSubmission(key, { comments: 'Great' }), formId: 'form-feedback' };
    expect(errorOf(await api.saveFormSubmission(payload))).toMatchObject({
      status: 400,
      message: 'Complete CAPTCHA before submitting.',
    });
  });
});

describe('rate limits', () => {
  let limited: FastifyInstance;
  let limitedOrigin: string;

  beforeAll(async () => {
    limited = await createServer({
      dbPath: ':memory:',
      rateLimit: {
        addToCart: { max: 2, timeWindowMs: 60_000 },
        formSubmission: { max: 1, timeWindowMs: 60_000 },
      },
    });
    limitedOrigin = (await limited.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  });

  afterAll(async () => {
    await limited.close();
  });

  it('asks to try again in a few seconds after too many adds', async () => {
    const { api } = await visitor({ root: limitedOrigin });
    const add = () => api.addCartEntry({ itemId: 'prod-tee', sku: 'TEE-S-WHT', quantity: 1 });
    await add();
    await add();
    expect(errorOf(await add())).toEqual({
      kind: 'http',
      status: 429,
      message: 'Please try again in a few seconds.',
    });
  });

  it('gives the form rate-limit text after too many submissions', async () => {
    const { api } = await visitor({ root: limitedOrigin });
    const first = dataOf(await api.getFormSubmissionKey());
    const second = dataOf(await api.getFormSubmissionKey());
    dataOf(await api.saveFormSubmission(contactSubmission(first.key)));
    expect(errorOf(await api.saveFormSubmission(contactSubmission(second.key)))).toMatchObject({
      status: 429,
      message: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
    });
  });
});

describe('restock', () => {
  it.each<[string, Parameters<Api['restockSignUp']>[0], number, string]>([
    [
      'a blank email',
      { productId: 'prod-poster', variantId: 'var-poster', siteVisitorEmail: ' ', isJoinMailingList: false },
      400,
      'Email cannot be blank',
    ],
    [
      'an invalid email',
      {
        productId: 'prod-poster',
        variantId: 'var-poster',
        siteVisitorEmail: 'ada@',
        isJoinMailingList: false,
      },
      400,
      'Email is invalid',
    ],
    [
      'an item in stock',
      {
        productId: 'prod-tee',
        variantId: 'var-tee-s-blk',
        siteVisitorEmail: 'a@example.com',
        isJoinMailingList: false,
      },
      409,
      'This item is in stock.',
    ],
    [
      'an unknown variant',
      {
        productId: 'prod-tee',
        variantId: 'var-nope',
        siteVisitorEmail: 'a@example.com',
        isJoinMailingList: false,
      },
      404,
      'This variant is not available.',
    ],
  ])('shows the server message for %s', async (_name, payload, status, message) => {
    const { api } = await visitor();
    expect(errorOf(await api.restockSignUp(payload))).toEqual({ kind: 'http', status, message });
  });

  it('answers a repeated sign-up as it answered the first', async () => {
    const { api } = await visitor();
    const payload = {
      productId: 'prod-poster',
      variantId: 'var-poster',
      siteVisitorEmail: 'once@example.com',
      isJoinMailingList: true,
    };
    const first = await api.restockSignUp(payload);
    expect(first.ok).toBe(true);
    expect(await api.restockSignUp(payload)).toEqual(first);
  });

  it.each<[string, (api: Api) => Promise<ApiResult<unknown>>]>([
    ['reading all groups', (api) => api.getAllRestockGroups()],
    [
      'reading sign-ups',
      (api) => api.getRestockSignUps({ productId: 'prod-poster', variantId: 'var-poster' }),
    ],
    ['sending', (api) => api.sendRestock({ productId: 'prod-poster', variantId: 'var-poster' })],
    ['sending all', (api) => api.sendRestockAll([{ productId: 'prod-poster', variantId: 'var-poster' }])],
  ])('needs a signed-in store manager for %s', async (_name, call) => {
    const { api } = await visitor();
    expect(errorOf(await call(api))).toEqual({
      kind: 'http',
      status: 401,
      message: 'Sign in to manage restock notifications.',
    });
  });

  it('lists every group across pages, lists sign-ups and sends notifications', async () => {
    const { api, jar } = await visitor();
    const skus = ['TEE-S-BLK', 'TEE-M-BLK', 'TEE-L-BLK', 'TEE-S-WHT', 'TEE-M-WHT'];
    for (const sku of skus) await setStock('prod-tee', sku, 0);
    const variants = ['var-tee-s-blk', 'var-tee-m-blk', 'var-tee-l-blk', 'var-tee-s-wht', 'var-tee-m-wht'];
    for (const variantId of variants) {
      dataOf(
        await api.restockSignUp({
          productId: 'prod-tee',
          variantId,
          siteVisitorEmail: 'fan@example.com',
          isJoinMailingList: false,
        }),
      );
    }
    // The store notifies confirmed sign-ups only: as if fan had followed every emailed link (the
    // links themselves are tested in tests/demo/server/restock.test.ts).
    app.db
      .prepare("UPDATE restock_signups SET opt_in_confirmed = ? WHERE email = 'fan@example.com'")
      .run(Date.now());
    const login = await jar.fetch(`${origin}/api/site-users/account/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-CSRF-Token': jar.cookies.get('crumb') ?? '' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'owner-password' }),
    });
    expect(login.status).toBe(200);

    const groups = dataOf(await api.getAllRestockGroups());
    const teeGroups = groups.filter((g) => g.productId === 'prod-tee').map((g) => g.variantId);
    expect(teeGroups).toEqual(expect.arrayContaining(variants));
    // Page size 2 on this server: five groups need at least three requests.
    const groupReads = jar.fetch.mock.calls.filter(([input]) =>
      String(input instanceof Request ? input.url : input).includes('/restock/groups'),
    );
    expect(groupReads.length).toBeGreaterThanOrEqual(3);

    const page = dataOf(await api.getRestockSignUps({ productId: 'prod-tee', variantId: 'var-tee-s-blk' }));
    expect(page.items.map((s) => s.email)).toEqual(['fan@example.com']);
    expect(page.hasNextPage).toBe(false);

    expect(dataOf(await api.sendRestock({ productId: 'prod-tee', variantId: 'var-tee-s-blk' }))).toEqual({
      sent: 1,
    });
    expect(
      dataOf(
        await api.sendRestockAll([
          { productId: 'prod-tee', variantId: 'var-tee-m-blk' },
          { productId: 'prod-tee', variantId: 'var-tee-l-blk' },
        ]),
      ),
    ).toMatchObject({ sent: 2 });
    expect(errorOf(await api.sendRestock({ productId: 'prod-nope', variantId: 'v' })).status).toBe(404);
    expect(errorOf(await api.sendRestockAll([])).status).toBe(400);
    const secondPage = await api.getRestockSignUps({
      productId: 'prod-tee',
      variantId: 'var-tee-s-blk',
      cursor: '%%%',
    });
    expect(errorOf(secondPage)).toMatchObject({ status: 400, message: 'The cursor is malformed.' });
    for (const [index, sku] of skus.entries()) await setStock('prod-tee', sku, [5, 3, 0, 8, 1][index] ?? 0);
  });
});

describe('error reports and analytics', () => {
  it('stores reported JavaScript errors', async () => {
    const { api } = await visitor();
    const before = count('error_reports');
    expect(
      (await api.recordJavascriptErrors([{ message: 'boom', stack: 'at x', url: '/', timestamp: 1 }])).ok,
    ).toBe(true);
    expect(count('error_reports')).toBe(before + 1);
    expect((await api.recordJavascriptErrors([{ noMessage: true }])).ok).toBe(false);
  });

  it.each<[string, (api: Api) => Promise<ApiResult<unknown>>]>([
    ['RecordHit', (api) => api.recordHit({ event: 'view', data: { page: '/' }, ss_cvr: 'x' })],
    ['button-click', (api) => api.buttonClick({ visitorCookie: 'v', page: '/' })],
    ['button-render', (api) => api.buttonRender({ visitorCookie: 'v', page: '/' })],
    ['form-render', (api) => api.formRender({ formId: 'form-contact', visitorCookie: 'v' })],
    ['overlay', (api) => api.overlay({ visitorCookie: 'v' })],
    ['RecordQuickView', (api) => api.recordQuickView('prod-tee')],
  ])('records a census %s', async (_name, call) => {
    const { api } = await visitor();
    const before = count('census_hits');
    expect((await call(api)).ok).toBe(true);
    expect(count('census_hits')).toBe(before + 1);
  });

  it('resolves a refused census call to ok:false quietly', async () => {
    const { api } = await visitor();
    const result = await api.formRender({ formId: '' });
    expect(result.ok).toBe(false);
  });

  it('reads performance settings and stores records and events', async () => {
    const { api } = await visitor();
    const { pageLoadId } = dataOf(await api.performanceSettings());
    const record = {
      pageLoadId,
      appName: 'storefront',
      eventType: 'user',
      timestamp: Date.now(),
      data: { name: 'rum-add' },
    };
    expect((await api.performanceRecords([record])).ok).toBe(true);
    expect((await api.performanceRecords([])).ok).toBe(false);
    expect((await api.recordEvent({ event: 'ViewContent', data: { eventName: 'ViewContent' } })).ok).toBe(
      true,
    );
  });

  it('sends the crumb in the RecordEvent form and fails quietly without it', async () => {
    const { api, jar } = await visitor();
    jar.cookies.delete('crumb');
    expect((await api.recordEvent({ event: 'ViewContent', data: { eventName: 'ViewContent' } })).ok).toBe(
      false,
    );
  });
});

/** A port nothing listens on: bind one, note it, close it. */
const closedPort = async (): Promise<number> => {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

describe('faults on the wire', () => {
  it('reports a server that cannot be reached as a network error', async () => {
    const port = await closedPort();
    const api = createApi({ apiRoot: `http://127.0.0.1:${port}/api/`, fetch: globalThis.fetch });
    expect(errorOf(await api.getCart())).toEqual({
      kind: 'network',
      status: 0,
      message: 'Please check your internet connection',
    });
  });

  it('reads malformed JSON from the server as an invalid response', async () => {
    const { api } = await visitor();
    await fault({ path: '/api/commerce/shopping-cart', method: 'GET', malformed: true, times: 1 });
    expect(errorOf(await api.getCart())).toEqual({
      kind: 'invalid-response',
      status: 200,
      message: 'Please try again',
    });
  });

  it('keeps the catalogued text when an error status comes with malformed JSON', async () => {
    const { api } = await visitor();
    await fault({
      path: '/api/commerce/shopping-cart/entries',
      method: 'POST',
      malformed: true,
      status: 429,
      times: 1,
    });
    expect(
      errorOf(await api.addCartEntry({ itemId: 'prod-tee', sku: 'TEE-S-BLK', quantity: 1 })).message,
    ).toBe('Please try again in a few seconds.');
  });

  it('does not repeat an add whose connection dropped, and nothing was added', async () => {
    const { api, jar } = await visitor();
    await fault({ path: '/api/commerce/shopping-cart/entries', method: 'POST', drop: true, times: 1 });
    const before = jar.fetch.mock.calls.length;
    expect(errorOf(await api.addCartEntry({ itemId: 'prod-tee', sku: 'TEE-S-BLK', quantity: 1 })).kind).toBe(
      'network',
    );
    expect(jar.fetch.mock.calls.length - before).toBe(1);
    expect(dataOf(await api.getCart()).totalQuantity).toBe(0);
  });

  it('repeats a read whose connection dropped once, and gets the cart', async () => {
    const { api } = await visitor();
    await fault({ path: '/api/commerce/shopping-cart', method: 'GET', drop: true, times: 1 });
    expect(dataOf(await api.getCart()).id).toBe('');
  });

  it('gives up on a slow server after the time limit', async () => {
    const { api } = await visitor({ timeoutMs: 300 });
    await fault({ path: '/api/commerce/inventory/stock', method: 'GET', delayMs: 1500, times: 2 });
    expect(errorOf(await api.getStock('prod-tee'))).toMatchObject({ kind: 'timeout', status: 0 });
  });

  it('shows the server message of an unexpected status on a read', async () => {
    const { api } = await visitor();
    await fault({ path: '/api/commerce/shopping-cart', method: 'GET', status: 503, times: 1 });
    expect(errorOf(await api.getCart())).toEqual({ kind: 'http', status: 503, message: 'Injected fault' });
  });

  it('maps an injected 500 on a form submission to its text', async () => {
    const { api } = await visitor();
    const { key } = dataOf(await api.getFormSubmissionKey());
    await fault({ path: '/api/form/SaveFormSubmission', status: 500, times: 1 });
    expect(errorOf(await api.saveFormSubmission(contactSubmission(key))).message).toBe(
      'Unable to send form. Please try again later.',
    );
  });
});
