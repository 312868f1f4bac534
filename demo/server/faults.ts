/**
 * Fault mode for tests: per-endpoint injected delays, statuses, error bodies, malformed bodies and
 * dropped connections. Registered only when the server is started with faults enabled.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from './db';
import { badField, isRecord, sendError } from './http';

export interface Fault {
  readonly id: string;
  readonly path: string;
  readonly method: string | null;
  readonly status: number | null;
  readonly delayMs: number;
  readonly malformed: boolean;
  readonly drop: boolean;
  /** The JSON object to answer with (e.g. `{ errors: { email: '…' } }`); null: the default body. */
  readonly body: Readonly<Record<string, unknown>> | null;
  remaining: number | null;
}

const MAX_DELAY_MS = 30_000;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function parseFault(
  body: unknown,
): { ok: true; value: Fault } | { ok: false; field: string; message: string } {
  if (!isRecord(body)) return { ok: false, field: 'body', message: 'The body must be a JSON object.' };
  const { path, method, status, delayMs, malformed, drop, times, body: answer } = body;
  if (typeof path !== 'string' || !path.startsWith('/'))
    return { ok: false, field: 'path', message: 'path must start with /.' };
  if (method !== undefined && (typeof method !== 'string' || !/^[A-Za-z]+$/.test(method))) {
    return { ok: false, field: 'method', message: 'method must be an HTTP method.' };
  }
  if (
    status !== undefined &&
    (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599)
  ) {
    return { ok: false, field: 'status', message: 'status must be 100-599.' };
  }
  if (delayMs !== undefined && (typeof delayMs !== 'number' || delayMs < 0 || delayMs > MAX_DELAY_MS)) {
    return { ok: false, field: 'delayMs', message: `delayMs must be 0-${MAX_DELAY_MS}.` };
  }
  if (times !== undefined && (typeof times !== 'number' || !Number.isInteger(times) || times < 1)) {
    return { ok: false, field: 'times', message: 'times must be a whole number >= 1.' };
  }
  if (malformed !== undefined && typeof malformed !== 'boolean')
    return { ok: false, field: 'malformed', message: 'malformed must be a boolean.' };
  if (drop !== undefined && typeof drop !== 'boolean')
    return { ok: false, field: 'drop', message: 'drop must be a boolean.' };
  // The answer's body: an error shape a test needs (field errors, a server's own text).
  if (answer !== undefined && !isRecord(answer))
    return { ok: false, field: 'body', message: 'body must be a JSON object.' };
  if (answer !== undefined && (malformed === true || drop === true))
    return { ok: false, field: 'body', message: 'body cannot go with malformed or drop.' };
  if (
    status === undefined &&
    delayMs === undefined &&
    answer === undefined &&
    malformed !== true &&
    drop !== true
  ) {
    return { ok: false, field: 'body', message: 'A fault needs status, delayMs, body, malformed or drop.' };
  }
  return {
    ok: true,
    value: {
      id: randomUUID(),
      path,
      method: typeof method === 'string' ? method.toUpperCase() : null,
      status: typeof status === 'number' ? status : null,
      delayMs: typeof delayMs === 'number' ? delayMs : 0,
      malformed: malformed === true,
      drop: drop === true,
      body: isRecord(answer) ? answer : null,
      remaining: typeof times === 'number' ? times : null,
    },
  };
}

export function registerFaults(app: FastifyInstance, db: Db): void {
  const faults: Fault[] = [];

  const take = (request: FastifyRequest): Fault | null => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/__')) return null;
    const pattern = request.routeOptions.url;
    const index = faults.findIndex(
      (f) => (f.path === path || f.path === pattern) && (f.method === null || f.method === request.method),
    );
    const fault = faults[index];
    if (!fault) return null;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) faults.splice(index, 1);
    }
    return fault;
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const fault = take(request);
    if (!fault) return;
    if (fault.delayMs > 0) await sleep(fault.delayMs);
    if (fault.drop) {
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    if (fault.malformed) {
      return reply
        .code(fault.status ?? 200)
        .type('application/json; charset=utf-8')
        .send('{"shoppingCart": {"id": ');
    }
    if (fault.body !== null) return reply.code(fault.status ?? 200).send(fault.body);
    if (fault.status !== null) return reply.code(fault.status).send({ message: 'Injected fault' });
  });

  app.post('/__faults', async (request, reply) => {
    const parsed = parseFault(request.body);
    if (!parsed.ok) return badField(reply, parsed.field, parsed.message);
    faults.push(parsed.value);
    return reply.code(201).send({ id: parsed.value.id });
  });
  app.get('/__faults', async () => ({ faults }));
  app.delete('/__faults', async (_request, reply) => {
    faults.length = 0;
    return reply.code(204).send();
  });

  app.put('/__stock', async (request, reply) => {
    const body = request.body;
    if (!isRecord(body)) return sendError(reply, 400, 'The body must be a JSON object.');
    const { itemId, sku, qtyInStock, unlimited } = body;
    if (typeof itemId !== 'string') return badField(reply, 'itemId', 'itemId is required.');
    if (sku !== null && typeof sku !== 'string')
      return badField(reply, 'sku', 'sku must be a string or null.');
    if (typeof qtyInStock !== 'number' || !Number.isInteger(qtyInStock) || qtyInStock < 0) {
      return badField(reply, 'qtyInStock', 'qtyInStock must be a whole number >= 0.');
    }
    if (unlimited !== undefined && typeof unlimited !== 'boolean')
      return badField(reply, 'unlimited', 'unlimited must be a boolean.');
    const changed = db
      .prepare(
        'UPDATE variants SET qty_in_stock = ?, unlimited = COALESCE(?, unlimited) WHERE item_id = ? AND sku = ?',
      )
      .run(qtyInStock, unlimited === undefined ? null : unlimited ? 1 : 0, itemId, sku ?? '').changes;
    if (changed === 0) return sendError(reply, 404, 'No such variant.');
    const results = db
      .prepare(
        'SELECT sku, variant_id, qty_in_stock, unlimited FROM variants WHERE item_id = ? ORDER BY position',
      )
      .all(itemId) as {
      sku: string;
      variant_id: string;
      qty_in_stock: number;
      unlimited: number;
    }[];
    return {
      results: results.map((r) => ({
        sku: r.sku === '' ? null : r.sku,
        variantId: r.variant_id,
        unlimited: r.unlimited === 1,
        qtyInStock: r.qty_in_stock,
      })),
    };
  });
}
