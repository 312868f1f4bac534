import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  afterSubmission,
  holdsAnswer,
  type FieldValue,
  type FormSchema,
  type FormSchemaField,
} from '../../src/api/form-schema.js';
import type { FormSubmissionPayload } from '../../src/api/forms.js';
import { characterCounter } from '../../src/commerce/validation.js';
import { track } from '../../src/page/analytics.js';
import { useStorefront, useWidgetId } from '../../src/react/provider.js';
import { FormField, type FieldTexts } from '../../src/react/ui/form-field.js';
import { useFieldFocus } from '../../src/react/use-field-focus.js';
import { useFormCaptcha } from '../../src/react/use-form-captcha.js';
import { useLatest } from '../../src/react/use-latest.js';
import { siteFormMessages, type SiteFormMessages } from './messages.js';
import { PostSubmitContent, postSubmitContent } from './post-submit-content.js';
import { DEFAULT_PAGE, type SiteFormProps } from './props.js';
import {
  answersOf,
  fieldProblem,
  formProblem,
  saveFailureText,
  validateSiteForm,
  type Problem,
  type Values,
} from './submission.js';

export type { SiteFormProps } from './props.js';

/**
 * The code that sends a form (the forms api and its response parsers) is not part of the page's
 * start when the form carries its schema: the page's endpoints load it with the first call. It is
 * fetched as soon as the visitor first moves into the form, so a submit does not wait for it.
 */
const warmSend = (): void => {
  import('../../src/api/forms.js').catch(() => undefined);
};

type Phase =
  | { readonly kind: 'loading' }
  | { readonly kind: 'load-failed'; readonly message: string }
  | { readonly kind: 'editing' }
  | { readonly kind: 'submitting' }
  | { readonly kind: 'redirecting' }
  | {
      readonly kind: 'done';
      readonly message: string | null;
      /** The post-submit content, sanitised (./post-submit.ts). */
      readonly content: DocumentFragment | null;
    };

/**
 * How the site form draws its fields (spec 001 §3): a "*" mark read as "(required)", a select
 * that starts at "Select", and a live counter under a text area with a maximum.
 */
const fieldTexts = (m: SiteFormMessages): FieldTexts => ({
  text: (key) => m.t(key),
  selectPrompt: () => m.t('selectValue'),
  requiredMark: { seen: m.t('requiredMark'), spoken: m.t('requiredSpoken') },
  counter: { label: m.t('counterLabel'), count: (text, max) => characterCounter(text, max, m) },
});

/** A section of the form: a heading with its description, holding no answer. */
function FormSection({ field }: { readonly field: FormSchemaField }) {
  return (
    <div className="sf-site-form__section" data-field-id={field.id}>
      <h2 className="sf-site-form__section-title">{field.title}</h2>
      {field.description !== null && <p className="sf-field__description">{field.description}</p>}
    </div>
  );
}

const pageTitle = (): string => (typeof document === 'undefined' ? '' : document.title);
const pagePath = (): string => (typeof location === 'undefined' ? '/' : location.pathname);

/**
 * A generic site form (spec 000 §2, §4, §5, §8). Submitting locks the form (the button reads
 * "Submitting…"), checks the fields, the captcha, fetches a submission key and saves. A failure
 * shows its catalogued text, resets the captcha and unlocks the form with every answer kept; a
 * success tracks a newsletter sign-up, then goes to the success address or shows the submission
 * text (as text, never as HTML) and the post-submit content (as sanitised HTML).
 */
