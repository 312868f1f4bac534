/**
 * The demo store's restock pages: the owner's restock notifications with the outbox (managers
 * only), and the page a sign-up's confirmation link opens.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from './db';
import { currentUser, isManager } from './http';
import { BASE_CONTEXT, renderPage } from './render';

/**
 * The owner's restock page. The outbox holds customers' emails, so it is read from the database
 * only for a signed-in store manager; anyone else gets the sign-in prompt. The block's props never
 * carry data: the widget fetches its lists through the endpoints that check the role themselves.
 */
export function restockAdminPage(db: Db, request: FastifyRequest): string {
  const user = currentUser(db, request);
  const manager = isManager(user);
  const outbox = manager ? outboxRows(db) : [];
  return renderPage(db, request, 'restock-admin', 'Restock notifications', {
    manager: manager && { outbox: outbox.length > 0 ? outbox : null },
    accountProps: user ? { email: user.email } : {},
    // The page's h1 names the idea; the widget's own heading names its table.
    adminProps: { strings: { title: 'Products with sign-ups' } },
    scripts: ['/demo-assets/outbox.js'],
  });
}

/** A row of the owner's outbox, as the page and `GET /demo/outbox` show it. */
export interface OutboxRow {
  readonly email: string;
  /** The sign-up's confirmation link the visitor got, for a confirmation mail. */
  readonly confirmLink: string | null;
  readonly product: string;
  /** Named as the restock table names it: its options, else its SKU. */
  readonly variant: string;
  /** In the site's locale and time zone, as the restock table prints times. */
  readonly sent: string;
}

const SITE_DATE = new Intl.DateTimeFormat(BASE_CONTEXT.locale, {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: BASE_CONTEXT.timeZone,
});

/** The 50 newest mails of the outbox, newest first. Customers' emails: managers only. */
export function outboxRows(db: Db): OutboxRow[] {
  const rows = db
    .prepare(
      `SELECT n.email, n.sent, n.variant_id, n.kind, n.link, p.title, v.sku, v.attributes_json
       FROM restock_notifications n
       LEFT JOIN products p ON p.id = n.product_id
       LEFT JOIN variants v ON v.item_id = n.product_id AND v.variant_id = n.variant_id
       ORDER BY n.sent DESC, n.rowid DESC LIMIT 50`,
    )
    .all() as {
    email: string;
    sent: number;
    variant_id: string;
    kind: string;
    link: string | null;
    title: string | null;
    sku: string | null;
    attributes_json: string | null;
  }[];
  return rows.map((r) => ({
    email: r.email,
    // The demo has no mail server: the owner's outbox shows the confirmation link the visitor would get.
    confirmLink: r.kind === 'confirm-opt-in' ? r.link : null,
    product: r.title ?? '',
    variant: variantName(r.attributes_json, r.sku ?? r.variant_id),
    sent: SITE_DATE.format(new Date(r.sent)),
  }));
}

/** "Size: M, Colour: Black" from a variant's options (the restock table's wording), else `fallback`. */
function variantName(attributesJson: string | null, fallback: string): string {
  let attributes: unknown = null;
  try {
    attributes = attributesJson ? JSON.parse(attributesJson) : null;
  } catch {
    // A row without readable options is named by its SKU.
  }
  if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) return fallback;
  const parts = Object.entries(attributes)
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .map(([name, value]) => `${name}: ${value}`);
  return parts.length > 0 ? parts.join(', ') : fallback;
}

/** What a followed confirmation link confirmed: the product's sign-up, and the mailing list with it. */
export interface ConfirmedSignUp {
  readonly product: string;
  readonly mailingList: boolean;
}

/**
 * The page a sign-up's confirmation link opens: confirmed (the same page however often it is
 * followed), or a link that does not work (null). Texts only: no script, and the product's name
 * is escaped by the template.
 */
export function optInPage(db: Db, request: FastifyRequest, confirmed: ConfirmedSignUp | null): string {
  if (confirmed === null) {
    return renderPage(db, request, 'message', 'Restock sign-up', {
      heading: 'This link does not work',
      text: 'The confirmation link is not valid or has expired. Sign up again to get a new one.',
    });
  }
  const notice =
    confirmed.product === ''
      ? 'We will email you when this item is back in stock.'
      : `We will email you when ${confirmed.product} is back in stock.`;
  return renderPage(db, request, 'message', 'Restock sign-up', {
    heading: 'Your sign-up is confirmed',
    text: confirmed.mailingList ? `${notice} You are on the mailing list too.` : notice,
  });
}
