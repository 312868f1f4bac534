import { useStorefront, useWidgetId } from '../provider.js';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useFieldFocus } from '../use-field-focus.js';
import { useFormCaptcha } from '../use-form-captcha.js';
import { Alert } from './alert.js';
import {
  afterSubmission,
  holdsAnswer,
  missingRequiredFields,
  type FieldValue,
  type FormSchema,
  type FormValues,
} from '../../api/form-schema.js';
import { FormField, type FieldError, type FieldTexts } from './form-field.js';
import { catalogueDefaults } from '../../messages/format.js';
import { UI_MESSAGES, type UiMessages } from './messages.js';

/** The UI texts without overrides, in the page's language (made on first use, then kept). */
export const defaultUiMessages = catalogueDefaults(UI_MESSAGES);

/**
 * How the additional-fields form draws its fields: a "*" that ui.css draws unheard (the control
 * says it is required), a select that starts at "Select" and the field's name (spec 001 §9
 * Select {variantName}), and typing stopped at a maximum.
 */
const fieldTexts = (m: UiMessages): FieldTexts => ({
  text: (key) => m.t(key),
  selectPrompt: (field) => m.t('selectField', { variantName: field.title }),
});

/** What the owner of the form reports back after trying to save the values. */
export type SubmitOutcome =
  | {
      readonly ok: true;
      /**
       * The owner has seen to what follows (the page leaves for an express checkout, or a failure
       * is shown outside the form): the form's redirect and message are not applied. @default false
       */
      readonly settled?: boolean | undefined;
    }
  | {
      readonly ok: false;
      /**
       * Field id to the server's message, shown above each field. Ids of no field the form shows
       * are left out: with none left, the failure is the whole form's.
       */
      readonly fieldErrors?: Readonly<Record<string, string>> | undefined;
      /**
       * The whole form's message (network, rate limit...), shown when no field carries the
       * failure. @default the form's problem text
       */
      readonly message?: string | undefined;
    };

export interface AdditionalFieldsFormProps {
  readonly schema: FormSchema;
  /** Answers to start from (editing a cart entry). @default {} */
  readonly initialValues?: FormValues | undefined;
  /** Label of the submit button in the editing state. */
  readonly submitLabel: string;
  /** Title of the alert shown for a whole-form failure. */
  readonly errorTitle: string;
  /**
   * Validates on the server and does whatever follows (add to cart, update the entry). Runs only
   * once every required field is filled; the button reads "Saving…" until it settles.
   */
  readonly onSubmit: (values: FormValues) => Promise<SubmitOutcome>;
  /** The form's texts, the page's overrides applied. @default the UI catalogue */
  readonly messages?: UiMessages | undefined;
  /** Told about every edit, so an owner can keep a draft across closing and reopening. @default undefined */
  readonly onValuesChange?: ((values: FormValues) => void) | undefined;
  /**
   * Told when a submission succeeded and the form has neither a success address nor a submission
   * message to show: the dialog closes. @default undefined
   */
  readonly onDone?: (() => void) | undefined;
}

/**
 * The additional-fields form of a product (spec 000 §3-§5): editing -> saving -> editing. Client
 * check first ("Required" under each empty required field), then the captcha where the form asks
 * for one (as the site form does: src/react/use-form-captcha.tsx), then `onSubmit`; server errors
 * show above their fields. After a success the form goes to its success address or shows its
 * submission message, as every form does (`afterSubmission`, src/api/form-schema.ts). Values live
 * here for the whole life of the form, so nothing typed is lost when a check or the server fails.
 */
