// @vitest-environment node
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { add, CART, ENTRIES, startServer, Visitor } from './visitor';

let app: FastifyInstance;
afterEach(async () => {
  await app.close();
});

describe('fault mode off (the default)', () => {
  it.each([
    ['POST', '/__faults'],
    ['DELETE', '/__faults'],
    ['PUT', '/__stock'],
  ] as const)('%s %s does not exist', async (method, url) => {
    app = await startServer();
    const res =
      method === 'DELETE'
        ? await app.inject({ method, url })
        : await app.inject({ method, url, payload: { path: CART, status: 500 } });
    expect(res.statusCode).toBe(404);
  });
});

describe('fault mode on', () => {
  async function setFault(fault: Record<string, unknown>): Promise<void> {
    const res = await app.inject({ method: 'POST', url: '/__faults', payload: fault });
    expect(res.statusCode).toBe(201);
  }

  it('answers an injected status a given number of times, then the real thing', async () => {
    app = await startServer({ faults: true });
    await setFault({ path: CART, status: 503, times: 2 });
    const visitor = new Visitor(app);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await visitor.get(CART)).statusCode);
    expect(statuses).toEqual([503, 503, 200]);
  });

  it('matches a route pattern and a method', async () => {
    app = await startServer({ faults: true });
    await setFault({
      path: '/api/commerce/shopping-cart/entries/:entryId/quantity',
      method: 'put',
      status: 500,
    });
    const visitor = await new Visitor(app).arrive();
    const entry = (await add(visitor, 'prod-tee', 'TEE-S-BLK')).json().newlyAdded;
    const res = await visitor.put(`${ENTRIES}/${entry.id}/quantity`, { quantity: 2 });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Injected fault' });
    expect((await visitor.delete(`${ENTRIES}/${entry.id}`)).statusCode).toBe(200);
  });

  it('answers a given JSON body with the injected status', async () => {
    app = await startServer({ faults: true });
    const body = {
      error: 'One or more fields is invalid, please check your entries.',
      errors: { email: 'This address bounced last time.' },
    };
    await setFault({ path: '/api/form/SaveFormSubmission', method: 'POST', status: 400, body });
    const res = await new Visitor(app).post('/api/form/SaveFormSubmission', { formId: 'form-contact' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual(body);
  });

  it('answers a body alone with 200', async () => {
    app = await startServer({ faults: true });
    await setFault({ path: CART, body: { shoppingCart: null } });
    const res = await new Visitor(app).get(CART);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ shoppingCart: null });
  });

  it('sends invalid JSON when asked for a malformed body', async () => {
    app = await startServer({ faults: true });
    await setFault({ path: CART, malformed: true });
    const res = await new Visitor(app).get(CART);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(() => JSON.parse(res.body)).toThrow(SyntaxError);
  });

  it('delays a response and then answers normally', async () => {
    app = await startServer({ faults: true });
    await setFault({ path: CART, delayMs: 300 });
    const started = performance.now();
    const res = await new Visitor(app).get(CART);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(res.json().id).toBe('');
  });

  it('drops the connection without an answer', async () => {
    app = await startServer({ faults: true });
    await setFault({ path: CART, drop: true, times: 1 });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    await expect(fetch(`${base}${CART}`)).rejects.toThrow(TypeError);
    expect((await fetch(`${base}${CART}`)).status).toBe(200);
  });

  it('lists and clears faults', async () => {
    app = await startServer({ faults: true });
    await setFault({ path: CART, status: 500 });
    expect((await app.inject({ method: 'GET', url: '/__faults' })).json().faults).toHaveLength(1);
    expect((await app.inject({ method: 'DELETE', url: '/__faults' })).statusCode).toBe(204);
    expect((await new Visitor(app).get(CART)).statusCode).toBe(200);
  });

  it.each([
    [{ status: 500 }, 'path'],
    [{ path: 'api', status: 500 }, 'path'],
    [{ path: CART, status: 99 }, 'status'],
    [{ path: CART, delayMs: 60_000 }, 'delayMs'],
    [{ path: CART, times: 0, status: 500 }, 'times'],
    [{ path: CART }, 'body'],
    [{ path: CART, status: 400, body: 'oops' }, 'body'],
    [{ path: CART, status: 400, body: ['a'] }, 'body'],
    [{ path: CART, malformed: true, body: {} }, 'body'],
    [{ path: CART, drop: true, body: {} }, 'body'],
  ])('rejects the fault %j', async (fault, field) => {
    app = await startServer({ faults: true });
    const res = await app.inject({ method: 'POST', url: '/__faults', payload: fault });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it('restocks a variant through /__stock', async () => {
    app = await startServer({ faults: true });
    const visitor = await new Visitor(app).arrive();
    expect((await add(visitor, 'prod-poster', null)).statusCode).toBe(409);
    const res = await app.inject({
      method: 'PUT',
      url: '/__stock',
      payload: { itemId: 'prod-poster', sku: 'POSTER-A2', qtyInStock: 2 },
    });
    expect(res.json().results).toEqual([
      { sku: 'POSTER-A2', variantId: 'var-poster', unlimited: false, qtyInStock: 2 },
    ]);
    expect((await add(visitor, 'prod-poster', null)).statusCode).toBe(200);
  });
});
