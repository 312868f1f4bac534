import { useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import type { FormSchema, FormValues } from '../../src/api/form-schema.js';
import type { Api } from '../../src/api/page.js';
import { LIKERT_LABEL_KEYS } from '../../src/messages/format.js';
import type { SubmitOutcome } from '../../src/react/ui/additional-fields-form.js';
import { loadFormDialog, type FormDialogModule } from '../../src/react/ui/load-form-dialog.js';
import type { CartStore } from '../../src/store/index.js';
import type { CartEntry, ShoppingCart } from '../../src/store/types.js';
import type { RunChange } from './failures.js';
import type { CartPageMessages } from './messages.js';

/** One answered additional field of an entry, as the line shows it. */
export interface EntryAnswer {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

/** How answers read as text: loaded with the first schema, so a cart without answers never loads it. */
type FormFields = typeof import('../../src/commerce/form-fields.js');

interface OpenForm {
  readonly entry: CartEntry;
  readonly schema: FormSchema;
  /** The dialog code, loaded on the first "Edit details" rather than with the page. */
  readonly mod: FormDialogModule;
}

/**
 * The entry's answered fields in the form's order, titled from its schema: the entry holds only
 * field ids and values. Unanswered fields, sections and hidden fields are left out.
 */
function entryAnswers(
  entry: CartEntry,
  schema: FormSchema | undefined,
  fields: FormFields | null,
  m: CartPageMessages,
): readonly EntryAnswer[] {
  const values = entry.additionalFields;
  if (!values || !schema || !fields) return [];
  return schema.fields.flatMap((field) => {
    if (fields.NO_ANSWER_FIELD_TYPES.includes(field.type)) return [];
    const text = fields.formAnswerText(field.type, values[field.id], (score) =>
      m.t(LIKERT_LABEL_KEYS[score]),
    );
    return text === undefined ? [] : [{ id: field.id, title: field.title, text }];
  });
}

/**
 * What "Edit details" loads: the dialog's code (files that import one another, a round trip each)
 * and the forms api that reads the entry's form. Fetched when the shopper reaches for the button
 * (a pointer over it, focus on it), so the press mostly waits for the form's own request.
 */
export const prepareEdit = (): void => {
  loadFormDialog().catch(() => undefined);
  import('../../src/api/forms.js').catch(() => undefined);
};

interface EditAnswersOptions {
  readonly cart: ShoppingCart | null;
  readonly api: Api;
  readonly store: CartStore;
  readonly run: RunChange;
  readonly m: CartPageMessages;
  readonly mounted: MutableRefObject<boolean>;
}

/**
 * The entries' additional-fields answers: the schemas that title them (read once per form and
 * page view), and their edit in the form dialog, saved once the server has checked the answers.
 */
export function useEditAnswers({ cart, api, store, run, m, mounted }: EditAnswersOptions) {
  // Additional-fields schemas by form id: they title the answers each line shows.
  const [schemas, setSchemas] = useState<Readonly<Record<string, FormSchema>>>({});
  const [formFields, setFormFields] = useState<FormFields | null>(null);
  const requested = useRef(new Set<string>());
  const [openForm, setOpenForm] = useState<OpenForm | null>(null);

  const answeredForms = [
    ...new Set(
      (cart?.entries ?? []).flatMap((e) =>
        e.additionalFieldsFormId && e.additionalFields && Object.keys(e.additionalFields).length > 0
          ? [e.additionalFieldsFormId]
          : [],
      ),
    ),
  ].join('\n');
  useEffect(() => {
    for (const formId of answeredForms.split('\n')) {
      if (formId === '' || requested.current.has(formId)) continue;
      requested.current.add(formId);
      // A schema that fails to load only leaves that line without its answers; so does the code
      // that reads answers as text, which a cart without answers never fetches.
      void api.getFormSchema(formId).then((r) => {
        if (r.ok && mounted.current) setSchemas((prev) => ({ ...prev, [formId]: r.data }));
      });
      import('../../src/commerce/form-fields.js').then(
        (mod) => mounted.current && setFormFields(mod),
        () => undefined,
      );
    }
  }, [answeredForms, api, mounted]);

  const answersOf = (entry: CartEntry) =>
    entryAnswers(
      entry,
      entry.additionalFieldsFormId ? schemas[entry.additionalFieldsFormId] : undefined,
      formFields,
      m,
    );

  const edit = (entry: CartEntry) => {
    const formId = entry.additionalFieldsFormId;
    if (!formId) return;
    void run(entry, 'form', 'openFormFailed', async () => {
      const unreadable = {
        ok: false,
        error: { kind: 'invalid-response', status: 0, message: m.t('tryAgain') },
      } as const;
      // The api has already read the schema (src/api/form-schema.ts); only the dialog code may fail.
      // A schema read for the line's answers is the form of this page view: not asked for again.
      const known = schemas[formId];
      const [mod, r] = await Promise.all([
        loadFormDialog().catch(() => null),
        known ? ({ ok: true, data: known } as const) : api.getFormSchema(formId),
      ]);
      if (!r.ok) return r;
      if (!mod) return unreadable;
      setSchemas((prev) => ({ ...prev, [formId]: r.data }));
      setOpenForm({ entry, schema: r.data, mod });
      return { ok: true };
    });
  };

  const save = async (entry: CartEntry, values: FormValues): Promise<SubmitOutcome> => {
    const formId = entry.additionalFieldsFormId;
    if (!formId) return { ok: false };
    const checked = await api.validateForm(formId, values);
    if (!checked.ok) {
      return { ok: false, fieldErrors: checked.error.fieldErrors, message: checked.error.message };
    }
    const r = await store.getState().updateEntryAdditionalFields(entry.id, {
      itemId: entry.itemId,
      sku: entry.chosenVariant?.sku ?? null,
      additionalFields: values,
    });
    if (!r.ok) {
      return { ok: false, fieldErrors: r.error.fieldErrors, message: r.error.message };
    }
    // The form then goes to its success address, shows its message, or closes (onDone).
    return { ok: true };
  };

  return { answersOf, edit, save, openForm, close: () => setOpenForm(null) };
}

interface AnswersDialogProps {
  readonly open: OpenForm;
  readonly strings: Readonly<Record<string, string>> | undefined;
  readonly errorTitle: string;
  readonly onClose: () => void;
  readonly onSubmit: (values: FormValues) => Promise<SubmitOutcome>;
}

/** The loaded dialog with the entry's saved answers and the page's text overrides. */
export function AnswersDialog({ open, strings, errorTitle, onClose, onSubmit }: AnswersDialogProps) {
  const { mod, entry, schema } = open;
  const ui = useMemo(() => mod.uiMessages(strings), [mod, strings]);
  const initialValues = useMemo(() => mod.parseFormValues(entry.additionalFields ?? null), [mod, entry]);
  return (
    <mod.FormDialog
      open
      onClose={onClose}
      schema={schema}
      initialValues={initialValues}
      submitLabel={ui.t('save')}
      errorTitle={errorTitle}
      messages={ui}
      onSubmit={onSubmit}
    />
  );
}
