// @vitest-environment node
/**
 * The owner's password (db.ts `setOwnerPassword`, the server's option `ownerPassword`, the
 * environment's `SF_OWNER_PASSWORD`): a new one locks out everyone who signed in with the old,
 * the demo's printed `owner-password` above all, and the same one again at a restart signs
 * nobody out.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerOptions } from '../../../demo/server/app';
import { OWNER, SESSION, startServer, Visitor } from './visitor';

const PRIVATE = 'a-long-private-passphrase';
const GROUPS = '/api/site-users/account/notifications/restock/groups';

let dir: string;
let app: FastifyInstance | null = null;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sf-owner-'));
});
afterEach(async () => {
  await app?.close();
  app = null;
  rmSync(dir, { recursive: true, force: true });
});

/** (Re)starts the server on the same database file, as a restart with new settings does. */
async function restart(options: ServerOptions = {}): Promise<FastifyInstance> {
  await app?.close();
  app = await startServer({ dbPath: join(dir, 'store.sqlite'), ...options });
  return app;
}

/** A client with the cookies `jar` had: the same browser after the restart. */
function sameBrowser(server: FastifyInstance, jar: Visitor, address = jar.remoteAddress): Visitor {
  const again = new Visitor(server, address);
  for (const [k, v] of jar.cookies) again.cookies.set(k, v);
  return again;
}

describe('the owner’s password', () => {
  it('ends the sessions made with the demo’s printed password when it is set', async () => {
    let server = await restart();
    const stranger = await new Visitor(server, '198.51.100.7').arrive();
    expect((await stranger.get('/admin/restock')).body).toContain('owner-password');
    await stranger.signIn({ ...OWNER, rememberMe: true } as typeof OWNER);
    expect((await stranger.get(GROUPS)).statusCode).toBe(200);

    server = await restart({ ownerPassword: PRIVATE });
    const again = sameBrowser(server, stranger);
    expect((await again.get(GROUPS)).statusCode).toBe(401);
    const edit = await again.put('/api/site-header-footer', { header: 'pwned', footer: 'pwned' });
    expect(edit.statusCode).toBe(401);
  });

  it('signs nobody out when the same password is given again at a restart', async () => {
    let server = await restart({ ownerPassword: PRIVATE });
    const owner = await new Visitor(server).arrive();
    await owner.signIn({ ...OWNER, password: PRIVATE });
    server = await restart({ ownerPassword: PRIVATE });
    expect((await sameBrowser(server, owner).get(GROUPS)).statusCode).toBe(200);
    // A new one signs her out too.
    server = await restart({ ownerPassword: `${PRIVATE}-2` });
    expect((await sameBrowser(server, owner).get(GROUPS)).statusCode).toBe(401);
  });

  it('makes a browser that signed in with the old one new to the account', async () => {
    // The per-account ceiling holds every browser the account never signed in on.
    const rateLimit = { loginFailuresPerAccount: { max: 2, timeWindowMs: 60_000 } };
    let server = await restart({ rateLimit });
    const stranger = await new Visitor(server, '198.51.100.7').arrive();
    await stranger.signIn();
    server = await restart({ rateLimit, ownerPassword: PRIVATE });
    for (const address of ['198.51.100.8', '198.51.100.9']) {
      const guess = await (await new Visitor(server, address).arrive()).post(SESSION, OWNER);
      expect(guess.statusCode).toBe(401);
    }
    // Her old device cookie exempted her from the ceiling; now it holds her as any stranger.
    const guess = await sameBrowser(server, stranger).post(SESSION, { ...OWNER, password: 'guess-1' });
    expect(guess.statusCode).toBe(429);
  });

  it('stays unprinted after a restart without it, since the demo’s no longer signs in', async () => {
    await restart({ ownerPassword: PRIVATE });
    const server = await restart();
    expect((await new Visitor(server).get('/admin/restock')).body).not.toContain('owner-password');
    expect((await (await new Visitor(server).arrive()).post(SESSION, OWNER)).statusCode).toBe(401);
  });
});
