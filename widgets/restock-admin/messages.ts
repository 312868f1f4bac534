/**
 * Texts of the store owner's restock tools. The spec names the data (spec 000 §3, §7) but words
 * none of these, so they are ours; the page overrides any key through `strings` in the props.
 */
import { createMessages, type Messages } from '../../src/messages/format.js';

export const RESTOCK_ADMIN_MESSAGES = {
  title: 'Restock notifications',
  loading: 'Loading restock notifications…',
  signIn: 'Sign in as a store manager to manage restock notifications.',
  empty: 'No one has signed up for restock notifications yet.',
  groupsCaption: 'Products with restock sign-ups',
  product: 'Product',
  variant: 'Variant',
  signUps: 'Sign-ups',
  pending: 'Pending',
  unconfirmed: 'Unconfirmed',
  /** A group whose server does not ask sign-ups to confirm, beside those of one that does. */
  notAsked: '—',
  stock: 'Stock',
  lastSent: 'Last sent',
  actions: 'Actions',
  unlimited: 'Unlimited',
  never: 'Never',
  noVariant: '—',
  variantAttribute: '{name}: {value}',
  attributeSeparator: ', ',
  send: 'Send',
  sendOf: 'Send restock emails for {title}',
  sendingOf: 'Send restock emails for {title}, sending…',
  sendAll: 'Send all',
  sending: 'Sending…',
  sentNone: 'No restock emails were pending.',
  sentOne: 'Sent 1 restock email.',
  sentMany: 'Sent {count} restock emails.',
  sent: 'Restock emails sent.',
  nothingToSend: 'No pending sign-ups to send.',
  view: 'View sign-ups',
  viewOf: 'View sign-ups for {title}',
  signUpsOf: 'Sign-ups for {title}',
  email: 'Email',
  mailingList: 'Mailing list',
  signedUp: 'Signed up',
  notified: 'Notified',
  confirmed: 'Confirmed',
  notYet: 'Not yet',
  yes: 'Yes',
  no: 'No',
  loadMore: 'Load more sign-ups',
  loadingSignUps: 'Loading sign-ups…',
  loadingMore: 'Loading more…',
  refresh: 'Refresh',
  failedTitle: 'Unable to load restock notifications',
  sendFailedTitle: 'Unable to send restock emails',
} as const;

export type RestockAdminMessageKey = keyof typeof RESTOCK_ADMIN_MESSAGES;
export type RestockAdminMessages = Messages<RestockAdminMessageKey>;

export function restockAdminMessages(
  strings?: Readonly<Record<string, string>> | null,
): RestockAdminMessages {
  return createMessages(strings ?? null, RESTOCK_ADMIN_MESSAGES);
}
