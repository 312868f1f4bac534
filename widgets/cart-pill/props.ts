import { fail, isRecord, ok, readStringEntries, type Result } from '../../src/result.js';

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
  if (!isRecord(raw)) return fail(['cart-pill props must be an object']);
  const issues: string[] = [];
  const props: { strings?: Record<string, string>; theme?: 'light' | 'dark' } = {};
  if (raw.strings !== undefined && raw.strings !== null) {
    const strings = readStringEntries(raw.strings);
    if (strings === null) issues.push('cart-pill props: "strings" must be an object');
    else props.strings = strings;
  }
  if (raw.theme !== undefined && raw.theme !== null) {
    if (raw.theme === 'light' || raw.theme === 'dark') props.theme = raw.theme;
    else issues.push('cart-pill props: "theme" must be "light" or "dark"');
  }
  return issues.length > 0 ? fail(issues) : ok(props);
}
