import {
  fail,
  isRecord,
  notesInto,
  ok,
  readObject,
  readStringEntries,
  schema,
  type Result,
} from '../../src/result.js';
import { siteOrWebUrl } from '../../src/urls.js';

/** `data-sf-props` of the sign-in widget. Every key is optional. */
export interface AccountProps {
  /** The signed-in account's email as the page was rendered; absent when nobody is signed in. @default none */
  readonly email?: string | undefined;
  /**
   * Where a visitor creates an account (a path on this site or an http(s) address): the platform's
   * calls hold no sign-up, so the widget links there below the sign-in form. @default none (no link)
   */
  readonly createAccountUrl?: string | undefined;
  /** Text overrides by key of widgets/account/messages.ts. @default {} */
  readonly strings?: Readonly<Record<string, string>> | undefined;
}

const readEmail = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' && v.length <= 256 ? v.trim() : null;

/**
 * Nothing, or `{ "email"?: string, "createAccountUrl"?: string, "strings"?: { [key]: text } }`;
 * any other shape is refused.
 */
export function parseAccountProps(raw: unknown): Result<AccountProps> {
  if (raw === undefined || raw === null) return ok({});
  if (!isRecord(raw)) return fail(['account props must be an object']);
  const issues: string[] = [];
  const props: AccountProps = readObject(
    raw,
    schema({
      email: { read: readEmail, expected: 'an email of at most 256 characters' },
      createAccountUrl: { read: siteOrWebUrl, expected: 'a path on this site or an http(s) address' },
      strings: { read: readStringEntries, expected: 'an object' },
    }),
    '',
    notesInto(issues),
  );
  return issues.length > 0 ? fail(issues) : ok(props);
}
