// @vitest-environment node
/**
 * A restock sign-up answers the same whether the email had signed up before or not
 * (demo/server/routes-restock.ts, docs/security.md), in its time too: on a file database a new
 * sign-up's answer waits for the fsync of its write, so a repeat's must wait for one as well, or
 * its quicker answer tells a stranger that this email is waiting for the product.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, Visitor } from './visitor';

const SIGN_UP = '/api/site-users/account/notifications/restock';
const signUp = (email: string) => ({
  productId: 'prod-poster',
  variantId: null,
  siteVisitorEmail: email,
  isJoinMailingList: false,
});

let dir: string;
let app: FastifyInstance;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sf-restock-'));
  app = await startServer({ dbPath: join(dir, 'store.sqlite') });
});
afterEach(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The answer to a sign-up, and the fsyncs the server ran before it answered. */
async function signUpSyncs(visitor: Visitor, email: string): Promise<{ body: unknown; syncs: number }> {
  const before = app.groupCommit?.syncs ?? 0;
  const res = await visitor.post(SIGN_UP, signUp(email));
  expect(res.statusCode).toBe(200);
  return { body: res.json(), syncs: (app.groupCommit?.syncs ?? 0) - before };
}

describe('a repeated restock sign-up', () => {
  it('waits for a durable write, as a new one does', async () => {
    expect(app.groupCommit).not.toBeNull();
    const customer = await new Visitor(app, '192.0.2.1').arrive();
    const first = await signUpSyncs(customer, 'known@example.com');
    const stranger = await new Visitor(app, '198.51.100.7').arrive();
    const repeat = await signUpSyncs(stranger, 'known@example.com');
    const fresh = await signUpSyncs(stranger, 'never@example.com');
    for (const answer of [first, repeat, fresh]) {
      expect(answer.body).toEqual({ success: true });
      expect(answer.syncs).toBeGreaterThan(0);
    }
  });

  it('is counted on the sign-up and changes nothing else', async () => {
    const customer = await new Visitor(app, '192.0.2.1').arrive();
    await customer.post(SIGN_UP, signUp('known@example.com'));
    const row = () =>
      app.db
        .prepare(
          `SELECT id, created, opt_in_requested, opt_in_token_hash, repeats FROM restock_signups
           WHERE email = 'known@example.com'`,
        )
        .get() as { repeats: number };
    const before = row();
    await customer.post(SIGN_UP, signUp('known@example.com'));
    await customer.post(SIGN_UP, signUp('known@example.com'));
    expect(row()).toEqual({ ...before, repeats: 2 });
    const mails = app.db
      .prepare("SELECT COUNT(*) FROM restock_notifications WHERE email = 'known@example.com'")
      .pluck()
      .get();
    expect(mails).toBe(1);
  });
});
