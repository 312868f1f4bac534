/**
 * Slow clients over real sockets against the server process: a body trickled a byte a second, a
 * header that never ends and an idle kept-alive connection are each cut. The server runs with
 * short timeouts so the suite stays quick; the defaults are checked in tests/demo/server/. The
 * connection cap per address is connections.reliability.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './harness';

const REQUEST_MS = 2_000;
const HEADERS_MS = 1_000;
const KEEP_ALIVE_MS = 1_000;

const dir = mkdtempSync(join(tmpdir(), 'sf-timeouts-'));
let server: ServerProcess;
let port = 0;
beforeAll(async () => {
  server = await startServerProcess({
    dbPath: join(dir, 'store.sqlite'),
    timeouts: { requestMs: REQUEST_MS, headersMs: HEADERS_MS, idleMs: 5_000, keepAliveMs: KEEP_ALIVE_MS },
  });
  port = Number(new URL(server.base).port);
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Opened {
  readonly socket: Socket;
  /** Everything the server wrote, once the connection has closed. */
  readonly closed: Promise<{ data: string; afterMs: number }>;
}

/** A raw connection to the server. */
function open(): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect({ port, host: '127.0.0.1' });
    let data = '';
    socket.on('data', (c: Buffer) => (data += c.toString()));
    const closed = new Promise<{ data: string; afterMs: number }>((done) => {
      socket.once('close', () => done({ data, afterMs: performance.now() - started }));
    });
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** Resolves with `promise`, or rejects once `ms` have passed: no wait in this file is unbounded. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still open after ${ms} ms`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

describe('slow clients', () => {
  it('cuts a body trickled one byte a second with 408 soon after the request timeout', async () => {
    const { socket, closed } = await open();
    socket.write(
      `POST /api/census/button-click HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: text/plain\r\nContent-Length: 600\r\n\r\n{`,
    );
    // At most 600 bytes, one a second: bounded, and stopped as soon as the server closes.
    let sent = 1;
    const trickle = setInterval(() => {
      if (socket.destroyed || sent >= 600) clearInterval(trickle);
      else {
        socket.write(' ');
        sent += 1;
      }
    }, 1_000);
    try {
      const { data, afterMs } = await within(closed, REQUEST_MS * 4, 'the trickled body');
      expect(data.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
      expect(afterMs).toBeGreaterThanOrEqual(REQUEST_MS - 100);
      expect(afterMs).toBeLessThan(REQUEST_MS * 2);
    } finally {
      clearInterval(trickle);
    }
  });

  it('cuts headers that never end', async () => {
    const { socket, closed } = await open();
    socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: a`);
    const { data, afterMs } = await within(closed, HEADERS_MS * 4, 'the unfinished headers');
    expect(data.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(afterMs).toBeLessThan(HEADERS_MS * 3);
  });

  it('closes a kept-alive connection idle past the keep-alive timeout', async () => {
    const { socket, closed } = await open();
    socket.write(`GET /api/multilingual/status HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    const { data, afterMs } = await within(closed, KEEP_ALIVE_MS * 8, 'the idle connection');
    expect(data.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    // Node adds up to a second of its own to the keep-alive timeout.
    expect(afterMs).toBeLessThan(KEEP_ALIVE_MS * 4);
  });
});
