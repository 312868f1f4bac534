/**
 * Texts of the shared React UI (lightbox, alert, additional-fields form). The spec-quoted ones come
 * from the shared catalogue; the part labels of multi-part fields are ours (the spec names the
 * field types, not their parts). Widgets pass page-overridden values through `messages` props.
 *
 * Copied into each module that imports it (COPIED_MODULES in vite.config.ts), so it holds no state:
 * the memo of its texts without overrides is `defaultUiMessages` in ./additional-fields-form.tsx.
 */
import type { FieldPart } from '../../commerce/form-fields.js';
import { createMessages, type Messages } from '../../messages/format.js';
import { FIELD_MESSAGES } from '../../messages/fields.js';
import { FORM_MESSAGES } from '../../messages/form.js';
import { PRODUCT_LABEL_MESSAGES } from '../../messages/product-labels.js';
import { STOREFRONT_MESSAGES } from '../../messages/storefront.js';

export const UI_MESSAGES = {
  close: 'Close',
  required: FIELD_MESSAGES.required,
  /** Read after a required field's label; the visible mark is an asterisk. */
  requiredSpoken: '(required)',
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
  captchaIncomplete: FORM_MESSAGES.captchaIncomplete,
  formFieldsInvalid: FORM_MESSAGES.formFieldsInvalid,
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
export type UiMessages = Messages<UiMessageKey>;

/** The lookup with the page's overrides applied (by catalogue key or localized-string name). */
export const uiMessages = (overrides?: Readonly<Record<string, unknown>> | null): UiMessages =>
  createMessages(overrides, UI_MESSAGES);
