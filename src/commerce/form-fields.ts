/**
 * Form field enumerations (spec 001 §3, §9; spec 000 §3, §5): the one home of the field types and
 * their parts, read by the schema reader (src/api/form-schema.ts), the field rules
 * (src/commerce/validation.ts), the forms and the reference server. Kept out of src/constants.ts
 * so they load with the form chunks, not with the shared chunk every product page loads at start.
 */

/** Form field types (spec 001 §3; spec 000 §3 for the additional-fields form). */
export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'currency',
  'number',
  'website',
  'password',
  'twitter',
  'date',
  'time',
  'name',
  'address',
  'phone',
  'section',
  'radio',
  'checkbox',
  'select',
  'likert',
  'hidden',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export function isFormFieldType(value: unknown): value is FormFieldType {
  return typeof value === 'string' && (FORM_FIELD_TYPES as readonly string[]).includes(value);
}

/**
 * Fields whose value is an object of parts (spec 000 §5: "multi-part"), with the key of each part
 * in the order the inputs show.
 */
export const MULTI_PART_FIELDS = {
  date: ['month', 'day', 'year'],
  name: ['first', 'last'],
  time: ['hour', 'minute', 'ampm'],
  address: ['line1', 'line2', 'city', 'state', 'zip', 'country'],
  phone: ['country', 'areaCode', 'prefix', 'line'],
} as const satisfies Partial<Record<FormFieldType, readonly string[]>>;
export type MultiPartFieldType = keyof typeof MULTI_PART_FIELDS;
export type FieldPart = (typeof MULTI_PART_FIELDS)[MultiPartFieldType][number];

export function isMultiPartFieldType(type: string): type is MultiPartFieldType {
  return Object.prototype.hasOwnProperty.call(MULTI_PART_FIELDS, type);
}

/** Fields that hold no answer: a section is a heading, a hidden field is never shown. */
export const NO_ANSWER_FIELD_TYPES: readonly FormFieldType[] = ['section', 'hidden'];

/** Likert answers run from -2 to 2 (spec 001 §9). */
export const LIKERT_VALUES = ['-2', '-1', '0', '1', '2'] as const;
export type LikertValue = (typeof LIKERT_VALUES)[number];
