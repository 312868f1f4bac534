/**
 * One field of a form schema (spec 000 §5, spec 001 §3), the one renderer both forms use: the
 * additional-fields form (./additional-fields-form.tsx) and the site form (widgets/site-form).
 * It draws the label or legend with its required mark, the description, the errors and the
 * character counter, each tied to the control by `aria-describedby` and `aria-invalid`, and every
 * control: single inputs, text areas, selects, radio and checkbox choices, likert statements and
 * multi-part fields. The rules are not here: each form checks its values and says what is wrong.
 * What each form gives it (its texts, its errors) is ./form-field-types.ts.
 */
import { useRef, type ReactNode } from 'react';
import {
  LIKERT_VALUES,
  MULTI_PART_FIELDS,
  answerList,
  answerParts,
  answerText,
  holdsAnswer,
  type FieldValue,
  type FormFieldType,
  type FormSchemaField,
  type MultiPartFieldType,
} from '../../api/form-schema.js';
import { isMultiPartFieldType } from '../../commerce/form-fields.js';
import { LIKERT_LABEL_KEYS } from '../../messages/format.js';
import type { FieldError, FieldTexts } from './form-field-types.js';
import { PART_LABEL_KEYS, type UiMessageKey } from './messages.js';

export type { FieldError, FieldTexts } from './form-field-types.js';

export interface FormFieldProps {
  readonly field: FormSchemaField;
  /** The DOM id of the field's control (or group); the ids of its parts and messages derive from it. */
  readonly id: string;
  readonly value: FieldValue | undefined;
  readonly onChange: (value: FieldValue) => void;
  readonly errors: readonly FieldError[];
  readonly texts: FieldTexts;
}

/** A field with its label, description, errors and (text areas) counter; nothing for a field that holds no answer. */
export function FormField({ field, id, value, onChange, errors, texts }: FormFieldProps): ReactNode {
  if (!holdsAnswer(field)) return null;
  const descId = field.description !== null ? `${id}-desc` : null;
  const counter =
    field.type === 'textarea' && texts.counter !== undefined
      ? texts.counter.count(answerText(value), field.maxLength)
      : null;
  const counterId = counter !== null ? `${id}-counter` : null;
  const errorId = (error: FieldError) => `${id}-${error.key}`;
  const errorIds = errors.map(errorId).join(' ') || undefined;
  const describedBy = [descId, errorIds, counterId].filter(Boolean).join(' ') || undefined;
  const invalid = errors.length > 0;
  // Each input of a group carries the errors too: focus goes to one of them (the first part), and
  // a group's own description is not read when focus enters one of its inputs.
  const marks: Marks = { 'aria-invalid': invalid || undefined, 'aria-describedby': errorIds };

  const errorsAt = (place: FieldError['place']) =>
    errors
      .filter((error) => error.place === place)
      .map((error) => (
        <p key={error.key} id={errorId(error)} className="sf-field__error">
          {error.text}
        </p>
      ));
  const description = descId !== null && (
    <p id={descId} className="sf-field__description">
      {field.description}
    </p>
  );
  const label = {
    title: field.title,
    required: field.required,
    mark: texts.requiredMark,
    spoken: texts.text('requiredSpoken'),
  };
  const control = { field, id, value, onChange, texts, invalid, describedBy, marks };

  return (
    <div className="sf-field" data-field-id={field.id} data-invalid={invalid || undefined}>
      {errorsAt('label')}
      {isGroup(field.type) ? (
        <fieldset className="sf-field__group" aria-describedby={describedBy}>
          <FieldLabel {...label} />
          {description}
          {errorsAt('control')}
          <GroupInputs {...control} />
        </fieldset>
      ) : (
        <>
          <FieldLabel {...label} htmlFor={id} />
          {description}
          {errorsAt('control')}
          <SingleControl {...control} />
        </>
      )}
      {counter !== null && texts.counter !== undefined && (
        <p
          id={`${id}-counter`}
          className={counter.over ? 'sf-field__counter sf-field__counter--over' : 'sf-field__counter'}
          data-over={counter.over || undefined}
        >
          <span className="sf-visually-hidden">{texts.counter.label} </span>
          {counter.text}
        </p>
      )}
      {errorsAt('below')}
    </div>
  );
}

/** A label (a legend without `htmlFor`, for a group) with the field's required mark. */
function FieldLabel({
  title,
  required,
  mark,
  spoken,
  htmlFor,
}: {
  title: string;
  required: boolean;
  mark: FieldTexts['requiredMark'];
  spoken: string;
  htmlFor?: string;
}) {
  const markedByCss = required && mark === undefined;
  const className = markedByCss ? 'sf-field__label sf-field__label--required' : 'sf-field__label';
  const content = (
    <>
      {title}
      {required && mark !== undefined && (
        <>
          {' '}
          <span className="sf-field__required" aria-hidden="true">
            {mark.seen}
          </span>
          <span className="sf-visually-hidden">{mark.spoken}</span>
        </>
      )}
      {/* A group is required as a whole (any one checkbox or part may stay empty): its legend says so. */}
      {markedByCss && htmlFor === undefined && <span className="sf-visually-hidden"> {spoken}</span>}
    </>
  );
  return htmlFor === undefined ? (
    <legend className={className}>{content}</legend>
  ) : (
    <label className={className} htmlFor={htmlFor}>
      {content}
    </label>
  );
}

