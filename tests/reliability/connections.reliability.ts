/**
 * Many connections from one address over real sockets: a burst of parallel adds, each on its own
 * connection, gets answers (200, 429, 503 with `Retry-After`) and never a reset.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerOptions } from '../../demo/server/app';
import { COOKIES, CSRF_HEADER } from '../../src/contract';
import { Client, send, startServerProcess, type Reply, type ServerProcess } from './harness';

const dir = mkdtempSync(join(tmpdir(), 'sf-connections-'));
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(dir, { recursive: true, force: true });
});

async function start(name: string, options: ServerOptions = {}): Promise<ServerProcess> {
  const server = await startServerProcess({ dbPath: join(dir, `${name}.sqlite`), ...options });
  servers.push(server);
  return server;
}

interface Burst {
  readonly replies: readonly Reply[];
  readonly errors: readonly string[];
}

/**
 * `count` adds at once by one visitor (one crumb), each on a connection of its own: an agent with
 * no socket limit opens them all together, as a wide client pool would.
 */
async function burstOfAdds(base: string, count: number): Promise<Burst> {
  const visitor = new Client(base);
  await visitor.call('GET', '/api/commerce/shopping-cart');
  const crumb = visitor.jar.get(COOKIES.crumb) ?? '';
  const pool = new Agent({ keepAlive: false, maxSockets: Infinity });
  const settled = await Promise.allSettled(
    Array.from({ length: count }, () =>
      send(`${base}/api/commerce/shopping-cart/entries`, {
        method: 'POST',
        agent: pool,
        headers: { cookie: visitor.cookie, [CSRF_HEADER]: crumb, 'content-type': 'application/json' },
        body: JSON.stringify({ itemId: 'prod-field-guide', quantity: 1 }),
      }),
    ),
  );
  pool.destroy();
  return {
    replies: settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])),
    errors: settled.flatMap((s) =>
      s.status === 'rejected' ? [String((s.reason as { code?: string }).code ?? s.reason)] : [],
    ),
  };
}

const CAP = 8;

interface Opened {
  readonly socket: Socket;
  /** Everything the server wrote, once the connection has closed. */
  readonly closed: Promise<{ data: string }>;
}

/** A raw connection that sends nothing: it holds one of its address's connections. */
function open(port: number): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let data = '';
    socket.on('data', (c: Buffer) => (data += c.toString()));
    const closed = new Promise<{ data: string }>((done) => socket.once('close', () => done({ data })));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

const tally = (replies: readonly Reply[]): Record<number, number> => {
  const counts: Record<number, number> = {};
  for (const r of replies) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

describe('connections from one address', () => {
  it('answers a burst of 80 parallel adds with 200s and 429s only, never a reset', async () => {
    const server = await start('default');
    const { replies, errors } = await burstOfAdds(server.base, 80);
    console.log(`80 parallel adds, default cap: ${JSON.stringify(tally(replies))}, errors ${errors.length}`);
    expect(errors).toEqual([]);
    expect(replies).toHaveLength(80);
    // The add limit is 60 a minute per address: the first 60 succeed, the rest are told to wait.
    expect(tally(replies)).toEqual({ 200: 60, 429: 20 });
    for (const r of replies.filter((r) => r.status === 429))
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers requests past the cap with 503, Retry-After and Connection: close; serves others', async () => {
    const server = await start('capped', {
      maxConnectionsPerAddress: CAP,
      rateLimit: { addToCart: { max: 1000, timeWindowMs: 60_000 } },
    });
    const port = Number(new URL(server.base).port);
    // The address's cap is taken by idle connections: every connection the burst opens is past it.
    const held = await Promise.all(Array.from({ length: CAP }, () => open(port)));
    try {
      const { replies, errors } = await burstOfAdds(server.base, CAP);
      console.log(
        `${CAP} adds past a cap of ${CAP}: ${JSON.stringify(tally(replies))}, errors ${errors.length}`,
      );
      expect(errors).toEqual([]);
      expect(replies).toHaveLength(CAP);
      for (const r of replies) {
        expect(r.status).toBe(503);
        expect(r.headers['retry-after']).toBe('5');
        expect(r.headers['connection']).toBe('close');
        expect(r.headers['x-content-type-options']).toBe('nosniff');
        expect(JSON.parse(r.body)).toEqual({
          message: 'Too many open connections from your address. Please try again in 5 seconds.',
        });
      }
      // A client that asks to keep the connection alive gets the answer, then the server closes it.
      const kept = await open(port);
      kept.socket.write(
        `GET /api/multilingual/status HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`,
      );
      const { data } = await kept.closed;
      expect(data.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
      // Another address is served as usual meanwhile.
      const other = new Client(server.base, '127.0.0.2');
      expect((await other.call('GET', '/api/multilingual/status')).status).toBe(200);
    } finally {
      for (const { socket } of held) socket.destroy();
    }
    await Promise.all(held.map((h) => h.closed));
    // Once the server has seen them close, the address is served again. It learns of the closes a
    // moment after the client, so this polls (bounded).
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      if (attempt > 0) await new Promise((done) => setTimeout(done, 50));
      status = (await send(`${server.base}/api/multilingual/status`, { agent: new Agent() })).status;
    }
    expect(status).toBe(200);
  });

  it('closes a new connection at once only past twice the cap', async () => {
    const server = await start('ceiling', { maxConnectionsPerAddress: CAP });
    const port = Number(new URL(server.base).port);
    const held = await Promise.all(Array.from({ length: 2 * CAP }, () => open(port)));
    try {
      const extra = await open(port);
      const { data } = await extra.closed;
      expect(data).toBe('');
    } finally {
      for (const { socket } of held) socket.destroy();
    }
  });
});