export function SiteForm({ formId, form, page = DEFAULT_PAGE, strings }: SiteFormProps) {
  const { api, redirect, reporter } = useStorefront();
  const baseId = useWidgetId();
  const m = useMemo(() => siteFormMessages(strings), [strings]);
  const texts = useMemo(() => fieldTexts(m), [m]);
  const [loaded, setSchema] = useState<FormSchema | null>(null);
  // A schema the props carry is drawn as it stands: the editor can change it in place.
  const schema = form ?? loaded;
  const [phase, setPhase] = useState<Phase>(form ? { kind: 'editing' } : { kind: 'loading' });
  const [values, setValues] = useState<Values>({});
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, string>>>({});
  const [problem, setProblemState] = useState<(Problem & { readonly count: number }) | null>(null);
  // Each problem is counted, and drawn anew: a second submit failing the same way is announced again.
  const problems = useRef(0);
  const setProblem = (p: Problem | null) =>
    setProblemState(p === null ? null : { ...p, count: (problems.current += 1) });
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  // A second submit while one is under way is ignored even before the re-render lands; after a
  // success none is taken at all, even while the page is still on its way to the success address.
  const busy = useRef(false);
  const sent = useRef(false);
  // Spec 000 §5: a captcha only where the site has a key, and only on forms that ask for one.
  const captcha = useFormCaptcha(schema, 'site-form', 'sf-site-form__captcha');
  const resetCaptcha = () => captcha.reset();

  // The texts are read when the answer arrives: a parent passing `strings` inline must not make
  // every render fetch the form again.
  const latestMessages = useLatest(m);
  useEffect(() => {
    if (form) return;
    let live = true;
    void api.getFormSchema(formId).then((result) => {
      if (!live) return;
      if (result.ok) {
        setSchema(result.data);
        setPhase({ kind: 'editing' });
      } else {
        setPhase({
          kind: 'load-failed',
          message:
            result.error.status === 404
              ? latestMessages.current.t('form404')
              : latestMessages.current.t('loadFailed'),
        });
      }
    });
    return () => {
      live = false;
    };
  }, [api, form, formId, latestMessages]);

  useEffect(() => {
    if (phase.kind === 'done') doneRef.current?.focus();
  }, [phase.kind]);

  // Census form-render (spec 000 §7): once the form is drawn, once per form.
  const shown = schema !== null;
  useEffect(() => {
    if (shown) track({ type: 'form-rendered', formId });
  }, [shown, formId]);

  // After the render that draws the field's error, so focus arrives on a control marked invalid.
  const focusField = useFieldFocus(formRef);

  const setValue = (id: string, value: FieldValue) => {
    setValues((prev) => ({ ...prev, [id]: value }));
  };

  const submit = async (s: FormSchema) => {
    setFieldErrors({});
    setProblem(null);
    // The captcha is untouched by a client-side failure: it comes after this check (spec 000 §4),
    // so a completed captcha stays completed while the visitor fixes a field.
    const clientErrors = validateSiteForm(s, values, m);
    const firstInvalid = s.fields.find((f) => clientErrors[f.id] !== undefined);
    if (firstInvalid) {
      setFieldErrors(clientErrors);
      setProblem(fieldProblem(m));
      focusField(firstInvalid.id);
      return;
    }

    const checked = await captcha.check();
    if (!checked.ok) {
      setProblem(formProblem(m, m.t('captchaIncomplete')));
      return;
    }
    const captchaKey = checked.token;

    const failed = (p: Problem) => {
      setProblem(p);
      resetCaptcha();
    };

    const key = await api.getFormSubmissionKey();
    if (!key.ok) {
      failed(formProblem(m, key.error.crumbFail === true ? key.error.message : m.t('formKeyError')));
      return;
    }

    let answers: Record<string, unknown>;
    try {
      // A copy through JSON: what the server would read, and a check that it can be sent at all.
      answers = JSON.parse(JSON.stringify(answersOf(s, values))) as Record<string, unknown>;
    } catch {
      failed(formProblem(m, m.t('formParseError')));
      return;
    }
    const payload: FormSubmissionPayload = {
      key: key.data.key,
      formId,
      form: answers,
      ...(captchaKey === undefined ? {} : { captchaKey }),
      pageTitle: pageTitle(),
      pageId: page.id,
      contentSource: page.contentSource,
      pagePath: pagePath(),
      pagePermissionTypeValue: page.permissionType,
    };
    const saved = await api.saveFormSubmission(payload);
    if (!saved.ok) {
      const known = Object.entries(saved.error.fieldErrors ?? {}).filter(([id]) =>
        s.fields.some((f) => f.id === id && holdsAnswer(f)),
      );
      if (known.length > 0) {
        setFieldErrors(Object.fromEntries(known));
        failed(fieldProblem(m, saved.error.message));
        const first = s.fields.find((f) => known.some(([id]) => id === f.id));
        if (first) focusField(first.id);
      } else {
        failed(formProblem(m, saveFailureText(saved.error, m)));
      }
      return;
    }

    sent.current = true;
    if (s.isNewsletter) track({ type: 'newsletter-subscribed', formId });
    const next = afterSubmission(s, redirect);
    if (next.kind === 'redirecting') {
      setPhase({ kind: 'redirecting' });
      return;
    }
    const content =
      s.postSubmitContent === undefined
        ? null
        : await postSubmitContent(s.postSubmitContent, formRef.current?.ownerDocument ?? document);
    setPhase({
      kind: 'done',
      message: next.text ?? (content ? null : m.t('thankYou')),
      content,
    });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy.current || sent.current || !schema) return;
    busy.current = true;
    setPhase({ kind: 'submitting' });
    void submit(schema)
      .catch((error: unknown) => {
        reporter.report(error, { widget: 'site-form' });
        setProblem(formProblem(m, m.t('formProcessingError')));
        resetCaptcha();
      })
      .finally(() => {
        busy.current = false;
        setPhase((p) => (p.kind === 'submitting' ? { kind: 'editing' } : p));
      });
  };

  if (phase.kind === 'loading') {
    return (
      <div className="sf-site-form" aria-busy="true">
        <p className="sf-site-form__status">{m.t('loading')}</p>
      </div>
    );
  }
  if (phase.kind === 'load-failed' || !schema) {
    return (
      <div className="sf-site-form">
        <p role="alert" className="sf-site-form__problem">
          {phase.kind === 'load-failed' ? phase.message : m.t('loadFailed')}
        </p>
      </div>
    );
  }
  if (phase.kind === 'done') {
    return (
      <div className="sf-site-form">
        <div ref={doneRef} role="status" tabIndex={-1} className="sf-site-form__done">
          {phase.message !== null && <p className="sf-site-form__message">{phase.message}</p>}
          {phase.content !== null && <PostSubmitContent content={phase.content} />}
        </div>
      </div>
    );
  }

  const locked = phase.kind === 'submitting' || phase.kind === 'redirecting';
  const problemText = (where: 'top' | 'bottom') =>
    problem !== null && (
      <p
        key={`${where}-${problem.count}`}
        className={`sf-site-form__problem sf-site-form__problem--${where}`}
        role={problem.announce === where ? 'alert' : undefined}
      >
        {problem[where]}
      </p>
    );

  return (
    <form
      ref={formRef}
      className="sf-site-form"
      noValidate
      aria-busy={locked || undefined}
      aria-label={schema.name || undefined}
      onSubmit={onSubmit}
      onFocusCapture={warmSend}
      onPointerDown={warmSend}
    >
      {problemText('top')}
      {schema.fields.map((field) => {
        if (field.type === 'section') return <FormSection key={field.id} field={field} />;
        const error = fieldErrors[field.id];
        return (
          <FormField
            key={field.id}
            field={field}
            id={`${baseId}-${field.id}`}
            value={values[field.id]}
            errors={error === undefined ? [] : [{ key: 'error', text: error, place: 'control' }]}
            onChange={(v) => setValue(field.id, v)}
            texts={texts}
          />
        );
      })}
      {schema.disclaimer !== null && <p className="sf-site-form__disclaimer">{schema.disclaimer}</p>}
      {captcha.element}
      {problemText('bottom')}
      <button type="submit" className="sf-button sf-site-form__submit" aria-disabled={locked || undefined}>
        {locked ? m.t('submitting') : m.t('submit')}
      </button>
    </form>
  );
}
