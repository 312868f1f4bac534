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

/** One line of an answer; likert rows carry the statement they answer as `label`. */
export interface FormAnswerLine {
  readonly label?: string;
  readonly text: string;
}

const partText = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return String(value);
  return '';
};

const isPlainRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const joinPresent = (parts: readonly string[], separator: string): string =>
  parts.filter((part) => part !== '').join(separator);

/**
 * The answer of one field as plain text lines, or undefined when it holds none (spec 001 §9): the
 * one home of how a date, name, phone, address, time, checkbox or likert answer reads, shown as
 * HTML by the template's `summary-form-field` and as text on the cart page. Multi-part answers are
 * read whatever the case of their part keys (`Month` from the platform, `month` from our forms);
 * `likertLabel` names a likert score (-2..2; unknown scores read as neutral).
 */
export function formAnswerLines(
  type: string,
  answer: unknown,
  likertLabel: (score: LikertValue) => string,
): readonly FormAnswerLine[] | undefined {
  const parts: Record<string, string> = {};
  if (isPlainRecord(answer)) {
    for (const [key, value] of Object.entries(answer)) parts[key.toLowerCase()] = partText(value);
  }
  const v = (key: string): string => parts[key] ?? '';
  const one = (text: string): readonly FormAnswerLine[] | undefined => (text === '' ? undefined : [{ text }]);
  switch (type) {
    case 'address': {
      const place =
        `${joinPresent([v('city'), v('state')], ', ')} ${joinPresent([v('zip'), v('country')], ' ')}`.trim();
      const lines = [v('line1'), v('line2'), place].filter((line) => line !== '');
      return lines.length === 0 ? undefined : lines.map((text) => ({ text }));
    }
    case 'checkbox':
      return Array.isArray(answer)
        ? one(
            answer
              .map(partText)
              .filter((choice) => choice !== '')
              .join(', '),
          )
        : one(partText(answer));
    case 'date':
      return one(joinPresent([v('month'), v('day'), v('year')], '/'));
    case 'likert': {
      if (!isPlainRecord(answer)) return undefined;
      const rows = Object.entries(answer).map(([statement, score]) => {
        const key = String(Number(partText(score)) || 0);
        const known = (LIKERT_VALUES as readonly string[]).includes(key) ? (key as LikertValue) : '0';
        return { label: statement, text: likertLabel(known) };
      });
      return rows.length === 0 ? undefined : rows;
    }
    case 'name':
      return one(joinPresent([v('first'), v('last')], ' '));
    case 'phone': {
      const number = joinPresent([v('areacode'), v('prefix'), v('line')], '-');
      if (number === '') return undefined;
      return one(v('country') === '' ? number : `+${v('country')} ${number}`);
    }
    case 'time': {
      if (Object.values(parts).every((value) => value === '')) return undefined;
      // Minutes and seconds read as two digits; a missing hour as 00.
      const part = (key: string, pad: boolean): string => {
        const value = v(key);
        if (value === '') return '00';
        return pad ? value.padStart(2, '0') : value;
      };
      return one(
        joinPresent(
          [`${part('hour', false)}:${part('minute', true)}:${part('second', true)}`, v('ampm')],
          ' ',
        ),
      );
    }
    default:
      return one(partText(answer));
  }
}

/** The answer on one line ("Statement: Agree, …" for likert), or undefined when there is none. */
export function formAnswerText(
  type: string,
  answer: unknown,
  likertLabel: (score: LikertValue) => string,
): string | undefined {
  const lines = formAnswerLines(type, answer, likertLabel);
  return lines
    ?.map((line) => (line.label === undefined ? line.text : `${line.label}: ${line.text}`))
    .join(', ');
}
