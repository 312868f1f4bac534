/**
 * Restock sign-ups against a product's real customers: strangers flooding a sold-out product
 * from many addresses (each one within its 10 sign-ups a minute) must not lock a customer out,
 * make the store mail hundreds of them (confirmations bounded, notices to confirmed sign-ups
 * only), or learn from the answers who had signed up. Each
 * loopback address 127.0.x.y is a client of its own to the server.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_MAIL_LIMITS, MAX_RESTOCK_SIGNUPS_PER_PRODUCT } from '../../demo/server/limits';
import { Client, startServerProcess, type Reply, type ServerProcess } from './harness';

const SIGN_UP = '/api/site-users/account/notifications/restock';
/** Addresses in the flood, and sign-ups each: 10 a minute is what one address may send. */
const ADDRESSES = 105;
const SIGN_UPS_PER_ADDRESS = 10;
const POSTER = { productId: 'prod-poster', variantId: 'var-poster' };

/** Floods take seconds each on a busy machine: well below this. */
const FLOOD_TIMEOUT_MS = 120_000;

let server: ServerProcess | undefined;
let dir: string | undefined;
async function stop(): Promise<void> {
  await server?.stop();
  server = undefined;
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
}

async function start(options: { catalog?: unknown[]; restockPageSize?: number } = {}): Promise<string> {
  dir = mkdtempSync(join(tmpdir(), 'sf-restock-'));
  const dbPath = join(dir, 'store.sqlite');
  server = await startServerProcess({ dbPath, ...options });
  return dbPath;
}

/** A visitor at its own loopback address, with a crumb. */
async function visitorAt(address: string): Promise<Client> {
  const client = new Client(server?.base ?? '', address);
  await client.call('GET', '/api/commerce/shopping-cart');
  return client;
}

const signUp = (
  client: Client,
  target: { productId: string; variantId: string },
  email: string,
  isJoinMailingList = false,
): Promise<Reply> => client.call('POST', SIGN_UP, { ...target, siteVisitorEmail: email, isJoinMailingList });

/**
 * `ADDRESSES` strangers at 127.0.<subnet>.1… each send `SIGN_UPS_PER_ADDRESS` sign-ups with new
 * emails, all addresses at once; `target(i)` picks the product of the i-th. Returns the statuses.
 */
async function flood(
  subnet: number,
  target: (i: number) => { productId: string; variantId: string },
  isJoinMailingList = false,
): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  const started = performance.now();
  await Promise.all(
    Array.from({ length: ADDRESSES }, async (_, a) => {
      const stranger = await visitorAt(`127.0.${subnet}.${a + 1}`);
      for (let i = 0; i < SIGN_UPS_PER_ADDRESS; i++) {
        const n = a * SIGN_UPS_PER_ADDRESS + i;
        const reply = await signUp(stranger, target(n), `victim${n}@m${subnet}-${a}.test`, isJoinMailingList);
        statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
      }
    }),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `restock flood: ${ADDRESSES} addresses x ${SIGN_UPS_PER_ADDRESS} sign-ups in ${seconds} s, ${JSON.stringify(statuses)}`,
  );
  return statuses;
}

/** The store owner, signed in from 127.0.0.1. */
async function signedInOwner(): Promise<Client> {
  const owner = await visitorAt('127.0.0.1');
  const login = await owner.call('POST', '/api/site-users/account/session', {
    email: 'owner@example.com',
    password: 'owner-password',
  });
  expect(login.status).toBe(200);
  return owner;
}

/** The emails signed up for a variant, read as the owner reads them. */
async function signedUpEmails(target: { productId: string; variantId: string }): Promise<string[]> {
  const owner = await signedInOwner();
  const list = await owner.call(
    'GET',
    `${SIGN_UP}?productId=${target.productId}&variantId=${target.variantId}`,
  );
  expect(list.status).toBe(200);
  const body = JSON.parse(list.body) as { signUps: { email: string }[]; hasNextPage: boolean };
  expect(body.hasNextPage).toBe(false);
  return body.signUps.map((s) => s.email);
}

describe('a sold-out product flooded by strangers', () => {
  let customerReply: Reply;
  const floods: Record<number, number>[] = [];
  beforeAll(async () => {
    await start({ restockPageSize: MAX_RESTOCK_SIGNUPS_PER_PRODUCT });
    floods.push(await flood(1, () => POSTER));
    customerReply = await signUp(await visitorAt('127.0.100.1'), POSTER, 'ada@example.com');
    // The next minute's flood, from as many other addresses.
    floods.push(await flood(2, () => POSTER));
  }, FLOOD_TIMEOUT_MS);
  afterAll(stop);

  it(`signs a customer up after ${ADDRESSES} addresses x ${SIGN_UPS_PER_ADDRESS} sign-ups filled it, and keeps her through the next flood`, async () => {
    const everyOne = { 200: ADDRESSES * SIGN_UPS_PER_ADDRESS };
    expect(floods).toEqual([everyOne, everyOne]);
    expect([customerReply.status, JSON.parse(customerReply.body)]).toEqual([200, { success: true }]);
    const emails = await signedUpEmails(POSTER);
    expect(emails).toHaveLength(MAX_RESTOCK_SIGNUPS_PER_PRODUCT);
    expect(emails).toContain('ada@example.com');
  });

  it('answers a repeat and a new sign-up alike once it is full', async () => {
    const stranger = await visitorAt('127.0.100.2');
    const repeat = await signUp(stranger, POSTER, 'ada@example.com');
    const fresh = await signUp(stranger, POSTER, 'somebody-new@example.com');
    expect([repeat.status, repeat.body]).toEqual([fresh.status, fresh.body]);
    expect([repeat.status, JSON.parse(repeat.body)]).toEqual([200, { success: true }]);
  });
});

