/**
 * The inputs of a likert field and of a multi-part field (spec 000 §5), shared by the
 * additional-fields form and the site form: the same ids, names and labels in both.
 */
import {
  LIKERT_VALUES,
  MULTI_PART_FIELDS,
  answerParts,
  type FieldValue,
  type FormFieldType,
  type MultiPartFieldType,
} from '../../api/form-schema.js';
import { LIKERT_LABEL_KEYS } from '../../messages/format.js';
import { PART_LABEL_KEYS, type UiMessageKey } from './messages.js';

interface PartsProps {
  /** The field's DOM id; each input's id derives from it. */
  readonly id: string;
  readonly value: FieldValue | undefined;
  readonly onChange: (value: FieldValue) => void;
  /** The text of a UI catalogue key, with the page's overrides applied. */
  readonly text: (key: UiMessageKey) => string;
}

/** One radio group per statement, answered on the five-point scale. */
export function LikertStatements({
  id,
  statements,
  value,
  onChange,
  text,
}: PartsProps & { readonly statements: readonly string[] }) {
  const answers = answerParts(value);
  return (
    <>
      {statements.map((statement, si) => (
        <div key={statement} role="radiogroup" aria-labelledby={`${id}-s${si}`} className="sf-field__likert">
          <span id={`${id}-s${si}`} className="sf-field__statement">
            {statement}
          </span>
          {LIKERT_VALUES.map((v) => (
            <label key={v} className="sf-field__choice" htmlFor={`${id}-s${si}-${v}`}>
              <input
                id={`${id}-s${si}-${v}`}
                type="radio"
                name={`${id}-s${si}`}
                value={v}
                checked={answers[statement] === v}
                onChange={() => onChange({ ...answers, [statement]: v })}
              />
              {text(LIKERT_LABEL_KEYS[v])}
            </label>
          ))}
        </div>
      ))}
    </>
  );
}

/** Browser input types with a better keyboard or check than plain text. */
const INPUT_TYPE: Partial<Record<FormFieldType, string>> = {
  email: 'email',
  number: 'number',
  website: 'url',
  password: 'password',
};

/** The input type of a one-input field. */
export const inputTypeOf = (type: FormFieldType): string => INPUT_TYPE[type] ?? 'text';

/** Keyboards that suit a field: decimals for money, digits for dates and times, a dial pad for phones. */
const INPUT_MODE: Partial<Record<FormFieldType, 'decimal' | 'numeric' | 'tel'>> = {
  currency: 'decimal',
  date: 'numeric',
  time: 'numeric',
  phone: 'tel',
};

export const inputModeOf = (type: FormFieldType): 'decimal' | 'numeric' | 'tel' | undefined =>
  INPUT_MODE[type];

/** One labelled input per part (a select for AM/PM). */
export function MultiPartInputs({
  id,
  type,
  value,
  onChange,
  text,
  invalid,
}: PartsProps & { readonly type: MultiPartFieldType; readonly invalid: boolean }) {
  const parts = answerParts(value);
  return (
    <>
      {MULTI_PART_FIELDS[type].map((part) => {
        const partId = `${id}-${part}`;
        const label =
          type === 'phone' && part === 'country' ? text('partCountryCode') : text(PART_LABEL_KEYS[part]);
        const set = (v: string) => onChange({ ...parts, [part]: v });
        return (
          <span key={part} className="sf-field__part">
            <label className="sf-field__sublabel" htmlFor={partId}>
              {label}
            </label>
            {part === 'ampm' ? (
              <select
                id={partId}
                className="sf-field__input"
                value={parts[part] ?? ''}
                aria-invalid={invalid || undefined}
                onChange={(e) => set(e.currentTarget.value)}
              >
                <option value="">{text('selectValue')}</option>
                <option value="AM">{text('am')}</option>
                <option value="PM">{text('pm')}</option>
              </select>
            ) : (
              <input
                id={partId}
                className="sf-field__input"
                type="text"
                inputMode={inputModeOf(type)}
                value={parts[part] ?? ''}
                aria-invalid={invalid || undefined}
                onChange={(e) => set(e.currentTarget.value)}
              />
            )}
          </span>
        );
      })}
    </>
  );
}
