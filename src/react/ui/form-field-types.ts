/**
 * What a form gives the one renderer of its fields (./form-field.tsx): the errors of a field and
 * the texts and marks that differ between the site form and the additional-fields form.
 */
import type { FormSchemaField } from '../../api/form-schema.js';
import type { CharacterCounter } from '../../commerce/validation.js';
import type { UiMessageKey } from './messages.js';

/** A message about the field's value, read with the control. */
export interface FieldError {
  /** Names the message's element: `<field id>-<key>`. */
  readonly key: string;
  readonly text: string;
  /**
   * Where it shows: `label` above the field's label (the server's word on an additional field,
   * spec 000 §5 "shown above each field"), `control` between the label and the control, `below`
   * under the control.
   */
  readonly place: 'label' | 'control' | 'below';
}

/** What differs between the two forms: their texts and how each marks and limits a field. */
export interface FieldTexts {
  /** A text of the UI catalogue (parts, likert answers, AM/PM), the page's overrides applied. */
  readonly text: (key: UiMessageKey) => string;
  /** The empty choice of a select without a placeholder. */
  readonly selectPrompt: (field: FormSchemaField) => string;
  /**
   * The required mark as texts in the label: one seen, one heard. Without it the label takes the
   * `sf-field__label--required` class, whose "*" ui.css draws unheard: the control says it is
   * required, and a group's legend says it with the catalogue's `requiredSpoken`.
   * @default undefined
   */
  readonly requiredMark?: { readonly seen: string; readonly spoken: string } | undefined;
  /**
   * A text area's live counter against its maximum, named by `label`, which lets typing go past
   * the limit to show it in its error style (spec 001 §3). Without it the browser stops typing at
   * the limit (`maxlength`).
   * @default undefined
   */
  readonly counter?:
    | {
        readonly label: string;
        readonly count: (text: string, max: number | null) => CharacterCounter | null;
      }
    | undefined;
}