describe("the owner's send after a flood", () => {
  afterAll(stop);

  it(
    `mails the confirmed customer and none of ${ADDRESSES * SIGN_UPS_PER_ADDRESS} strangers' addresses`,
    async () => {
      await start();
      const customer = await visitorAt('127.0.100.1');
      expect((await signUp(customer, POSTER, 'ada@example.com')).status).toBe(200);
      const owner = await signedInOwner();
      type OutboxItem = { email: string; confirmLink: string | null };
      const outbox = async (): Promise<OutboxItem[]> =>
        (JSON.parse((await owner.call('GET', '/demo/outbox')).body) as { items: OutboxItem[] }).items;
      // The customer follows the link of her confirmation mail (the demo's mail is the outbox).
      const link = (await outbox()).find((item) => item.email === 'ada@example.com')?.confirmLink ?? '';
      expect(link).toMatch(/^\/restock\/confirm\?token=/);
      expect((await customer.call('GET', link)).status).toBe(200);

      expect(await flood(3, () => POSTER)).toEqual({ 200: ADDRESSES * SIGN_UPS_PER_ADDRESS });
      const groups = JSON.parse((await owner.call('GET', `${SIGN_UP}/groups`)).body) as {
        signUpGroups: { signUpCount: number; pendingCount: number; unconfirmedCount: number }[];
      };
      expect(groups.signUpGroups).toEqual([
        expect.objectContaining({
          signUpCount: MAX_RESTOCK_SIGNUPS_PER_PRODUCT,
          pendingCount: 1,
          unconfirmedCount: MAX_RESTOCK_SIGNUPS_PER_PRODUCT - 1,
        }),
      ]);
      const sent = await owner.call('POST', `${SIGN_UP}/send`, POSTER);
      const all = await owner.call('POST', `${SIGN_UP}/send/all`, { sendRequests: [POSTER] });
      console.log(`restock send after the flood: ${sent.body}, then send/all: ${all.body}`);
      expect(JSON.parse(sent.body)).toEqual({ sent: 1 });
      expect(JSON.parse(all.body)).toMatchObject({ sent: 0 });
      const notices = (await outbox()).filter((item) => item.confirmLink === null).map((item) => item.email);
      expect(notices).toEqual(['ada@example.com']);
    },
    FLOOD_TIMEOUT_MS,
  );
});

describe('confirmation mails under a flood', () => {
  afterEach(stop);

  it(
    `mails at most ${CONFIRMATION_MAIL_LIMITS.total} confirmations an hour, ${CONFIRMATION_MAIL_LIMITS.perProduct} per product`,
    async () => {
      const products = Array.from({ length: 8 }, (_, p) => ({
        id: `prod-print-${p}`,
        title: `Print ${p}`,
        structuredContent: {
          productType: 1,
          variants: [
            {
              id: `var-print-${p}`,
              sku: `PRINT-${p}`,
              priceMoney: { value: '10.00', currency: 'USD' },
              qtyInStock: 0,
            },
          ],
        },
      }));
      const dbPath = await start({ catalog: products });
      const target = (n: number) => ({ productId: `prod-print-${n % 8}`, variantId: `var-print-${n % 8}` });
      expect(await flood(1, target, true)).toEqual({ 200: ADDRESSES * SIGN_UPS_PER_ADDRESS });
      await server?.stop();
      server = undefined;

      const db = new Database(dbPath, { readonly: true });
      const mails = db
        .prepare(
          "SELECT product_id AS product, COUNT(*) AS n FROM restock_notifications WHERE kind = 'confirm-opt-in' GROUP BY product_id",
        )
        .all() as { product: string; n: number }[];
      const signUps = db.prepare('SELECT COUNT(*) AS n FROM restock_signups').get() as { n: number };
      db.close();
      expect(signUps.n).toBe(ADDRESSES * SIGN_UPS_PER_ADDRESS);
      expect(mails.reduce((sum, m) => sum + m.n, 0)).toBe(CONFIRMATION_MAIL_LIMITS.total);
      for (const m of mails) expect(m.n).toBeLessThanOrEqual(CONFIRMATION_MAIL_LIMITS.perProduct);
    },
    FLOOD_TIMEOUT_MS,
  );
});
