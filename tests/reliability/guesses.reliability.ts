/**
 * Password guesses spread over many addresses, over real sockets: each loopback address
 * (127.0.0.2, 127.0.0.3, …) is a client of its own, as strangers on many machines would be. The
 * account as a whole meets a ceiling, and the owner's own browser signs in all the same.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerOptions } from '../../demo/server/app';
import { Client, type Reply, type ServerProcess, startServerProcess } from './harness';

const SESSION = '/api/site-users/account/session';
const OWNER = { email: 'owner@example.com', password: 'owner-password' };

const dir = mkdtempSync(join(tmpdir(), 'sf-guesses-'));
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

/** A browser of its own at a loopback address. */
const browserAt = (base: string, localAddress: string): Client => new Client(base, localAddress);

const tally = (replies: readonly Reply[]): Record<number, number> => {
  const counts: Record<number, number> = {};
  for (const r of replies) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

describe('guesses on one account from many addresses', () => {
  it('meets the account-wide bound (429), while the owner signs in on her own browser', async () => {
    const server = await start('spread');
    // The owner signed in on this browser before: it holds the account's device cookie.
    const owner = browserAt(server.base, '127.0.0.1');
    await owner.call('GET', '/');
    expect((await owner.call('POST', SESSION, OWNER)).status).toBe(200);
    await owner.call('DELETE', SESSION);

    const strangers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const stranger = browserAt(server.base, `127.0.0.${i + 2}`);
        await stranger.call('GET', '/');
        return stranger;
      }),
    );
    let firstRefusal: () => void = () => undefined;
    const refused = new Promise<'refused'>((done) => (firstRefusal = () => done('refused')));
    const attack = Promise.all(
      strangers.map(async (stranger, i) => {
        const replies: Reply[] = [];
        for (let guess = 0; guess < 5; guess++) {
          const reply = await stranger.call('POST', SESSION, {
            email: OWNER.email,
            password: `guess-${i}-${guess}`,
          });
          if (reply.status === 429) firstRefusal();
          replies.push(reply);
        }
        return replies;
      }),
    );
    // Once the bound holds, while the attack still runs, the owner's own browser signs in.
    expect(await Promise.race([refused, attack.then(() => 'over')])).toBe('refused');
    const during = await owner.call('POST', SESSION, OWNER);
    const replies = (await attack).flat();
    console.log(`40 addresses x 5 wrong passwords: ${JSON.stringify(tally(replies))}`);

    expect(during.status).toBe(200);
    expect(JSON.parse(during.body)).toMatchObject({ siteUser: { email: OWNER.email } });
    expect(tally(replies)).toEqual({ 401: 10, 429: 190 });
    for (const r of replies.filter((r) => r.status === 429)) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(r.body).message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    }
    // A browser the account never signed in on waits too, even with the right password.
    const newBrowser = browserAt(server.base, '127.0.0.99');
    await newBrowser.call('GET', '/');
    expect((await newBrowser.call('POST', SESSION, OWNER)).status).toBe(429);
  });
});

describe('IPv6 clients behind a trusted proxy', () => {
  const guessFrom = (client: Client, forwardedFor: string): Promise<Reply> =>
    client.call(
      'POST',
      SESSION,
      { email: 'nobody@example.com', password: 'wrong' },
      { 'x-forwarded-for': forwardedFor },
    );

  it('counts two addresses of one /64 in one bucket, and the next /64 in its own', async () => {
    const server = await start('ipv6', {
      trustProxy: '127.0.0.1',
      rateLimit: { login: { max: 3, timeWindowMs: 60_000 } },
    });
    const proxy = browserAt(server.base, '127.0.0.1');
    await proxy.call('GET', '/');
    const first = [];
    for (let i = 0; i < 3; i++) first.push((await guessFrom(proxy, '2001:db8:1:2::a')).status);
    expect(first).toEqual([401, 401, 401]);
    expect((await guessFrom(proxy, '2001:db8:1:2:ffff:ffff:ffff:b')).status).toBe(429);
    expect((await guessFrom(proxy, '2001:db8:1:3::a')).status).toBe(401);
  });

  it('ignores the header from a peer that is not the trusted proxy', async () => {
    const server = await start('forged', {
      trustProxy: '127.0.0.1',
      rateLimit: { login: { max: 3, timeWindowMs: 60_000 } },
    });
    const stranger = browserAt(server.base, '127.0.0.2');
    await stranger.call('GET', '/');
    const statuses = [];
    for (const forged of ['2001:db8:9::1', '2001:db8:9:1::1', '2001:db8:9:2::1', '2001:db8:9:3::1']) {
      statuses.push((await guessFrom(stranger, forged)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