export function AdditionalFieldsForm({
  schema,
  initialValues,
  submitLabel,
  errorTitle,
  onSubmit,
  messages = defaultUiMessages(),
  onValuesChange,
  onDone,
}: AdditionalFieldsFormProps) {
  const { redirect } = useStorefront();
  const [values, setValues] = useState<FormValues>(initialValues ?? {});
  const [missing, setMissing] = useState<readonly string[]>([]);
  const [serverErrors, setServerErrors] = useState<Readonly<Record<string, string>>>({});
  // What went wrong, in an alert above the fields: the whole form's failure, or that fields are
  // in error. Each is numbered and drawn anew, so a second identical failure is announced again,
  // as the site form's are: Enter in the field in error moves no focus, and the alert is then
  // all a screen reader hears.
  const [problem, setProblemState] = useState<{ readonly text: string; readonly count: number } | null>(null);
  const problems = useRef(0);
  const setProblem = (text: string | null) =>
    setProblemState(text === null ? null : { text, count: (problems.current += 1) });
  const [saving, setSaving] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const baseId = useWidgetId();
  const captcha = useFormCaptcha(schema, 'additional-fields', 'sf-fields-form__captcha');
  useEffect(() => {
    if (done !== null) doneRef.current?.focus();
  }, [done]);
  const texts = useMemo(() => fieldTexts(messages), [messages]);
  const fieldErrors = (serverError: string | undefined, isMissing: boolean): FieldError[] => [
    ...(serverError === undefined ? [] : [{ key: 'server', text: serverError, place: 'label' } as const]),
    ...(isMissing ? [{ key: 'required', text: messages.t('required'), place: 'below' } as const] : []),
  ];

  // The answers as last set, not as last rendered: two fields changed in one task (a browser's
  // autofill) both count.
  const latestValues = useRef(values);
  latestValues.current = values;
  const setValue = (id: string, value: FieldValue) => {
    const next = { ...latestValues.current, [id]: value };
    latestValues.current = next;
    setValues(next);
    onValuesChange?.(next);
  };

  // After the render that draws the field's error, so focus arrives on a control marked invalid.
  const focusField = useFieldFocus(formRef);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving || leaving) return;
    const empty = missingRequiredFields(schema, values);
    setMissing(empty);
    setServerErrors({});
    setProblem(null);
    if (empty.length > 0) {
      setProblem(messages.t('formFieldsInvalid'));
      focusField(empty[0]!);
      return;
    }
    setSaving(true);
    // Spec 000 §4: the captcha check comes after the client check, before anything is sent.
    const checked = await captcha.check();
    if (!checked.ok) {
      setSaving(false);
      setProblem(messages.t('captchaIncomplete'));
      return;
    }
    let outcome: SubmitOutcome;
    try {
      outcome = await onSubmit(values);
    } catch {
      outcome = { ok: false, message: messages.t('formProblem') };
    }
    setSaving(false);
    if (outcome.ok) {
      if (outcome.settled === true) return;
      const next = afterSubmission(schema, redirect);
      if (next.kind === 'redirecting') setLeaving(true);
      else if (next.text !== null) setDone(next.text);
      else onDone?.();
      return;
    }
    captcha.reset();
    // A server's map may name fields this form does not show (or be no field map at all): those
    // messages would reach nobody, so the failure is then the whole form's.
    const shown = Object.entries(outcome.fieldErrors ?? {}).filter(([id]) =>
      schema.fields.some((f) => f.id === id && holdsAnswer(f)),
    );
    setServerErrors(Object.fromEntries(shown));
    const first = shown[0]?.[0];
    // With fields in error, their own messages say what is wrong; the alert says where to look.
    setProblem(
      first === undefined ? (outcome.message ?? messages.t('formProblem')) : messages.t('formFieldsInvalid'),
    );
    if (first !== undefined) focusField(first);
  };

  if (done !== null) {
    return (
      <div className="sf-fields-form" role="status">
        <p ref={doneRef} tabIndex={-1} className="sf-fields-form__message">
          {done}
        </p>
      </div>
    );
  }

  const busy = saving || leaving;
  return (
    <form
      ref={formRef}
      className="sf-fields-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-busy={busy}
    >
      {problem !== null && <Alert key={problem.count} title={errorTitle} message={problem.text} />}
      {/* Sections and hidden fields are not part of the additional-fields form (spec 000 §2: "Sections are ignored"). */}
      {schema.fields.filter(holdsAnswer).map((field) => (
        <FormField
          key={field.id}
          field={field}
          id={`${baseId}-${field.id}`}
          value={values[field.id]}
          errors={fieldErrors(serverErrors[field.id], missing.includes(field.id))}
          onChange={(v) => setValue(field.id, v)}
          texts={texts}
        />
      ))}
      {schema.disclaimer !== null && <p className="sf-fields-form__disclaimer">{schema.disclaimer}</p>}
      {captcha.element}
      <button type="submit" className="sf-button sf-fields-form__submit" aria-disabled={busy || undefined}>
        {busy ? messages.t('saving') : submitLabel}
      </button>
    </form>
  );
}
