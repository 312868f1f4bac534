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

/** `data-sf-props` of the cart pill. Every key is optional; the pill needs none. */
export interface CartPillProps {
  /** Message overrides (key of CART_PILL_MESSAGES to text). @default none */
  readonly strings?: Readonly<Record<string, string>> | undefined;
  /** Colour; the site setting (`pillTheme` in the site context) when absent. @default site setting */
  readonly theme?: 'light' | 'dark' | undefined;
}

/**
 * Parses the block's props: nothing, or `{ "strings"?: { [key]: text }, "theme"?: "light" | "dark" }`.
 * Non-string overrides are dropped; any other shape is refused with the reason.
 */
export function parseCartPillProps(raw: unknown): Result<CartPillProps> {
  if (raw === undefined || raw === null) return ok({});
  const issues: string[] = [];
  if (!isRecord(raw)) return fail(['props is not an object']);
  const props: CartPillProps = readObject(
    raw,
    schema({
      strings: { read: readStringEntries, expected: 'an object' },
      theme: { read: (v) => (v === 'light' || v === 'dark' ? v : null), expected: '"light" or "dark"' },
    }),
    '',
    notesInto(issues),
  );
  return issues.length > 0 ? fail(issues) : ok(props);
}
