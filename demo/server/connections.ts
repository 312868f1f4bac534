/**
 * The cap on each client address's open connections, and the answer a connection past it gets
 * (docs/server.md): a few slow sockets from one address must not hold every file descriptor.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { addressKey, type ProxyTrust } from './addresses';
import { sendError } from './http';

/**
 * Counts each client's open connections (by `addressKey`): a few hundred slow sockets from one
 * address would otherwise hold every file descriptor the server has. Connections past `max` are
 * kept only to answer their request 503 (see `answerConnectionsOverCap`), never reset: shoppers
 * behind one NAT share an address. Past twice `max`, a new connection is closed at once, so the
 * descriptors one address can hold stay bounded. A trusted proxy's own connections carry many
 * clients and are not counted.
 */
export function capConnectionsPerAddress(server: Server, max: number, trusted: ProxyTrust): WeakSet<Socket> {
  const open = new Map<string, number>();
  const overCap = new WeakSet<Socket>();
  server.on('connection', (socket: Socket) => {
    if (trusted(socket.remoteAddress)) return;
    const address = addressKey(socket.remoteAddress ?? '');
    const count = open.get(address) ?? 0;
    if (count >= 2 * max) {
      socket.destroy();
      return;
    }
    if (count >= max) overCap.add(socket);
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return overCap;
}

/**
 * Every request on a connection past its address's cap gets 503 before anything else runs: an
 * answer the client can act on (`Retry-After`), then the connection closes. A slot frees when one
 * of the address's connections closes; an idle kept-alive one does within the keep-alive timeout.
 */
export function answerConnectionsOverCap(
  app: FastifyInstance,
  overCap: WeakSet<Socket>,
  retryAfterS: number,
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!overCap.has(request.raw.socket)) return;
    return sendError(
      reply.header('Retry-After', String(retryAfterS)).header('Connection', 'close'),
      503,
      `Too many open connections from your address. Please try again in ${retryAfterS} seconds.`,
    );
  });
}
