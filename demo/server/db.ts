/**
 * SQLite storage for the reference server: schema, seeding and re-seeding. Everything the server
 * receives is stored so tests can assert it.
 */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import Database from 'better-sqlite3';
import type { ProductRecord } from './catalog';
import type { FormSchema } from './forms';

export type Db = Database.Database;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS site_design (key TEXT PRIMARY KEY, json TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS products (
  id TEXT PRIMARY KEY, position INTEGER NOT NULL, title TEXT NOT NULL, product_type INTEGER NOT NULL,
  is_subscribable INTEGER NOT NULL, form_id TEXT, image_url TEXT, item_json TEXT NOT NULL,
  currency TEXT NOT NULL DEFAULT 'USD');
CREATE TABLE IF NOT EXISTS variants (
  item_id TEXT NOT NULL REFERENCES products(id), position INTEGER NOT NULL, variant_id TEXT NOT NULL,
  sku TEXT NOT NULL, attributes_json TEXT NOT NULL, price_cents INTEGER NOT NULL,
  sale_price_cents INTEGER, on_sale INTEGER NOT NULL, qty_in_stock INTEGER NOT NULL,
  unlimited INTEGER NOT NULL, image_url TEXT,
  PRIMARY KEY (item_id, sku), UNIQUE (item_id, variant_id));
CREATE TABLE IF NOT EXISTS forms (id TEXT PRIMARY KEY, kind TEXT NOT NULL, json TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL, roles_json TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id), created INTEGER NOT NULL,
  expires INTEGER NOT NULL, ended INTEGER);
