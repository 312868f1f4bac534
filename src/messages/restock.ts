/**
 * The restock sign-up's texts (spec 000 §2, §5), shared by the restock form
 * (widgets/restock-form/messages.ts) and the product form's server-rendered fallback, which shows
 * the form's first render before the widget mounts (src/template/plugins/commerce/sf-block.ts).
 */
export const RESTOCK_MESSAGES = {
  /** Ours: the spec describes the call to action without quoting it. */
  cta: 'Get an email when this item is back in stock.',
  /** Ours. */
  emailLabel: 'Email',
  /** Ours: empty, so the label alone names the field unless the site sets one. */
  emailPlaceholder: '',
  /** Ours. */
  submit: 'Sign Up',
  /** Ours: the spec names the join-mailing-list checkbox without quoting its label. */
  mailingList: 'Join our mailing list',
} as const;

export type RestockMessageKey = keyof typeof RESTOCK_MESSAGES;

/** The platform's names for the restock texts (merchandising `restockNotificationMessages`). */
export const RESTOCK_PLATFORM_KEYS: Readonly<Record<string, RestockMessageKey>> = {
  CTAText: 'cta',
  placeholderText: 'emailPlaceholder',
  buttonText: 'submit',
  mailingListDescription: 'mailingList',
};

/** Text overrides keyed by catalogue key, the platform's names mapped onto theirs. */
export function restockOverrides(strings?: Readonly<Record<string, unknown>> | null): Record<string, string> {
  const table: Record<string, string> = {};
  for (const [key, text] of Object.entries(strings ?? {}))
    if (typeof text === 'string') table[RESTOCK_PLATFORM_KEYS[key] ?? key] = text;
  return table;
}
