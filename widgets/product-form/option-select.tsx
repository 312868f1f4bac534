/**
 * One option's picker of the product form (spec 001 §2 "variants select", §5): a labelled select
 * of the option's values, each value that leads only to sold-out variants saying so in its own
 * text. While the form's alert asks for a choice this select has not got, the select is marked
 * invalid and described by that alert, so a screen reader names the problem at the field.
 */
import { optionName } from '../../src/messages/format.js';

export interface OptionSelectProps {
  /** The select's id; its label points at it. */
  readonly id: string;
  /** The merchant's option name ("Size"). */
  readonly name: string;
  readonly value: string;
  /** The empty choice's text ("Select Size"). */
  readonly placeholder: string;
  readonly values: readonly { readonly value: string; readonly text: string; readonly soldOut: boolean }[];
  /** The id of the alert that asks for this choice, while it does; null otherwise. */
  readonly refusedBy: string | null;
  readonly onChoose: (value: string) => void;
}

export function OptionSelect({
  id,
  name,
  value,
  placeholder,
  values,
  refusedBy,
  onChoose,
}: OptionSelectProps) {
  return (
    <div className="sf-product-form__option">
      {/* The merchant's option name, in the page's language when the catalogues name it. */}
      <label htmlFor={id}>{optionName(name)}</label>
      <select
        id={id}
        value={value}
        aria-invalid={refusedBy !== null || undefined}
        aria-describedby={refusedBy ?? undefined}
        onChange={(e) => onChoose(e.currentTarget.value)}
      >
        <option value="">{placeholder}</option>
        {values.map((v) => (
          <option key={v.value} value={v.value} {...(v.soldOut && { 'data-sf-sold-out': '' })}>
            {v.text}
          </option>
        ))}
      </select>
    </div>
  );
}
