/**
 * Texts of the shared React UI (lightbox, alert, additional-fields form). The spec-quoted ones come
 * from the shared catalogue; the part labels of multi-part fields are ours (the spec names the
 * field types, not their parts). Widgets pass page-overridden values through `messages` props.
 */
import type { FieldPart } from '../../commerce/form-fields.js';
import { translate } from '../../messages/format.js';
import { FIELD_MESSAGES } from '../../messages/fields.js';
import { PRODUCT_LABEL_MESSAGES } from '../../messages/product-labels.js';
import { STOREFRONT_MESSAGES } from '../../messages/storefront.js';

export const UI_MESSAGES = {
  close: 'Close',
  required: FIELD_MESSAGES.required,
  save: 'Save',
  saving: FIELD_MESSAGES.saving,
  selectValue: FIELD_MESSAGES.selectValue,
  // A form select's empty choice names its field, as the variant selects do ("Select Size").
  selectField: PRODUCT_LABEL_MESSAGES.selectVariant,
  likertStronglyDisagree: FIELD_MESSAGES.likertStronglyDisagree,
  likertDisagree: FIELD_MESSAGES.likertDisagree,
  likertNeutral: FIELD_MESSAGES.likertNeutral,
  likertAgree: FIELD_MESSAGES.likertAgree,
  likertStronglyAgree: FIELD_MESSAGES.likertStronglyAgree,
  partMonth: 'Month',
  partDay: 'Day',
  partYear: 'Year',
  partFirst: 'First Name',
  partLast: 'Last Name',
  partHour: 'Hour',
  partMinute: 'Minute',
  partAmpm: 'AM/PM',
  am: 'AM',
  pm: 'PM',
  partLine1: 'Address 1',
  partLine2: 'Address 2',
  partCity: 'City',
  partState: 'State',
  partZip: 'Zip Code',
  partCountry: 'Country',
  partCountryCode: 'Country Code',
  partAreaCode: 'Area Code',
  partPrefix: 'Prefix',
  partLine: 'Line',
  formProblem: STOREFRONT_MESSAGES.tryAgain,
} as const;

/** The catalogue key of each part's label in a multi-part field (the phone's country part reads partCountryCode). */
export const PART_LABEL_KEYS = {
  month: 'partMonth',
  day: 'partDay',
  year: 'partYear',
  first: 'partFirst',
  last: 'partLast',
  hour: 'partHour',
  minute: 'partMinute',
  ampm: 'partAmpm',
  line1: 'partLine1',
  line2: 'partLine2',
  city: 'partCity',
  state: 'partState',
  zip: 'partZip',
  country: 'partCountry',
  areaCode: 'partAreaCode',
  prefix: 'partPrefix',
  line: 'partLine',
} as const satisfies Record<FieldPart, keyof typeof UI_MESSAGES>;

export type UiMessageKey = keyof typeof UI_MESSAGES;
export type UiMessages = { readonly [K in UiMessageKey]: string };

/**
 * The defaults in the page's language with any string overrides applied (unknown keys and
 * non-strings are ignored). A likert label is also read under its localized-string name of
 * spec 001 §3 (`likertAgreeText` for `likertAgree`), the catalogue key winning.
 */
export function uiMessages(overrides?: Readonly<Record<string, unknown>> | null): UiMessages {
  const out: Record<string, string> = {};
  for (const key of Object.keys(UI_MESSAGES) as UiMessageKey[]) {
    const v = overrides?.[key] ?? (key.startsWith('likert') ? overrides?.[`${key}Text`] : undefined);
    out[key] = typeof v === 'string' ? v : translate(UI_MESSAGES[key]);
  }
  return out as UiMessages;
}
