/**
 * One field of a site form, for every field type of spec 001 §3: single inputs (with placeholder),
 * text areas with their live counter, multi-part fields, choices, likert, and sections as headings.
 * The rules are not here: the form checks values with `formFieldError` (src/commerce/validation.ts).
 */
import type { ReactNode } from 'react';
import { characterCounter } from '../../src/commerce/validation.js';
import { answerList, answerText, type FieldValue, type FormSchemaField } from '../../src/api/form-schema.js';
import { isMultiPartFieldType } from '../../src/commerce/form-fields.js';
import {
  LikertStatements,
  MultiPartInputs,
  inputModeOf,
  inputTypeOf,
} from '../../src/react/ui/field-parts.js';
import type { SiteFormMessages } from './messages.js';

export interface FieldProps {
  readonly field: FormSchemaField;
  /** The DOM id of the field's input (or group); sub-ids derive from it. */
  readonly id: string;
  readonly value: FieldValue | undefined;
  readonly error: string | undefined;
  readonly onChange: (value: FieldValue) => void;
  readonly m: SiteFormMessages;
}

function Label({ field, m, htmlFor }: { field: FormSchemaField; m: SiteFormMessages; htmlFor?: string }) {
  const content = (
    <>
      {field.title}
      {field.required && (
        <>
          {' '}
          <span className="sf-field__required" aria-hidden="true">
            {m.t('requiredMark')}
          </span>
          <span className="sf-visually-hidden">{m.t('requiredSpoken')}</span>
        </>
      )}
    </>
  );
  return htmlFor === undefined ? (
    <legend className="sf-field__label">{content}</legend>
  ) : (
    <label className="sf-field__label" htmlFor={htmlFor}>
      {content}
    </label>
  );
}

/** A field with its label, description, error and (text areas) counter. */
export function SiteFormField({ field, id, value, error, onChange, m }: FieldProps): ReactNode {
  if (field.type === 'hidden') return null;
  if (field.type === 'section') {
    return (
      <div className="sf-site-form__section" data-field-id={field.id}>
        <h2 className="sf-site-form__section-title">{field.title}</h2>
        {field.description !== null && <p className="sf-field__description">{field.description}</p>}
      </div>
    );
  }
  const descId = field.description !== null ? `${id}-desc` : null;
  const errorId = error !== undefined ? `${id}-error` : null;
  const counter = field.type === 'textarea' ? characterCounter(answerText(value), field.maxLength, m) : null;
  const counterId = counter !== null ? `${id}-counter` : null;
  const describedBy = [descId, errorId, counterId].filter((x) => x !== null).join(' ') || undefined;
  const invalid = error !== undefined || undefined;

  const description = descId !== null && (
    <p id={descId} className="sf-field__description">
      {field.description}
    </p>
  );
  const errorText = errorId !== null && (
    <p id={errorId} className="sf-field__error">
      {error}
    </p>
  );

  const group = (children: ReactNode) => (
    <fieldset
      className="sf-field sf-field__group"
      data-field-id={field.id}
      data-invalid={invalid}
      aria-describedby={describedBy}
    >
      <Label field={field} m={m} />
      {description}
      {errorText}
      {children}
    </fieldset>
  );

  if (field.type === 'radio' || field.type === 'checkbox') {
    const list = answerList(value);
    return group(
      field.options.map((opt, i) => (
        <label key={opt} className="sf-field__choice" htmlFor={`${id}-${i}`}>
          <input
            id={`${id}-${i}`}
            type={field.type}
            name={id}
            value={opt}
            aria-invalid={invalid}
            checked={field.type === 'radio' ? answerText(value) === opt : list.includes(opt)}
            onChange={(e) =>
              onChange(
                field.type === 'radio'
                  ? opt
                  : e.currentTarget.checked
                    ? [...list, opt]
                    : list.filter((x) => x !== opt),
              )
            }
          />
          {opt}
        </label>
      )),
    );
  }

  if (field.type === 'likert') {
    return group(
      <LikertStatements
        id={id}
        statements={field.statements}
        value={value}
        onChange={onChange}
        text={(key) => m.t(key)}
      />,
    );
  }

  if (isMultiPartFieldType(field.type)) {
    return group(
      <MultiPartInputs
        id={id}
        type={field.type}
        value={value}
        onChange={onChange}
        text={(key) => m.t(key)}
        invalid={invalid === true}
      />,
    );
  }

  const common = {
    id,
    className: 'sf-field__input',
    value: answerText(value),
    'aria-required': field.required || undefined,
    'aria-invalid': invalid,
    'aria-describedby': describedBy,
  };
  let control: ReactNode;
  if (field.type === 'select') {
    control = (
      <select {...common} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{field.placeholder ?? m.t('selectValue')}</option>
        {field.options.map((opt) => (
          <option key={opt} value={opt}>
            {opt}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'textarea') {
    // No maxLength attribute: the browser would stop typing at the limit, and the spec wants the
    // counter to show going past it in its error style.
    control = (
      <textarea
        {...common}
        placeholder={field.placeholder ?? undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  } else {
    control = (
      <input
        {...common}
        type={inputTypeOf(field.type)}
        inputMode={inputModeOf(field.type)}
        autoComplete={field.type === 'email' ? 'email' : undefined}
        placeholder={field.placeholder ?? undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  }
  return (
    <div className="sf-field" data-field-id={field.id} data-invalid={invalid}>
      <Label field={field} m={m} htmlFor={id} />
      {description}
      {errorText}
      {control}
      {counter !== null && counterId !== null && (
        <p
          id={counterId}
          className={counter.over ? 'sf-field__counter sf-field__counter--over' : 'sf-field__counter'}
          data-over={counter.over || undefined}
        >
          <span className="sf-visually-hidden">{m.t('counterLabel')} </span>
          {counter.text}
        </p>
      )}
    </div>
  );
}