-- Crumbs are signed (crumbs.ts), so only revoked ones are stored.
DROP TABLE IF EXISTS crumbs;
CREATE TABLE IF NOT EXISTS crumb_revocations (value TEXT PRIMARY KEY, revoked INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS carts (
  id TEXT PRIMARY KEY, created INTEGER NOT NULL, updated INTEGER NOT NULL,
  is_purchased INTEGER NOT NULL DEFAULT 0, user_id TEXT, visitor TEXT);
CREATE TABLE IF NOT EXISTS cart_entries (
  id TEXT PRIMARY KEY, cart_id TEXT NOT NULL REFERENCES carts(id), item_id TEXT NOT NULL,
  sku TEXT NOT NULL, quantity INTEGER NOT NULL, additional_fields_json TEXT,
  created INTEGER NOT NULL, seq INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS cart_entries_cart ON cart_entries(cart_id);
CREATE TABLE IF NOT EXISTS subscription_carts (
  token TEXT PRIMARY KEY, item_id TEXT NOT NULL, sku TEXT NOT NULL, qty INTEGER NOT NULL,
  additional_fields_json TEXT, price_cents INTEGER NOT NULL, created INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS form_keys (key TEXT PRIMARY KEY, created INTEGER NOT NULL, used INTEGER);
CREATE TABLE IF NOT EXISTS form_submissions (
  id TEXT PRIMARY KEY, form_id TEXT NOT NULL, data_json TEXT NOT NULL, page_title TEXT,
  page_id TEXT, content_source TEXT, page_path TEXT, page_permission_type_value TEXT,
  created INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS restock_signups (
  id TEXT PRIMARY KEY, product_id TEXT NOT NULL, variant_id TEXT NOT NULL, email TEXT NOT NULL,
  is_join_mailing_list INTEGER NOT NULL, created INTEGER NOT NULL, notified INTEGER,
  UNIQUE (product_id, variant_id, email));
-- Double opt-in: a sign-up counts (opt_in_confirmed), and its mailing-list opt-in
-- (is_join_mailing_list) is recorded, once the emailed link is followed: the link's token is kept
-- as its SHA-256 only (opt_in_token_hash), opt_in_mailing_list says whether it joins the list.
CREATE TABLE IF NOT EXISTS restock_notifications (
  id INTEGER PRIMARY KEY AUTOINCREMENT, signup_id TEXT NOT NULL, product_id TEXT NOT NULL,
  variant_id TEXT NOT NULL, email TEXT NOT NULL, sent INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS census_hits (
  id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, target TEXT, payload_json TEXT NOT NULL,
  created INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS events (
  id INTEGER PRIMARY KEY AUTOINCREMENT, source TEXT NOT NULL, name TEXT, payload_json TEXT NOT NULL,
  created INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS error_reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT, message TEXT NOT NULL, payload_json TEXT NOT NULL,
  created INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS performance_page_loads (page_load_id TEXT PRIMARY KEY, created INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS performance_records (
  id INTEGER PRIMARY KEY AUTOINCREMENT, page_load_id TEXT NOT NULL, app_name TEXT, event_type TEXT NOT NULL,
  payload_json TEXT NOT NULL, created INTEGER NOT NULL);
`;

const TABLES = [
  'performance_records',
  'performance_page_loads',
  'error_reports',
  'events',
  'census_hits',
  'restock_notifications',
  'restock_signups',
  'form_submissions',
  'form_keys',
  'subscription_carts',
  'cart_entries',
  'carts',
  'crumb_revocations',
  'sessions',
  'users',
  'forms',
  'variants',
  'products',
  'meta',
];

export interface SeedUser {
  readonly email: string;
  readonly password: string;
  readonly roles: readonly string[];
}

/** The store manager's account (its password: the server's option `ownerPassword`, or the demo's). */
export const OWNER_EMAIL = 'owner@example.com';

export const SEED_USERS: readonly SeedUser[] = [
  { email: OWNER_EMAIL, password: 'owner-password', roles: ['admin'] },
  { email: 'shopper@example.com', password: 'shopper-password', roles: ['viewer'] },
];

/** The shortest owner's password the server takes (its option `ownerPassword`). */
const MIN_OWNER_PASSWORD = 12;

/** `password` when it is long enough to be the owner's; the server does not start otherwise. */
export function checkOwnerPassword(password: string | null): string | null {
  if (password !== null && password.length < MIN_OWNER_PASSWORD) {
    throw new Error(`The owner's password must be at least ${MIN_OWNER_PASSWORD} characters`);
  }
  return password;
}

/**
 * Sets the owner's password (it is kept hashed, as every password) when `password` is given, and
 * says whether the owner still signs in with the demo's, which her pages then print. A password
 * that changes ends every session of the owner: one made with the demo's printed password, or with
 * a password that leaked, must not outlive it (the browsers she signed in on are forgotten too: the
 * device cookie is bound to the password, routes-platform.ts). The same password again, at each
 * restart, changes nothing. Once set, the demo's is never printed again, until the next seeding.
 */
export function setOwnerPassword(db: Db, password: string | null, now = Date.now()): boolean {
  const owner = db.prepare('SELECT id, password_hash FROM users WHERE email = ?').get(OWNER_EMAIL) as
    { id: string; password_hash: string } | undefined;
  if (password !== null && owner !== undefined) {
    db.transaction(() => {
      db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('owner_password_set', ?)").run(
        String(now),
      );
      if (passwordMatches(password, owner.password_hash)) return;
      db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hashPassword(password), owner.id);
      db.prepare('UPDATE sessions SET ended = ? WHERE user_id = ? AND ended IS NULL').run(now, owner.id);
    })();
  }
  return db.prepare("SELECT 1 FROM meta WHERE key = 'owner_password_set'").get() === undefined;
}

function passwordMatches(password: string, stored: string): boolean {
  const [saltHex, hashHex] = stored.split(':');
  if (!saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  return timingSafeEqual(scryptSync(password, Buffer.from(saltHex, 'hex'), expected.length), expected);
}

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `${salt.toString('hex')}:${scryptSync(password, salt, 32).toString('hex')}`;
}

// scrypt is deliberately slow; tests seed many databases, so each seed password is hashed once.
const seedHashes = new Map<string, string>();
function seedHash(password: string): string {
  let hash = seedHashes.get(password);
  if (hash === undefined) {
    hash = hashPassword(password);
    seedHashes.set(password, hash);
  }
  return hash;
}

export function openDatabase(path: string): Db {
  const db = new Database(path);
  // Durability (docs/server.md): WAL with synchronous=FULL syncs the log at every commit, so a
  // write the server has acknowledged survives a killed process and a power cut alike. NORMAL
  // would survive only the first. The log is truncated back to 4 MB after each checkpoint.
  // The server runs NORMAL with its own fsync per group of writes instead (group-commit.ts).
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('journal_size_limit = 4194304');
  db.pragma('foreign_keys = ON');
  db.exec(SCHEMA);
  // Databases made before carts remembered the visitor who created them.
  const cartColumns = db.prepare('PRAGMA table_info(carts)').all() as { name: string }[];
  if (!cartColumns.some((c) => c.name === 'visitor')) db.exec('ALTER TABLE carts ADD COLUMN visitor TEXT');
  db.exec('CREATE INDEX IF NOT EXISTS carts_visitor ON carts(visitor)');
  // Databases made before form keys remembered the address that asked for them.
  const keyColumns = db.prepare('PRAGMA table_info(form_keys)').all() as { name: string }[];
  if (!keyColumns.some((c) => c.name === 'address')) db.exec('ALTER TABLE form_keys ADD COLUMN address TEXT');
  db.exec('CREATE INDEX IF NOT EXISTS form_keys_address ON form_keys(address)');
  // Databases made before the mailing-list opt-in needed a confirmation, and before the outbox
  // held confirmation mails beside restock notifications.
  const signUpColumns = db.prepare('PRAGMA table_info(restock_signups)').all() as { name: string }[];
  if (!signUpColumns.some((c) => c.name === 'opt_in_token_hash')) {
    db.exec('ALTER TABLE restock_signups ADD COLUMN opt_in_token_hash TEXT');
    db.exec('ALTER TABLE restock_signups ADD COLUMN opt_in_requested INTEGER');
    db.exec('ALTER TABLE restock_signups ADD COLUMN opt_in_confirmed INTEGER');
  }
  db.exec('CREATE INDEX IF NOT EXISTS restock_signups_opt_in ON restock_signups(opt_in_token_hash)');
  // Databases made before every sign-up needed its emailed link followed: the links mailed then
  // were the mailing list's. Their other sign-ups are unconfirmed and expire (routes-restock.ts).
  if (!signUpColumns.some((c) => c.name === 'opt_in_mailing_list')) {
    db.exec('ALTER TABLE restock_signups ADD COLUMN opt_in_mailing_list INTEGER NOT NULL DEFAULT 0');
    db.exec('UPDATE restock_signups SET opt_in_mailing_list = 1 WHERE opt_in_token_hash IS NOT NULL');
  }
  // Databases made before a full product made room from the client network holding the most
  // sign-ups (routes-restock.ts): each older row counts as a network of its own.
  if (!signUpColumns.some((c) => c.name === 'client_network')) {
    db.exec('ALTER TABLE restock_signups ADD COLUMN client_network TEXT');
    db.exec("UPDATE restock_signups SET client_network = 'row:' || id");
  }
  db.exec(
    'CREATE INDEX IF NOT EXISTS restock_signups_network ON restock_signups(product_id, client_network, created)',
  );
  // Databases made before a repeated sign-up was counted (routes-restock.ts: a repeat writes, as a
  // new sign-up does, so both answers wait for the same durable write).
  if (!signUpColumns.some((c) => c.name === 'repeats')) {
    db.exec('ALTER TABLE restock_signups ADD COLUMN repeats INTEGER NOT NULL DEFAULT 0');
  }
  const outboxColumns = db.prepare('PRAGMA table_info(restock_notifications)').all() as { name: string }[];
  if (!outboxColumns.some((c) => c.name === 'kind')) {
    db.exec("ALTER TABLE restock_notifications ADD COLUMN kind TEXT NOT NULL DEFAULT 'restock'");
    db.exec('ALTER TABLE restock_notifications ADD COLUMN link TEXT');
  }
  // The confirmation mails of the last window are counted at each sign-up that asks for one.
  db.exec('CREATE INDEX IF NOT EXISTS restock_notifications_kind_sent ON restock_notifications(kind, sent)');
  // Databases made before products carried their own currency held one currency for the store.
  const productColumns = db.prepare('PRAGMA table_info(products)').all() as { name: string }[];
  if (!productColumns.some((c) => c.name === 'currency')) {
    db.exec("ALTER TABLE products ADD COLUMN currency TEXT NOT NULL DEFAULT 'USD'");
    db.exec(
      "UPDATE products SET currency = COALESCE((SELECT value FROM meta WHERE key = 'currency'), 'USD')",
    );
  }
  return db;
}

export function isSeeded(db: Db): boolean {
  return db.prepare("SELECT 1 FROM meta WHERE key = 'seeded'").get() !== undefined;
}

/** Wipes every table and seeds products, forms and users: one transaction. */
export function seedDatabase(db: Db, products: readonly ProductRecord[], forms: readonly FormSchema[]): void {
  const insertProduct = db.prepare(
    `INSERT INTO products (id, position, title, product_type, is_subscribable, form_id, image_url, item_json,
       currency) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertVariant = db.prepare(
    `INSERT INTO variants (item_id, position, variant_id, sku, attributes_json, price_cents, sale_price_cents,
       on_sale, qty_in_stock, unlimited, image_url) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertForm = db.prepare('INSERT OR REPLACE INTO forms (id, kind, json) VALUES (?, ?, ?)');
  const insertUser = db.prepare(
    'INSERT INTO users (id, email, password_hash, roles_json) VALUES (?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (const table of TABLES) db.prepare(`DELETE FROM ${table}`).run();
    for (const [i, p] of products.entries()) {
      insertProduct.run(
        p.id,
        i,
        p.title,
        p.productType,
        p.isSubscribable ? 1 : 0,
        p.formId,
        p.imageUrl,
        JSON.stringify(p.item),
        p.currency,
      );
      for (const [j, v] of p.variants.entries()) {
        insertVariant.run(
          p.id,
          j,
          v.variantId,
          v.sku ?? '',
          JSON.stringify(v.attributes),
          v.priceCents,
          v.salePriceCents,
          v.onSale ? 1 : 0,
          v.qtyInStock,
          v.unlimited ? 1 : 0,
          v.imageUrl,
        );
      }
    }
    const embedded = products.flatMap((p) => (p.form ? [p.form] : []));
    for (const f of [...forms, ...embedded]) insertForm.run(f.id, f.kind, JSON.stringify(f));
    for (const [i, u] of SEED_USERS.entries()) {
      insertUser.run(`user-${i + 1}`, u.email, seedHash(u.password), JSON.stringify(u.roles));
    }
    // The store currency (the site context's, an empty cart's) is the first product's.
    const currency = products[0]?.currency ?? 'USD';
    db.prepare("INSERT INTO meta (key, value) VALUES ('currency', ?)").run(currency);
    db.prepare("INSERT INTO meta (key, value) VALUES ('seeded', ?)").run(String(Date.now()));
  })();
}