interface ControlProps {
  readonly field: FormSchemaField;
  readonly id: string;
  readonly value: FieldValue | undefined;
  readonly onChange: (value: FieldValue) => void;
  readonly texts: FieldTexts;
  readonly invalid: boolean;
  readonly describedBy: string | undefined;
  /** What each input of a group says of the field's errors. */
  readonly marks: Marks;
}

/** A field's errors as an input of its group carries them. */
interface Marks {
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-describedby': string | undefined;
}

/** Fields of several inputs, drawn in a fieldset under a legend. */
const isGroup = (type: FormFieldType): boolean =>
  type === 'radio' || type === 'checkbox' || type === 'likert' || isMultiPartFieldType(type);

/** The inputs of a group: choices, likert statements or the parts of a multi-part field. */
function GroupInputs({ field, id, value, onChange, texts, marks }: ControlProps) {
  const parts: PartsProps = { id, value, onChange, text: texts.text, marks };
  if (field.type === 'likert') return <LikertStatements {...parts} statements={field.statements} />;
  if (isMultiPartFieldType(field.type)) return <MultiPartInputs {...parts} type={field.type} />;
  const list = answerList(value);
  const choose = (option: string, checked: boolean): FieldValue =>
    field.type === 'radio' ? option : checked ? [...list, option] : list.filter((x) => x !== option);
  return field.options.map((option, i) => (
    <label key={option} className="sf-field__choice" htmlFor={`${id}-${i}`}>
      <input
        id={`${id}-${i}`}
        type={field.type}
        name={id}
        value={option}
        // A group cannot carry aria-required (ARIA allows it on a radiogroup, not a fieldset's
        // group): a required choice says so on its radios, as HTML does.
        required={(field.type === 'radio' && field.required) || undefined}
        {...marks}
        checked={field.type === 'radio' ? answerText(value) === option : list.includes(option)}
        onChange={(e) => onChange(choose(option, e.currentTarget.checked))}
      />
      {option}
    </label>
  ));
}

/** The one control of a field: a select, a text area or an input of the field's type. */
function SingleControl({ field, id, value, onChange, texts, invalid, describedBy }: ControlProps) {
  const common = {
    id,
    className: 'sf-field__input',
    value: answerText(value),
    required: field.required,
    'aria-required': field.required || undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  };
  if (field.type === 'select') {
    return (
      <select {...common} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{field.placeholder ?? texts.selectPrompt(field)}</option>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }
  // With a counter there is no maxlength: the browser would stop typing at the limit, and the
  // spec wants the counter to show going past it in its error style.
  const maxLength = texts.counter === undefined ? (field.maxLength ?? undefined) : undefined;
  const typed = { ...common, maxLength, placeholder: field.placeholder ?? undefined };
  if (field.type === 'textarea') {
    return <textarea {...typed} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
  return (
    <input
      {...typed}
      type={inputTypeOf(field.type)}
      inputMode={inputModeOf(field.type)}
      autoComplete={field.type === 'email' ? 'email' : undefined}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

interface PartsProps {
  /** The field's DOM id; each input's id derives from it. */
  readonly id: string;
  readonly value: FieldValue | undefined;
  readonly onChange: (value: FieldValue) => void;
  /** The text of a UI catalogue key, with the page's overrides applied. */
  readonly text: (key: UiMessageKey) => string;
  readonly marks: Marks;
}

/**
 * A multi-part answer, and a setter of one part that builds on the parts last set rather than
 * last rendered: a browser's autofill changes several parts in one task, before any render.
 */
function useParts(value: FieldValue | undefined, onChange: (value: FieldValue) => void) {
  const latest = useRef(answerParts(value));
  latest.current = answerParts(value);
  const set = (part: string, v: string) => onChange((latest.current = { ...latest.current, [part]: v }));
  return [latest.current, set] as const;
}

/** One radio group per statement, answered on the five-point scale. */
function LikertStatements({
  id,
  statements,
  value,
  onChange,
  text,
  marks,
}: PartsProps & { readonly statements: readonly string[] }) {
  const [answers, setAnswer] = useParts(value, onChange);
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
                {...marks}
                onChange={() => setAnswer(statement, v)}
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
const inputTypeOf = (type: FormFieldType): string => INPUT_TYPE[type] ?? 'text';

/** Keyboards that suit a field: decimals for money, digits for dates and times, a dial pad for phones. */
const INPUT_MODE: Partial<Record<FormFieldType, 'decimal' | 'numeric' | 'tel'>> = {
  currency: 'decimal',
  date: 'numeric',
  time: 'numeric',
  phone: 'tel',
};

const inputModeOf = (type: FormFieldType): 'decimal' | 'numeric' | 'tel' | undefined => INPUT_MODE[type];

/** One labelled input per part (a select for AM/PM). */
function MultiPartInputs({
  id,
  type,
  value,
  onChange,
  text,
  marks,
}: PartsProps & { readonly type: MultiPartFieldType }) {
  const [parts, setPart] = useParts(value, onChange);
  return (
    <>
      {MULTI_PART_FIELDS[type].map((part) => {
        const partId = `${id}-${part}`;
        const label =
          type === 'phone' && part === 'country' ? text('partCountryCode') : text(PART_LABEL_KEYS[part]);
        const set = (v: string) => setPart(part, v);
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
                {...marks}
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
                {...marks}
                onChange={(e) => set(e.currentTarget.value)}
              />
            )}
          </span>
        );
      })}
    </>
  );
}
