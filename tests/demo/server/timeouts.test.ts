// @vitest-environment node
/**
 * The server's default timeouts: a trickled body is cut within 30 s (the request timeout plus
 * the interval Node checks it at), headers sooner, idle connections too. Real sockets against
 * short timeouts: tests/reliability/timeouts.reliability.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  DEFAULT_TIMEOUTS,
  timeoutCheckIntervalMs,
} from '../../../demo/server/limits';
import { startServer } from './visitor';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('default timeouts', () => {
  it('cuts a trickled body within 30 s and headers within 15 s', () => {
    expect(DEFAULT_TIMEOUTS.requestMs + timeoutCheckIntervalMs(DEFAULT_TIMEOUTS)).toBeLessThanOrEqual(30_000);
    expect(DEFAULT_TIMEOUTS.headersMs + timeoutCheckIntervalMs(DEFAULT_TIMEOUTS)).toBeLessThanOrEqual(15_000);
    expect(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS).toBe(128);
  });

  it('puts them on the Node server', async () => {
    app = await startServer();
    expect({
      requestTimeout: app.server.requestTimeout,
      headersTimeout: app.server.headersTimeout,
      keepAliveTimeout: app.server.keepAliveTimeout,
      idle: app.server.timeout,
    }).toEqual({ requestTimeout: 20_000, headersTimeout: 10_000, keepAliveTimeout: 5_000, idle: 30_000 });
  });

  it('keeps the header timeout within a shorter request timeout', async () => {
    app = await startServer({ timeouts: { requestMs: 3_000 } });
    expect([app.server.requestTimeout, app.server.headersTimeout]).toEqual([3_000, 3_000]);
  });
});
